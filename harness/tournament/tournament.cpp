#include "harness/tournament/tournament.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "harness/process/engine_process.h"
#include "harness/ratings/counts.h"
#include "harness/store/engine_identity.h"
#include "harness/store/sha256.h"
#include "harness/tournament/openings.h"
#include "harness/tournament/worker_pool.h"

namespace arbiter {

namespace {

using std::chrono::milliseconds;

json::Value adjudication_json(const Adjudication& a) {
    json::Value v{json::Object{}};
    if (a.draw_move_number) {
        v.set("draw_movenumber", *a.draw_move_number);
        v.set("draw_movecount", a.draw_move_count);
        v.set("draw_score", a.draw_score);
    }
    if (a.resign_move_count) {
        v.set("resign_movecount", a.resign_move_count);
        v.set("resign_score", a.resign_score);
    }
    if (a.max_plies) v.set("max_plies", a.max_plies);
    return v;
}

std::int64_t integer_member(const json::Value& v, const char* key, const std::string& where) {
    try {
        return v.as_integer();
    } catch (const std::exception&) {
        throw ConfigError(where + ": \"" + key + "\" must be a whole number");
    }
}

}  // namespace

json::Value TournamentConfig::to_json() const {
    json::Value v{json::Object{}};
    v.set("event", event);
    json::Value list{json::Array{}};
    for (const auto& e : engines) list.push(arbiter::to_json(e));
    v.set("engines", list);
    v.set("openings", openings_path);
    if (plies >= 0) v.set("plies", plies);
    v.set("order", random_order ? "random" : "sequential");
    v.set("rounds", rounds);
    if (max_games) v.set("max_games", max_games);
    json::Value global_limits = arbiter::to_json(limits);
    for (const auto& [key, limit] : global_limits.as_object()) v.set(key, limit);
    v.set("seed", seed);
    v.set("adjudication", adjudication_json(game.adjudication));
    v.set("time_margin", std::int64_t(game.time_margin.count()));
    v.set("stall_timeout", std::int64_t(game.stall_timeout.count()));
    if (sprt) {
        json::Value s{json::Object{}};
        s.set("elo0", sprt->elo0);
        s.set("elo1", sprt->elo1);
        s.set("alpha", sprt->alpha);
        s.set("beta", sprt->beta);
        s.set("model", sprt->model == SprtModel::normalized ? "normalized" : "logistic");
        v.set("sprt", s);
    }
    return v;
}

std::string TournamentConfig::key() const {
    json::Value v{json::Object{}};
    json::Value names{json::Array{}};
    for (const auto& e : engines) names.push(e.name);
    v.set("engines", names);
    std::string openings_hash;
    try {
        openings_hash = sha256_file_hex(openings_path);
    } catch (const std::exception&) {
        openings_hash = "unreadable";
    }
    v.set("openings", openings_hash);
    v.set("plies", plies);
    v.set("order", random_order ? "random" : "sequential");
    v.set("limits", arbiter::to_json(limits));
    v.set("seed", seed);
    v.set("adjudication", adjudication_json(game.adjudication));
    return sha256_hex(v.dump());
}

TournamentConfig tournament_config_from_json(const json::Value& v, const std::string& where) {
    if (!v.is_object()) throw ConfigError(where + ": the configuration must be a JSON object");
    TournamentConfig c;
    for (const auto& [key, value] : v.as_object()) {
        std::string at = where + ": \"" + key + "\"";
        try {
            if (key == "event")
                c.event = value.as_string();
            else if (key == "engines") {
                int i = 0;
                for (const auto& e : value.as_array())
                    c.engines.push_back(
                        engine_from_json(e, where + ": engines[" + std::to_string(i++) + "]"));
            } else if (key == "openings")
                c.openings_path = value.as_string();
            else if (key == "plies")
                c.plies = int(integer_member(value, "plies", where));
            else if (key == "order") {
                if (value.as_string() != "random" && value.as_string() != "sequential")
                    throw ConfigError(at + " must be \"sequential\" or \"random\"");
                c.random_order = value.as_string() == "random";
            } else if (key == "rounds")
                c.rounds = int(integer_member(value, "rounds", where));
            else if (key == "max_games")
                c.max_games = integer_member(value, "max_games", where);
            else if (key == "depth")
                c.limits.depth = int(integer_member(value, "depth", where));
            else if (key == "nodes")
                c.limits.nodes = std::uint64_t(integer_member(value, "nodes", where));
            else if (key == "movetime")
                c.limits.movetime_ms = integer_member(value, "movetime", where);
            else if (key == "tc")
                c.limits.tc = parse_time_control(value.as_string());
            else if (key == "seed")
                c.seed = std::uint64_t(integer_member(value, "seed", where));
            else if (key == "concurrency")
                c.concurrency = int(integer_member(value, "concurrency", where));
            else if (key == "db")
                c.db_path = value.as_string();
            else if (key == "pgn")
                c.pgn_path = value.as_string();
            else if (key == "time_margin")
                c.game.time_margin = milliseconds(integer_member(value, "time_margin", where));
            else if (key == "stall_timeout")
                c.game.stall_timeout = milliseconds(integer_member(value, "stall_timeout", where));
            else if (key == "adjudication") {
                Adjudication& a = c.game.adjudication;
                for (const auto& [k, x] : value.as_object()) {
                    int n = int(integer_member(x, k.c_str(), where));
                    if (k == "draw_movenumber")
                        a.draw_move_number = n;
                    else if (k == "draw_movecount")
                        a.draw_move_count = n;
                    else if (k == "draw_score")
                        a.draw_score = n;
                    else if (k == "resign_movecount")
                        a.resign_move_count = n;
                    else if (k == "resign_score")
                        a.resign_score = n;
                    else if (k == "max_plies")
                        a.max_plies = n;
                    else
                        throw ConfigError(where + ": unknown adjudication key \"" + k + "\"");
                }
            } else if (key == "sprt") {
                SprtParameters p;
                for (const auto& [k, x] : value.as_object()) {
                    if (k == "elo0")
                        p.elo0 = x.as_number();
                    else if (k == "elo1")
                        p.elo1 = x.as_number();
                    else if (k == "alpha")
                        p.alpha = x.as_number();
                    else if (k == "beta")
                        p.beta = x.as_number();
                    else if (k == "model")
                        p.model = x.as_string() == "logistic" ? SprtModel::logistic
                                                              : SprtModel::normalized;
                    else
                        throw ConfigError(where + ": unknown sprt key \"" + k + "\"");
                }
                c.sprt = p;
            } else {
                throw ConfigError(where + ": unknown key \"" + key + "\"");
            }
        } catch (const ConfigError&) {
            throw;
        } catch (const std::exception& e) {
            throw ConfigError(at + ": " + e.what());
        }
    }
    return c;
}

std::vector<ScheduledGame> make_schedule(int engines, int openings, int rounds, bool random_order,
                                         std::uint64_t seed) {
    std::vector<ScheduledGame> schedule;
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < engines; ++i)
        for (int j = i + 1; j < engines; ++j) pairs.emplace_back(i, j);
    std::int64_t number = 0;
    for (int round = 0; round < rounds; ++round) {
        std::vector<int> order(std::size_t(openings), 0);
        for (int o = 0; o < openings; ++o) order[std::size_t(o)] = o;
        if (random_order) {
            std::mt19937_64 rng(seed * 1000003 + std::uint64_t(round));
            for (int o = openings - 1; o > 0; --o)
                std::swap(order[std::size_t(o)], order[rng() % std::uint64_t(o + 1)]);
        }
        for (int opening : order) {
            for (int p = 0; p < int(pairs.size()); ++p) {
                for (int g = 0; g < 2; ++g) {
                    ScheduledGame game;
                    game.slot = {number++, round, p, opening, g};
                    game.white =
                        g == 0 ? pairs[std::size_t(p)].first : pairs[std::size_t(p)].second;
                    game.black =
                        g == 0 ? pairs[std::size_t(p)].second : pairs[std::size_t(p)].first;
                    schedule.push_back(game);
                }
            }
        }
    }
    return schedule;
}

