// The output plan's result format (OutputPlan::result_format; `arbiter tournament --result-format`,
// cutechess-cli's -resultformat): the columns of the ranking table cutechess's form prints for more
// than two engines, given as one of its named formats ("default", "small", "per-color", ...) or a
// comma-separated list of its field tokens ("Rank,Name,Elo,W,L,D"), with its shortcuts
// ("WLDStats", "DrawStats", "Terminations") written out. The names, tokens and shortcuts are
// cutechess-cli 1.3.1's (projects/lib/src/tournament.h); the table itself is printed by the
// dialect's output room (harness/dialect/output/cutechess_results.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

// One column of the table: the token that names it in a format.
enum class ResultField {
    rank,
    name,
    games,
    wins,
    losses,
    draws,
    white_wins,
    white_losses,
    white_draws,
    black_wins,
    black_losses,
    black_draws,
    points,
    score,
    draw_score,
    elo,
    error,
    los,
    white_score,
    white_draw_score,
    white_elo,
    white_error,
    white_los,
    black_score,
    black_draw_score,
    black_elo,
    black_error,
    time_forfeits,
    illegal_moves,
    disconnections,
    stalls,
    wrong_claims,
    regular_losses,
    regular_wins,
    other_wins,
    stalemates,
    material,
    repetitions,
    moves_rule,
    counting_rules,
    adjudicated_draws,
    agreed_draws,
    other_draws,
    time_control,
    unprinted
};

// cutechess's default format, "Rank,Name,Elo,Error,Games,Score,DScore".
inline constexpr std::string_view DEFAULT_RESULT_FORMAT = "default";

// The columns of `format` (a named format or a list of tokens, as -resultformat takes it), in
// its order. Tokens cutechess knows but prints nothing for (LOS, wElo, wError, wLOS, bElo,
// bError, and the wPoints/bPoints of its own per-color and WLDStats) are ResultField::unprinted.
// Throws ConfigError naming `flag` (the door's spelling) and the unknown token.
std::vector<ResultField> result_fields(std::string_view format,
                                       std::string_view flag = "-resultformat");

// What `-resultformat help` prints: the named formats, the field tokens and the shortcuts, in
// cutechess-cli's words and layout.
std::string result_format_help();

}  // namespace arbiter
