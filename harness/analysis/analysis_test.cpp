// The annotations over generated games and made-up verdicts: every move's loss is the fall of
// the mover's clamped evaluation, its NAG the thresholds', the better move only beside a marked
// move the engine would not have played; the annotated PGN reads back (arbiter's PGN reader, the
// core replaying its SAN) to the same moves, evaluations and NAGs.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace arbiter
