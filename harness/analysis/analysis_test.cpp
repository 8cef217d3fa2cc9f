// The annotations over generated games and made-up verdicts: every move's loss is the fall of
// the mover's clamped evaluation, its NAG the thresholds', the better move only beside a marked
// move the engine would not have played; the annotated PGN reads back (arbiter's PGN reader, the
// core replaying its SAN) to the same moves, evaluations and NAGs. The figures the page shows (each
// player's average loss and marks, a decisive game's turning point) on hand-worked games, and the
// turning point's definition checked over generated games.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>

#include "engines/core/board.h"
#include "engines/core/movegen.h"
#include "engines/core/notation.h"
#include "harness/analysis/annotated_pgn.h"

namespace arbiter {
namespace {

struct Generated {
    std::string start_fen;
    std::vector<std::string> moves;
    std::vector<PositionVerdict> verdicts;
};

Generated generate(std::mt19937_64& random) {
    Board board;
    for (int i = int(random() % 4); i > 0; --i) {
        MoveList list;
        generate_legal(board.position(), list);
        board.play(list[random() % list.size()]);
    }
    Generated g;
    g.start_fen = board.fen();
    (void)board.set(g.start_fen);
    for (int ply = int(random() % 80); ply >= 0; --ply) {
        MoveList list;
        generate_legal(board.position(), list);
        PositionVerdict verdict;
        if (!list.empty()) {
            verdict.best_move = move_to_uci(list[random() % list.size()]);
            verdict.score = random() % 10 == 0
                                ? Score::from_mate_moves(int(random() % 7) - 3)
                                : Score::from_centipawns(int(random() % 3001) - 1500);
        }
        g.verdicts.push_back(verdict);
        if (list.empty() || ply == 0) break;
        const Move m = random() % 3 == 0 ? move_from_uci(board.position(), verdict.best_move)
                                         : list[random() % list.size()];
        g.moves.push_back(move_to_uci(m));
        board.play(m);
    }
    if (g.verdicts.size() == g.moves.size()) g.verdicts.push_back({});
    return g;
}

TEST(Analysis, LossesNagsAndBetterMovesFollowTheVerdicts) {
    std::mt19937_64 random(46);
    const MistakeThresholds t;
    for (int trial = 0; trial < 300; ++trial) {
        const Generated g = generate(random);
        const auto moves = annotate_game(g.start_fen, g.moves, g.verdicts, t);
        ASSERT_EQ(moves.size(), g.moves.size());
        Board board;
        (void)board.set(g.start_fen);
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const auto& before = g.verdicts[i];
            const auto& after = g.verdicts[i + 1];
            const Color mover = board.side_to_move();
            int loss = 0;
            if (before.score && after.score)
                loss = std::max(
                    0, clamped_centipawns(*before.score) + clamped_centipawns(*after.score));
            EXPECT_EQ(moves[i].loss, loss);
            const bool best = before.best_move == g.moves[i];
            const std::string nag = best || loss < t.inaccuracy ? ""
                                    : loss < t.mistake          ? "?!"
                                    : loss < t.blunder          ? "?"
                                                                : "??";
            EXPECT_EQ(moves[i].nag, nag) << loss;
            EXPECT_EQ(moves[i].better.empty(), nag.empty());
            if (after.score) {
                // White's view: the side to move after the move is the mover's opponent.
                const Score white = mover == WHITE ? after.score->negated() : *after.score;
                EXPECT_EQ(moves[i].eval_after, white);
            }
            board.play_uci(g.moves[i]);
        }
    }
}

TEST(Analysis, TheAnnotatedPgnReadsBackToTheSameGame) {
    std::mt19937_64 random(47);
    for (int trial = 0; trial < 200; ++trial) {
        const Generated g = generate(random);
        PgnGame game;
        game.tags = {{"Event", "a \"quoted\" event"},
                     {"White", "w"},
                     {"Black", "b"},
                     {"Result", "*"},
                     {"FEN", g.start_fen},
                     {"SetUp", "1"}};
        game.termination = "*";
        const auto moves = annotate_game(g.start_fen, g.moves, g.verdicts);
        const std::string text = annotated_pgn(game, moves, g.start_fen);
        std::istringstream in(text);
        PgnReader reader(in, "out.pgn", PgnDetail::moves);
        PgnGame read;
        ASSERT_TRUE(reader.next(read)) << text;
        EXPECT_EQ(read.tag("Event"), "a \"quoted\" event");
        const GameLine line = game_line(read, "out.pgn");
        EXPECT_EQ(line.start_fen, g.start_fen);
        EXPECT_EQ(line.uci_moves, g.moves) << text;
        std::size_t evals = 0, nags = 0;
        for (const auto& m : moves) {
            evals += m.eval_after.has_value();
            nags += !m.nag.empty();
        }
        std::size_t at = 0, found_evals = 0;
        while ((at = text.find("[%eval ", at)) != std::string::npos) ++found_evals, ++at;
        EXPECT_EQ(found_evals, evals);
        std::size_t found_better = 0;
        at = 0;
        while ((at = text.find("better: ", at)) != std::string::npos) ++found_better, ++at;
        EXPECT_EQ(found_better, nags);
    }
}

PositionVerdict cp(int centipawns, std::string best = "") {
    return {Score::from_centipawns(centipawns), std::move(best), 10};
}

// The fool's mate, worked by hand. Scores are the side to move's: White +20 at the start; after
// 1. f3 Black is +60 (White's view -60: White lost 20 + 60 = 80, `?!`, the engine wanted e4);
// after 1... e5 White is -70 (Black lost 60 - 70 < 0: nothing); after 2. g4 Black mates in 1
// (White's view -1000 clamped: lost -70 + 1000 = 930, `??`, the engine wanted Nc3); after 2...
// Qh4# White has no move and no score (Black lost nothing).
TEST(Analysis, TheFoolsMateWorkedByHand) {
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const std::vector<std::string> moves = {"f2f3", "e7e5", "g2g4", "d8h4"};
    const std::vector<PositionVerdict> verdicts = {cp(20, "e2e4"),
                                                   cp(60, "e7e5"),
                                                   cp(-70, "b1c3"),
                                                   {Score::from_mate_moves(1), "d8h4", 1},
                                                   {}};
    const auto annotated = annotate_game(start, moves, verdicts);
    ASSERT_EQ(annotated.size(), 4u);
    EXPECT_EQ(annotated[0].loss, 80);
    EXPECT_EQ(annotated[0].nag, "?!");
    EXPECT_EQ(annotated[0].better, "e4");
    EXPECT_EQ(annotated[1].loss, 0);
    EXPECT_EQ(annotated[1].nag, "");
    EXPECT_EQ(annotated[2].loss, 930);
    EXPECT_EQ(annotated[2].nag, "??");
    EXPECT_EQ(annotated[2].better, "Nc3");
    EXPECT_EQ(annotated[3].loss, 0);
    EXPECT_EQ(annotated[3].engine_move, "");  // it played the engine's move
    LossTally white, black;
    white.games = black.games = 1;
    white.add(annotated[0]);
    white.add(annotated[2]);
    black.add(annotated[1]);
    black.add(annotated[3]);
    EXPECT_EQ(white.loss, 1010);
    EXPECT_DOUBLE_EQ(white.average_loss(), 505.0);
    EXPECT_EQ(white.inaccuracies, 1);
    EXPECT_EQ(white.mistakes, 0);
    EXPECT_EQ(white.blunders, 1);
    EXPECT_DOUBLE_EQ(white.per_game(white.blunders), 1.0);
    EXPECT_DOUBLE_EQ(black.average_loss(), 0.0);
    // White lost: after f3 its evaluation was -60, after g4 -1000 and it never moved again.
    const auto point = turning_point(annotated, verdicts, true, WHITE, 300);
    ASSERT_TRUE(point);
    EXPECT_EQ(point->ply, 3u);
    EXPECT_EQ(point->san, "g4");
    EXPECT_EQ(point->better, "Nc3");
    EXPECT_EQ(point->before, -70);
    EXPECT_EQ(point->after, -1000);
    // With a threshold past 1000 no evaluation is low enough: no turning point.
    EXPECT_FALSE(turning_point(annotated, verdicts, true, WHITE, 1001));
}

// A loser that falls, recovers, and falls for good: the turning point is where it fell for good.
// Black loses; its evaluations after its moves are -400, -100, -350, -500 (so the verdicts after
// them, White to move, are +400, +100, +350, +500).
TEST(Analysis, TheTurningPointIsTheFallThatLasts) {
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const std::vector<std::string> moves = {"e2e4", "f7f6", "d2d4", "g7g5",
                                            "b1c3", "h7h6", "g1f3", "a7a6"};
    const std::vector<PositionVerdict> verdicts = {
        cp(30, "e2e4"),  cp(-30, "e7e5"), cp(400),          cp(-380, "d7d5"), cp(100),
        cp(-90, "c7c6"), cp(350),         cp(-340, "b8c6"), cp(500)};
    const auto annotated = annotate_game(start, moves, verdicts);
    const auto point = turning_point(annotated, verdicts, true, BLACK, 300);
    ASSERT_TRUE(point);
    EXPECT_EQ(point->ply, 6u);
    EXPECT_EQ(point->san, "h6");
    EXPECT_EQ(point->better, "c6");
    EXPECT_EQ(point->before, -90);
    EXPECT_EQ(point->after, -350);
    // Lost on time at -250 after its last move: never lost on the board, no turning point.
    auto on_time = verdicts;
    on_time[8] = cp(250);
    EXPECT_FALSE(turning_point(annotate_game(start, moves, on_time), on_time, true, BLACK, 300));
}

// Over generated games, for each side as the loser: the turning point is a move of the loser's
// after which it is at most -threshold, as after each of its later moves, and its previous move
// (if any) left it above; none exactly when its last move left it above (or unknown).
TEST(Analysis, TheTurningPointMeetsItsDefinitionOverGeneratedGames) {
    std::mt19937_64 random(48);
    int found = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const Generated g = generate(random);
        const auto moves = annotate_game(g.start_fen, g.moves, g.verdicts);
        const bool white_first = g.start_fen.find(" w ") != std::string::npos;
        for (const Color loser : {WHITE, BLACK}) {
            std::vector<std::optional<int>> after;  // by ply index; only the loser's moves
            std::vector<std::size_t> own;
            for (std::size_t i = 0; i < moves.size(); ++i) {
                if (((i % 2 == 0) == white_first) != (loser == WHITE)) continue;
                own.push_back(i);
                after.push_back(moves[i].eval_after
                                    ? std::optional(clamped_centipawns(*moves[i].eval_after) *
                                                    (loser == WHITE ? 1 : -1))
                                    : std::nullopt);
            }
            const auto point = turning_point(moves, g.verdicts, white_first, loser, 300);
            const bool lost_at_end = !after.empty() && after.back() && *after.back() <= -300;
            ASSERT_EQ(point.has_value(), lost_at_end);
            if (!point) continue;
            ++found;
            const auto k =
                std::size_t(std::find(own.begin(), own.end(), point->ply - 1) - own.begin());
            ASSERT_LT(k, own.size());
            for (std::size_t j = k; j < own.size(); ++j) EXPECT_LE(after[j].value_or(0), -300);
            if (k > 0) {
                EXPECT_TRUE(!after[k - 1] || *after[k - 1] > -300);
            }
            EXPECT_EQ(point->after, *after[k]);
            EXPECT_EQ(point->san, moves[point->ply - 1].san);
        }
    }
    EXPECT_GT(found, 50);  // the generator makes many
}

}  // namespace
}  // namespace arbiter
