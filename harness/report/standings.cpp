#include "harness/report/standings.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "harness/ratings/joint_ratings.h"
#include "harness/ratings/pair_statistics.h"
#include "harness/report/rating_output.h"
#include "harness/text/number_text.h"
#include "harness/text/text_table.h"

namespace arbiter {

namespace {

std::string fixed(double value, int decimals) {
    return format_fixed(value, decimals);
}

// The columns of a standings table: the name column left, the numbers right, one space apart.
// The minimum widths keep the layout arbiter has always printed; longer cells widen a column.
TextTable standings_table(std::size_t name_width, std::vector<std::size_t> number_widths) {
    std::vector<TextColumn> columns = {{TextColumn::Align::left, name_width}};
    for (std::size_t width : number_widths) columns.push_back({TextColumn::Align::right, width});
    return TextTable(std::move(columns), 1);
}

// The rows of `table` laid out by `layout`.
std::string rendered(TextTable layout, const StandingsTables::Rows& rows) {
    for (const auto& row : rows) layout.add_row(row);
    return layout.render();
}

}  // namespace

namespace {

// The joint ratings' table and note; returns the engine indices best first (in the given order
// when there are no ratings).
std::vector<int> rate(StandingsTables& tables, const std::vector<std::string>& names,
                      const std::vector<GameResult>& games, const StandingsOptions& options) {
    RatingOptions rating_options;
    rating_options.bootstrap_samples = options.bootstrap_samples;
    rating_options.seed = options.seed;
    std::vector<int> order;  // engine indices, best first
    try {
        RatingResult ratings = compute_ratings(names, games, rating_options);
        tables.ratings.push_back(
            {"Rank", "Name", "Elo", "95% low", "95% high", "Games", "Score", "Draw"});
        for (const auto& p : ratings.players) {
            const auto& interval = p.interval_95;
            tables.ratings.push_back(
                {std::to_string(p.rank), p.name, rating_text(p.elo, 1),
                 interval ? rating_text(interval->low, 1) : "-",
                 interval ? rating_text(interval->high, 1) : "-", std::to_string(p.results.games()),
                 fixed(p.score_percent(), 1) + "%", fixed(p.draw_percent(), 1) + "%"});
            order.push_back(p.player);
        }
        tables.ratings_note =
            unordered_note(ratings) +
            "Elo: joint maximum likelihood, core group's average 0; 95% low/high: the widest of "
            "the profile likelihood ratio, it moved against the bias, and a " +
            std::to_string(ratings.bootstrap_samples) +
            "-sample parametric bootstrap; +inf/-inf: unbounded (a sweep between groups)";
    } catch (const RatingError& e) {
        tables.ratings_note = std::string("Ratings: ") + e.what();
        for (std::size_t i = 0; i < names.size(); ++i) order.push_back(int(i));
    }
    return order;
}

// What each engine spent per move, in `order`.
StandingsTables::Rows move_statistics_rows(Store& store, TournamentId tournament,
                                           const std::vector<EngineId>& engine_ids,
                                           const std::vector<std::string>& names,
                                           const std::vector<int>& order) {
    StandingsTables::Rows rows;
    rows.push_back({"Name", "Depth", "Nodes", "Time ms", "Moves"});
    auto stats = store.engine_move_statistics(tournament, engine_ids);
    std::map<EngineId, EngineMoveStatistics> by_engine;
    for (const auto& s : stats) by_engine[s.engine_id] = s;
    for (int i : order) {
        const auto& s = by_engine[engine_ids[std::size_t(i)]];
        rows.push_back({names[std::size_t(i)], s.average_depth ? fixed(*s.average_depth, 1) : "-",
                        s.average_nodes ? fixed(*s.average_nodes, 0) : "-",
                        fixed(s.average_time_ms, 1), std::to_string(s.moves)});
    }
    return rows;
}

// The crosstable: points scored by the row engine against the column engine, in `order`.
StandingsTables::Rows crosstable_rows(const std::vector<std::string>& names,
                                      const std::vector<GameResult>& games,
                                      const std::vector<int>& order) {
    std::vector<std::vector<WdlCounts>> cross(names.size(), std::vector<WdlCounts>(names.size()));
    for (const auto& g : games) {
        cross[std::size_t(g.white)][std::size_t(g.black)].add(g.outcome, true);
        cross[std::size_t(g.black)][std::size_t(g.white)].add(g.outcome, false);
    }
    StandingsTables::Rows rows;
    std::vector<std::string> header = {"Crosstable"};
    for (std::size_t c = 0; c < order.size(); ++c) header.push_back(std::to_string(c + 1));
    rows.push_back(header);
    for (std::size_t r = 0; r < order.size(); ++r) {
        std::vector<std::string> row = {std::to_string(r + 1) + " " + names[std::size_t(order[r])]};
        for (int c : order) {
            const WdlCounts& w = cross[std::size_t(order[r])][std::size_t(c)];
            row.push_back(c == order[r] ? "-"
                          : w.games()   ? fixed(w.points(), 1) + "/" + std::to_string(w.games())
                                        : ".");
        }
        rows.push_back(row);
    }
    return rows;
}

// A two-engine match in cutechess's words: the score, the Elo difference, and the pentanomial
// line when there are pairs to count.
std::vector<std::string> match_text(const std::vector<std::string>& names,
                                    const std::vector<GameResult>& games) {
    MatchTally tally = tally_match(games, 0, 1);
    PairStatistics s = pair_statistics(tally);
    const WdlCounts& w = tally.wdl;
    std::vector<std::string> lines;
    lines.push_back("Score of " + names[0] + " vs " + names[1] + ": " + std::to_string(w.wins) +
                    " - " + std::to_string(w.losses) + " - " + std::to_string(w.draws) + "  [" +
                    fixed(w.score(), 3) + "] " + std::to_string(w.games()));
    lines.push_back("Elo difference: " + fixed(s.trinomial.elo, 1) + " +/- " +
                    fixed(s.trinomial.error_95, 1) + ", LOS: " + fixed(100 * s.trinomial.los, 1) +
                    " %, DrawRatio: " +
                    fixed(w.games() ? 100.0 * double(w.draws) / double(w.games()) : 0.0, 1) + " %");
    if (s.pentanomial) {
        const auto& p = tally.pentanomial.pairs;
        std::string line = "Ptnml(0-2): [" + std::to_string(p[0]) + ", " + std::to_string(p[1]) +
                           ", " + std::to_string(p[2]) + ", " + std::to_string(p[3]) + ", " +
                           std::to_string(p[4]) +
                           "], pentanomial Elo: " + fixed(s.pentanomial->elo, 1) + " +/- " +
                           fixed(s.pentanomial->error_95, 1);
        if (s.normalized)
            line += ", nElo: " + fixed(s.normalized->elo, 1) + " +/- " +
                    fixed(s.normalized->error_95, 1);
        lines.push_back(line);
    }
    return lines;
}

}  // namespace

StandingsTables standings_tables(Store& store, TournamentId tournament,
                                 const std::vector<EngineId>& engine_ids,
                                 const std::vector<std::string>& names,
                                 const StandingsOptions& options) {
    StandingsTables tables;
    std::vector<GameSummary> summaries = store.list_games(tournament, engine_ids);
    if (summaries.empty()) return tables;
    std::map<EngineId, int> index;
    for (std::size_t i = 0; i < engine_ids.size(); ++i) index[engine_ids[i]] = int(i);
    std::vector<GameResult> games;
    for (const auto& g : summaries) {
        games.push_back({index[g.white_engine_id], index[g.black_engine_id], g.result.outcome,
                         g.slot.pair_number()});
    }
    const std::vector<int> order = rate(tables, names, games, options);
    tables.move_statistics = move_statistics_rows(store, tournament, engine_ids, names, order);
    if (names.size() > 2) tables.crosstable = crosstable_rows(names, games, order);
    if (names.size() == 2) tables.match_lines = match_text(names, games);
    return tables;
}

std::string format_standings(const StandingsTables& tables) {
    if (tables.empty()) return {};
    std::string out;
    if (!tables.ratings.empty())
        out += rendered(TextTable({{TextColumn::Align::left, 4},
                                   {TextColumn::Align::left, 23},
                                   {TextColumn::Align::right, 9},
                                   {TextColumn::Align::right, 9},
                                   {TextColumn::Align::right, 9},
                                   {TextColumn::Align::right, 7},
                                   {TextColumn::Align::right, 7},
                                   {TextColumn::Align::right, 7}},
                                  1),
                        tables.ratings);
    out += tables.ratings_note + "\n";
    // The sections after the ratings, a blank line before each.
    std::vector<std::string> sections;
    if (!tables.move_statistics.empty())
        sections.push_back(rendered(standings_table(23, {8, 13, 9, 8}), tables.move_statistics));
    if (!tables.crosstable.empty()) {
        // Columns as wide as their widest cell: from tens of thousands of games on, cells such
        // as 97300.0/172200 are wider than the 11 columns the layout starts from.
        std::vector<std::size_t> widths(tables.crosstable.front().size() - 1, 11);
        widths[0] = 12;
        sections.push_back(rendered(standings_table(23, widths), tables.crosstable));
    }
    if (!tables.match_lines.empty()) {
        std::string lines;
        for (const std::string& line : tables.match_lines) lines += line + "\n";
        sections.push_back(lines);
    }
    if (sections.empty()) return out;
    out += "\n";
    for (std::size_t i = 0; i < sections.size(); ++i) out += (i ? "\n" : "") + sections[i];
    return out;
}

std::string format_standings(Store& store, TournamentId tournament,
                             const std::vector<EngineId>& engine_ids,
                             const std::vector<std::string>& names,
                             const StandingsOptions& options) {
    return format_standings(standings_tables(store, tournament, engine_ids, names, options));
}

}  // namespace arbiter
