// The bodies of the fronts' C entry points, written once for both APIs. An Api (HipfftApi, CufftApi) names its
// handle, result, transform-type and data-type enums and says how each maps to the core's; Calls<Api> then turns
// every plan, size and exec call into one call of the core, so the two fronts differ only in names.
#pragma once

#include <cstddef>
#include <string>

#include "library/fronts/front_core.h"

namespace rift::front {

template <class Api>
class Calls {
public:
    using Handle = typename Api::Handle;
    using Result = typename Api::Result;
    using Type = typename Api::Type;
    using Data = typename Api::DataType;

    // hipfftPlan1d/2d/3d: a new handle with a contiguous plan (lengths slowest first).
    static Result plan_basic(Handle* plan, int rank, const long long* lengths, Type type, long long batch)
    {
        TransformType described;
        if (!Api::to_type(type, described)) return invalid_type(type);
        return create_made(plan, basic_request(described, rank, lengths, batch));
    }

    template <class Int>
    static Result plan_many(Handle* plan, int rank, Int* n, Int* inembed, Int istride, Int idist, Int* onembed,
                            Int ostride, Int odist, Type type, Int batch)
    {
        TransformType described;
        if (!Api::to_type(type, described)) return invalid_type(type);
        return create_made(plan, many_request<Int>(described, rank, n, inembed, istride, idist, onembed, ostride,
                                                   odist, batch));
    }

    static Result create_handle(Handle* plan)
    {
        HandleId id = 0;
        const Status status = create(plan != nullptr ? &id : nullptr);
        if (status == Status::success) *plan = Api::to_handle(id);
        return Api::to_result(status);
    }

    // Make-plan and size queries on a handle take the same arguments and differ only in the core call.
    static Result make_basic(Handle plan, int rank, const long long* lengths, Type type, long long batch,
                             size_t* work_size)
    {
        return on_basic<make_plan>(plan, rank, lengths, type, batch, work_size);
    }
    template <class Int>
    static Result make_many(Handle plan, int rank, Int* n, Int* inembed, Int istride, Int idist, Int* onembed,
                            Int ostride, Int odist, Type type, Int batch, size_t* work_size)
    {
        return on_many<make_plan, Int>(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                                       work_size);
    }
    static Result make_many_xt(Handle plan, int rank, long long* n, long long* inembed, long long istride,
                               long long idist, Data input_type, long long* onembed, long long ostride,
                               long long odist, Data output_type, long long batch, size_t* work_size,
                               Data execution_type)
    {
        return on_many_xt<make_plan>(plan, rank, n, inembed, istride, idist, input_type, onembed, ostride, odist,
                                     output_type, batch, work_size, execution_type);
    }

    static Result estimate_basic(int rank, const long long* lengths, Type type, long long batch, size_t* work_size)
    {
        TransformType described;
        if (!Api::to_type(type, described)) return invalid_type(type);
        return Api::to_result(estimate(basic_request(described, rank, lengths, batch), work_size));
    }

    static Result estimate_many(int rank, int* n, int* inembed, int istride, int idist, int* onembed, int ostride,
                                int odist, Type type, int batch, size_t* work_size)
    {
        TransformType described;
        if (!Api::to_type(type, described)) return invalid_type(type);
        return Api::to_result(estimate(
            many_request<int>(described, rank, n, inembed, istride, idist, onembed, ostride, odist, batch),
            work_size));
    }

    static Result size_basic(Handle plan, int rank, const long long* lengths, Type type, long long batch,
                             size_t* work_size)
    {
        return on_basic<get_size_for>(plan, rank, lengths, type, batch, work_size);
    }
    template <class Int>
    static Result size_many(Handle plan, int rank, Int* n, Int* inembed, Int istride, Int idist, Int* onembed,
                            Int ostride, Int odist, Type type, Int batch, size_t* work_size)
    {
        return on_many<get_size_for, Int>(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type,
                                          batch, work_size);
    }
    static Result size_many_xt(Handle plan, int rank, long long* n, long long* inembed, long long istride,
                               long long idist, Data input_type, long long* onembed, long long ostride,
                               long long odist, Data output_type, long long batch, size_t* work_size,
                               Data execution_type)
    {
        return on_many_xt<get_size_for>(plan, rank, n, inembed, istride, idist, input_type, onembed, ostride, odist,
                                        output_type, batch, work_size, execution_type);
    }

