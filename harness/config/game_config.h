// How each game of a tournament is played, apart from who plays it and their search limits:
// adjudication as cutechess-cli users know it, the clock tolerance and the stall timeout.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/config/json.h"
#include "harness/config/values.h"

namespace arbiter {

// Adjudication rules. Scores are centipawns from the engines' own reports; a mate score counts
// as a very large score.
struct Adjudication {
    // Draw when, from move `draw_move_number` on, both engines' scores stayed within
    // +/- draw_score for `draw_move_count` consecutive moves each.
    std::optional<int> draw_move_number;
    int draw_move_count = 1;
    int draw_score = 0;
    // A loss for an engine whose score was at least `resign_score` below zero for
    // `resign_move_count` consecutive moves of its own (0: no resign adjudication).
    int resign_move_count = 0;
    int resign_score = 0;
    // Two-sided (cutechess's twosided=true): besides, the winner's own score was at least
    // `resign_score` above zero for `resign_move_count` consecutive moves of its own.
    bool resign_two_sided = false;
    // A draw when the game reaches this many plies (0: no limit).
    int max_plies = 0;

    bool operator==(const Adjudication&) const = default;
};

// Which tablebase results end a game (fastchess's -tbadjudicate BOTH, WIN_LOSS, DRAW).
enum class TablebaseResults { both, win_loss, draw };

// Syzygy tablebase adjudication (cutechess's -tb, -tbpieces, -tbignore50): a game whose position
// after an engine's move is in a table ends with the table's result.
struct TablebaseSettings {
    std::string paths;   // directories separated by ':' (empty: no tablebase adjudication)
    int max_pieces = 0;  // only positions with at most this many pieces (0: every table)
    // A cursed win counts as a win and a blessed loss as a loss, as if there were no
    // fifty-move rule; otherwise both are draws.
    bool ignore_50 = false;
    TablebaseResults results = TablebaseResults::both;

    bool enabled() const { return !paths.empty(); }
    bool operator==(const TablebaseSettings&) const = default;
};

// The rules the game is played by. Chess960 covers Double Fischer Random too (each side's back
// rank shuffled on its own): castling as Chess960 defines it, the engines told so
// (UCI_Chess960, XBoard's `variant fischerandom`).
enum class Variant { standard, chess960 };

// "standard", "chess960": the `variant` setting's words.
std::string variant_name(Variant variant);
// Reads "standard" or "chess960" (also cutechess's "fischerandom"). Throws ConfigError naming
// "variant".
Variant read_variant(std::string_view text);

// How the referee treats a draw an engine claims in place of its move (EngineReply::draw_claim):
// checked, the claim decides nothing and the move sent with it stands or falls on its own (a
// claim the rules grant never arrives: the referee ends the game first); trusted, the claim ends
// the game as a draw unchecked (Termination::unchecked_claim), as the family tournament's runner
// accepted its entrants' claims, and the referee leaves a threefold repetition and the fifty-move
// rule to the engines' claims (it draws unclaimed only at a fivefold repetition or 75 moves).
enum class DrawClaims { checked, trusted };

// Everything about how a game is played, except who plays it.
struct GameSettings {
    Variant variant = Variant::standard;
    Adjudication adjudication;
    DrawClaims draw_claims = DrawClaims::checked;
    TablebaseSettings tablebase;
    // Tolerance on top of a clock before an engine loses on time.
    std::chrono::milliseconds time_margin{100};
    // How long a depth- or node-limited search (or the isready handshake) may take before the
    // engine is declared stalled; movetime searches get movetime plus this.
    std::chrono::milliseconds stall_timeout{60000};
    // Regular expressions (ECMAScript, as fastchess's -pgnout match_line=): for each, the last
    // `info string` line of a search that matches it is kept with the move. Not part of the
    // tournament's identity: it changes what is recorded, not how games are played.
    std::vector<std::string> kept_info_lines;

    bool operator==(const GameSettings&) const = default;
};

// Turns draw adjudication on and reads "movenumber=N,movecount=N,score=CP" (each optional;
// movenumber 0, movecount 1 and score 0 when left out). Throws ConfigError.
void read_draw_rule(Adjudication& adjudication, const KeyValues& items);
void read_draw_rule(Adjudication& adjudication, const SettingValues& items);
// Turns resign adjudication on and reads "movecount=N,score=CP,twosided=true|false" (movecount
// 1, score 0, twosided false when left out). Throws ConfigError.
void read_resign_rule(Adjudication& adjudication, const KeyValues& items);
void read_resign_rule(Adjudication& adjudication, const SettingValues& items);
// Reads "max_plies". Throws ConfigError.
void read_max_plies(Adjudication& adjudication, const SettingValue& value);
// cutechess's -maxmoves N (N >= 1): a draw after N moves of each side, so 2N plies, within the
// rule of max_plies and with its message. Throws ConfigError.
void set_max_moves(Adjudication& adjudication, std::int64_t moves);
void read_time_margin(GameSettings& settings, const SettingValue& value);
void read_stall_timeout(GameSettings& settings, const SettingValue& value);
// The tablebase settings' readers: directories (each must exist), a piece count, true|false, and
// both|win_loss|draw (fastchess's BOTH, WIN_LOSS, DRAW also). Throw ConfigError.
void read_tablebase_paths(TablebaseSettings& tablebase, std::string_view text);
void read_tablebase_pieces(TablebaseSettings& tablebase, const SettingValue& value);
void read_tablebase_ignore_50(TablebaseSettings& tablebase, std::string_view text);
void read_tablebase_results(TablebaseSettings& tablebase, std::string_view text);
// "both", "win_loss" or "draw".
std::string tablebase_results_name(TablebaseResults results);

// The JSON "adjudication" object: draw_movenumber, draw_movecount, draw_score,
// resign_movecount, resign_score, resign_twosided, max_plies. Any draw_ or resign_ key turns that
// rule on, with the same defaults as --draw and --resign.
json::Value to_json(const Adjudication& adjudication);
Adjudication adjudication_from_json(const json::Value& value);

// Check settings built in code against the rules the readers apply, one part at a time (the
// tournament's settings table checks each with its setting) or all of them.
void validate(const Adjudication& adjudication);
void validate(const TablebaseSettings& tablebase);
void check_time_margin(std::chrono::milliseconds margin);
void check_stall_timeout(std::chrono::milliseconds timeout);
void validate(const GameSettings& settings);

}  // namespace arbiter
