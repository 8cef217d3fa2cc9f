#include "harness/identity/engine_identity.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

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

// A folder of Python entrants as a class would hand them in, for the @file: options.
class EntrantIdentityTest : public ::testing::Test {
  protected:
    void SetUp() override {
        folder_ = fs::temp_directory_path() / ("arbiter-entrants-" + std::to_string(::getpid()));
        fs::create_directories(folder_);
        write("anna.py", "import helpers, random as r\nfrom shared import Claim\n");
        write("helpers.py", "def moves(board):\n    from .deep import x\n    import deep\n");
        write("deep.py", "VALUE = 1\n");
        write("shared.py", "class Claim(Exception): pass\n");
        write("bob.py", "import shared\n");
        program_ = folder_ / "host";
        write("host", "#!/bin/sh\n");
        fs::permissions(program_, fs::perms::owner_all);
    }
    void TearDown() override { fs::remove_all(folder_); }
    void write(const std::string& name, const std::string& text) {
        std::ofstream(folder_ / name) << text;
    }
    EngineIdentity identity_of(const std::string& entrant) {
        EngineConfig engine;
        engine.name = entrant;
        engine.command = program_.string();
        engine.args = {"--quiet", folder_.filename().string() + "/" + entrant + ".py"};
        engine.working_dir = folder_.parent_path().string();
        return engine_identity(engine, false);
    }
    std::string hash_of(const std::string& name) { return sha256_file_hex(folder_ / name); }
    fs::path folder_;
    fs::path program_;
};

TEST_F(EntrantIdentityTest, AnEntrantIsIdentifiedByItsFileAndTheModulesBesideItThatItImports) {
    const std::string dir = folder_.filename().string() + "/";
    const EngineIdentity anna = identity_of("anna");
    EXPECT_EQ(anna.options,
              (std::vector<EngineOption>{{"@file:" + dir + "anna.py", hash_of("anna.py")},
                                         {"@file:" + dir + "deep.py", hash_of("deep.py")},
                                         {"@file:" + dir + "helpers.py", hash_of("helpers.py")},
                                         {"@file:" + dir + "shared.py", hash_of("shared.py")}}));
    const EngineIdentity bob = identity_of("bob");
    EXPECT_EQ(bob.options,
              (std::vector<EngineOption>{{"@file:" + dir + "bob.py", hash_of("bob.py")},
                                         {"@file:" + dir + "shared.py", hash_of("shared.py")}}));
}

TEST_F(EntrantIdentityTest, EditingOneEntrantOrAModuleOnlyItImportsChangesOnlyItsIdentity) {
    const EngineIdentity anna = identity_of("anna");
    const EngineIdentity bob = identity_of("bob");
    write("deep.py", "VALUE = 2\n");
    EXPECT_NE(identity_of("anna"), anna);
    EXPECT_EQ(identity_of("bob"), bob);
    write("bob.py", "import shared  # edited\n");
    EXPECT_NE(identity_of("bob"), bob);
    const EngineIdentity anna_now = identity_of("anna");
    EXPECT_EQ(identity_of("anna"), anna_now);
    write("shared.py", "class Claim(Exception):\n    pass\n");
    EXPECT_NE(identity_of("anna"), anna_now);
}

