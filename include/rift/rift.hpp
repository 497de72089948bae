// A thin C++ layer over rift.h: owning handles that free themselves, and failures as rift::error exceptions.
#ifndef RIFT_RIFT_HPP
#define RIFT_RIFT_HPP

#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "rift/rift.h"

namespace rift {

class error : public std::runtime_error {
public:
    explicit error(rift_status status)
        : std::runtime_error(std::string(rift_status_string(status)) + ": " + rift_get_last_error_message()),
          status_(status)
    {
    }
    rift_status status() const { return status_; }

private:
    rift_status status_;
};

inline void check(rift_status status)
{
    if (status != rift_status_success) throw error(status);
}

// rift_setup for the lifetime of the object.
class library {
public:
    library() { check(rift_setup()); }
    ~library() { rift_cleanup(); }
    library(const library&) = delete;
    library& operator=(const library&) = delete;
};

class plan_description {
public:
    plan_description()
    {
        rift_plan_description made = nullptr;
        check(rift_plan_description_create(&made));
        handle_.reset(made);
    }
    plan_description& layout(const std::vector<size_t>& in_strides, size_t in_distance,
                             const std::vector<size_t>& out_strides, size_t out_distance, size_t in_offset = 0,
                             size_t out_offset = 0)
    {
        check(rift_plan_description_set_data_layout(handle_.get(), rift_array_type_unset, rift_array_type_unset,
                                                    &in_offset, &out_offset, in_strides.size(), in_strides.data(),
                                                    in_distance, out_strides.size(), out_strides.data(),
                                                    out_distance));
        return *this;
    }
    plan_description& scale(double factor)
    {
        check(rift_plan_description_set_scale_factor(handle_.get(), factor));
        return *this;
    }
    plan_description& work_buffer_owner(rift_work_buffer_owner owner)
    {
        check(rift_plan_description_set_work_buffer_owner(handle_.get(), owner));
        return *this;
    }
    plan_description& kernel_compilation(rift_kernel_compilation when)
    {
        check(rift_plan_description_set_kernel_compilation(handle_.get(), when));
        return *this;
    }
    rift_plan_description get() const { return handle_.get(); }

private:
    struct destroy {
        void operator()(rift_plan_description d) const { rift_plan_description_destroy(d); }
    };
    std::unique_ptr<rift_plan_description_t, destroy> handle_;
};

class execution_info {
public:
    execution_info()
    {
        rift_execution_info made = nullptr;
        check(rift_execution_info_create(&made));
        handle_.reset(made);
    }
    execution_info& stream(void* s)
    {
        check(rift_execution_info_set_stream(handle_.get(), s));
        return *this;
    }
    execution_info& work_buffer(void* buffer, size_t bytes)
    {
        check(rift_execution_info_set_work_buffer(handle_.get(), buffer, bytes));
        return *this;
    }
    execution_info& executor(rift_executor which)
    {
        check(rift_execution_info_set_executor(handle_.get(), which));
        return *this;
    }
    rift_execution_info get() const { return handle_.get(); }

private:
    struct destroy {
        void operator()(rift_execution_info i) const { rift_execution_info_destroy(i); }
    };
    std::unique_ptr<rift_execution_info_t, destroy> handle_;
};

class plan {
public:
    plan(rift_result_placement placement, rift_transform_type type, rift_precision precision,
         const std::vector<size_t>& lengths, size_t batch = 1, const plan_description* description = nullptr)
    {
        rift_plan made = nullptr;
        check(rift_plan_create(&made, placement, type, precision, lengths.size(), lengths.data(), batch,
                               description != nullptr ? description->get() : nullptr));
        handle_.reset(made);
    }
    // In place: out may be null.
    void execute(void* in, void* out = nullptr, const execution_info* info = nullptr) const
    {
        void* ins[1] = {in};
        void* outs[1] = {out};
        check(rift_execute(handle_.get(), ins, outs, info != nullptr ? info->get() : nullptr));
    }
    void wait_for_kernels() const { check(rift_plan_wait_for_kernels(handle_.get())); }
    size_t work_buffer_size() const
    {
        size_t bytes = 0;
        check(rift_plan_get_work_buffer_size(handle_.get(), &bytes));
        return bytes;
    }
    // The work_buffer_size() of the plan these arguments would make, without keeping one.
    static size_t estimate_work_buffer_size(rift_result_placement placement, rift_transform_type type,
                                            rift_precision precision, const std::vector<size_t>& lengths,
                                            size_t batch = 1, const plan_description* description = nullptr)
    {
        size_t bytes = 0;
        check(rift_plan_estimate_work_buffer_size(placement, type, precision, lengths.size(), lengths.data(), batch,
                                                  description != nullptr ? description->get() : nullptr, &bytes));
        return bytes;
    }
    std::string print() const
    {
        size_t size = 0;
        check(rift_plan_get_print(handle_.get(), nullptr, 0, &size));
        std::string text(size, '\0');
        check(rift_plan_get_print(handle_.get(), text.data(), text.size(), &size));
        text.resize(size > 0 ? size - 1 : 0);
        return text;
    }
    rift_plan get() const { return handle_.get(); }

private:
    struct destroy {
        void operator()(rift_plan p) const { rift_plan_destroy(p); }
    };
    std::unique_ptr<rift_plan_t, destroy> handle_;
};

// A fast convolution or correlation with a fixed filter (host memory, `taps` complex values of the precision).
class convolution {
public:
    convolution(rift_convolution_type type, rift_precision precision, size_t signal_length, const void* filter,
                size_t taps, size_t signals = 1, size_t in_distance = 0, size_t out_distance = 0)
    {
        rift_convolution made = nullptr;
        check(rift_convolution_create(&made, type, precision, signal_length, taps, filter, signals, in_distance,
                                      out_distance));
        handle_.reset(made);
    }
    void execute(const void* in, void* out, const execution_info* info = nullptr) const
    {
        check(rift_convolution_execute(handle_.get(), in, out, info != nullptr ? info->get() : nullptr));
    }
    size_t output_length() const
    {
        size_t length = 0;
        check(rift_convolution_get_output_length(handle_.get(), &length));
        return length;
    }
    std::string print() const
    {
        size_t size = 0;
        check(rift_convolution_get_print(handle_.get(), nullptr, 0, &size));
        std::string text(size, '\0');
        check(rift_convolution_get_print(handle_.get(), text.data(), text.size(), &size));
        text.resize(size > 0 ? size - 1 : 0);
        return text;
    }
    rift_convolution get() const { return handle_.get(); }

private:
    struct destroy {
        void operator()(rift_convolution c) const { rift_convolution_destroy(c); }
    };
    std::unique_ptr<rift_convolution_t, destroy> handle_;
};

// A nonequispaced FFT: `modes` coefficients per dimension (fastest first), `nodes` nodes, to `tolerance`, or
// with a given window (rift_nfft_create_expert).
class nfft {
public:
    nfft(rift_precision precision, const std::vector<size_t>& modes, size_t nodes, double tolerance,
         size_t vectors = 1)
    {
        rift_nfft made = nullptr;
        check(rift_nfft_create(&made, precision, modes.size(), modes.data(), nodes, vectors, tolerance));
        handle_.reset(made);
    }
    nfft(rift_precision precision, const std::vector<size_t>& modes, size_t nodes, rift_nfft_window window,
         size_t window_width, double oversampling, size_t vectors = 1)
    {
        rift_nfft made = nullptr;
        check(rift_nfft_create_expert(&made, precision, modes.size(), modes.data(), nodes, vectors, window,
                                      window_width, oversampling));
        handle_.reset(made);
    }
    // nodes: M x d reals of the precision (device memory; host memory for the host executor).
    void set_nodes(const void* nodes, const execution_info* info = nullptr)
    {
        check(rift_nfft_set_nodes(handle_.get(), nodes, info != nullptr ? info->get() : nullptr));
    }
    void forward(const void* coefficients, void* values, const execution_info* info = nullptr) const
    {
        check(rift_nfft_execute(handle_.get(), rift_nfft_forward, coefficients, values,
                                info != nullptr ? info->get() : nullptr));
    }
    void adjoint(const void* values, void* coefficients, const execution_info* info = nullptr) const
    {
        check(rift_nfft_execute(handle_.get(), rift_nfft_adjoint, values, coefficients,
                                info != nullptr ? info->get() : nullptr));
    }
    // rift_nfft_execute_timed: milliseconds of the correction, the grid FFT and the gridding.
    std::array<double, 3> execute_timed(rift_nfft_direction direction, const void* input, void* output,
                                        const execution_info* info = nullptr) const
    {
        std::array<double, 3> steps{};
        check(rift_nfft_execute_timed(handle_.get(), direction, input, output, steps.data(),
                                      info != nullptr ? info->get() : nullptr));
        return steps;
    }
    std::string print() const
    {
        size_t size = 0;
        check(rift_nfft_get_print(handle_.get(), nullptr, 0, &size));
        std::string text(size, '\0');
        check(rift_nfft_get_print(handle_.get(), text.data(), text.size(), &size));
        text.resize(size > 0 ? size - 1 : 0);
        return text;
    }
    rift_nfft get() const { return handle_.get(); }

private:
    struct destroy {
        void operator()(rift_nfft n) const { rift_nfft_destroy(n); }
    };
    std::unique_ptr<rift_nfft_t, destroy> handle_;
};

} // namespace rift

#endif // RIFT_RIFT_HPP
