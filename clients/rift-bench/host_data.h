// Host-side images of rift's buffers: raw bytes in a case's layout and precision, and the random input.
#pragma once

#include <cstdint>
#include <complex>
#include <cstring>
#include <random>
#include <vector>

#include "rift-bench/bench_case.h"

namespace rift::bench {

using Bytes = std::vector<unsigned char>;

// Calls f(float{}) or f(double{}) for the precision, so code templated on the storage type is written once.
template <class F>
decltype(auto) with_real_type(rift_precision precision, F&& f)
{
    if (precision == rift_precision_double) return f(double{});
    return f(float{});
}

// The index-th real of a byte image (memcpy: the bytes carry no object of type T).
template <class T>
T load_real(const Bytes& bytes, size_t index)
{
    T value;
    std::memcpy(&value, bytes.data() + index * sizeof(T), sizeof(T));
    return value;
}

template <class T>
void store_real(Bytes& bytes, size_t index, T value)
{
    std::memcpy(bytes.data() + index * sizeof(T), &value, sizeof(T));
}

// The case's input as rift reads it: random values in [-1, 1) at every element of the input layout (zero in the
// gaps), reproducible from the seed. A real inverse gets the forward transform of random reals, as its input
// must be hermitian-symmetric for the result to be real (and comparable).
Bytes make_input_bytes(const BenchCase& bench_case, uint64_t seed);

// `count` complex values with parts uniform in [-1, 1): the convolution and NFFT benches' data.
template <class Real>
std::vector<std::complex<Real>> random_complex(size_t count, std::mt19937_64& random)
{
    std::uniform_real_distribution<Real> uniform(-1, 1);
    std::vector<std::complex<Real>> values(count);
    for (auto& v : values) v = {uniform(random), uniform(random)};
    return values;
}

} // namespace rift::bench
