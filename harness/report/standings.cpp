#include "harness/report/standings.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "harness/ratings/joint_ratings.h"
#include "harness/ratings/pair_statistics.h"
#include "harness/ratings/rating_output.h"

namespace arbiter {

namespace {

std::string fixed(double value, int decimals) {
    return format_fixed(value, decimals);
}

std::string pad(const std::string& text, std::size_t width, bool right = false) {
    if (text.size() >= width) return text;
    return right ? std::string(width - text.size(), ' ') + text
                 : text + std::string(width - text.size(), ' ');
}

}  // namespace

std::string format_standings(Store& store, TournamentId tournament,
                             const std::vector<EngineId>& engine_ids,
                             const std::vector<std::string>& names,
                             const StandingsOptions& options) {
    std::vector<GameSummary> summaries = store.list_games(tournament, engine_ids);
    if (summaries.empty()) return {};
    std::map<EngineId, int> index;
    for (std::size_t i = 0; i < engine_ids.size(); ++i) index[engine_ids[i]] = int(i);
    std::vector<GameResult> games;
    for (const auto& g : summaries) {
        auto outcome = parse_outcome(g.result);
        if (!outcome) continue;
        games.push_back(
            {index[g.white_engine_id], index[g.black_engine_id], *outcome, g.slot.pair_number()});
    }
    std::ostringstream out;

    // Step 1. Joint ratings.
    RatingOptions rating_options;
    rating_options.bootstrap_samples = options.bootstrap_samples;
    rating_options.seed = options.seed;
    std::vector<int> order;  // engine indices, best first
    try {
        RatingResult ratings = compute_ratings(names, games, rating_options);
        out << pad("Rank", 5) << pad("Name", 24) << pad("Elo", 9, true) << pad("+/-", 8, true)
            << pad("Games", 8, true) << pad("Score", 8, true) << pad("Draw", 8, true) << '\n';
        int rank = 0;
        for (const auto& p : ratings.players) {
            std::string elo = (p.bound == RatingBound::lower   ? "> "
                               : p.bound == RatingBound::upper ? "< "
                                                               : "") +
                              fixed(p.elo, 1);
            std::string error = p.error_95 ? fixed(*p.error_95, 1) : "-";
            out << pad(std::to_string(++rank), 5) << pad(p.name, 24) << pad(elo, 9, true)
                << pad(error, 8, true) << pad(std::to_string(p.results.games()), 8, true)
                << pad(fixed(p.score_percent(), 1) + "%", 8, true)
                << pad(fixed(p.draw_percent(), 1) + "%", 8, true) << '\n';
            order.push_back(p.player);
        }
        out << "Elo: joint maximum likelihood, pool average 0; +/-: 95% from a "
            << ratings.bootstrap_samples << "-sample parametric bootstrap\n";
    } catch (const RatingError& e) {
        out << "Ratings: " << e.what() << '\n';
        for (std::size_t i = 0; i < names.size(); ++i) order.push_back(int(i));
    }

    // Step 2. What each engine spent per move.
    out << '\n'
        << pad("Name", 24) << pad("Depth", 8, true) << pad("Nodes", 14, true)
        << pad("Time ms", 10, true) << pad("Moves", 9, true) << '\n';
    auto stats = store.engine_move_statistics(tournament, engine_ids);
    std::map<EngineId, EngineMoveStatistics> by_engine;
    for (const auto& s : stats) by_engine[s.engine_id] = s;
    for (int i : order) {
        const auto& s = by_engine[engine_ids[std::size_t(i)]];
        out << pad(names[std::size_t(i)], 24)
            << pad(s.average_depth ? fixed(*s.average_depth, 1) : "-", 8, true)
            << pad(s.average_nodes ? fixed(*s.average_nodes, 0) : "-", 14, true)
            << pad(fixed(s.average_time_ms, 1), 10, true) << pad(std::to_string(s.moves), 9, true)
            << '\n';
    }

    // Step 3. Crosstable: points scored by the row engine against the column engine.
    if (names.size() > 2) {
        std::vector<std::vector<WdlCounts>> cross(names.size(),
                                                  std::vector<WdlCounts>(names.size()));
        for (const auto& g : games) {
            cross[std::size_t(g.white)][std::size_t(g.black)].add(g.outcome, true);
            cross[std::size_t(g.black)][std::size_t(g.white)].add(g.outcome, false);
        }
        out << '\n' << pad("Crosstable", 24);
        for (std::size_t c = 0; c < order.size(); ++c) out << pad(std::to_string(c + 1), 12, true);
        out << '\n';
        for (std::size_t r = 0; r < order.size(); ++r) {
            out << pad(std::to_string(r + 1) + " " + names[std::size_t(order[r])], 24);
            for (int c : order) {
                const WdlCounts& w = cross[std::size_t(order[r])][std::size_t(c)];
                std::string cell = c == order[r] ? "-"
                                   : w.games()
                                       ? fixed(w.points(), 1) + "/" + std::to_string(w.games())
                                       : ".";
                out << pad(cell, 12, true);
            }
            out << '\n';
        }
    }

    // Step 4. A two-engine match in cutechess's words.
    if (names.size() == 2) {
        MatchTally tally = tally_match(games, 0, 1);
        PairStatistics s = pair_statistics(tally);
        const WdlCounts& w = tally.wdl;
        out << "\nScore of " << names[0] << " vs " << names[1] << ": " << w.wins << " - "
            << w.losses << " - " << w.draws << "  [" << fixed(w.score(), 3) << "] " << w.games()
            << '\n';
        out << "Elo difference: " << fixed(s.trinomial.elo, 1) << " +/- "
            << fixed(s.trinomial.error_95, 1) << ", LOS: " << fixed(100 * s.trinomial.los, 1)
            << " %, DrawRatio: "
            << fixed(w.games() ? 100.0 * double(w.draws) / double(w.games()) : 0.0, 1) << " %\n";
        if (s.pentanomial) {
            const auto& p = tally.pentanomial.pairs;
            out << "Ptnml(0-2): [" << p[0] << ", " << p[1] << ", " << p[2] << ", " << p[3] << ", "
                << p[4] << "], pentanomial Elo: " << fixed(s.pentanomial->elo, 1) << " +/- "
                << fixed(s.pentanomial->error_95, 1);
            if (s.normalized)
                out << ", nElo: " << fixed(s.normalized->elo, 1) << " +/- "
                    << fixed(s.normalized->error_95, 1);
            out << '\n';
        }
    }
    return out.str();
}

}  // namespace arbiter
