#include "harness/tournament/tournament.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "harness/process/engine_process.h"
#include "harness/ratings/sprt.h"
#include "harness/store/engine_identity.h"
#include "harness/store/sha256.h"
#include "harness/tournament/openings.h"

namespace arbiter {

namespace {

using std::chrono::milliseconds;

// The two games of a pair share this id (for pentanomial statistics and SPRT).
std::int64_t pair_id(std::int64_t slot_number) {
    return slot_number / 2;
}

}  // namespace

json::Value tournament_identity(const TournamentConfig& config) {
    std::string openings_hash;
    try {
        openings_hash = sha256_file_hex(config.openings_path);
    } catch (const std::exception&) {
        openings_hash = "unreadable";
    }
    return config.identity(openings_hash);
}

std::string tournament_key(const TournamentConfig& config) {
    return sha256_hex(tournament_identity(config).dump());
}

std::string explain_new_tournament(Store& store, const TournamentConfig& config) {
    json::Value now = tournament_identity(config);
    std::optional<StoredTournament> closest;
    std::vector<std::string> closest_reasons;
    for (const StoredTournament& stored : store.list_tournaments()) {
        json::Value before;
        try {
            before = json::parse(stored.config_json);
        } catch (const json::ParseError&) {
            continue;
        }
        const json::Value* identity = before.find("identity");
        if (!identity) continue;
        std::vector<std::string> reasons = identity_differences(*identity, now);
        if (reasons.empty()) continue;
        if (!closest || reasons.size() <= closest_reasons.size()) {
            closest = stored;
            closest_reasons = std::move(reasons);
        }
    }
    if (!closest) return {};
    std::string text = "This is a new tournament, not tournament " + std::to_string(closest->id) +
                       " of this database, because:\n";
    for (const auto& reason : closest_reasons) text += "  " + reason + "\n";
    text += "The games of tournament " + std::to_string(closest->id) +
            " stay in the database; the standings below count this tournament's games only.\n";
    return text;
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
        validate(config_);
        // Step 1. Openings, then every engine once: all errors surface before any game.
        openings_ = read_openings(config_.openings_path, config_.plies.value_or(-1));
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
            store_.get_or_create_tournament(tournament_key(config_), stored_json().dump());
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
        if (!stopping()) {
            std::vector<std::thread> workers;
            int threads = std::max(1, std::min<int>(config_.workers(), int(pending_.size())));
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
    // The configuration as stored with the tournament, with the identity it was keyed by, so that
    // a later run can say why it is a different tournament.
    json::Value stored_json() const {
        json::Value v = config_.to_json();
        v.set("identity", tournament_identity(config_));
        return v;
    }

    std::string log_path(const EngineConfig& engine) const {
        return (log_dir_ / (engine.name + ".stderr.log")).string();
    }

    bool stopping() const { return stop_ || (external_stop_ && *external_stop_); }

    // One worker: its own engine processes, started when first needed and kept across games.
    void work() {
        std::map<int, std::unique_ptr<UciClient>> engines;
        try {
            for (bool first = true; !stopping(); first = false) {
                if (!first) pause_between_games();
                ScheduledGame game;
                {
                    std::lock_guard lock(mutex_);
                    if (next_ >= pending_.size() || stopping()) break;
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

    // cutechess's -wait: the worker rests `config_.wait` before its next game, unless stopped.
    void pause_between_games() const {
        auto until = std::chrono::steady_clock::now() + config_.wait;
        while (!stopping() && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::min(
                milliseconds(20),
                std::chrono::duration_cast<milliseconds>(until - std::chrono::steady_clock::now()) +
                    milliseconds(1)));
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
        GameRecord& record = outcome.record;
        record.tournament_id = summary_.tournament_id;
        record.slot = game.slot;
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
