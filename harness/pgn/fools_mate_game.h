// A recorded game for tests of the PGN writer and the reports: Fool's mate from the start
// position, its first two moves from the book, each with depth, score and time.
#pragma once

#include "harness/store/records.h"

namespace arbiter::testing {

inline GameRecord fools_mate_game() {
    GameRecord g;
    g.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    g.result.outcome = Outcome::black_win;
    g.result.termination = Termination::checkmate;
    g.result.description = "Black mates";
    g.started_at_ms = 1764460800000;  // 2025-11-30
    const char* moves[][2] = {{"f2f3", "f3"}, {"e7e5", "e5"}, {"g2g4", "g4"}, {"d8h4", "Qh4#"}};
    int ply = 0;
    for (auto [uci, san] : moves) {
        MoveRecord m;
        m.ply = ++ply;
        m.uci = uci;
        m.san = san;
        m.time_ms = 120;
        m.depth = 3;
        m.score = Score::from_centipawns(-25);
        m.book = ply <= 2;
        g.moves.push_back(m);
    }
    g.moves[3].score.reset();
    g.moves[3].score = Score::from_mate_moves(1);
    return g;
}

}  // namespace arbiter::testing
