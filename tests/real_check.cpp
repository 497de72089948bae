#include "tests/real_check.h"

#include <algorithm>
#include <complex>
#include <cstring>
#include <sstream>
#include <utility>

namespace rift::test {

Lengths hermitian_lengths(const Lengths& lengths)
{
    Lengths hermitian = lengths;
    hermitian[0] = lengths[0] / 2 + 1;
    return hermitian;
}

Layout hermitian_contiguous(const Lengths& lengths) { return contiguous(hermitian_lengths(lengths)); }

Layout real_padded(const Lengths& lengths)
{
    Lengths storage = lengths;
    storage[0] = 2 * (lengths[0] / 2 + 1);
    return contiguous(storage);
}

Support expected_real_support(const Lengths& lengths, rift_precision precision)
{
    const Support support = expected_support(lengths, precision);
    if (support != Support::required) return support;
    const size_t one_block = lengths.size() == 1 && precision == rift_precision_single ? 8192 : 4096;
    return lengths[0] <= one_block ? Support::required : Support::optional;
}

RealCase RealCase::out_of_place(Lengths lengths, size_t batch, rift_precision precision, bool inverse)
{
    RealCase c;
    c.lengths = std::move(lengths);
    c.batch = batch;
    c.precision = precision;
    c.inverse = inverse;
    c.real = contiguous(c.lengths);
    c.hermitian = hermitian_contiguous(c.lengths);
    return c;
}

RealCase RealCase::in_place_padded(Lengths lengths, size_t batch, rift_precision precision, bool inverse)
{
    RealCase c = out_of_place(std::move(lengths), batch, precision, inverse);
    c.in_place = true;
    c.real = real_padded(c.lengths);
    return c;
}

bool RealCase::has_default_layout() const
{
    return scale == 1.0 && hermitian == hermitian_contiguous(lengths) &&
           real == (in_place ? real_padded(lengths) : contiguous(lengths));
}

std::string RealCase::name() const
{
    std::ostringstream text;
    text << (precision == rift_precision_double ? "double" : "single") << (inverse ? " C2R" : " R2C") << " N=";
    for (size_t d = 0; d < lengths.size(); ++d) text << (d ? "x" : "") << lengths[d];
    text << " batch=" << batch << (in_place ? " in-place " : " out-of-place ");
    if (has_default_layout())
        text << (in_place ? "padded" : "contiguous");
    else
        text << "real " << to_string(real) << " hermitian " << to_string(hermitian);
    if (scale != 1.0) text << " scale " << scale;
    return text.str();
}

rift_status create_real_plan(const RealCase& c, PlanHandle& plan, std::string* failure)
{
    PlanArguments arguments;
    arguments.type = c.inverse ? rift_transform_type_real_inverse : rift_transform_type_real_forward;
    arguments.precision = c.precision;
    arguments.lengths = c.lengths;
    arguments.batch = c.batch;
    arguments.in_place = c.in_place;
    arguments.with_description = !c.has_default_layout();
    arguments.in_type = c.inverse ? rift_array_type_hermitian_interleaved : rift_array_type_real;
    arguments.out_type = c.inverse ? rift_array_type_real : rift_array_type_hermitian_interleaved;
    arguments.in = c.inverse ? c.hermitian : c.real;
    arguments.out = c.inverse ? c.real : c.hermitian;
    arguments.scale = c.scale;
    return create_plan(arguments, plan, failure);
}

namespace {

// Every buffer is an image of reals: real-side element i is image[i], hermitian-side element i is
// (image[2i], image[2i + 1]). In place, one image holds both sides.
template <class Real>
using Image = std::vector<Real>;

enum class Side { real, hermitian };

Side input_side(const RealCase& c) { return c.inverse ? Side::hermitian : Side::real; }
Side output_side(const RealCase& c) { return c.inverse ? Side::real : Side::hermitian; }

// Reals an image needs to hold one side of `c`.
size_t side_reals(const RealCase& c, Side side)
{
    return side == Side::real ? c.real.buffer_elements(c.lengths, c.batch)
                              : 2 * c.hermitian.buffer_elements(hermitian_lengths(c.lengths), c.batch);
}

// Marks the reals of an image of `reals` that one side of `c` covers.
std::vector<bool> side_mask(const RealCase& c, Side side, size_t reals)
{
    if (side == Side::real) return layout_mask(reals, c.real, c.lengths, c.batch);
    std::vector<bool> mask(reals, false);
    for_each_element(c.hermitian, hermitian_lengths(c.lengths), c.batch,
                     [&](size_t, size_t, size_t i) { mask[2 * i] = mask[2 * i + 1] = true; });
    return mask;
}

// In place, the reals either side covers: the transform may leave any of them changed (an R2C writes the
// padding its input skipped; a C2R may leave what it likes in the spectrum's reals it does not output).
std::vector<bool> both_sides_mask(const RealCase& c, size_t reals)
{
    std::vector<bool> mask = side_mask(c, Side::real, reals);
    const std::vector<bool> hermitian = side_mask(c, Side::hermitian, reals);
    for (size_t i = 0; i < reals; ++i) mask[i] = mask[i] || hermitian[i];
    return mask;
}

// The image `c` reads, still without its input: sentinels outside its layouts and, in place, where only the
// output goes, NaN (the input, written afterwards, overwrites the rest of the output side).
template <class Real>
Image<Real> make_input_image(const RealCase& c)
{
    if (!c.in_place) {
        Image<Real> image(side_reals(c, input_side(c)));
        fill_sentinels(image, side_mask(c, input_side(c), image.size()));
        return image;
    }
    Image<Real> image(std::max(side_reals(c, Side::real), side_reals(c, Side::hermitian)));
    fill_sentinels(image, both_sides_mask(c, image.size()));
    poison(image, side_mask(c, output_side(c), image.size()));
    return image;
}

// The image an out-of-place `c` writes: NaN in its output side, sentinels elsewhere.
template <class Real>
Image<Real> make_output_image(const RealCase& c)
{
    Image<Real> image(side_reals(c, output_side(c)));
    const std::vector<bool> mask = side_mask(c, output_side(c), image.size());
    fill_sentinels(image, mask);
    poison(image, mask);
    return image;
}

template <class Real>
void put_hermitian(Image<Real>& image, const RealCase& c, const std::vector<std::complex<Real>>& spectrum)
{
    for_each_element(c.hermitian, hermitian_lengths(c.lengths), c.batch, [&](size_t, size_t, size_t i) {
        image[2 * i] = spectrum[i].real();
        image[2 * i + 1] = spectrum[i].imag();
    });
}

template <class Real>
std::vector<std::complex<Real>> as_complex(const Image<Real>& image)
{
    std::vector<std::complex<Real>> values(image.size() / 2);
    for (size_t i = 0; i < values.size(); ++i) values[i] = {image[2 * i], image[2 * i + 1]};
    return values;
}

// The fastest-dimension indices whose column must be hermitian by itself: 0 and, for even N0, N0/2.
std::vector<size_t> self_conjugate_columns(size_t n0)
{
    if (n0 % 2 == 1) return {0};
    return {0, n0 / 2};
}

// Rounding to the working precision may leave X[0, k1, k2] and X[0, -k1, -k2] (likewise at N0/2) a unit in the
// last place from conjugate; this makes them exactly so, and the self-conjugate elements exactly real, so every
// C2R (rift's, FFTW's) reads a spectrum that has one answer.
template <class Real>
void make_exactly_hermitian(std::vector<std::complex<Real>>& spectrum, const RealCase& c)
{
    const size_t n1 = c.dimensions() > 1 ? c.lengths[1] : 1;
    const size_t n2 = c.dimensions() > 2 ? c.lengths[2] : 1;
    for (size_t b = 0; b < c.batch; ++b)
        for (size_t k0 : self_conjugate_columns(c.lengths[0]))
            for (size_t k2 = 0; k2 < n2; ++k2)
                for (size_t k1 = 0; k1 < n1; ++k1) {
                    const size_t own[3] = {k0, k1, k2};
                    const size_t partner[3] = {k0, (n1 - k1) % n1, (n2 - k2) % n2};
                    const size_t own_order = k1 + n1 * k2;
                    const size_t partner_order = partner[1] + n1 * partner[2];
                    std::complex<Real>& value = spectrum[c.hermitian.index(own, b)];
                    if (partner_order == own_order)
                        value.imag(0);
                    else if (partner_order < own_order)
                        value = std::conj(spectrum[c.hermitian.index(partner, b)]);
                }
}

// A hermitian spectrum in `c`'s hermitian layout: the R2C of uniform reals in [-1, 1), rounded to the working
// precision. Elements outside the layout are zero.
template <class Real>
std::vector<std::complex<Real>> make_hermitian_spectrum(const RealCase& c, uint64_t seed)
{
    const Layout source_layout = contiguous(c.lengths);
    Image<Real> source(source_layout.buffer_elements(c.lengths, c.batch));
    fill_random(source, source_layout, c.lengths, c.batch, seed);
    std::vector<ReferenceComplex> wide;
    reference_r2c(widen(source), source_layout, wide, c.hermitian, c.lengths, c.batch);
    std::vector<std::complex<Real>> spectrum(wide.size());
    for (size_t i = 0; i < wide.size(); ++i)
        spectrum[i] = {static_cast<Real>(wide[i].real()), static_cast<Real>(wide[i].imag())};
    make_exactly_hermitian(spectrum, c);
    return spectrum;
}

// In 1D, C2R reads only the real parts of the elements that must be real: give their imaginary parts values it
// must not use (the reference reads zeros there).
template <class Real>
void put_ignored_imaginary_parts(Image<Real>& image, const RealCase& c)
{
    for (size_t b = 0; b < c.batch; ++b)
        for (size_t k0 : self_conjugate_columns(c.lengths[0])) {
            const size_t position[1] = {k0};
            image[2 * c.hermitian.index(position, b) + 1] = Real(0.375) + Real(b % 8);
        }
}

// R2C leaves its input alone, and so does C2R in 1D; in 2D and 3D a C2R may overwrite its input unless its spectrum
// is staged.
bool keeps_input(const RealCase& c) { return !c.inverse || c.dimensions() == 1 || c.input_kept; }

// Where `after` differs from `before`, bit for bit, as a failure message; "" when nowhere.
template <class Real>
std::string changed_input(const Image<Real>& before, const Image<Real>& after)
{
    constexpr size_t kListed = 8;
    std::ostringstream text;
    size_t changed = 0;
    for (size_t i = 0; i < before.size(); ++i) {
        if (std::memcmp(&before[i], &after[i], sizeof(Real)) == 0) continue;
        if (changed++ < kListed) text << ' ' << i << " (" << before[i] << " -> " << after[i] << ")";
    }
    if (changed == 0) return "";
    return "changed its input (R2C, 1D C2R and staged C2R must leave it unchanged) at " + std::to_string(changed) +
           " reals of " + std::to_string(before.size()) + ":" + text.str() + (changed > kListed ? " ..." : "") +
           "; ";
}

// Runs the planned case `c` on `input` (from make_input_image, input written) and leaves the result in
// `output`: a fresh poisoned image out of place, `input` itself in place. False when the run itself failed; any
// problem (writes outside the layouts, an input changed that must not be) is appended to `problems`.
template <class Real>
bool run_stage(Executor executor, const RealCase& c, rift_plan plan, Image<Real>& input, Image<Real>& output,
               std::string& problems)
{
    std::string error;
    std::string work_problems;
    if (c.in_place) {
        error = execute_plan(executor, plan, input.data(), byte_size(input), nullptr, 0, false, work_problems);
        output = std::move(input);
        if (error.empty()) problems += stray_writes("in-place", output, both_sides_mask(c, output.size()));
    } else {
        output = make_output_image<Real>(c);
        const Image<Real> original = keeps_input(c) ? input : Image<Real>();
        error = execute_plan(executor, plan, input.data(), byte_size(input), output.data(), byte_size(output),
                             false, work_problems);
        if (error.empty()) {
            problems += stray_writes("output", output, side_mask(c, output_side(c), output.size()));
            problems += keeps_input(c) ? changed_input(original, input)
                                       : stray_writes("input", input, side_mask(c, input_side(c), input.size()));
        }
    }
    problems += work_problems + error;
    return error.empty();
}

// The plan for `c`, or the outcome that ends the case (see planned_as_expected).
bool plan_or_outcome(const RealCase& c, PlanHandle& plan, CaseOutcome& outcome)
{
    std::string failure;
    const rift_status status = create_real_plan(c, plan, &failure);
    return planned_as_expected(status, failure, expected_real_support(c.lengths, c.precision), outcome);
}

template <class Real>
CaseOutcome check_real_transform_typed(Executor executor, const RealCase& c, rift_plan plan)
{
    const uint64_t seed = case_seed(c.name());
    const long double scale = static_cast<long double>(c.scale);
    Image<Real> input = make_input_image<Real>(c);
    // The references read the very values rift reads, already rounded to the working precision.
    std::vector<ReferenceComplex> expected_spectrum; // R2C
    std::vector<long double> expected_reals;         // C2R
    if (!c.inverse) {
        fill_random(input, c.real, c.lengths, c.batch, seed);
        reference_r2c(widen(input), c.real, expected_spectrum, c.hermitian, c.lengths, c.batch);
        for (ReferenceComplex& value : expected_spectrum) value *= scale;
    } else {
        const std::vector<std::complex<Real>> spectrum = make_hermitian_spectrum<Real>(c, seed);
        reference_c2r(widen(spectrum), c.hermitian, expected_reals, c.real, c.lengths, c.batch);
        for (long double& value : expected_reals) value *= scale;
        put_hermitian(input, c, spectrum);
        if (c.dimensions() == 1) put_ignored_imaginary_parts(input, c);
    }

    CaseOutcome outcome;
    Image<Real> output;
    std::string problems;
    if (!run_stage<Real>(executor, c, plan, input, output, problems)) {
        outcome.failure = problems;
        return outcome;
    }
    const long double error =
        c.inverse ? relative_error(output, expected_reals, c.real, c.lengths, c.batch)
                  : relative_error(as_complex(output), expected_spectrum, c.hermitian, hermitian_lengths(c.lengths),
                                   c.batch);
    return finish_outcome(outcome, error, error_bar(c.precision, c.lengths), problems);
}

// The C2R that takes `forward`'s spectrum back to its input, scaled to undo the transform's gain.
RealCase round_trip_inverse(const RealCase& forward)
{
    RealCase inverse = forward;
    inverse.inverse = true;
    inverse.scale = 1.0 / static_cast<double>(forward.elements());
    return inverse;
}

template <class Real>
CaseOutcome check_real_round_trip_typed(Executor executor, const RealCase& forward)
{
    const RealCase inverse = round_trip_inverse(forward);
    CaseOutcome outcome;
    PlanHandle forward_plan;
    PlanHandle inverse_plan;
    if (!plan_or_outcome(forward, forward_plan, outcome) || !plan_or_outcome(inverse, inverse_plan, outcome))
        return outcome;

    Image<Real> input = make_input_image<Real>(forward);
    fill_random(input, forward.real, forward.lengths, forward.batch, case_seed("round trip " + forward.name()));
    const std::vector<long double> original = widen(input);
    Image<Real> spectrum;
    Image<Real> result;
    std::string problems;
    if (!run_stage<Real>(executor, forward, forward_plan.get(), input, spectrum, problems) ||
        !run_stage<Real>(executor, inverse, inverse_plan.get(), spectrum, result, problems)) {
        outcome.failure = problems;
        return outcome;
    }
    // Two transforms, so twice the one-transform bar.
    return finish_outcome(outcome, relative_error(result, original, forward.real, forward.lengths, forward.batch),
                          2 * error_bar(forward.precision, forward.lengths), problems);
}

} // namespace

CaseOutcome check_real_transform(Executor executor, const RealCase& c)
{
    CaseOutcome outcome;
    PlanHandle plan;
    if (!plan_or_outcome(c, plan, outcome)) return outcome;
    return c.precision == rift_precision_double ? check_real_transform_typed<double>(executor, c, plan.get())
                                                : check_real_transform_typed<float>(executor, c, plan.get());
}

CaseOutcome check_real_round_trip(Executor executor, const RealCase& forward)
{
    return forward.precision == rift_precision_double ? check_real_round_trip_typed<double>(executor, forward)
                                                      : check_real_round_trip_typed<float>(executor, forward);
}

void check_real_cases(Executor executor, const std::vector<RealCase>& cases, RealCheck check)
{
    create_plans_side_by_side(executor, cases.size(), [&](size_t index, PlanHandle& plan) {
        create_real_plan(cases[index], plan);
        if (check != RealCheck::round_trip || cases[index].inverse) return;
        PlanHandle inverse_plan;
        create_real_plan(round_trip_inverse(cases[index]), inverse_plan);
    });
    std::vector<NamedOutcome> outcomes;
    for (const RealCase& c : cases)
        outcomes.push_back({c.name(), c.precision,
                            check == RealCheck::round_trip ? check_real_round_trip(executor, c)
                                                           : check_real_transform(executor, c)});
    report_outcomes(executor, check == RealCheck::round_trip ? "real round trip" : "real transform", outcomes);
}

} // namespace rift::test