namespace {

// The shared state of one run: the games still to play (handed to the worker pool), the store,
// the engines' ids, SPRT bookkeeping. Games are recorded one at a time, under mutex_.
class Runner {
  public:
    Runner(const TournamentConfig& config, Store& store, TournamentObserver& observer,
           const std::atomic<bool>* stop)
        : config_(config), store_(store), observer_(observer), external_stop_(stop) {}

    TournamentSummary run() {
        auto started = std::chrono::steady_clock::now();
        validate();
        // Step 1. Openings, then every engine once: all errors surface before any game.
        openings_ = read_openings(config_.openings_path, config_.plies);
        opening_ids_.assign(openings_.size(), std::nullopt);
        engine_start_.engines = config_.engines;
        engine_start_.log_dir = std::filesystem::path(config_.db_path).parent_path() / "logs";
        engine_start_.handshake_timeout = config_.handshake_timeout;
        std::filesystem::create_directories(engine_start_.log_dir);
        {
            WorkerEngines probes(engine_start_);
            for (int i = 0; i < int(config_.engines.size()); ++i) {
                try {
                    probes.ensure(i);
                } catch (const std::exception& e) {
                    throw ConfigError(e.what());
                }
            }
        }

        // Step 2. The tournament and engine rows; what is already done.
        summary_.tournament_id =
            store_.get_or_create_tournament(config_.key(), config_.to_json().dump());
        for (const auto& engine : config_.engines)
            summary_.engine_ids.push_back(
                store_.get_or_create_engine(engine_identity(engine, true)));
        auto schedule = make_schedule(int(config_.engines.size()), int(openings_.size()),
                                      config_.rounds, config_.random_order, config_.seed);
        if (config_.max_games > 0 && std::int64_t(schedule.size()) > config_.max_games)
            schedule.resize(std::size_t(config_.max_games));
        std::set<std::int64_t> done =
            store_.finished_slots(summary_.tournament_id, summary_.engine_ids);
        for (const auto& game : schedule) {
            if (done.count(game.slot.number)) continue;
            pending_.push_back(game);
        }
        summary_.scheduled = std::int64_t(schedule.size());
        summary_.already_played = summary_.scheduled - std::int64_t(pending_.size());
        if (config_.sprt) init_sprt();
        observer_.started(summary_.tournament_id, summary_.engine_ids, summary_.scheduled,
                          summary_.already_played);

        // Step 3. The workers play until the queue is empty or a stop is requested.
        std::size_t handed_out = 0;
        if (!stopping()) {
            handed_out = run_worker_pool(
                engine_start_, config_.concurrency, pending_.size(),
                [this](std::size_t job, WorkerEngines& engines) { play(pending_[job], engines); },
                [this] { return stopping(); });
        }
        summary_.stopped_early = handed_out < pending_.size();
        summary_.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return summary_;
    }

