// The nearest-word suggestion behind "unknown command 'tourney'; did you mean 'tournament'?".
#include <gtest/gtest.h>

#include "harness/text/suggest.h"

namespace arbiter::text {
namespace {

const std::vector<std::string> COMMANDS = {"tournament", "ratings", "nodes", "export"};

TEST(Suggest, EditDistance) {
    EXPECT_EQ(edit_distance("", "abc"), 3u);
    EXPECT_EQ(edit_distance("nodes", "nodes"), 0u);
    EXPECT_EQ(edit_distance("ndoes", "nodes"), 1u);  // a swap of neighbours is one edit
    EXPECT_EQ(edit_distance("rating", "ratings"), 1u);
    EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
}

TEST(Suggest, NearestCommand) {
    EXPECT_EQ(nearest_word("tourney", COMMANDS), "tournament");
    EXPECT_EQ(nearest_word("tournamnet", COMMANDS), "tournament");
    EXPECT_EQ(nearest_word("rating", COMMANDS), "ratings");
    EXPECT_EQ(nearest_word("node", COMMANDS), "nodes");
    EXPECT_EQ(nearest_word("exprot", COMMANDS), "export");
    EXPECT_EQ(nearest_word("zzz", COMMANDS), std::nullopt);
    EXPECT_EQ(nearest_word("--nodse", {"--nodes", "--db", "--depth"}), "--nodes");
}

TEST(Suggest, UnknownCommandMessage) {
    EXPECT_EQ(unknown_command_message("tournament", COMMANDS), std::nullopt);
    EXPECT_EQ(unknown_command_message("--help", COMMANDS), std::nullopt);
    EXPECT_EQ(*unknown_command_message("tourney", COMMANDS),
              "unknown command 'tourney'; did you mean 'tournament'?\n"
              "Commands: tournament ratings nodes export\n"
              "Run 'arbiter --help' for more information.");
    EXPECT_EQ(unknown_command_message("xyzzy", COMMANDS)->find("did you mean"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::text
