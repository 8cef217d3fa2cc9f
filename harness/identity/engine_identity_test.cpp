#include "harness/identity/engine_identity.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "harness/identity/sha256.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

class EngineIdentityTest : public ::testing::Test {
  protected:
    void SetUp() override {
        program_ = fs::temp_directory_path() / ("arbiter-identity-" + std::to_string(::getpid()));
        std::ofstream(program_) << "#!/bin/sh\necho engine\n";
        fs::permissions(program_, fs::perms::owner_all);
    }
    void TearDown() override { fs::remove(program_); }
    fs::path program_;
};

TEST_F(EngineIdentityTest, IdentityHoldsTheConfigurationAndTheHashOfTheProgram) {
    EngineConfig engine;
    engine.name = "alpha";
    engine.command = program_.string();
    engine.args = {"--quiet"};
    engine.working_dir = "/tmp";
    engine.options = {{"Hash", "16"}, {"Eval", "material"}};
    engine.limits.depth = 4;
    const EngineIdentity plain = engine_identity(engine, false);
    EXPECT_EQ(plain.name, "alpha");
    EXPECT_EQ(plain.command, program_.string());
    EXPECT_EQ(plain.args, std::vector<std::string>{"--quiet"});
    EXPECT_EQ(plain.working_dir, "/tmp");
    EXPECT_EQ(plain.options, (std::vector<EngineOption>{{"Hash", "16"}, {"Eval", "material"}}));
    EXPECT_EQ(plain.binary_sha256, sha256_hex("#!/bin/sh\necho engine\n"));

    const EngineIdentity with_limits = engine_identity(engine, true);
    ASSERT_EQ(with_limits.options.size(), 3u);
    EXPECT_EQ(with_limits.options[2], (EngineOption{"@depth", "4"}));
}

TEST_F(EngineIdentityTest, ARebuiltProgramHasAnotherIdentity) {
    EngineConfig engine;
    engine.name = "alpha";
    engine.command = program_.string();
    const EngineIdentity before = engine_identity(engine, false);
    std::ofstream(program_, std::ios::app) << "# rebuilt\n";
    EXPECT_NE(engine_identity(engine, false).binary_sha256, before.binary_sha256);
}

TEST_F(EngineIdentityTest, AMissingProgramIsAConfigErrorNamingTheEngine) {
    EngineConfig engine;
    engine.name = "ghost";
    engine.command = (fs::temp_directory_path() / "no-such-arbiter-engine").string();
    try {
        engine_identity(engine, false);
        FAIL() << "expected a ConfigError";
    } catch (const ConfigError& error) {
        EXPECT_EQ(std::string(error.what()).rfind("engine ghost: ", 0), 0u) << error.what();
    }
}

}  // namespace
}  // namespace arbiter
