// The game's vocabulary of endings: who won (Outcome), why the game ended (Termination) and the
// two together with the words cutechess prints (Result), as values. Text appears only where a
// result is read or written: PGN, the engines' protocols and the database, through to_pgn() and
// parse_outcome() here and termination_code() and parse_termination().
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "engines/core/types.h"

namespace arbiter {

// The outcome of one finished game, seen from White's side of the board.
enum class Outcome { white_win, draw, black_win };

// The outcome of a game `winner` won.
constexpr Outcome won_by(Color winner) {
    return winner == WHITE ? Outcome::white_win : Outcome::black_win;
}

// The outcome of a game `loser` lost.
constexpr Outcome lost_by(Color loser) {
    return won_by(~loser);
}

// Returns the points White scored: 1, 0.5 or 0.
double white_points(Outcome outcome);

// Parses a PGN result ("1-0", "1/2-1/2", "0-1"); returns nullopt for "*" and anything else.
std::optional<Outcome> parse_outcome(std::string_view text);

// Returns the PGN spelling of an outcome: "1-0", "1/2-1/2" or "0-1".
std::string_view to_pgn(Outcome outcome);

// Why a game ended. Stored as the text codes below; the referee chooses one per game.
enum class Termination {
    checkmate,
    stalemate,
    threefold,
    fifty_moves,
    insufficient_material,
    adjudication_draw,
    adjudication_resign,
    max_plies,
    time_forfeit,
    illegal_move,
    disconnect,
    stall,
    resignation,  // the engine resigned (XBoard `resign`)
    false_claim,  // the engine claimed a result the rules do not give
    tablebase,    // adjudicated by a Syzygy table
    // An engine's draw claim accepted without being checked (GameSettings::draw_claims trusted,
    // as the family tournament's runner accepted its entrants' claims).
    unchecked_claim,
};

inline constexpr std::array<std::pair<Termination, std::string_view>, 16> TERMINATION_CODES = {{
    {Termination::checkmate, "checkmate"},
    {Termination::stalemate, "stalemate"},
    {Termination::threefold, "threefold"},
    {Termination::fifty_moves, "fifty-moves"},
    {Termination::insufficient_material, "insufficient-material"},
    {Termination::adjudication_draw, "adjudication-draw"},
    {Termination::adjudication_resign, "adjudication-resign"},
    {Termination::max_plies, "max-plies"},
    {Termination::time_forfeit, "time-forfeit"},
    {Termination::illegal_move, "illegal-move"},
    {Termination::disconnect, "disconnect"},
    {Termination::stall, "stall"},
    {Termination::resignation, "resignation"},
    {Termination::false_claim, "false-claim"},
    {Termination::tablebase, "tablebase"},
    {Termination::unchecked_claim, "unchecked-claim"},
}};

// Returns the stored text code of a termination, e.g. "fifty-moves".
constexpr std::string_view termination_code(Termination termination) {
    for (const auto& [value, code] : TERMINATION_CODES) {
        if (value == termination) return code;
    }
    return "unknown";
}

// Returns the termination whose code is `code`, or nothing for an unknown code.
constexpr std::optional<Termination> parse_termination(std::string_view code) {
    for (const auto& [value, text] : TERMINATION_CODES) {
        if (text == code) return value;
    }
    return std::nullopt;
}

// How one game ended, as the referee decides it (cutechess's Chess::Result is the model): the
// outcome, the kind of ending, its description as cutechess prints it ("White mates", "Black
// loses on time"), and for Termination::illegal_move the move the loser sent. Made by win(),
// loss(), draw() and illegal(), so that no caller spells a result. The one value a game's result
// travels in: the referee's PlayedGame and the store's GameSummary both hold it.
struct Result {
    Outcome outcome = Outcome::draw;
    Termination termination = Termination::checkmate;
    std::string description;  // stored as the games table's termination_text
    // The move an engine lost by (Termination::illegal_move) as it sent it, made printable;
    // "(none)" for an empty bestmove; empty otherwise. Not stored (the description holds it
    // too), so empty in a result read back from the store.
    std::string illegal_move;
    // Why an engine's fault happened, as the referee learned it (illegal move, disconnect, stall,
    // time forfeit): the engine's own explanation (its last `info string`, such as
    // engines/python's "no legal move gives the returned board (changed squares: a1 c1 d1 e1)" or
    // a traceback's last line), the position, and the engine's log file. Empty when there is
    // nothing to say. Stored as the games table's fault_detail; never parsed.
    std::string fault_detail;

    static Result win(Color winner, Termination termination, std::string description);
    static Result loss(Color loser, Termination termination, std::string description);
    static Result draw(Termination termination, std::string description);
    // `loser` sent `move` (printable; "(none)" for no move), which is not legal: "White makes an
    // illegal move: e2e5".
    static Result illegal(Color loser, std::string move);

    bool operator==(const Result&) const = default;
};

}  // namespace arbiter
