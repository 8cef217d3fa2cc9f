// `arbiter nodes`'s settings by the tournament's rules (issue 21, item 4): one concurrency rule
// for both commands, each value checked the same way from a flag and in a struct built in code.
#include <gtest/gtest.h>

#include "harness/config/config_error_of.h"
#include "harness/config/nodes_config.h"
#include "harness/config/tournament_config.h"

namespace arbiter {
namespace {

using testing::error_of;

NodesConfig nodes_from_flags(const KeyValues& flags) {
    NodesConfig c;
    apply_settings(c, flags);
    validate(c);
    return c;
}

std::string tournament_error(const std::string& concurrency) {
    TournamentConfig c;
    return error_of([&] { apply_settings(c, {{"concurrency", concurrency}}); });
}

TEST(NodesConfig, ConcurrencyIsTheTournamentsRule) {
    // 0 meant "one per core" to `arbiter nodes` alone; both now refuse it, and neither spells a
    // word for it: leaving the flag out means one per core on both.
    for (const char* value : {"0", "-2", "auto", "2147483648", "1.5"}) {
        EXPECT_EQ(error_of([&] {
                      nodes_from_flags({{"concurrency", value}});
                  }),
                  tournament_error(value))
            << value;
        EXPECT_NE(tournament_error(value), "accepted") << value;
    }
    EXPECT_EQ(error_of([] {
                  nodes_from_flags({{"concurrency", "0"}});
              }),
              "concurrency must be a positive integer (got 0)");
    EXPECT_EQ(nodes_from_flags({{"concurrency", "3"}}).workers(), 3);
    const NodesConfig nodes_defaults;
    const TournamentConfig tournament_defaults;
    EXPECT_EQ(nodes_defaults.workers(), tournament_defaults.workers());
    EXPECT_GE(nodes_defaults.workers(), 1);
    NodesConfig in_code;
    in_code.concurrency = 0;
    EXPECT_EQ(error_of([&] { validate(in_code); }),
              "concurrency must be a positive integer (got 0)");
}

TEST(NodesConfig, EachValueHasOneMessageFromAFlagAndInCode) {
    EXPECT_EQ(error_of([] {
                  nodes_from_flags({{"timeout", "0"}});
              }),
              "timeout must be a positive number of seconds (got 0)");
    EXPECT_EQ(error_of([] {
                  nodes_from_flags({{"timeout", "soon"}});
              }),
              "timeout must be a positive number of seconds (got soon)");
    EXPECT_EQ(error_of([] {
                  nodes_from_flags({{"timeout", "1e12"}});
              }),
              "timeout must be a positive number of seconds, at most 1000000000 (got 1e12)");
    EXPECT_EQ(error_of([] {
                  nodes_from_flags({{"perft_depth", "-1"}});
              }),
              "perft_depth must be a depth from 0 to 20 (got -1)");
    EXPECT_EQ(error_of([] {
                  nodes_from_flags({{"tolerance", "-1"}});
              }),
              "tolerance must be a percentage, 0 or more (got -1)");
    EXPECT_EQ(error_of([] { nodes_from_flags({{"depth", "3"}}); }), "unknown setting \"depth\"");
    NodesConfig in_code;
    in_code.timeout_seconds = -0.5;
    EXPECT_EQ(error_of([&] { validate(in_code); }),
              "timeout must be a positive number of seconds (got -0.5)");
    in_code = {};
    in_code.perft_depth = 21;
    EXPECT_EQ(error_of([&] { validate(in_code); }),
              "perft_depth must be a depth from 0 to 20 (got 21)");
    NodesConfig read =
        nodes_from_flags({{"timeout", "2.5"}, {"perft_depth", "4"}, {"tolerance", "1"}});
    EXPECT_EQ(read.search_timeout(), std::chrono::milliseconds(2500));
    EXPECT_EQ(read.perft_depth, 4);
    EXPECT_EQ(read.tolerance, 1);
    EXPECT_EQ(NodesConfig{}.search_timeout(), std::chrono::hours(1));
}

TEST(NodesConfig, EveryFlagComesFromTheTable) {
    std::vector<std::string> flags;
    for (const NodesSetting& s : nodes_settings()) flags.emplace_back(s.flag);
    EXPECT_EQ(flags,
              (std::vector<std::string>{"concurrency", "timeout", "perft-depth", "tolerance"}));
}

}  // namespace
}  // namespace arbiter
