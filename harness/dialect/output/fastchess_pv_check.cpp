#include "harness/dialect/output/fastchess_pv_check.h"

#include <cstdlib>
#include <sstream>

#include "engines/core/board.h"
#include "engines/core/movegen.h"
#include "engines/core/position.h"
#include "engines/core/rules.h"
#include "harness/game/score.h"

namespace arbiter {

namespace {

// The problem of a PV that goes on from a finished game (fastchess ignores insufficient
// material here), or none.
PvProblem continues_after(const Position& pos) {
    switch (game_status(pos)) {
        case GameStatus::threefold_repetition:
            return PvProblem::continues_after_threefold;
        case GameStatus::fifty_moves:
            return PvProblem::continues_after_fifty_moves;
        case GameStatus::checkmate:
            return PvProblem::continues_after_checkmate;
        case GameStatus::stalemate:
            return PvProblem::continues_after_stalemate;
        default:
            return PvProblem::none;
    }
}

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> list;
    for (std::string word; in >> word;) list.push_back(word);
    return list;
}

std::string joined(const std::vector<std::string>& list) {
    std::string text;
    for (const std::string& word : list) text += (text.empty() ? "" : " ") + word;
    return text;
}

// An info line from a move's recorded fields: "info depth 12 seldepth 15 score mate 3 nodes
// 1234 pv e2e4 e7e5".
std::string rebuilt_info_line(const MoveRecord& move) {
    std::string line = "info";
    if (move.depth) line += " depth " + std::to_string(*move.depth);
    if (move.seldepth) line += " seldepth " + std::to_string(*move.seldepth);
    if (move.score) line += " score " + to_uci(move.score->with_bound(Score::Bound::exact));
    if (move.nodes) line += " nodes " + std::to_string(*move.nodes);
    return line + " pv " + move.pv;
}

// fastchess's warning when the engine that moved before (`them`) and the one that just moved
// (`us`) both announce a mate of the same sign, each claiming the win (or the loss): the scores,
// the names with their colours, both info lines, the position and every move so far.
std::string mate_sign_mismatch_text(const MoveRecord& them, const MoveRecord& us,
                                    const std::string& them_name, const std::string& us_name,
                                    bool us_white, const std::string& start_fen,
                                    const std::vector<std::string>& moves, bool test_env) {
    const std::optional<int> them_mate = mate_moves_of(them.score);
    const std::optional<int> us_mate = mate_moves_of(us.score);
    if (!them_mate || !us_mate || *them_mate * *us_mate <= 0) return "";
    const std::string separator = test_env ? " :: " : "\n";
    const std::string position = start_fen == START_FEN ? "startpos" : "fen " + start_fen;
    return "Warning; Sign mismatch in mate scores " + std::to_string(*them_mate) + " and " +
           std::to_string(*us_mate) + " from " + them_name + " (" + (us_white ? "Black" : "White") +
           ") and " + us_name + " (" + (us_white ? "White" : "Black") + ")" + separator +
           "Infos; " + rebuilt_info_line(them) + " ; " + rebuilt_info_line(us) + separator +
           "Position; " + position + separator + "Moves; " + joined(moves);
}

}  // namespace

PvFinding check_pv(const std::string& start_fen, const std::vector<std::string>& moves,
                   const std::vector<std::string>& pv, std::optional<int> mate, bool chess960) {
    Board board;
    if (pv.empty() || !board.set(start_fen, chess960).empty()) return {};
    for (const std::string& text : moves)
        if (!board.play_uci(text)) return {};  // a record that is not a game
    // Step 1. Every PV move legal, none past the end of the game.
    for (const std::string& text : pv) {
        if (PvProblem after = continues_after(board.position()); after != PvProblem::none)
            return {after, text};
        if (!board.play_uci(text)) return {PvProblem::illegal_move, text};
    }
    if (!mate) return {};
    // Step 2. A mate in N moves: 2N - 1 plies when the engine mates, 2|N| when it is mated
    // (Score's conversion), ending in checkmate.
    const std::size_t plies = std::size_t(std::abs(Score::from_mate_moves(*mate).mate_plies()));
    if (pv.size() < plies) return {PvProblem::incomplete_mating_pv, ""};
    if (pv.size() > plies) return {PvProblem::too_long_mating_pv, ""};
    MoveList replies;
    generate_legal(board.position(), replies);
    if (!replies.empty() || !board.position().in_check())
        return {PvProblem::mating_pv_not_checkmate, ""};
    return {};
}

std::string pv_warning_text(const PvFinding& finding, const std::string& engine,
                            const std::string& info_line, const std::string& start_fen,
                            const std::vector<std::string>& moves, bool test_env) {
    const std::string at = " - move " + finding.move + " from " + engine;
    const std::string from = " - from " + engine;
    std::string warning = "Warning; ";
    switch (finding.problem) {
        case PvProblem::illegal_move:
            warning += "Illegal PV move" + at;
            break;
        case PvProblem::continues_after_threefold:
            warning += "PV continues after threefold repetition" + at;
            break;
        case PvProblem::continues_after_fifty_moves:
            warning += "PV continues after fifty-move rule" + at;
            break;
        case PvProblem::continues_after_checkmate:
            warning += "PV continues after checkmate" + at;
            break;
        case PvProblem::continues_after_stalemate:
            warning += "PV continues after stalemate" + at;
            break;
        case PvProblem::incomplete_mating_pv:
            warning += "Incomplete mating PV" + from;
            break;
        case PvProblem::too_long_mating_pv:
            warning += "Too long mating PV" + from;
            break;
        case PvProblem::mating_pv_not_checkmate:
            warning += "Mating PV does not end with checkmate" + from;
            break;
        case PvProblem::bestmove_mismatch:
            warning += "Bestmove does not match beginning of last PV" + at;
            break;
        case PvProblem::none:
            return "";
    }
    const std::string separator = test_env ? " :: " : "\n";
    const std::string position = start_fen == START_FEN ? "startpos" : "fen " + start_fen;
    return warning + separator + "Info; " + info_line + separator + "Position; " + position +
           separator + "Moves; " + joined(moves);
}

std::vector<std::string> fastchess_pv_warnings(const GameRecord& game, const std::string& white,
                                               const std::string& black, bool chess960,
                                               bool test_env) {
    std::vector<std::string> warnings, played;
    Board start;
    if (!start.set(game.start_fen, chess960).empty()) return warnings;
    const bool white_first = start.side_to_move() == WHITE;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const MoveRecord& move = game.moves[i];
        const bool by_white = (i % 2 == 0) == white_first;
        const std::string& mover = by_white ? white : black;
        if (!move.book && !move.pv.empty()) {
            const std::vector<std::string> pv = words(move.pv);
            PvFinding finding =
                check_pv(game.start_fen, played, pv, mate_moves_of(move.score), chess960);
            if (finding.problem != PvProblem::none)
                warnings.push_back(pv_warning_text(finding, mover, rebuilt_info_line(move),
                                                   game.start_fen, played, test_env));
            if (pv.front() != move.uci)
                warnings.push_back(pv_warning_text({PvProblem::bestmove_mismatch, move.uci}, mover,
                                                   rebuilt_info_line(move), game.start_fen, played,
                                                   test_env));
        }
        played.push_back(move.uci);
        if (i > 0 && !move.book && !game.moves[i - 1].book) {
            std::string text =
                mate_sign_mismatch_text(game.moves[i - 1], move, by_white ? black : white, mover,
                                        by_white, game.start_fen, played, test_env);
            if (!text.empty()) warnings.push_back(text);
        }
    }
    return warnings;
}

}  // namespace arbiter
