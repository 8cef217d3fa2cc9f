// The `variant` setting: read from flags, JSON and cutechess's -variant, written to JSON only
// when it is Chess960, and part of the tournament's identity then (standard identities keep
// their old keys).
#include <gtest/gtest.h>

#include "harness/config/tournament_config.h"
#include "harness/dialect/command_line/cutechess_args.h"

namespace arbiter {
namespace {

TEST(Variant, ReadsItsWordsAndNamesTheSettingOnABadOne) {
    EXPECT_EQ(read_variant("standard"), Variant::standard);
    EXPECT_EQ(read_variant("chess960"), Variant::chess960);
    EXPECT_EQ(read_variant("fischerandom"), Variant::chess960);
    try {
        read_variant("crazyhouse");
        FAIL() << "crazyhouse accepted";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("variant: 'crazyhouse'"), std::string::npos);
    }
}

TEST(Variant, JsonAndIdentityCarryChess960Only) {
    TournamentConfig standard;
    EXPECT_FALSE(standard.to_json().find("variant"));
    EXPECT_FALSE(standard.identity("hash").find("variant"));
    TournamentConfig chess960;
    apply_settings(chess960, {{"variant", "chess960"}});
    EXPECT_EQ(chess960.game.variant, Variant::chess960);
    ASSERT_TRUE(chess960.to_json().find("variant"));
    EXPECT_EQ(chess960.to_json().find("variant")->as_string(), "chess960");
    EXPECT_NE(chess960.identity("hash").dump(), standard.identity("hash").dump());
    EXPECT_EQ(tournament_config_from_json(chess960.to_json(), "test").game.variant,
              Variant::chess960);
    // A re-run or a merge of shards across variants is told why they differ.
    EXPECT_EQ(identity_differences(standard.identity("hash"), chess960.identity("hash")),
              std::vector<std::string>{"variant: the default -> \"chess960\""});
}

TEST(Variant, CutechessDialectTakesFischerandomAndStandard) {
    std::vector<std::string> args = {"-engine", "cmd=/bin/a", "-engine",     "cmd=/bin/b",
                                     "-each",   "tc=1+0.1",   "-openings",   "file=dfrc.epd",
                                     "-repeat", "-variant",   "fischerandom"};
    EXPECT_EQ(read_cutechess_args(args).config.game.variant, Variant::chess960);
    args.back() = "standard";
    EXPECT_EQ(read_cutechess_args(args).config.game.variant, Variant::standard);
    args.back() = "atomic";
    try {
        read_cutechess_args(args);
        FAIL() << "atomic accepted";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("-variant atomic is not supported"),
                  std::string::npos);
    }
}

}  // namespace
}  // namespace arbiter
