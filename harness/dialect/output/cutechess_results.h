// What cutechess-cli 1.3.1 prints of a match's results besides its per-game lines, from each
// engine's counts (PlayerTally): for two engines the "...      A playing White: ..." lines
// before the Elo line, for more the ranking table in -resultformat's columns, then the SPRT line
// (printed with "llr 0 ... lbound -inf, ubound inf" when no SPRT runs), and the outcome blocks
// ("Player: A" and each ending's count, "   \"Win: White mates\": 3"). Its console class is
// CutechessLines (console_lines.cpp); the words and layout are cutechess's
// (projects/lib/src/tournament.cpp: resultsForSides, results, outcomes).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/config/sprt_config.h"
#include "harness/game/result.h"
#include "harness/ratings/counts.h"

namespace arbiter {

// cutechess's kinds of ending, as it counts them per engine for -resultformat's columns Time,
// Illegal, Discon, Stall, WrClaim, RegulL, RegulW, OtherW, DStale, DMater, DRepet, DMoves,
// DCount, DAdj, DAgree and OtherD.
enum class EndingKind {
    time_forfeit,
    illegal_move,
    disconnection,
    stall,
    wrong_claim,
    regular_loss,
    regular_win,
    other_win,
    stalemate,
    material,
    repetition,
    moves_rule,
    counting_rules,
    adjudication,
    agreement,
    other_draw
};
inline constexpr std::size_t ENDING_KINDS = std::size_t(EndingKind::other_draw) + 1;

// One engine's games as cutechess counts them: by colour, by ending kind, and by the words of
// each ending ("Win: White mates", "Loss: Black loses on time", "Draw by 3-fold repetition").
struct PlayerTally {
    WdlCounts as_white;  // games this engine played with White, from its side
    WdlCounts as_black;
    std::map<std::string, std::int64_t> outcomes;
    std::array<std::int64_t, ENDING_KINDS> endings{};

    WdlCounts total() const { return as_white + as_black; }
    std::int64_t ending(EndingKind kind) const { return endings[std::size_t(kind)]; }
};

// Counts one game, which ended as `result` (its words `reason`, as the game's line shows them),
// for both of its engines.
void count_game(PlayerTally& white, PlayerTally& black, const Result& result,
                const std::string& reason);

// The three lines cutechess prints of the first engine of a two-engine match before its Elo
// line: "...      A playing White: W - L - D  [0.500] N", "...      A playing Black: ...",
// "...      White vs Black: ..." (a colour the engine has not played left out; none without games).
std::string sides_lines(const std::string& name, const PlayerTally& player);

// The SPRT line cutechess ends its results with: "SPRT: llr 0.21 (7.1%), lbound -2.94, ubound
// 2.94" (figures as Qt's 'g' with 3 digits; the percentage of the upper bound), with
// " - H1 was accepted" or " - H0 was accepted" once decided; without an SPRT "SPRT: llr 0
// (0.0%), lbound -inf, ubound inf". The LLR is arbiter's pentanomial one over `pairs`.
std::string cutechess_sprt_line(const std::optional<SprtParameters>& sprt,
                                const PentanomialCounts& pairs);

// The outcome blocks: for each engine in order "\nPlayer: NAME" and its endings' counts sorted
// by their words, each line begun with a newline as cutechess builds it (no newline at the end).
std::string outcome_blocks(const std::vector<std::string>& names,
                           const std::vector<PlayerTally>& players);

// One row of the ranking table: an engine, its counts and its time control as cutechess writes
// it ("10+0.1", "40/60", "1/move", "inf").
struct RankingEntry {
    std::string name;
    const PlayerTally* tally = nullptr;
    std::string time_control;
};

// The ranking table of more than two engines in the columns of `format` (-resultformat, already
// checked): a header line and one line per engine, each column followed by a space. Engines are
// ordered by score, best first (ties: the later engine first, as cutechess's map orders them),
// engines without games last; in a gauntlet the first `gauntlet_seeds` engines come first and the
// ranks start at 0.
std::string ranking_table(const std::vector<RankingEntry>& entries, std::string_view format,
                          std::optional<int> gauntlet_seeds);

}  // namespace arbiter
