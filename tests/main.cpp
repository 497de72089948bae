// rift-tests' entry point: rift_setup/rift_cleanup around the whole run (rift refuses to plan without it), the
// random seed up front so any failure can be reproduced, and the worst measured errors at the end.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

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
    // The on-disk cache (kernels and large tables) is this run's own unless RIFT_KERNEL_CACHE names one: the tests
    // neither fill the user's cache nor read what an earlier build left there.
    std::string own_cache;
    if (std::getenv("RIFT_KERNEL_CACHE") == nullptr) {
        std::string pattern = (std::filesystem::temp_directory_path() / "rift-tests-cache-XXXXXX").string();
        if (mkdtemp(pattern.data()) != nullptr) {
            own_cache = pattern;
            setenv("RIFT_KERNEL_CACHE", own_cache.c_str(), 1);
        }
    }
    ::testing::AddGlobalTestEnvironment(new RiftEnvironment); // gtest owns and deletes it
    const int result = RUN_ALL_TESTS();
    if (!own_cache.empty()) {
        std::error_code ignored;
        std::filesystem::remove_all(own_cache, ignored);
    }
    return result;
}
