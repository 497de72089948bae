// The fixture of the fronts' transform tests on the host executor. The fronts execute with rift's default
// executor, which RIFT_EXECUTOR=host turns into the host one when rift_setup reads it: the variable is set for
// the test, read by the fixture's own rift_setup and by the one each front handle makes, and unset (and read
// again) afterwards, so later tests see the default executor as before.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#include "rift/rift.h"

namespace rift::test {

class FrontHostExecution : public ::testing::Test {
protected:
    void SetUp() override
    {
        const char* executor = std::getenv("RIFT_EXECUTOR");
        if (executor != nullptr && std::strcmp(executor, "host") != 0) {
            GTEST_SKIP() << "RIFT_EXECUTOR=" << executor << " chooses another executor";
        }
        set_here_ = executor == nullptr;
        if (set_here_) {
            ASSERT_EQ(setenv("RIFT_EXECUTOR", "host", 1), 0);
        }
        ASSERT_EQ(rift_setup(), rift_status_success);
        set_up_ = true;
    }
    void TearDown() override
    {
        if (!set_up_) return;
        if (set_here_) {
            EXPECT_EQ(unsetenv("RIFT_EXECUTOR"), 0);
            EXPECT_EQ(rift_setup(), rift_status_success); // reads the variable's absence...
            EXPECT_EQ(rift_cleanup(), rift_status_success);
        }
        EXPECT_EQ(rift_cleanup(), rift_status_success); // ...and this undoes SetUp's setup
    }

private:
    bool set_here_ = false;
    bool set_up_ = false;
};

} // namespace rift::test
