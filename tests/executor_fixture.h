// The fixture of the transform suites that run on every executor: each is instantiated twice, as Host/<Suite>.*
// (the host executor on host buffers, what CI runs) and Gpu/<Suite>.* (the GPU, skipped without one), so ctest's
// host and gpu tests split them by name.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "tests/gpu.h"
#include "tests/transform_check.h"

namespace rift::test {

class ExecutorTest : public ::testing::TestWithParam<Executor> {
protected:
    void SetUp() override
    {
        if (on_gpu(executor())) RIFT_SKIP_WITHOUT_GPU();
    }

    Executor executor() const { return GetParam(); }
};

// "host" or "gpu": the parameter's part of the test names.
inline std::string executor_name(const ::testing::TestParamInfo<Executor>& info)
{
    return info.param == Executor::host ? "host" : "gpu";
}

// Instantiates a suite derived from ExecutorTest as Host/<suite> and Gpu/<suite>.
#define RIFT_INSTANTIATE_ON_EVERY_EXECUTOR(suite)                                                              \
    INSTANTIATE_TEST_SUITE_P(Host, suite, ::testing::Values(::rift::test::Executor::host),                     \
                             ::rift::test::executor_name);                                                     \
    INSTANTIATE_TEST_SUITE_P(Gpu, suite, ::testing::Values(::rift::test::Executor::gpu), ::rift::test::executor_name)

} // namespace rift::test
