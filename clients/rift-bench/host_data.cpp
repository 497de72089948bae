#include "rift-bench/host_data.h"

#include <fftw3.h>

#include "common/checks.h"

namespace rift::bench {

namespace {

// splitmix64: fast, and the same sequence on every platform and standard library (unlike std:: distributions).
class Random {
public:
    explicit Random(uint64_t seed) : state_(seed) {}

    // Uniform in [-1, 1).
    double next()
    {
        uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        z ^= z >> 31;
        return static_cast<double>(z >> 11) * 0x1.0p-52 - 1.0;
    }

private:
    uint64_t state_;
};

// Packed hermitian data (interleaved re, im): the forward transform of random reals of the case's real lengths.
std::vector<double> random_hermitian(const BenchCase& c, Random& random, size_t hermitian_elements)
{
    Layout real_side;
    real_side.lengths = c.lengths;
    real_side.batch = c.batch;
    std::vector<double> reals(real_side.logical_elements());
    for (double& value : reals) value = random.next();

    std::vector<double> hermitian(2 * hermitian_elements);
    std::vector<int> n(c.lengths.rbegin(), c.lengths.rend()); // FFTW wants the slowest dimension first
    const int rank = static_cast<int>(n.size());
    fftw_plan plan = fftw_plan_many_dft_r2c(
        rank, n.data(), static_cast<int>(c.batch), reals.data(), nullptr, 1,
        static_cast<int>(real_side.elements_per_array()), reinterpret_cast<fftw_complex*>(hermitian.data()), nullptr,
        1, static_cast<int>(hermitian_elements / c.batch), FFTW_ESTIMATE);
    if (plan == nullptr) throw client::Error("FFTW could not plan the hermitian input");
    fftw_execute(plan);
    fftw_destroy_plan(plan);
    return hermitian;
}

} // namespace

Bytes make_input_bytes(const BenchCase& c, uint64_t seed)
{
    Bytes bytes(c.input_buffer_bytes(), 0);
    Random random(seed);
    const size_t reals_per_element = c.input.reals_per_element();
    with_real_type(c.precision, [&](auto real) {
        using T = decltype(real);
        if (c.transform == rift_transform_type_real_inverse) {
            const std::vector<double> hermitian = random_hermitian(c, random, c.input.logical_elements());
            for_each_element(c.input, [&](size_t logical, size_t index) {
                store_real<T>(bytes, 2 * index, static_cast<T>(hermitian[2 * logical]));
                store_real<T>(bytes, 2 * index + 1, static_cast<T>(hermitian[2 * logical + 1]));
            });
        } else {
            for_each_element(c.input, [&](size_t, size_t index) {
                for (size_t part = 0; part < reals_per_element; ++part) {
                    store_real<T>(bytes, reals_per_element * index + part, static_cast<T>(random.next()));
                }
            });
        }
    });
    return bytes;
}

} // namespace rift::bench