    // The typed exec functions (C2C, R2C, ...): `type` is the one the function is for; real ones pass no
    // direction.
    static Result exec(Handle plan, Type type, void* input, void* output, Direction direction)
    {
        TransformType expected;
        Api::to_type(type, expected); // always a valid type: each exec function passes its own
        return Api::to_result(execute(Api::to_id(plan), &expected, input, output, direction));
    }
    static Result exec(Handle plan, Type type, void* input, void* output, int direction)
    {
        return exec(plan, type, input, output, Api::to_direction(direction));
    }
    // XtExec: any plan; the direction counts for complex ones.
    static Result exec_any(Handle plan, void* input, void* output, int direction)
    {
        return Api::to_result(execute(Api::to_id(plan), nullptr, input, output, Api::to_direction(direction)));
    }

    static Result get_size(Handle plan, size_t* work_size)
    {
        return Api::to_result(front::get_size(Api::to_id(plan), work_size));
    }
    static Result set_auto_allocation(Handle plan, int auto_allocate)
    {
        return Api::to_result(front::set_auto_allocation(Api::to_id(plan), auto_allocate != 0));
    }
    static Result set_work_area(Handle plan, void* work_area)
    {
        return Api::to_result(front::set_work_area(Api::to_id(plan), work_area));
    }
    static Result set_stream(Handle plan, void* stream)
    {
        return Api::to_result(front::set_stream(Api::to_id(plan), stream));
    }
    static Result destroy(Handle plan) { return Api::to_result(front::destroy(Api::to_id(plan))); }

    // Version calls: `version` is major * 10000 + minor * 100 + patch of whatever the Api reports.
    static Result get_version(int* version, int major, int minor, int patch)
    {
        if (version == nullptr) return Api::to_result(refuse(Status::invalid_value, "version is NULL"));
        *version = major * 10000 + minor * 100 + patch;
        return Api::to_result(succeed());
    }
    // `part` is the property's value, or NULL for a property the Api does not have.
    static Result get_property(int property, const int* part, int* value)
    {
        if (value == nullptr) return Api::to_result(refuse(Status::invalid_value, "value is NULL"));
        if (part == nullptr)
            return Api::to_result(refuse(Status::invalid_type,
                                         "library property " + std::to_string(property) + " is not one of the API's"));
        *value = *part;
        return Api::to_result(succeed());
    }

    static Result not_implemented(const char* what) { return Api::to_result(front::not_implemented(what)); }

private:
    using HandleCall = Status (*)(HandleId handle, const ManyRequest& request, size_t* work_size);

    template <HandleCall call>
    static Result on_basic(Handle plan, int rank, const long long* lengths, Type type, long long batch,
                           size_t* work_size)
    {
        TransformType described;
        if (!Api::to_type(type, described)) return invalid_type(type);
        return Api::to_result(call(Api::to_id(plan), basic_request(described, rank, lengths, batch), work_size));
    }

    template <HandleCall call, class Int>
    static Result on_many(Handle plan, int rank, Int* n, Int* inembed, Int istride, Int idist, Int* onembed,
                          Int ostride, Int odist, Type type, Int batch, size_t* work_size)
    {
        TransformType described;
        if (!Api::to_type(type, described)) return invalid_type(type);
        return Api::to_result(call(
            Api::to_id(plan),
            many_request<Int>(described, rank, n, inembed, istride, idist, onembed, ostride, odist, batch),
            work_size));
    }

    template <HandleCall call>
    static Result on_many_xt(Handle plan, int rank, long long* n, long long* inembed, long long istride,
                             long long idist, Data input_type, long long* onembed, long long ostride, long long odist,
                             Data output_type, long long batch, size_t* work_size, Data execution_type)
    {
        TransformType described;
        const Status typed = xt_type(input_type, output_type, execution_type, described);
        if (typed != Status::success) return Api::to_result(typed);
        return Api::to_result(call(Api::to_id(plan),
                                   many_request<long long>(described, rank, n, inembed, istride, idist, onembed,
                                                           ostride, odist, batch),
                                   work_size));
    }

    static Result invalid_type(Type type)
    {
        return Api::to_result(refuse(Status::invalid_type,
                                     "transform type " + std::to_string(static_cast<long long>(type)) +
                                         " is not one of the API's"));
    }

    static Result create_made(Handle* plan, const ManyRequest& request)
    {
        HandleId id = 0;
        const Status status = create_and_make_plan(plan != nullptr ? &id : nullptr, request);
        if (status == Status::success) *plan = Api::to_handle(id);
        return Api::to_result(status);
    }

    static Status xt_type(Data input, Data output, Data execution, TransformType& described)
    {
        return transform_type_from_data_types(Api::to_data_type(input), Api::to_data_type(output),
                                              Api::to_data_type(execution), described);
    }
};

} // namespace rift::front
