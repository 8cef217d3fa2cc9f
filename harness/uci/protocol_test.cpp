#include "harness/uci/protocol.h"

#include <gtest/gtest.h>

#include <random>

namespace arbiter {
namespace {

using Bound = Score::Bound;
using Strings = std::vector<std::string>;

UciInfo parse(std::string_view line) {
    UciInfo info;
    EXPECT_TRUE(parse_info_line(line, info)) << line;
    return info;
}

TEST(InfoLine, StockfishSearchLine) {
    UciInfo info = parse(
        "info depth 10 seldepth 13 multipv 1 score cp 35 nodes 16221 nps 810000 hashfull 6 tbhits "
        "0 "
        "time 20 pv e2e4 e7e5");
    EXPECT_EQ(info.depth, 10);
    EXPECT_EQ(info.seldepth, 13);
    EXPECT_EQ(info.multipv, 1);
    EXPECT_EQ(info.score, Score::from_centipawns(35));
    EXPECT_EQ(info.nodes, 16221u);
    EXPECT_EQ(info.nps, 810000u);
    EXPECT_EQ(info.hashfull, 6);
    EXPECT_EQ(info.tbhits, 0u);
    EXPECT_EQ(info.time_ms, 20);
    EXPECT_TRUE(info.has_pv);
    EXPECT_EQ(info.pv, (Strings{"e2e4", "e7e5"}));
    EXPECT_FALSE(info.text);
    EXPECT_FALSE(info.currmove);
}

TEST(InfoLine, MateScores) {
    UciInfo mated =
        parse("info depth 7 seldepth 8 multipv 1 score mate -3 nodes 9000 time 5 pv h7h8");
    EXPECT_EQ(mated.score, Score::from_mate_moves(-3));
    UciInfo mating = parse("info score mate 1 pv d1h5");
    EXPECT_EQ(mating.score, Score::from_mate_moves(1));
    EXPECT_FALSE(mating.depth);
    EXPECT_EQ(mating.pv, (Strings{"d1h5"}));
}

TEST(InfoLine, BoundsAfterTheScore) {
    UciInfo lower =
        parse("info depth 22 seldepth 30 multipv 1 score cp 20 lowerbound nodes 123 time 9");
    EXPECT_EQ(lower.score, Score::from_centipawns(20, Bound::lower));
    EXPECT_EQ(lower.nodes, 123u);
    EXPECT_EQ(lower.time_ms, 9);
    UciInfo upper = parse("info score cp -15 upperbound");
    EXPECT_EQ(upper.score, Score::from_centipawns(-15, Bound::upper));
    UciInfo before = parse("info score lowerbound mate 4");
    EXPECT_EQ(before.score, Score::from_mate_moves(4, Bound::lower));
}

// A UCI mate counts moves; the Score holds plies: mate 3 is 5 plies, mate -3 is -6, mate 0 is 0.
TEST(InfoLine, MateMovesAreReadAsPlies) {
    EXPECT_EQ(parse("info score mate 3").score->mate_plies(), 5);
    EXPECT_EQ(parse("info score mate -3").score->mate_plies(), -6);
    EXPECT_EQ(parse("info score mate 0").score->mate_plies(), 0);
    EXPECT_EQ(parse("info score mate -1 upperbound").score,
              Score::from_mate_plies(-2, Bound::upper));
    EXPECT_EQ(parse("info score cp 7 lowerbound").score->bound(), Bound::lower);
}

// A score out of the sane range is no score; the line says why and keeps its other fields.
TEST(InfoLine, ScoresOutOfRangeAreNamed) {
    UciInfo huge = parse("info depth 4 score mate -2147483648 nodes 10");
    EXPECT_FALSE(huge.score);
    EXPECT_EQ(huge.score_problem,
              "score mate -2147483648 is out of range (mates within +/-1000 moves)");
    EXPECT_EQ(huge.depth, 4);
    EXPECT_EQ(huge.nodes, 10u);
    UciInfo cp = parse("info score cp 50001 lowerbound");
    EXPECT_FALSE(cp.score);
    EXPECT_EQ(cp.score_problem, "score cp 50001 is out of range (centipawns within +/-50000)");
    UciInfo edge = parse("info score mate 1000");
    EXPECT_EQ(edge.score, Score::from_mate_moves(1000));
    EXPECT_EQ(edge.score_problem, "");
    // A later sane score on the same line replaces the refused one.
    UciInfo second = parse("info score cp 60000 score cp 12");
    EXPECT_EQ(second.score, Score::from_centipawns(12));
    EXPECT_EQ(second.score_problem, "");
}

TEST(InfoLine, StringKeepsTheRestOfTheLine) {
    UciInfo info = parse("info string NNUE evaluation using nn-ad9b42354671.nnue enabled");
    EXPECT_EQ(info.text, "NNUE evaluation using nn-ad9b42354671.nnue enabled");
    EXPECT_FALSE(info.depth);
    UciInfo spaced = parse("info depth 3 string  two  spaces  kept ");
    EXPECT_EQ(spaced.depth, 3);
    EXPECT_EQ(spaced.text, "two  spaces  kept");
    UciInfo keywords = parse("info string depth 5 nodes 10");
    EXPECT_EQ(keywords.text, "depth 5 nodes 10");
    EXPECT_FALSE(keywords.depth);
    EXPECT_FALSE(keywords.nodes);
}

TEST(InfoLine, CurrmoveLines) {
    UciInfo info = parse("info depth 25 currmove g1f3 currmovenumber 2");
    EXPECT_EQ(info.depth, 25);
    EXPECT_EQ(info.currmove, "g1f3");
    EXPECT_EQ(info.currmovenumber, 2);
    EXPECT_FALSE(info.score);
    EXPECT_FALSE(info.has_pv);
}

TEST(InfoLine, PvStopsAtTheNextKeyword) {
    UciInfo info = parse("info pv e2e4 e7e5 g1f3 depth 4 nodes 77");
    EXPECT_EQ(info.pv, (Strings{"e2e4", "e7e5", "g1f3"}));
    EXPECT_EQ(info.depth, 4);
    EXPECT_EQ(info.nodes, 77u);
    UciInfo empty = parse("info depth 2 pv");
    EXPECT_TRUE(empty.has_pv);
    EXPECT_TRUE(empty.pv.empty());
}

TEST(InfoLine, OtherKnownFieldsAreSkipped) {
    UciInfo info = parse(
        "info depth 12 seldepth 15 multipv 1 score cp 28 wdl 71 912 17 nodes 51000 nps 1200000 "
        "hashfull 20 tbhits 0 sbhits 0 cpuload 900 time 42 pv d2d4 refutation d2d4 d7d5 currline 1 "
        "e2e4");
    EXPECT_EQ(info.depth, 12);
    EXPECT_EQ(info.score, Score::from_centipawns(28));
    EXPECT_EQ(info.nodes, 51000u);
    EXPECT_EQ(info.time_ms, 42);
    EXPECT_EQ(info.pv, (Strings{"d2d4"}));
}

TEST(InfoLine, GarbageIsTolerated) {
    UciInfo info = parse("info depth abc seldepth -4 nodes 5x score cp time 17 junk 99 multipv 2");
    EXPECT_FALSE(info.depth);
    EXPECT_FALSE(info.seldepth);
    EXPECT_FALSE(info.nodes);
    EXPECT_FALSE(info.score);
    EXPECT_EQ(info.time_ms, 17);
    EXPECT_EQ(info.multipv, 2);
    UciInfo keyword_in_place_of_number = parse("info depth nodes 300");
    EXPECT_FALSE(keyword_in_place_of_number.depth);
    EXPECT_EQ(keyword_in_place_of_number.nodes, 300u);
    UciInfo overflow = parse("info depth 99999999999 nodes 18446744073709551616 time -1");
    EXPECT_FALSE(overflow.depth);
    EXPECT_FALSE(overflow.nodes);
    EXPECT_FALSE(overflow.time_ms);
    UciInfo biggest = parse("info nodes 18446744073709551615");
    EXPECT_EQ(biggest.nodes, 18446744073709551615u);
    UciInfo bare = parse("info");
    EXPECT_FALSE(bare.depth);
    UciInfo tabs = parse("info\tdepth\t6\r");
    EXPECT_EQ(tabs.depth, 6);
    UciInfo plus = parse("info score cp +12 depth +3");
    EXPECT_EQ(plus.score, Score::from_centipawns(12));
    EXPECT_EQ(plus.depth, 3);
}

TEST(InfoLine, OtherLinesAreNotInfo) {
    UciInfo info;
    info.depth = 4;
    EXPECT_FALSE(parse_info_line("bestmove e2e4", info));
    EXPECT_FALSE(info.depth);
    EXPECT_FALSE(parse_info_line("information depth 3", info));
    EXPECT_FALSE(parse_info_line("", info));
    EXPECT_TRUE(parse_info_line("  info depth 3", info));
    EXPECT_EQ(info.depth, 3);
}

TEST(InfoLine, FieldsAreResetBetweenLines) {
    UciInfo info;
    ASSERT_TRUE(parse_info_line("info depth 5 score cp 1 nodes 9 pv a2a3 string x", info));
    ASSERT_TRUE(parse_info_line("info nodes 10", info));
    EXPECT_FALSE(info.depth);
    EXPECT_FALSE(info.score);
    EXPECT_FALSE(info.has_pv);
    EXPECT_TRUE(info.pv.empty());
    EXPECT_FALSE(info.text);
    EXPECT_EQ(info.nodes, 10u);
}

TEST(OptionLine, Spin) {
    auto option = parse_option_line("option name Hash type spin default 16 min 1 max 33554432");
    ASSERT_TRUE(option);
    EXPECT_EQ(option->name, "Hash");
    EXPECT_EQ(option->type, UciOption::Type::spin);
    EXPECT_EQ(option->default_value, "16");
    EXPECT_EQ(option->min, 1);
    EXPECT_EQ(option->max, 33554432);
    EXPECT_TRUE(option->vars.empty());
}

TEST(OptionLine, NamesWithSpaces) {
    auto option =
        parse_option_line("option name Move Overhead type spin default 10 min 0 max 5000");
    ASSERT_TRUE(option);
    EXPECT_EQ(option->name, "Move Overhead");
    EXPECT_EQ(option->min, 0);
    EXPECT_EQ(option->max, 5000);
    auto button = parse_option_line("option name Clear Hash type button");
    ASSERT_TRUE(button);
    EXPECT_EQ(button->name, "Clear Hash");
    EXPECT_EQ(button->type, UciOption::Type::button);
    EXPECT_EQ(button->default_value, "");
}

TEST(OptionLine, CheckStringAndCombo) {
    auto check = parse_option_line("option name Ponder type check default false");
    ASSERT_TRUE(check);
    EXPECT_EQ(check->type, UciOption::Type::check);
    EXPECT_EQ(check->default_value, "false");
    auto string = parse_option_line("option name SyzygyPath type string default <empty>");
    ASSERT_TRUE(string);
    EXPECT_EQ(string->type, UciOption::Type::string);
    EXPECT_EQ(string->default_value, "<empty>");
    auto path =
        parse_option_line("option name Book type string default /usr/share/my book var min.bin");
    ASSERT_TRUE(path);
    EXPECT_EQ(path->default_value, "/usr/share/my book var min.bin");
    auto combo = parse_option_line(
        "option name Style type combo default Normal var Solid var Normal var Risky Play");
    ASSERT_TRUE(combo);
    EXPECT_EQ(combo->type, UciOption::Type::combo);
    EXPECT_EQ(combo->default_value, "Normal");
    EXPECT_EQ(combo->vars, (Strings{"Solid", "Normal", "Risky Play"}));
}

// The value an option holds before it is set: its default read as its type.
TEST(OptionLine, ValueIsTheDefaultAsItsType) {
    EXPECT_EQ(parse_option_line("option name Threads type spin default 1 min 1 max 1024")->value,
              EngineOptionValue(std::int64_t(1)));
    EXPECT_EQ(parse_option_line("option name Ponder type check default true")->value,
              EngineOptionValue(true));
    EXPECT_EQ(parse_option_line("option name Style type combo default Normal var Normal")->value,
              EngineOptionValue(std::string("Normal")));
    EXPECT_EQ(parse_option_line("option name SyzygyPath type string default <empty>")->value,
              EngineOptionValue(std::string("<empty>")));
    EXPECT_EQ(parse_option_line("option name Clear Hash type button")->value, EngineOptionValue());
    // A default that does not read as its type is kept as text.
    EXPECT_EQ(parse_option_line("option name Level type spin default high min 1 max 9")->value,
              EngineOptionValue(std::string("high")));
    EXPECT_EQ(default_option_value(EngineOptionType::check, "yes"),
              EngineOptionValue(std::string("yes")));
}

TEST(OptionLine, Rejects) {
    EXPECT_FALSE(parse_option_line("id name Stockfish"));
    EXPECT_FALSE(parse_option_line("option name type spin"));
    EXPECT_FALSE(parse_option_line("option name Hash"));
    EXPECT_FALSE(parse_option_line("option name Hash type dial default 3"));
    EXPECT_FALSE(parse_option_line("option Hash type spin"));
    auto bad_range = parse_option_line("option name Level type spin default 3 min low max 10");
    ASSERT_TRUE(bad_range);
    EXPECT_FALSE(bad_range->min);
    EXPECT_EQ(bad_range->max, 10);
}

TEST(GoCommand, AllFieldsInOrder) {
    EXPECT_EQ(go_command({}), "go");
    GoLimits depth;
    depth.depth = 5;
    EXPECT_EQ(go_command(depth), "go depth 5");
    GoLimits clock;
    clock.wtime_ms = 60000;
    clock.btime_ms = 59000;
    clock.winc_ms = 100;
    clock.binc_ms = 0;
    clock.movestogo = 40;
    EXPECT_EQ(go_command(clock), "go wtime 60000 btime 59000 winc 100 binc 0 movestogo 40");
    GoLimits all = clock;
    all.depth = 3;
    all.nodes = 10000000000ULL;
    all.movetime_ms = 250;
    all.infinite = true;
    EXPECT_EQ(go_command(all),
              "go wtime 60000 btime 59000 winc 100 binc 0 movestogo 40 depth 3 nodes 10000000000 "
              "movetime 250 infinite");
}

TEST(BestMoveLine, TakesTheMoveAndThePonderMoveAsSent) {
    auto best = parse_bestmove_line("  bestmove\te2e4  ponder e7e5\r");
    ASSERT_TRUE(best);
    EXPECT_EQ(best->move, "e2e4");
    EXPECT_EQ(best->ponder, "e7e5");
    best = parse_bestmove_line("bestmove (none)");
    ASSERT_TRUE(best);
    EXPECT_EQ(best->move, "(none)");
    EXPECT_EQ(best->ponder, "");
    best = parse_bestmove_line("bestmove a7a8q pondering e7e5");
    ASSERT_TRUE(best);
    EXPECT_EQ(best->ponder, "");
    best = parse_bestmove_line("bestmove");
    ASSERT_TRUE(best);
    EXPECT_EQ(best->move, "");
    EXPECT_FALSE(parse_bestmove_line("info string bestmove e2e4"));
    EXPECT_FALSE(parse_bestmove_line("bestmoves e2e4"));
    EXPECT_FALSE(parse_bestmove_line(""));
}

TEST(NextWord, SplitsOnWhitespace) {
    std::string_view text = "  bestmove\te2e4  ponder e7e5\r";
    EXPECT_EQ(next_word(text), "bestmove");
    EXPECT_EQ(next_word(text), "e2e4");
    EXPECT_EQ(next_word(text), "ponder");
    EXPECT_EQ(next_word(text), "e7e5");
    EXPECT_EQ(next_word(text), "");
    EXPECT_EQ(next_word(text), "");
}

// arbiter's claim line: `draw-claim RULE [NAME]` after `info string`, RULE threefold or
// fifty-moves; the name runs to the end of the line, printable.
TEST(DrawClaimLine, ReadsTheRuleAndTheEnginesName) {
    UciInfo info = parse("info string draw-claim threefold ThreeFoldRepetition");
    ASSERT_TRUE(info.text);
    EXPECT_EQ(parse_draw_claim(*info.text),
              (DrawClaim{Termination::threefold, "ThreeFoldRepetition"}));
    EXPECT_EQ(parse_draw_claim("draw-claim fifty-moves"),
              (DrawClaim{Termination::fifty_moves, ""}));
    EXPECT_EQ(parse_draw_claim("  draw-claim\tfifty-moves  my own words \x01 "),
              (DrawClaim{Termination::fifty_moves, "my own words \\x01"}));
    for (const char* not_a_claim :
         {"", "draw-claim", "draw-claim mate", "draw-claim Threefold", "claim threefold",
          "ThreeFoldRepetition claimed: false, the position has occurred 2 times",
          "draw-claimthreefold", "x draw-claim threefold"})
        EXPECT_FALSE(parse_draw_claim(not_a_claim)) << not_a_claim;
}

// Every termination code after `draw-claim`, with any name: only the two rules a player may claim
// are claims, and the last claim line of a search is the one that counts.
TEST(DrawClaimLine, OnlyTheClaimableRulesOverEveryCodeAndTheLastClaimCounts) {
    std::mt19937 random(46);
    for (const auto& [termination, code] : TERMINATION_CODES) {
        for (int i = 0; i < 50; ++i) {
            std::string name;
            for (int length = int(random() % 12); length > 0; --length)
                name += char('A' + random() % 26);
            std::optional<DrawClaim> claim =
                parse_draw_claim("draw-claim " + std::string(code) + " " + name);
            const bool claimable =
                termination == Termination::threefold || termination == Termination::fifty_moves;
            ASSERT_EQ(claim.has_value(), claimable) << code;
            if (claimable) {
                EXPECT_EQ(*claim, (DrawClaim{termination, name}));
            }
            const Strings lines = {"draw-claim threefold first", "flood " + name,
                                   "draw-claim " + std::string(code) + " " + name, "after"};
            const DrawClaim first{Termination::threefold, "first"};
            EXPECT_EQ(find_draw_claim(lines), claimable ? claim : first);
        }
    }
    EXPECT_FALSE(find_draw_claim({}));
    EXPECT_FALSE(find_draw_claim({"no claim", "draw-claim nothing"}));
}

}  // namespace
}  // namespace arbiter
