#include "harness/dialect/output/cutechess_results.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <numeric>

#include "harness/config/result_format.h"
#include "harness/dialect/output/cutechess_output.h"
#include "harness/ratings/sprt.h"

namespace arbiter {

namespace {

using K = EndingKind;

// A number as Qt's QString::arg(x, width, 'f' or 'g', precision) writes it: "nan", "inf" and
// "-inf" without printf's sign of a NaN, no "-0", right-aligned to `width`.
std::string qt_number(double value, int width, char form, int precision) {
    char text[64];
    if (std::isnan(value)) {
        std::snprintf(text, sizeof text, "%*s", width, "nan");
    } else if (std::isinf(value)) {
        std::snprintf(text, sizeof text, "%*s", width, value > 0 ? "inf" : "-inf");
    } else {
        if (value == 0) value = 0;
        if (form == 'f') {
            std::snprintf(text, sizeof text, "%*s", width, qt_fixed(value, precision).c_str());
            return text;
        }
        std::snprintf(text, sizeof text, "%*.*g", width, precision, value);
    }
    return text;
}

// A share of points as cutechess computes it: NaN without games.
double point_ratio(const WdlCounts& counts) {
    return (2.0 * double(counts.wins) + double(counts.draws)) / (2.0 * double(counts.games()));
}
double draw_ratio(const WdlCounts& counts) {
    return double(counts.draws) / double(counts.games());
}

// The kind a drawn game counts as (both engines count it), from how it ended: cutechess's
// adjudicated draws, its draw by timeout, the rule that drew it, else another draw. cutechess's
// counting rules end no game of standard chess or Chess960.
EndingKind draw_kind(Termination termination) {
    switch (termination) {
        case Termination::adjudication_draw:
        case Termination::max_plies:
        case Termination::tablebase:
            return K::adjudication;
        case Termination::time_forfeit:
            return K::time_forfeit;
        case Termination::stalemate:
            return K::stalemate;
        case Termination::insufficient_material:
            return K::material;
        case Termination::threefold:
            return K::repetition;
        case Termination::fifty_moves:
            return K::moves_rule;
        default:
            return K::other_draw;
    }
}

// The kind a lost game counts as for its loser (the winner counts a regular win when this is a
// regular loss, else another win).
EndingKind loss_kind(Termination termination) {
    switch (termination) {
        case Termination::time_forfeit:
            return K::time_forfeit;
        case Termination::illegal_move:
            return K::illegal_move;
        case Termination::disconnect:
            return K::disconnection;
        case Termination::stall:
            return K::stall;
        case Termination::false_claim:
            return K::wrong_claim;
        default:
            return K::regular_loss;
    }
}

// One game's colour line: "...      LABEL: W - L - D  [0.500] N".
std::string side_line(const std::string& label, const WdlCounts& counts) {
    return "...      " + label + ": " + std::to_string(counts.wins) + " - " +
           std::to_string(counts.losses) + " - " + std::to_string(counts.draws) + "  [" +
           qt_number(point_ratio(counts), 0, 'f', 3) + "] " + std::to_string(counts.games()) + "\n";
}

// The text of one column, header or cell, each followed by a space as cutechess pads them.
struct Column {
    std::string header;
    std::function<std::string(const RankingEntry&, int rank)> cell;
};

std::string padded(const std::string& text, int width) {
    std::string cell = text;
    if (int(cell.size()) < std::abs(width))
        cell = width < 0 ? cell + std::string(std::size_t(-width) - cell.size(), ' ')
                         : std::string(std::size_t(width) - cell.size(), ' ') + cell;
    return cell + " ";
}

using Count = std::int64_t (*)(const PlayerTally&);
using Share = double (*)(const PlayerTally&);

Column count_column(const char* header, Count count) {
    return {padded(header, 7), [count](const RankingEntry& e, int) {
                return padded(std::to_string(count(*e.tally)), 7);
            }};
}
Column ending_column(const char* header, EndingKind kind) {
    return {padded(header, 7), [kind](const RankingEntry& e, int) {
                return padded(std::to_string(e.tally->ending(kind)), 7);
            }};
}
Column percent_column(const char* header, Share share) {
    return {padded(header, 7), [share](const RankingEntry& e, int) {
                return qt_number(100 * share(*e.tally), 6, 'f', 1) + "% ";
            }};
}
Column elo_column(const char* header, double CutechessElo::*figure) {
    return {padded(header, 7), [figure](const RankingEntry& e, int) {
                return qt_number(cutechess_elo(e.tally->total()).*figure, 7, 'f', 0) + " ";
            }};
}

// The column of an ending kind's field (Time ... OtherD); nothing for an unprinted field.
Column ending_field_column(ResultField field) {
    using F = ResultField;
    switch (field) {
        case F::time_forfeits:
            return ending_column("Time", K::time_forfeit);
        case F::illegal_moves:
            return ending_column("Illegal", K::illegal_move);
        case F::disconnections:
            return ending_column("Discon", K::disconnection);
        case F::stalls:
            return ending_column("Stall", K::stall);
        case F::wrong_claims:
            return ending_column("WrClaim", K::wrong_claim);
        case F::regular_losses:
            return ending_column("RegulL", K::regular_loss);
        case F::regular_wins:
            return ending_column("RegulW", K::regular_win);
        case F::other_wins:
            return ending_column("OtherW", K::other_win);
        case F::stalemates:
            return ending_column("DStale", K::stalemate);
        case F::material:
            return ending_column("DMater", K::material);
        case F::repetitions:
            return ending_column("DRepet", K::repetition);
        case F::moves_rule:
            return ending_column("DMoves", K::moves_rule);
        case F::counting_rules:
            return ending_column("DCount", K::counting_rules);
        case F::adjudicated_draws:
            return ending_column("DAdj", K::adjudication);
        case F::agreed_draws:
            return ending_column("DAgree", K::agreement);
        case F::other_draws:
            return ending_column("OtherD", K::other_draw);
        default:
            return {"", [](const RankingEntry&, int) { return std::string(); }};
    }
}

// The column of `field`: its header and its cell (an unprinted field has neither).
Column column(ResultField field) {
    using F = ResultField;
    using P = const PlayerTally&;
    switch (field) {
        case F::rank:
            return {padded("Rank", 4),
                    [](const RankingEntry&, int rank) { return padded(std::to_string(rank), 4); }};
        case F::name:
            return {padded("Name", -25),
                    [](const RankingEntry& e, int) { return padded(e.name, -25); }};
        case F::points:
            return {padded("Points", 8), [](const RankingEntry& e, int) {
                        return qt_number(e.tally->total().points(), 8, 'f', 1) + " ";
                    }};
        case F::time_control:
            return {padded("TC", 14),
                    [](const RankingEntry& e, int) { return padded(e.time_control, 14); }};
        case F::elo:
            return elo_column("Elo", &CutechessElo::diff);
        case F::error:
            return elo_column("+/-", &CutechessElo::margin);
        case F::games:
            return count_column("Games", [](P p) { return p.total().games(); });
        case F::wins:
            return count_column("Wins", [](P p) { return p.total().wins; });
        case F::losses:
            return count_column("Losses", [](P p) { return p.total().losses; });
        case F::draws:
            return count_column("Draws", [](P p) { return p.total().draws; });
        case F::white_wins:
            return count_column("WWins", [](P p) { return p.as_white.wins; });
        case F::white_losses:
            return count_column("WLoss.", [](P p) { return p.as_white.losses; });
        case F::white_draws:
            return count_column("WDraws", [](P p) { return p.as_white.draws; });
        case F::black_wins:
            return count_column("BWins", [](P p) { return p.as_black.wins; });
        case F::black_losses:
            return count_column("BLoss.", [](P p) { return p.as_black.losses; });
        case F::black_draws:
            return count_column("BDraws", [](P p) { return p.as_black.draws; });
        case F::score:
            return percent_column("Score", [](P p) { return point_ratio(p.total()); });
        case F::draw_score:
            return percent_column("Draw", [](P p) { return draw_ratio(p.total()); });
        case F::white_score:
            return percent_column("White", [](P p) { return point_ratio(p.as_white); });
        case F::black_score:
            return percent_column("Black", [](P p) { return point_ratio(p.as_black); });
        case F::white_draw_score:
            return percent_column("WDraw", [](P p) { return draw_ratio(p.as_white); });
        case F::black_draw_score:
            return percent_column("BDraw", [](P p) { return draw_ratio(p.as_black); });
        default:
            return ending_field_column(field);
    }
}

}  // namespace

void count_game(PlayerTally& white, PlayerTally& black, const Result& result,
                const std::string& reason) {
    white.as_white.add(result.outcome, true);
    black.as_black.add(result.outcome, false);
    if (result.outcome == Outcome::draw) {
        EndingKind kind = draw_kind(result.termination);
        for (PlayerTally* player : {&white, &black}) {
            ++player->endings[std::size_t(kind)];
            ++player->outcomes[reason];
        }
        return;
    }
    PlayerTally& winner = result.outcome == Outcome::white_win ? white : black;
    PlayerTally& loser = result.outcome == Outcome::white_win ? black : white;
    EndingKind lost = loss_kind(result.termination);
    ++loser.endings[std::size_t(lost)];
    ++winner.endings[std::size_t(lost == K::regular_loss ? K::regular_win : K::other_win)];
    ++winner.outcomes["Win: " + reason];
    ++loser.outcomes["Loss: " + reason];
}

std::string sides_lines(const std::string& name, const PlayerTally& player) {
    std::string text;
    if (player.as_white.games() > 0) text += side_line(name + " playing White", player.as_white);
    if (player.as_black.games() > 0) text += side_line(name + " playing Black", player.as_black);
    if (player.total().games() == 0) return text;
    // White's side of every game: this engine's White games and its Black games turned round.
    WdlCounts white{.wins = player.as_white.wins + player.as_black.losses,
                    .draws = player.total().draws,
                    .losses = player.as_white.losses + player.as_black.wins};
    return text + side_line("White vs Black", white);
}

std::string cutechess_sprt_line(const std::optional<SprtParameters>& parameters,
                                const PentanomialCounts& pairs) {
    if (!parameters) return "SPRT: llr 0 (0.0%), lbound -inf, ubound inf";
    Sprt sprt(*parameters);
    sprt.update(pairs);
    std::string line = "SPRT: llr " + qt_number(sprt.llr(), 0, 'g', 3) + " (" +
                       qt_number(sprt.llr() / sprt.upper_bound() * 100, 0, 'f', 1) + "%), lbound " +
                       qt_number(sprt.lower_bound(), 0, 'g', 3) + ", ubound " +
                       qt_number(sprt.upper_bound(), 0, 'g', 3);
    if (sprt.state() == SprtState::h0_accepted) line += " - H0 was accepted";
    if (sprt.state() == SprtState::h1_accepted) line += " - H1 was accepted";
    return line;
}

std::string outcome_blocks(const std::vector<std::string>& names,
                           const std::vector<PlayerTally>& players) {
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i) {
        text += "\nPlayer: " + names[i];
        for (const auto& [words, count] : players[i].outcomes)
            text += "\n   \"" + words + "\": " + std::to_string(count);
    }
    return text;
}

std::string ranking_table(const std::vector<RankingEntry>& entries, std::string_view format,
                          std::optional<int> gauntlet_seeds) {
    // Step 1. The order: cutechess's map from 1 - score (-1 for a gauntlet's seeds, 2 without
    // games), the engine inserted last first among equal keys.
    auto key = [&](std::size_t i) {
        if (gauntlet_seeds && (i == 0 || int(i) < *gauntlet_seeds)) return -1.0;
        WdlCounts total = entries[i].tally->total();
        return total.games() ? 1.0 - point_ratio(total) : 2.0;
    };
    std::vector<std::size_t> order(entries.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return key(a) < key(b) || (key(a) == key(b) && a > b);
    });
    // Step 2. The header and the rows, in the format's columns.
    std::vector<Column> columns;
    for (ResultField field : result_fields(format)) columns.push_back(column(field));
    std::string text;
    for (const Column& c : columns) text += c.header;
    text += "\n";
    int rank = gauntlet_seeds ? -1 : 0;
    for (std::size_t i : order) {
        ++rank;
        for (const Column& c : columns) text += c.cell(entries[i], rank);
        text += "\n";
    }
    return text;
}

}  // namespace arbiter