  private:
    void validate() const {
        if (config_.engines.size() < 2)
            throw ConfigError("a tournament needs at least two engines");
        std::set<std::string> names;
        for (const auto& e : config_.engines) {
            if (!names.insert(e.name).second)
                throw ConfigError("two engines are named " + e.name + "; give each a name=");
            if (e.limits.or_else(config_.limits).empty())
                throw ConfigError(
                    "engine " + e.name +
                    " has no search limit: give --depth, --nodes, --movetime or --tc");
        }
        if (config_.rounds < 1) throw ConfigError("--rounds must be at least 1");
        if (config_.concurrency < 1) throw ConfigError("--concurrency must be at least 1");
        if (config_.sprt && config_.engines.size() != 2)
            throw ConfigError("--sprt needs exactly two engines");
    }

    bool stopping() const { return stop_ || (external_stop_ && *external_stop_); }

    // The engine `index` of this worker, started if needed. An engine that cannot be started
    // again is reported and handed to the game as it is: the game scores its disconnection.
    UciClient* ensure_engine(int index, WorkerEngines& engines) {
        try {
            return &engines.ensure(index);
        } catch (const std::exception& e) {
            std::lock_guard lock(mutex_);  // the observer hears one event at a time
            observer_.engine_event(std::string("cannot restart ") + e.what());
            return &engines.client(index);
        }
    }

