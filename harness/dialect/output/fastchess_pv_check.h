// fastchess's -check-mate-pvs audit of a game's principal variations, with its warnings word for
// word (fishtest's worker greps them): each engine move's PV must be legal from the position the
// engine searched, must not go on past a finished game, and a mate score's PV must be exactly
// the announced number of plies long and end in checkmate.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "harness/store/records.h"
#include "harness/tournament/tournament.h"

namespace arbiter {

// What fastchess finds wrong with one PV (its wording: "Illegal PV move - move X from NAME").
enum class PvProblem {
    none,
    illegal_move,
    continues_after_threefold,
    continues_after_fifty_moves,
    continues_after_checkmate,
    continues_after_stalemate,
    incomplete_mating_pv,
    too_long_mating_pv,
    mating_pv_not_checkmate,
    bestmove_mismatch,  // the move played is not the first move of its PV
};

struct PvFinding {
    PvProblem problem = PvProblem::none;
    std::string move;  // the PV move the problem is at (for the move-naming problems)
};

// Checks `pv` (UCI moves) from the position after `moves` from `start_fen`; with `mate` (the
// score in moves to mate, negative when mated) also that the PV is that mate.
PvFinding check_pv(const std::string& start_fen, const std::vector<std::string>& moves,
                   const std::vector<std::string>& pv, std::optional<int> mate, bool chess960);

// fastchess's warning for `finding` from the engine `engine`, its four parts (the warning,
// "Info; ...", "Position; ...", "Moves; ...") joined by a newline, or by " :: " under -testEnv.
std::string pv_warning_text(const PvFinding& finding, const std::string& engine,
                            const std::string& info_line, const std::string& start_fen,
                            const std::vector<std::string>& moves, bool test_env);

// Every warning of a finished game, in the order its moves were played: each move's PV problem,
// a move that is not its PV's first ("Bestmove does not match beginning of last PV"), and two
// consecutive mate scores of the same sign, both engines claiming the win or the loss ("Sign
// mismatch in mate scores"). `info_line` of each is rebuilt from the recorded fields (depth,
// seldepth, score, nodes, pv), not the engine's own line.
std::vector<std::string> fastchess_pv_warnings(const GameRecord& game, const std::string& white,
                                               const std::string& black, bool chess960,
                                               bool test_env);

// fastchess's -check-mate-pvs audit (--check-mate-pvs natively) in front of the live files: each
// finished game's PV warnings (fastchess_pv_warnings()) are printed through `print_line` before the
// game goes on to `next`, so they come before the game's CRC32 line and its "Finished game" line,
// as fastchess prints them while the game runs. Every other event goes straight on to `next`.
class MatePvAudit : public ObserverRelay {
  public:
    MatePvAudit(TournamentObserver& next, std::function<void(const std::string&)> print_line,
                bool test_env, bool chess960)
        : ObserverRelay(next),
          print_line_(std::move(print_line)),
          test_env_(test_env),
          chess960_(chess960) {}
    void game_finished(const GameRecord& game, GameId id, const std::string& white,
                       const std::string& black) override {
        for (const std::string& warning :
             fastchess_pv_warnings(game, white, black, chess960_, test_env_))
            print_line_(warning);
        next_.game_finished(game, id, white, black);
    }

  private:
    std::function<void(const std::string&)> print_line_;
    bool test_env_ = false, chess960_ = false;
};

}  // namespace arbiter
