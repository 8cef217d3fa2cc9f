// The rule for missing reference programs: skipped on a developer's machine, a failure under CI.
#include "engines/core/reference_program.h"

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

namespace arbiter {
namespace {

// Sets CI for the lifetime of the object, then puts back what was there.
class CiVariable {
  public:
    explicit CiVariable(const char* value) {
        if (const char* old = std::getenv("CI")) old_ = old;
        if (value)
            setenv("CI", value, 1);
        else
            unsetenv("CI");
    }
    ~CiVariable() {
        if (old_)
            setenv("CI", old_->c_str(), 1);
        else
            unsetenv("CI");
    }

  private:
    std::optional<std::string> old_;
};

constexpr const char* MISSING = "arbiter-no-such-reference-program";

TEST(ReferenceProgram, MissingUnderCiIsAFailure) {
    CiVariable ci("true");
    EXPECT_TRUE(testing::running_under_ci());
    EXPECT_NONFATAL_FAILURE(EXPECT_EQ(testing::reference_program(MISSING), ""),
                            "arbiter-no-such-reference-program is not installed, and CI=true");
}

TEST(ReferenceProgram, MissingOutsideCiIsOnlyReported) {
    for (const char* value : {static_cast<const char*>(nullptr), "", "false", "0"}) {
        CiVariable ci(value);
        EXPECT_FALSE(testing::running_under_ci()) << (value ? value : "unset");
        EXPECT_EQ(testing::reference_program(MISSING), "");
    }
}

TEST(ReferenceProgram, FindsAnInstalledProgram) {
    CiVariable ci("true");
    // sh is in /usr/bin on Debian (merged /usr).
    EXPECT_EQ(testing::reference_program("sh"), "/usr/bin/sh");
}

}  // namespace
}  // namespace arbiter