// Issue 38: every module Python loads for the entrant, whatever the form of its import; a file
// it does not load is no part of it.
TEST_F(EntrantIdentityTest, EveryImportFormIsSeenAndAFileNotLoadedIsNot) {
    fs::create_directories(folder_ / "pkg");
    const std::vector<std::string> loaded = {"cond.py",         "dyn.py",     "infunc.py",
                                             "pkg/__init__.py", "pkg/mod.py", "pkg/util.py",
                                             "rel.py",          "semi.py",    "dunder.py"};
    for (const std::string& name : loaded) write(name, "VALUE = 1\n");
    write("pkg/util.py", "from . import mod\n");
    write("unused.py", "VALUE = 1\n");
    write("carl.py",
          "import os; import semi\n"
          "def f():\n    import infunc\n"
          "if os.name:\n    import cond\n"
          "from . import rel\n"
          "import importlib\nimportlib.import_module('dyn')\n__import__('dunder')\n"
          "from pkg import util\n"
          "def choose_move(fen):\n    return 'e2e4'\n");
    const std::string dir = folder_.filename().string() + "/";
    const EngineIdentity carl = identity_of("carl");
    std::set<std::string> seen;
    for (const EngineOption& option : carl.options) seen.insert(option.name);
    for (const std::string& name : loaded)
        EXPECT_TRUE(seen.count("@file:" + dir + name))
            << name << " " << ::testing::PrintToString(seen);
    EXPECT_FALSE(seen.count("@file:" + dir + "unused.py"));
    EXPECT_EQ(carl.options.size(), loaded.size() + 1);
    write("unused.py", "VALUE = 2\n");
    EXPECT_EQ(identity_of("carl"), carl);
    for (const std::string& name : loaded) {
        const EngineIdentity before = identity_of("carl");
        write(name, "VALUE = 3  # edited\n" + name);
        EXPECT_NE(identity_of("carl"), before) << name;
    }
}

// Issue 46: an entrant reached through a symbolic link is identified by the modules beside its
// real file, which the host loads, not by files of the same names beside the link.
TEST_F(EntrantIdentityTest, ALinkedEntrantIsIdentifiedByTheModulesBesideItsRealFile) {
    const fs::path real = folder_ / "real";
    fs::create_directories(real);
    std::ofstream(real / "dana.py") << "import helpers\n";
    std::ofstream(real / "helpers.py") << "VALUE = 1\n";
    fs::create_symlink(real / "dana.py", folder_ / "dana.py");
    const std::string dir = folder_.filename().string() + "/";
    const EngineIdentity dana = identity_of("dana");
    EXPECT_EQ(dana.options,
              (std::vector<EngineOption>{
                  {"@file:" + dir + "dana.py", sha256_file_hex(real / "dana.py")},
                  {"@file:" + dir + "helpers.py", sha256_file_hex(real / "helpers.py")}}));
    write("helpers.py", "VALUE = 2  # beside the link: not what the host loads\n");
    EXPECT_EQ(identity_of("dana"), dana);
    std::ofstream(real / "helpers.py") << "VALUE = 3\n";
    EXPECT_NE(identity_of("dana"), dana);
}

// Issue 46: when the modules an entrant loads cannot be listed, the identity is not made without
// them: the error names the engine, the file and why (here a python3 that fails).
TEST_F(EntrantIdentityTest, AScanThatFailsIsSaidNotDropped) {
    const fs::path bin = folder_ / "bin";
    fs::create_directories(bin);
    std::ofstream(bin / "python3") << "#!/bin/sh\necho broken >&2\nexit 3\n";
    fs::permissions(bin / "python3", fs::perms::owner_all);
    const std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
    ::setenv("PATH", (bin.string() + ":" + path).c_str(), 1);
    std::string message;
    try {
        identity_of("anna");
    } catch (const ConfigError& error) {
        message = error.what();
    }
    ::setenv("PATH", path.c_str(), 1);
    EXPECT_EQ(message, "engine anna: cannot list the modules " +
                           (folder_.parent_path() / folder_.filename() / "anna.py").string() +
                           " loads: python3 exited with code 3");
    EXPECT_NE(identity_of("anna").options.size(), 1u);  // with a working python3, the modules
}

TEST_F(EntrantIdentityTest, AnArgumentThatNamesNoFileAddsNothing) {
    EngineConfig engine;
    engine.name = "plain";
    engine.command = program_.string();
    engine.args = {"--quiet", "anna.py", ""};  // anna.py is not in arbiter's own directory
    EXPECT_TRUE(engine_identity(engine, false).options.empty());
}

}  // namespace
}  // namespace arbiter
