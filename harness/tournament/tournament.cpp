#include "harness/tournament/tournament.h"

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "harness/process/engine_process.h"
#include "harness/store/engine_identity.h"
#include "harness/store/sha256.h"
#include "harness/tournament/openings.h"
#include "harness/tournament/shard.h"

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

// The name of this machine, recorded with each game (empty if the system will not say).
std::string host_name() {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0) return "";
    return name;
}

// The two games of a pair share this id (for pentanomial statistics and SPRT).
std::int64_t pair_id(std::int64_t slot_number) {
    return slot_number / 2;
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

// Starts an engine, completes the handshake and sends its options. Throws ProcessError or
// UciError with a message naming the engine.
void start_engine(UciClient& engine, const EngineConfig& config, const std::string& log_path,
                  milliseconds handshake_timeout) {
    try {
        engine.start(config.command, config.args, config.working_dir, log_path, handshake_timeout);
        for (const auto& [name, value] : config.options) engine.set_option(name, value);
    } catch (const std::exception& e) {
        throw ConfigError("engine " + config.name + ": " + e.what());
    }
}

// The shared state of one run: the queue of games still to play, the store, SPRT bookkeeping.
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
        log_dir_ = std::filesystem::path(config_.db_path).parent_path() / "logs";
        std::filesystem::create_directories(log_dir_);
        for (const auto& engine : config_.engines) {
            UciClient probe;
            start_engine(probe, engine, log_path(engine), config_.handshake_timeout);
            if (probe.is_ready(config_.handshake_timeout) != UciStatus::ok)
                throw ConfigError("engine " + engine.name + " does not answer isready");
            probe.quit();
        }

        // Step 2. The tournament and engine rows; what is already done.
        summary_.tournament_id =
            store_.get_or_create_tournament(config_.key(), config_.to_json().dump());
        std::vector<EngineIdentity> identities;
        for (const auto& engine : config_.engines) {
            identities.push_back(engine_identity(engine, true));
            summary_.engine_ids.push_back(store_.get_or_create_engine(identities.back()));
        }
        auto schedule = make_schedule(int(config_.engines.size()), int(openings_.size()),
                                      config_.rounds, config_.random_order, config_.seed);
        if (config_.max_games > 0 && std::int64_t(schedule.size()) > config_.max_games)
            schedule.resize(std::size_t(config_.max_games));
        schedule = narrow_to_shard(config_, store_.path(), summary_.tournament_id, identities,
                                   std::move(schedule));
        host_ = host_name();
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
        if (!stopping()) {
            std::vector<std::thread> workers;
            int threads = std::max(1, std::min<int>(config_.concurrency, int(pending_.size())));
            for (int i = 0; i < threads; ++i) workers.emplace_back([this] { work(); });
            for (auto& t : workers) t.join();
        }
        if (worker_error_) std::rethrow_exception(worker_error_);
        summary_.stopped_early = next_ < pending_.size();
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

    std::string log_path(const EngineConfig& engine) const {
        return (log_dir_ / (engine.name + ".stderr.log")).string();
    }

    bool stopping() const { return stop_ || (external_stop_ && *external_stop_); }

    // One worker: its own engine processes, started when first needed and kept across games.
    void work() {
        std::map<int, std::unique_ptr<UciClient>> engines;
        try {
            while (!stopping()) {
                ScheduledGame game;
                {
                    std::lock_guard lock(mutex_);
                    if (next_ >= pending_.size()) break;
                    game = pending_[next_++];
                }
                play(game, engines);
            }
        } catch (...) {
            std::lock_guard lock(mutex_);
            if (!worker_error_) worker_error_ = std::current_exception();
            stop_ = true;
        }
        for (auto& [index, engine] : engines)
            if (engine) engine->quit(milliseconds(500));
    }

    UciClient* ensure_engine(int index, std::map<int, std::unique_ptr<UciClient>>& engines) {
        auto& slot = engines[index];
        if (slot && slot->alive()) return slot.get();
        const EngineConfig& config = config_.engines[std::size_t(index)];
        slot = std::make_unique<UciClient>();
        try {
            start_engine(*slot, config, log_path(config), config_.handshake_timeout);
        } catch (const std::exception& e) {
            observer_.engine_event(std::string("cannot restart ") + config.name + ": " + e.what());
        }
        return slot.get();
    }

    void play(const ScheduledGame& game, std::map<int, std::unique_ptr<UciClient>>& engines) {
        Player white{ensure_engine(game.white, engines),
                     config_.engines[std::size_t(game.white)].name,
                     config_.engines[std::size_t(game.white)].limits.or_else(config_.limits),
                     summary_.engine_ids[std::size_t(game.white)]};
        Player black{ensure_engine(game.black, engines),
                     config_.engines[std::size_t(game.black)].name,
                     config_.engines[std::size_t(game.black)].limits.or_else(config_.limits),
                     summary_.engine_ids[std::size_t(game.black)]};
        const Opening& opening = openings_[std::size_t(game.slot.opening_index)];
        GameOutcome outcome = play_game(white, black, opening, config_.game);
        if (outcome.record.termination == Termination::disconnect &&
            terminated_from_outside(game, engines))
            return;
        GameRecord& record = outcome.record;
        record.tournament_id = summary_.tournament_id;
        record.slot = game.slot;
        record.shard = config_.shard;
        record.host = host_;
        std::lock_guard lock(mutex_);
        for (auto [needs_restart, index] : {std::pair{outcome.white_needs_restart, game.white},
                                            std::pair{outcome.black_needs_restart, game.black}}) {
            if (!needs_restart) continue;
            engines[index].reset();
            observer_.engine_event(config_.engines[std::size_t(index)].name +
                                   " will be restarted (" + outcome.record.termination_text + ")");
        }

        std::optional<OpeningId>& opening_id = opening_ids_[std::size_t(game.slot.opening_index)];
        if (!opening_id) opening_id = store_.get_or_create_opening(opening);
        record.opening_id = opening_id;
        GameId id = store_.record_game(record);
        ++summary_.played_now;
        observer_.game_finished(record, id, white.name, black.name);
        if (config_.sprt) update_sprt(game, record);
    }

    // True if an engine of `game` died of SIGTERM, SIGINT or SIGHUP: it was stopped from outside
    // (a cancelled Slurm task, a shutdown), which signals every process of the job, sometimes the
    // engines before arbiter. Such a game is not the engine's loss: it is not recorded, and the
    // run stops as if interrupted, so that a re-run plays it again.
    bool terminated_from_outside(const ScheduledGame& game,
                                 std::map<int, std::unique_ptr<UciClient>>& engines) {
        for (int index : {game.white, game.black}) {
            UciClient* engine = engines[index].get();
            if (!engine || engine->alive()) continue;
            const std::string& status = engine->exit_status();
            for (int signal : {SIGTERM, SIGINT, SIGHUP}) {
                if (status.rfind("killed by signal " + std::to_string(signal) + " ", 0) != 0 &&
                    status != "killed by signal " + std::to_string(signal))
                    continue;
                stop_ = true;
                observer_.engine_event(config_.engines[std::size_t(index)].name + " was " + status +
                                       " from outside; game " +
                                       std::to_string(game.slot.number + 1) +
                                       " is not recorded and the run stops");
                return true;
            }
        }
        return false;
    }

    // SPRT on colour-reversed pairs, from the first engine's side.
    void init_sprt() {
        sprt_.emplace(*config_.sprt);
        for (const auto& g : store_.list_games(summary_.tournament_id, summary_.engine_ids)) {
            int white = g.white_engine_id == summary_.engine_ids[0] ? 0 : 1;
            add_sprt_game(g.slot.number, white, g.result);
        }
        check_sprt();
    }

    void update_sprt(const ScheduledGame& game, const GameRecord& record) {
        add_sprt_game(game.slot.number, game.white, record.result);
        check_sprt();
    }

    void add_sprt_game(std::int64_t slot, int white, const std::string& result) {
        int half_points = result == "1/2-1/2" ? 1 : ((result == "1-0") == (white == 0) ? 2 : 0);
        auto [it, inserted] = half_pairs_.emplace(pair_id(slot), half_points);
        if (inserted) return;
        pentanomial_.add_pair(it->second + half_points);
        half_pairs_.erase(it);
    }

    void check_sprt() {
        sprt_->update(pentanomial_);
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
    std::filesystem::path log_dir_;
    std::string host_;  // recorded with each game
    std::vector<ScheduledGame> pending_;
    std::size_t next_ = 0;
    std::mutex mutex_;
    std::atomic<bool> stop_{false};
    std::exception_ptr worker_error_;
    TournamentSummary summary_;
    std::optional<Sprt> sprt_;
    std::map<std::int64_t, int> half_pairs_;
    PentanomialCounts pentanomial_;
};

}  // namespace

TournamentSummary run_tournament(const TournamentConfig& config, Store& store,
                                 TournamentObserver& observer, const std::atomic<bool>* stop) {
    return Runner(config, store, observer, stop).run();
}

}  // namespace arbiter
