// -resultformat's vocabulary: named formats, token lists and shortcuts read as cutechess-cli
// 1.3.1 reads them, an unknown token refused by name, and the help text's layout.
#include "harness/config/result_format.h"

#include <gtest/gtest.h>

#include "harness/config/values.h"
#include "harness/dialect/command_line/cutechess_args.h"

namespace arbiter {
namespace {

using F = ResultField;

TEST(ResultFormat, NamedFormatsListsAndShortcuts) {
    EXPECT_EQ(result_fields("default"), (std::vector<F>{F::rank, F::name, F::elo, F::error,
                                                        F::games, F::score, F::draw_score}));
    EXPECT_EQ(result_fields("  small "), (std::vector<F>{F::rank, F::name, F::games, F::points}));
    EXPECT_EQ(result_fields("Rank, Na me,,W,wPoints,LOS"),
              (std::vector<F>{F::rank, F::name, F::wins, F::unprinted, F::los}));
    EXPECT_EQ(result_fields("Name,Terminations"),
              (std::vector<F>{F::name, F::time_forfeits, F::illegal_moves, F::disconnections,
                              F::stalls, F::wrong_claims}));
    EXPECT_EQ(result_fields("wide3").size(), 3u + 3u + 15u + 8u + 5u);
}

TEST(ResultFormat, AnUnknownFieldIsNamed) {
    try {
        result_fields("Rank,Bogus");
        FAIL() << "Bogus was read";
    } catch (const ConfigError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "-resultformat: unknown field 'Bogus' (-resultformat help lists the format "
                  "names and fields)");
    }
    EXPECT_THROW(read_cutechess_args({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "tc=1",
                                      "-resultformat", "wide4"}),
                 ConfigError);
}

TEST(ResultFormat, TheDialectReadsItAndTheOutcomeInterval) {
    CutechessCommand c =
        read_cutechess_args({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "tc=1",
                             "-resultformat", "per-color", "-outcomeinterval", "4"});
    EXPECT_EQ(c.config.output.result_format, "per-color");
    EXPECT_EQ(c.config.output.outcome_interval, 4);
    CutechessCommand help = read_cutechess_args({"-engine", "cmd=a", "-resultformat", "help"});
    EXPECT_TRUE(help.help);
    EXPECT_EQ(help.config.output.result_format, "help");
}

TEST(ResultFormat, HelpListsFormatsTokensAndShortcutsInCutechessLayout) {
    std::string help = result_format_help();
    EXPECT_TRUE(
        help.starts_with("\nOption -resultformat accepts a comma separated list of "
                         "fields or one of following format names:\n\nconcise \n   "
                         "Rank,Name,Elo,Error,Games\ndefault \n"))
        << help;
    EXPECT_NE(help.find("\nField tokens:\n   D DAdj DAgree DCount DMater DMoves DRepet DScore "
                        "DStale Discon Elo "),
              std::string::npos)
        << help;
    EXPECT_TRUE(
        help.ends_with("WLDStats \n   W,L,D,Points,Score,wW,wL,wD,wPoints,wScore,bW,bL,"
                       "bD,bPoints,bScore\n"))
        << help;
}

}  // namespace
}  // namespace arbiter
