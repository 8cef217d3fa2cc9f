#include "harness/report/html/report_data.h"

#include "harness/pgn/pgn_writer.h"
#include "harness/report/pool_report.h"
#include "harness/report/rating_pool.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <stdexcept>

#include "engines/core/board.h"
#include "harness/config/json.h"
#include "harness/ratings/counts.h"

namespace arbiter::html {

namespace {

// The event, the global limits, the draw-claim rule, the SPRT parameters and the clock periods'
// first moves of the stored configuration, read as every stored configuration is read
// (stored_tournament_config()).
void read_configuration(ReportData& data) {
    const TournamentConfig config = stored_tournament_config(data.tournament);
    data.event = config.event;
    data.note = config.note;
    const json::Value limits = to_json(config.limits);
    for (const auto& [key, value] : limits.as_object())
        data.limits += (data.limits.empty() ? "" : ", ") + key + " " +
                       (value.is_string() ? value.as_string() : value.dump());
    data.sprt = config.sprt;
    data.trusted_draw_claims = config.game.draw_claims == DrawClaims::trusted;
    // Step 2. The moves where a clock period begins, for each time control played.
    std::map<int, std::string> starts;
    std::vector<SearchLimitConfig> played;
    for (const EngineConfig& engine : config.engines)
        played.push_back(engine.limits.or_else(config.limits));
    if (config.engines.empty()) played.push_back(config.limits);
    std::set<std::string> seen;
    for (const SearchLimitConfig& limits : played) {
        if (!limits.tc || !seen.insert(to_string(*limits.tc)).second) continue;
        int move = 1;
        for (std::size_t period = 0; limits.tc->period(period).moves > 0; ++period) {
            move += limits.tc->period(period).moves;
            if (move > ReportData::PHASE_START.back()) break;
            std::string& label = starts[move];
            std::string name = "period " + std::to_string(period + 2);
            if (label.find(name) == std::string::npos) label += (label.empty() ? "" : ", ") + name;
            if (data.period_controls.find(to_string(*limits.tc)) == std::string::npos)
                data.period_controls +=
                    (data.period_controls.empty() ? "" : ", ") + to_string(*limits.tc);
        }
    }
    data.period_starts.assign(starts.begin(), starts.end());
}

// Keeps the games between the newest identity of each engine name (a rebuilt engine's older
// games are history) and numbers the engines in order of first appearance.
void select_games(ReportData& data, std::vector<GameSummary> all) {
    std::int64_t superseded = 0;
    std::vector<GameSummary> games = current_games(std::move(all), &superseded);
    data.older_games += superseded;
    std::map<EngineId, int> index;
    auto engine_index = [&](EngineId id, const std::string& name) {
        auto [it, added] = index.emplace(id, int(data.names.size()));
        if (added) {
            data.names.push_back(name);
            data.engine_ids.push_back(id);
        }
        return it->second;
    };
    for (auto& g : games) {
        engine_index(g.white_engine_id, g.white_name);
        engine_index(g.black_engine_id, g.black_name);
        data.games.push_back(std::move(g));
    }
}

int index_of(const ReportData& data, EngineId id) {
    auto it = std::find(data.engine_ids.begin(), data.engine_ids.end(), id);
    return int(it - data.engine_ids.begin());
}

// The games as the ratings read them; a pair is the two games of one tournament's pair number.
std::vector<GameResult> game_results(const ReportData& data, std::size_t count) {
    std::vector<GameResult> results;
    std::map<std::pair<TournamentId, std::int64_t>, std::int64_t> pair_ids;
    for (std::size_t i = 0; i < count && i < data.games.size(); ++i) {
        const auto& g = data.games[i];
        const auto pair = pair_ids.emplace(std::pair{g.tournament_id, g.slot.pair_number()},
                                           std::int64_t(pair_ids.size()));
        results.push_back({index_of(data, g.white_engine_id), index_of(data, g.black_engine_id),
                           g.result.outcome, pair.first->second});
    }
    return results;
}

// Indices into data.games in the order the games were recorded.
std::vector<std::size_t> recording_order(const ReportData& data) {
    std::vector<std::size_t> recorded(data.games.size());
    for (std::size_t i = 0; i < recorded.size(); ++i) recorded[i] = i;
    std::sort(recorded.begin(), recorded.end(),
              [&](std::size_t a, std::size_t b) { return data.games[a].id < data.games[b].id; });
    return recorded;
}

// Standings, crosstable, the two-engine match figures and the SPRT trajectory.
void compute_results(ReportData& data, const ReportOptions& options) {
    // Step 1. Joint ratings; engines the fit leaves out go last.
    std::vector<GameResult> results = game_results(data, data.games.size());
    RatingOptions rating_options;
    rating_options.bootstrap_samples = options.bootstrap_samples;
    rating_options.seed = options.seed;
    rating_options.threads = options.threads;
    try {
        data.ratings = compute_ratings(data.names, results, rating_options);
        for (const auto& p : data.ratings->players) data.order.push_back(p.player);
    } catch (const RatingError& e) {
        data.ratings_error = e.what();
    }
    for (int i = 0; i < int(data.names.size()); ++i)
        if (std::find(data.order.begin(), data.order.end(), i) == data.order.end())
            data.order.push_back(i);

    // Step 2. The crosstable, from the row engine's side.
    std::size_t n = data.names.size();
    data.cross.assign(n, std::vector<WdlCounts>(n));
    for (const auto& g : results) {
        data.cross[std::size_t(g.white)][std::size_t(g.black)].add(g.outcome, true);
        data.cross[std::size_t(g.black)][std::size_t(g.white)].add(g.outcome, false);
    }
    // Step 3. A two-engine match: pair statistics, and the LLR after each complete pair in the
    // order the pairs were completed.
    if (n != 2) return;
    data.match = pair_statistics(tally_match(results, 0, 1));
    if (!data.sprt || results.size() != data.games.size()) return;
    std::vector<std::size_t> recorded = recording_order(data);
    std::map<std::int64_t, std::vector<const GameResult*>> pairs;
    PentanomialCounts totals;
    Sprt sprt(*data.sprt);
    for (std::size_t i : recorded) {
        const GameResult& g = results[i];
        auto& pair = pairs[*g.pair_id];
        pair.push_back(&g);
        if (pair.size() != 2) continue;
        MatchTally tally = tally_match(std::vector<GameResult>{*pair[0], *pair[1]}, 0, 1);
        if (tally.pentanomial.pair_count() != 1) continue;
        totals += tally.pentanomial;
        sprt.update(totals);
        data.llr.emplace_back(totals.pair_count(), sprt.llr());
    }
}

// Joint ratings after an increasing number of games, in the order the games were recorded.
void compute_timeline(ReportData& data, const ReportOptions& options) {
    std::vector<std::size_t> recorded = recording_order(data);
    std::vector<GameResult> all = game_results(data, data.games.size());
    if (all.size() != data.games.size() || options.timeline_points < 2) return;
    RatingOptions rating_options;
    rating_options.bootstrap_samples = options.timeline_bootstrap_samples;
    rating_options.seed = options.seed;
    rating_options.threads = options.threads;
    std::int64_t total = std::int64_t(all.size());
    std::int64_t previous = 0;
    for (int step = 1; step <= options.timeline_points; ++step) {
        std::int64_t games = total * step / options.timeline_points;
        if (games <= previous) continue;
        previous = games;
        std::vector<GameResult> prefix;
        for (std::int64_t i = 0; i < games; ++i) prefix.push_back(all[recorded[std::size_t(i)]]);
        TimelinePoint point{games, std::vector<std::optional<PlayerRating>>(data.names.size())};
        try {
            RatingResult r = compute_ratings(data.names, prefix, rating_options);
            for (const auto& p : r.players) point.players[std::size_t(p.player)] = p;
        } catch (const RatingError&) {
            continue;
        }
        data.timeline.push_back(std::move(point));
    }
}

std::size_t phase_of(int move_number) {
    std::size_t phase = 0;
    while (phase + 1 < ReportData::PHASE_START.size() &&
           move_number >= ReportData::PHASE_START[phase + 1])
        ++phase;
    return phase;
}

// A game's termination in both engines' rows, or a fault in the row of the engine that made it.
void count_termination(ReportData& data, const GameSummary& summary, int white, int black) {
    std::string code(termination_code(summary.result.termination));
    if (is_fault(summary.result.termination) && summary.result.outcome != Outcome::draw) {
        // A fault is counted against the engine that made it, never in its opponent's row.
        const int faulty = summary.result.outcome == Outcome::white_win ? black : white;
        ++data.terminations[std::size_t(faulty)][code];
        ++data.faults[std::size_t(faulty)][code];
    } else {
        ++data.terminations[std::size_t(white)][code];
        ++data.terminations[std::size_t(black)][code];
    }
}

// A game's result in its opening's line: White's points, and the pair's points (the lower
// engine index's).
void count_opening(std::map<OpeningId, OpeningLine>& openings, const GameSummary& summary,
                   int white, int black) {
    if (!summary.opening_id) return;
    const Outcome outcome = summary.result.outcome;
    OpeningLine& line = openings[*summary.opening_id];
    line.id = *summary.opening_id;
    ++line.games;
    line.white_points += white_points(outcome);
    int a = std::min(white, black), b = std::max(white, black);
    OpeningPairResult& pair = line.pairs[{a, b}];
    ++pair.games;
    pair.points += a == white ? white_points(outcome) : 1.0 - white_points(outcome);
}

// A game's moves (book moves aside) in the search figures of the engine that chose each, by the
// phase of the game it was chosen in.
void add_search_figures(ReportData& data, const GameRecord& game, int white, int black) {
    FenTurn turn;  // the start FEN was checked when the game was stored
    (void)read_fen_turn(game.start_fen, turn);
    for (const auto& move : game.moves) {
        std::size_t side = std::size_t((move.ply + 1) % 2);
        if (move.book) continue;
        bool white_moved = (side == 0) == (turn.side_to_move == WHITE);
        int full_move = (move.ply + 1) / 2;
        PhaseStatistics& s =
            data.phases[std::size_t(white_moved ? white : black)][phase_of(full_move)];
        // The clock as the referee kept it (recorded since schema version 6).
        if (move.clock_ms && *move.clock_ms > 0) {
            data.clocked = true;
            ++s.clock_moves;
            s.clock_left_ms_sum += double(*move.clock_ms);
            s.clock_share_sum += double(move.time_ms) / double(*move.clock_ms);
        }
        ++s.moves;
        s.time_ms_sum += double(move.time_ms);
        if (move.depth) {
            ++s.moves_with_depth;
            s.depth_sum += *move.depth;
        }
        if (move.nodes) {
            ++s.moves_with_nodes;
            s.nodes_sum += double(*move.nodes);
            s.nodes_time_ms_sum += double(move.time_ms);
        }
    }
}

// The openings played, named (by their number when the store has no name), the most unbalanced
// ones flagged.
void name_openings(ReportData& data, Store& store, std::map<OpeningId, OpeningLine>& openings) {
    for (auto& [id, line] : openings) {
        try {
            line.name = store.load_opening(id).name;
        } catch (const StoreError&) {}
        if (line.name.empty()) line.name = "#" + std::to_string(id);
        data.opening_names[id] = line.name;
        data.openings.push_back(std::move(line));
    }
    std::vector<OpeningLine*> by_imbalance;
    for (auto& line : data.openings) by_imbalance.push_back(&line);
    auto imbalance = [](const OpeningLine* l) {
        return std::abs(l->white_points / double(l->games) - 0.5);
    };
    std::stable_sort(by_imbalance.begin(), by_imbalance.end(),
                     [&](auto* a, auto* b) { return imbalance(a) > imbalance(b); });
    std::size_t flagged = std::min<std::size_t>(5, (by_imbalance.size() + 9) / 10);
    for (std::size_t i = 0; i < flagged; ++i)
        if (imbalance(by_imbalance[i]) > 0) by_imbalance[i]->unbalanced = true;
}

// Per-engine search figures by game phase, terminations and faults, openings, and the moves and
// positions of the games the viewer holds: every game read once.
void read_games(ReportData& data, Store& store, const ReportOptions& options) {
    std::size_t n = data.names.size();
    data.phases.assign(n, {});
    data.terminations.assign(n, {});
    data.faults.assign(n, {});
    std::int64_t total = std::int64_t(data.games.size());
    data.viewer_sampled = total > options.max_viewer_games;
    std::map<OpeningId, OpeningLine> openings;
    std::int64_t kept = 0;  // games in the viewer so far
    for (std::int64_t i = 0; i < total; ++i) {
        const GameSummary& summary = data.games[std::size_t(i)];
        int white = index_of(data, summary.white_engine_id);
        int black = index_of(data, summary.black_engine_id);
        count_termination(data, summary, white, black);
        count_opening(openings, summary, white, black);
        GameRecord game = store.load_game(summary.id);
        add_search_figures(data, game, white, black);
        // An even sample when there are more games than the viewer holds.
        if (!data.viewer_sampled || kept < (i + 1) * options.max_viewer_games / total) {
            ++kept;
            ViewerGame viewer{
                summary.id, game.start_fen, fens_after_each_ply(game, summary.id), {}, {}};
            add_game_analysis(data, store, summary, game, &viewer.analysis);
            viewer.moves = std::move(game.moves);
            data.viewer_games.push_back(std::move(viewer));
        } else {
            add_game_analysis(data, store, summary, game, nullptr);
        }
    }
    name_openings(data, store, openings);
}

// The latest `arbiter nodes` run: total nodes per engine and depth over its positions.
void read_node_counts(ReportData& data, Store& store) {
    auto runs = store.list_node_runs();
    if (runs.empty()) return;
    data.node_run = runs.back();
    std::map<EngineId, std::size_t> series;
    for (const auto& count : store.node_counts_of_run(runs.back().id)) {
        auto [it, added] = series.emplace(count.engine_id, data.node_series.size());
        if (added) data.node_series.push_back({store.load_engine(count.engine_id).name, {}, {}});
        NodeSeries& s = data.node_series[it->second];
        s.nodes_by_depth[count.depth] += count.nodes;
        ++s.positions_by_depth[count.depth];
    }
}

}  // namespace

bool is_fault(Termination termination) {
    return termination == Termination::time_forfeit || termination == Termination::illegal_move ||
           termination == Termination::disconnect || termination == Termination::stall;
}

namespace {

// The FENs after each ply with castling read as standard chess writes it (e1g1) or as Chess960
// does (e1h1); the name of the first move that is not legal so, if any.
std::string replay(const GameRecord& game, GameId id, bool chess960,
                   std::vector<std::string>& fens) {
    Board board;
    std::string error = board.set(game.start_fen, chess960);
    if (!error.empty())
        throw std::runtime_error("game " + std::to_string(id) + ": start FEN: " + error);
    fens.clear();
    fens.reserve(game.moves.size());
    for (const auto& record : game.moves) {
        if (!board.play_uci(record.uci))
            return "game " + std::to_string(id) + ", ply " + std::to_string(record.ply) + ": " +
                   record.uci + " is not legal";
        fens.push_back(board.fen());
    }
    return "";
}

}  // namespace

std::vector<std::string> fens_after_each_ply(const GameRecord& game, GameId id) {
    // A Chess960 game's castling is the king taking its rook; only one reading fits a game.
    std::vector<std::string> fens;
    std::string standard = replay(game, id, false, fens);
    if (standard.empty() || replay(game, id, true, fens).empty()) return fens;
    throw std::runtime_error(standard);
}

// Every game of every tournament, a player per engine identity, labelled as `ratings --all`
// labels them.
void select_pool(ReportData& data, Store& store, const std::vector<StoredTournament>& tournaments) {
    Store* stores[] = {&store};
    const RatingPool pool = read_rating_pool(stores);
    std::map<EngineId, std::size_t> player_of;
    for (std::size_t p = 0; p < pool.players.size(); ++p)
        for (const auto& [database, id] : pool.players[p].rows) player_of[id] = p;
    std::map<EngineId, int> index;
    for (const StoredTournament& tournament : tournaments) {
        if (data.games.empty()) data.tournament = tournament;
        for (GameSummary& g : store.list_games(tournament.id)) {
            for (EngineId id : {g.white_engine_id, g.black_engine_id}) {
                if (!index.emplace(id, int(data.names.size())).second) continue;
                const PoolPlayer& player = pool.players[player_of.at(id)];
                data.names.push_back(player.label);
                data.engine_ids.push_back(id);
                data.own.push_back(player.own);
            }
            g.white_name = pool.players[player_of.at(g.white_engine_id)].label;
            g.black_name = pool.players[player_of.at(g.black_engine_id)].label;
            data.games.push_back(std::move(g));
        }
    }
    data.pooled_tournaments = pool.tournaments;
    data.event = "Every tournament of " + std::filesystem::path(store.path()).filename().string();
}

ReportData collect_report(Store& store, const ReportOptions& options) {
    // Step 1. The tournament and its games.
    auto tournaments = store.list_tournaments();
    if (tournaments.empty())
        throw std::runtime_error(store.path() + ": no tournament in the database");
    ReportData data;
    if (options.all) {
        select_pool(data, store, tournaments);
        compute_results(data, options);
        compute_timeline(data, options);
        read_games(data, store, options);
        read_node_counts(data, store);
        return data;
    }
    data.tournament =
        options.tournament ? store.load_tournament(*options.tournament) : tournaments.back();
    read_configuration(data);
    select_games(data, store.list_games(data.tournament.id));
    std::map<EngineId, EngineOwnIdentity> own;
    for (const StoredEngine& engine : store.list_engines()) own[engine.id] = engine.own;
    for (EngineId id : data.engine_ids) data.own.push_back(own[id]);

    // Step 2. Results, ratings over time, per-game figures and node counts.
    compute_results(data, options);
    compute_timeline(data, options);
    choose_analysis(data, store);
    read_games(data, store, options);
    read_node_counts(data, store);
    data.pooled_sprt = format_database_pool(store, data.tournament.id);
    const TournamentConfig config = stored_tournament_config(data.tournament.config_json);
    if (config.swiss) {
        try {
            data.swiss = swiss_record(
                config,
                store.load_initial_ranking(data.tournament.id).value_or(configured_ranking(config)),
                data.games);
        } catch (const std::runtime_error&) {
            // Games that no longer fit the pairing (an engine rebuilt): no Swiss section.
        }
    }
    return data;
}

}  // namespace arbiter::html