    // Plays one game of the schedule with this worker's engines and records it.
    void play(const ScheduledGame& game, WorkerEngines& engines) {
        auto player = [&](int index) {
            const EngineConfig& engine = config_.engines[std::size_t(index)];
            return Player{ensure_engine(index, engines), engine.name,
                          engine.limits.or_else(config_.limits)};
        };
        Player white = player(game.white), black = player(game.black);
        const Opening& opening = openings_[std::size_t(game.slot.opening_index)];
        PlayedGame played = play_game(white, black, opening, config_.game);
        std::lock_guard lock(mutex_);
        for (auto [needs_restart, index] : {std::pair{played.white_needs_restart, game.white},
                                            std::pair{played.black_needs_restart, game.black}}) {
            if (!needs_restart) continue;
            engines.discard(index);
            observer_.engine_event(config_.engines[std::size_t(index)].name +
                                   " will be restarted (" + played.termination_text + ")");
        }

        std::optional<OpeningId>& opening_id = opening_ids_[std::size_t(game.slot.opening_index)];
        if (!opening_id) opening_id = store_.get_or_create_opening(opening);
        GameRecord record = to_record(std::move(played), game, *opening_id);
        GameId id = store_.record_game(record);
        ++summary_.played_now;
        observer_.game_finished(record, id, white.name, black.name);
        if (config_.sprt) update_sprt(game, record);
    }

    // The store's record of a game of the schedule: the game as played, under this tournament's
    // ids for its slot, engines and opening.
    GameRecord to_record(PlayedGame played, const ScheduledGame& game, OpeningId opening_id) const {
        GameRecord record;
        record.tournament_id = summary_.tournament_id;
        record.slot = game.slot;
        record.white_engine_id = summary_.engine_ids[std::size_t(game.white)];
        record.black_engine_id = summary_.engine_ids[std::size_t(game.black)];
        record.opening_id = opening_id;
        record.start_fen = std::move(played.start_fen);
        record.result = std::move(played.result);
        record.termination = played.termination;
        record.termination_text = std::move(played.termination_text);
        record.started_at_ms = played.started_at_ms;
        record.finished_at_ms = played.finished_at_ms;
        record.moves = std::move(played.moves);
        return record;
    }

    // SPRT on colour-reversed pairs, from the first engine's side.
    void init_sprt() {
        sprt_.emplace(*config_.sprt);
        for (const auto& g : store_.list_games(summary_.tournament_id, summary_.engine_ids)) {
            int white = g.white_engine_id == summary_.engine_ids[0] ? 0 : 1;
            add_sprt_game(g.slot, white, g.result);
        }
        check_sprt();
    }

    void update_sprt(const ScheduledGame& game, const GameRecord& record) {
        add_sprt_game(game.slot, game.white, record.result);
        check_sprt();
    }

    void add_sprt_game(const ScheduleSlot& slot, int white, const std::string& result) {
        if (std::optional<Outcome> outcome = parse_outcome(result))
            sprt_tally_.add({white, 1 - white, *outcome, slot.pair_number()});
    }

    void check_sprt() {
        sprt_->update(sprt_tally_.tally().pentanomial);
        if (sprt_->state() != SprtState::continue_testing) {
            stop_ = true;
            summary_.sprt_result = sprt_->summary();
        }
    }

    const TournamentConfig& config_;
    Store& store_;
    TournamentObserver& observer_;
    const std::atomic<bool>* external_stop_;
    std::vector<Opening> openings_;
    std::vector<std::optional<OpeningId>> opening_ids_;  // stored on first use
    EngineStart engine_start_;
    std::vector<ScheduledGame> pending_;
    std::mutex mutex_;  // guards the store, the summary, the observer and SPRT
    std::atomic<bool> stop_{false};
    TournamentSummary summary_;
    std::optional<Sprt> sprt_;
    LiveMatchTally sprt_tally_{0, 1};  // the first engine against the second
};

}  // namespace

TournamentSummary run_tournament(const TournamentConfig& config, Store& store,
                                 TournamentObserver& observer, const std::atomic<bool>* stop) {
    return Runner(config, store, observer, stop).run();
}

}  // namespace arbiter
