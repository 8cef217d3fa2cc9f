#include "harness/tournament/tournament.h"

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <mutex>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "engines/book/polyglot.h"
#include "harness/identity/engine_identity.h"
#include "harness/identity/sha256.h"
#include "harness/process/engine_process.h"
#include "harness/ratings/counts.h"
#include "harness/ratings/sprt.h"
#include "harness/tournament/book_openings.h"
#include "harness/tournament/chess960_openings.h"
#include "harness/tournament/engine_log.h"
#include "harness/tournament/opening_window.h"
#include "harness/tournament/openings.h"
#include "harness/tournament/shard.h"
#include "harness/tournament/worker_pool.h"

namespace arbiter {

namespace {

using std::chrono::milliseconds;

// The name of this machine, recorded with each game (empty if the system will not say).
std::string host_name() {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0) return "";
    return name;
}

}  // namespace

json::Value tournament_identity(const TournamentConfig& config) {
    std::string openings_hash;
    try {
        // A generated suite is its spec (its random draws follow from the seed, in the identity).
        openings_hash = is_generated_suite(config.openings_path)
                            ? sha256_hex("generated " + config.openings_path)
                            : sha256_file_hex(config.openings_path);
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

std::vector<std::pair<int, int>> schedule_pairs(int engines, int gauntlet_seeds) {
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < engines; ++i)
        for (int j = std::max(i + 1, gauntlet_seeds); j < engines; ++j)
            if (gauntlet_seeds == 0 || i < gauntlet_seeds) pairs.emplace_back(i, j);
    return pairs;
}

bool first_has_white(Colours colours, int game_in_pair) {
    switch (colours) {
        case Colours::alternate:
            return game_in_pair == 0;
        case Colours::reversed:
            return game_in_pair == 1;
        case Colours::first_white:
            return true;
        case Colours::second_white:
            return false;
    }
    return game_in_pair == 0;
}

std::vector<ScheduledGame> make_schedule(int engines, int openings, int rounds, bool random_order,
                                         std::uint64_t seed, int gauntlet_seeds, Colours colours) {
    std::vector<ScheduledGame> schedule;
    std::vector<std::pair<int, int>> pairs = schedule_pairs(engines, gauntlet_seeds);
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
                    auto [first, second] = pairs[std::size_t(p)];
                    bool first_white = first_has_white(colours, g);
                    game.white = first_white ? first : second;
                    game.black = first_white ? second : first;
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
        validate(config_);
        // Step 1. Openings, then every engine once: all errors surface before any game.
        openings_ = load_openings();
        if (config_.openings_start != 0)
            openings_ = opening_window(std::move(openings_), config_.random_order, config_.seed,
                                       config_.openings_start);
        load_engine_books();
        opening_ids_.assign(openings_.size(), std::nullopt);
        engine_start_.engines = config_.engines;
        engine_start_.log_dir = std::filesystem::path(config_.db_path).parent_path() / "logs";
        engine_start_.handshake_timeout = config_.handshake_timeout;
        engine_start_.chess960 = config_.game.variant == Variant::chess960;
        std::filesystem::create_directories(engine_start_.log_dir);
        if (!config_.engine_log.empty()) {
            engine_log_.emplace(config_.engine_log, config_.engine_log_append);
            engine_start_.io_observer = &*engine_log_;
        }
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
            store_.get_or_create_tournament(tournament_key(config_), stored_json().dump());
        std::vector<EngineIdentity> identities;
        for (const auto& engine : config_.engines) {
            identities.push_back(engine_identity(engine, true));
            summary_.engine_ids.push_back(store_.get_or_create_engine(identities.back()));
        }
        // A window (openings_start) is already in its order; the schedule plays it as it is.
        auto schedule =
            make_schedule(int(config_.engines.size()), int(openings_.size()), config_.rounds,
                          config_.random_order && config_.openings_start == 0, config_.seed,
                          config_.gauntlet ? config_.seeds : 0, config_.colours);
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
        std::size_t handed_out = 0;
        if (!stopping()) {
            handed_out = run_worker_pool(
                engine_start_, config_.workers(), pending_.size(),
                [this](std::size_t job, WorkerEngines& engines) {
                    if (engines.jobs_done > 0) pause_between_games();
                    play(pending_[job], engines);
                },
                [this] { return stopping(); });
        }
        if (engine_log_) engine_log_->close();
        summary_.stopped_early = handed_out < pending_.size();
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

    // The opening suite, or lines drawn from a Polyglot book (.bin) by the tournament's seed.
    std::vector<Opening> load_openings() const {
        const std::string& path = config_.openings_path;
        bool chess960 = config_.game.variant == Variant::chess960;
        if (is_generated_suite(path)) {
            if (!chess960) throw OpeningError("--openings " + path + " needs --variant chess960");
            return generate_openings(path, config_.seed);
        }
        std::string extension = std::filesystem::path(path).extension().string();
        for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
        if (extension != ".bin") return read_openings(path, config_.plies.value_or(-1), chess960);
        try {
            return draw_book_openings(
                {path, config_.plies.value_or(8), config_.book_lines, config_.seed});
        } catch (const BookError& e) {
            throw OpeningError(e.what());
        }
    }

    // Each engine's own book (book=FILE), read once and shared by the workers.
    void load_engine_books() {
        books_.clear();
        for (const EngineConfig& engine : config_.engines) {
            if (engine.book_path.empty()) {
                books_.emplace_back();
                continue;
            }
            try {
                books_.push_back(PolyglotBook::load(engine.book_path));
            } catch (const BookError& e) {
                throw ConfigError("engine " + engine.name + ": " + e.what());
            }
        }
    }

    bool stopping() const { return stop_ || (external_stop_ && *external_stop_); }

    // cutechess's -wait: the worker rests `config_.wait` before its next game, unless stopped.
    void pause_between_games() const {
        auto until = std::chrono::steady_clock::now() + config_.wait;
        while (!stopping() && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::min(
                milliseconds(20),
                std::chrono::duration_cast<milliseconds>(until - std::chrono::steady_clock::now()) +
                    milliseconds(1)));
    }

    // The engine `index` of this worker, started if needed. An engine that cannot be started
    // again is reported and handed to the game as it is: the game scores its disconnection.
    EngineSession* ensure_engine(int index, WorkerEngines& engines) {
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
            Player p{ensure_engine(index, engines), engine.name,
                     engine.limits.or_else(config_.limits)};
            if (const auto& book = books_[std::size_t(index)]) {
                p.book = &*book;
                p.book_depth = engine.book_depth;
                p.book_seed =
                    config_.seed ^ (std::uint64_t(game.slot.number) << 8) ^ std::uint64_t(index);
            }
            return p;
        };
        Player white = player(game.white), black = player(game.black);
        {
            std::lock_guard lock(mutex_);
            observer_.game_started(game.slot, white.name, black.name);
        }
        const Opening& opening = openings_[std::size_t(game.slot.opening_index)];
        PlayedGame played = play_game(white, black, opening, config_.game);
        if (played.termination == Termination::disconnect && terminated_from_outside(game, engines))
            return;
        for (int index : {game.white, game.black})
            if (config_.engines[std::size_t(index)].restart_each_game) engines.retire(index);
        std::lock_guard lock(mutex_);
        for (const std::string& event : played.events) observer_.engine_event(event);
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
        if (engine_log_) engine_log_->check();  // a log that lost lines ends the run
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
        record.shard = configured_shard(config_);
        record.host = host_;
        return record;
    }

    // True if an engine of `game` died of SIGTERM, SIGINT or SIGHUP: it was stopped from outside
    // (a cancelled Slurm task, a shutdown), which signals every process of the job, sometimes the
    // engines before arbiter. Such a game is not the engine's loss: it is not recorded, and the
    // run stops as if interrupted, so that a re-run plays it again.
    bool terminated_from_outside(const ScheduledGame& game, WorkerEngines& engines) {
        for (int index : {game.white, game.black}) {
            EngineSession& engine = engines.client(index);
            if (engine.alive()) continue;
            const std::string& status = engine.exit_status();
            for (int signal : {SIGTERM, SIGINT, SIGHUP}) {
                const std::string killed = "killed by signal " + std::to_string(signal);
                if (status != killed && status.rfind(killed + " ", 0) != 0) continue;
                stop_ = true;
                std::lock_guard lock(mutex_);
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
    std::vector<std::optional<PolyglotBook>> books_;     // by engine index, book=FILE
    std::vector<std::optional<OpeningId>> opening_ids_;  // stored on first use
    std::optional<EngineLog> engine_log_;                // config_.engine_log, when set
    EngineStart engine_start_;
    std::string host_;  // recorded with each game
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
