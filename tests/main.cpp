// rift-tests' entry point: rift_setup/rift_cleanup around the whole run (rift refuses to plan without it), the
// random seed up front so any failure can be reproduced, and the worst measured errors at the end.
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>

#include "rift/rift.h"
#include "tests/reference.h"
#include "tests/transform_check.h"

namespace {

class RiftEnvironment : public ::testing::Environment {
public:
    void SetUp() override
    {
        std::cout << "rift-tests: random seed " << rift::test::base_seed()
                  << " (set RIFT_TEST_SEED to change it)\n";
        ASSERT_EQ(rift_setup(), rift_status_success) << rift_get_last_error_message();
    }
    void TearDown() override
    {
        rift::test::print_accuracy_summary();
        EXPECT_EQ(rift_cleanup(), rift_status_success) << rift_get_last_error_message();
    }
};

} // namespace

int main(int argc, char** argv)
{
    ::testing::InitGoogleTest(&argc, argv);
    // Plans compile their kernels at creation, so that each test checks the kernels it plans; the tests of
    // compiling in the background ask for it.
    setenv("RIFT_KERNEL_COMPILATION", "at-creation", 0);
    ::testing::AddGlobalTestEnvironment(new RiftEnvironment); // gtest owns and deletes it
    return RUN_ALL_TESTS();
}
