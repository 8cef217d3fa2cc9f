#include "harness/tournament/knockout_run.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <stdexcept>

namespace arbiter {

std::vector<int> knockout_ranking(const TournamentConfig& config) {
    return knockout_ranking(int(config.engines.size()), config.seeds, config.seed);
}

int knockout_games_per_encounter(const TournamentConfig& config) {
    return config.single_games ? config.rounds : 2 * config.rounds;
}

KnockoutRun::KnockoutRun(const TournamentConfig& config, const Schedule& openings)
    : config_(config),
      openings_(openings),
      bracket_(knockout_ranking(config), knockout_games_per_encounter(config), config.colours) {
    for (const auto& engine : config.engines) names_.push_back(engine.name);
}

void KnockoutRun::restore(const std::vector<GameSummary>& games,
                          const std::vector<EngineId>& engines) {
    std::map<EngineId, int> index;
    for (std::size_t i = 0; i < engines.size(); ++i) index[engines[i]] = int(i);
    std::lock_guard lock(mutex_);
    for (const GameSummary& g : games) {
        next_number_ = std::max(next_number_, g.slot.number + 1);
        if (bracket_.restore(g.slot.round, g.slot.pair_index, index.at(g.white_engine_id),
                             index.at(g.black_engine_id), g.result.outcome)) {
            deal_opening(g.slot.round, g.slot.pair_index);
            ++restored_;
            continue;
        }
        throw std::runtime_error(
            "game " + std::to_string(g.slot.number + 1) + " of the database (" + g.white_name +
            " vs " + g.black_name + ", knockout round " + std::to_string(g.slot.round + 1) +
            ") does not fit the bracket drawn from the games before it (an engine changed "
            "since, so its earlier games no longer count): the knockout cannot resume on this "
            "database; give another --db");
    }
}

std::optional<ScheduledGame> KnockoutRun::next(const std::function<bool()>& stopping) {
    std::unique_lock lock(mutex_);
    for (;;) {
        if (stopping && stopping()) return std::nullopt;
        KnockoutGame g;
        const Knockout::Step step = bracket_.next(g);
        if (step == Knockout::Step::done) {
            changed_.notify_all();
            return std::nullopt;
        }
        if (step == Knockout::Step::play) {
            ScheduledGame game;
            game.slot.number = next_number_++;
            game.slot.round = g.round;
            game.slot.pair_index = g.encounter;
            game.slot.game_in_pair = g.game % 2;
            game.slot.opening_index = int(deal_opening(g.round, g.encounter));
            game.white = g.white;
            game.black = g.black;
            return game;
        }
        // A round's last games are being played: wait for them (or for a stop).
        changed_.wait_for(lock, std::chrono::milliseconds(100));
    }
}

bool KnockoutRun::finish(const ScheduledGame& game, Outcome outcome) {
    std::lock_guard lock(mutex_);
    const auto& round = bracket_.rounds()[std::size_t(game.slot.round)];
    bracket_.finish({game.slot.round, game.slot.pair_index, 0, game.white, game.black}, outcome);
    changed_.notify_all();
    return std::none_of(round.begin(), round.end(), [&](const Knockout::Encounter& e) {
        return e.in_progress() > 0 || bracket_.needs_games(e);
    });
}

std::int64_t KnockoutRun::deal_opening(int round, int encounter) {
    const bool same = round == dealt_round_ && encounter == dealt_encounter_;
    dealt_round_ = round;
    dealt_encounter_ = encounter;
    if (!same && config_.engines.size() > 2) kept_ = -1;  // new players: a new opening
    std::int64_t draw = kept_;
    if (draw >= 0)
        kept_ = -1;
    else {
        draw = drawn_++;
        if (!config_.single_games) kept_ = draw;  // the game pair's second game repeats it
    }
    const int per_deal = config_.single_games ? 1 : 2;
    const std::int64_t position = draw % std::max<std::int64_t>(openings_.shape().openings, 1);
    return openings_.at(position * per_deal * openings_.engine_pairs()).slot.opening_index;
}

std::string KnockoutRun::text() const {
    std::lock_guard lock(mutex_);
    return bracket_.bracket_text(names_);
}

std::optional<std::string> KnockoutRun::unshown_text() {
    std::string now = text();
    std::lock_guard lock(mutex_);
    if (now == shown_) return std::nullopt;
    return shown_ = now;
}

int KnockoutRun::winner() const {
    std::lock_guard lock(mutex_);
    return bracket_.winner();
}

std::int64_t KnockoutRun::nominal_games() const {
    std::lock_guard lock(mutex_);
    return bracket_.nominal_games();
}

}  // namespace arbiter
