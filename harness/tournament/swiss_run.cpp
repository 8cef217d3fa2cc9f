#include "harness/tournament/swiss_run.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <sstream>
#include <stdexcept>

#include "harness/swiss/tie_breaks.h"

namespace arbiter {

namespace {

// The configuration indices of the engines `initial` ranks, in its order. Throws
// std::runtime_error unless it names each engine of the configuration once.
std::vector<int> configuration_order(const TournamentConfig& config,
                                     const InitialRanking& initial) {
    std::vector<int> order;
    for (const InitialEntrant& entrant : initial.entrants) {
        const auto engine =
            std::find_if(config.engines.begin(), config.engines.end(),
                         [&](const EngineConfig& e) { return e.name == entrant.name; });
        if (engine == config.engines.end())
            throw std::runtime_error("the Swiss's stored initial ranking names " + entrant.name +
                                     ", which its configuration does not have");
        order.push_back(int(engine - config.engines.begin()));
    }
    std::vector<int> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    if (sorted.size() != config.engines.size() ||
        std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
        throw std::runtime_error("the Swiss's stored initial ranking has " +
                                 std::to_string(initial.entrants.size()) +
                                 " entrants for the configuration's " +
                                 std::to_string(config.engines.size()) + " engines");
    return order;
}

std::string points(int half_points) {
    return std::to_string(half_points / 2) + (half_points % 2 != 0 ? ".5" : "");
}

swiss::GameResult board_result(int white_half_points, int black_half_points) {
    if (white_half_points > black_half_points) return swiss::GameResult::white_wins;
    if (white_half_points < black_half_points) return swiss::GameResult::black_wins;
    return swiss::GameResult::draw;
}

}  // namespace

SwissRun::SwissRun(const TournamentConfig& config, const Schedule& openings,
                   const InitialRanking& initial)
    : config_(config),
      openings_(openings),
      initial_(initial),
      ranking_(configuration_order(config, initial)) {
    for (const InitialEntrant& entrant : initial.entrants)
        tournament_.players.push_back({entrant.name, trf_rating(entrant)});
    tournament_.planned_rounds = config.rounds;
    tournament_.bye_half_points = config.bye_half_points;
}

bool SwissRun::pair_next_round() {
    if (over_) return false;
    if (int(tournament_.rounds.size()) >= tournament_.planned_rounds) {
        over_ = true;
        return false;
    }
    try {
        swiss::RoundPairing pairing = swiss::pair_dutch(tournament_);
        boards_.clear();
        for (auto [white, black] : pairing.boards)
            boards_.push_back(
                {white, black, std::vector<bool>(std::size_t(games_per_board()), false), 0, 0, 0});
        bye_ = pairing.bye;
        return true;
    } catch (const swiss::NoValidPairing& e) {
        ended_ = e.what();
        over_ = true;
        return false;
    }
}

bool SwissRun::close_round_if_done() {
    if (boards_.empty()) return false;
    for (const Board& b : boards_)
        if (b.finished < games_per_board()) return false;
    swiss::SwissRound round;
    round.bye = bye_;
    std::vector<std::pair<int, int>> points_of_round;
    for (const Board& b : boards_) {
        round.games.push_back(
            {b.white, b.black, board_result(b.white_half_points, b.black_half_points)});
        points_of_round.emplace_back(b.white_half_points, b.black_half_points);
    }
    tournament_.rounds.push_back(round);
    board_points_.push_back(points_of_round);
    boards_.clear();
    bye_.reset();
    return true;
}

ScheduledGame SwissRun::game_of(int board, int game_in_board) const {
    const Board& b = boards_[std::size_t(board)];
    const std::int64_t round = std::int64_t(tournament_.rounds.size());
    ScheduledGame game;
    game.slot.number = (round * boards_per_round() + board) * games_per_board() + game_in_board;
    game.slot.round = int(round);
    game.slot.pair_index = board;
    game.slot.game_in_pair = game_in_board;
    // Each board draws the suite's next opening; both games of a pair play it.
    const std::int64_t draw = round * boards_per_round() + board;
    const std::int64_t position = draw % std::max<std::int64_t>(openings_.shape().openings, 1);
    game.slot.opening_index =
        openings_.at(position * games_per_board() * openings_.engine_pairs()).slot.opening_index;
    const bool swapped = game_in_board % 2 == 1;
    game.white = ranking_[std::size_t(swapped ? b.black : b.white)];
    game.black = ranking_[std::size_t(swapped ? b.white : b.black)];
    return game;
}

std::optional<ScheduledGame> SwissRun::next(const std::function<bool()>& stopping) {
    std::unique_lock lock(mutex_);
    for (;;) {
        if (stopping && stopping()) return std::nullopt;
        if (boards_.empty() && !pair_next_round()) {
            changed_.notify_all();
            return std::nullopt;
        }
        for (std::size_t i = 0; i < boards_.size(); ++i) {
            for (std::size_t k = 0; k < boards_[i].started.size(); ++k) {
                if (boards_[i].started[k]) continue;
                boards_[i].started[k] = true;
                return game_of(int(i), int(k));
            }
        }
        // The round's last games are being played: wait for them (or for a stop).
        changed_.wait_for(lock, std::chrono::milliseconds(100));
    }
}

bool SwissRun::finish(const ScheduledGame& game, Outcome outcome) {
    std::lock_guard lock(mutex_);
    const bool ended = score(game, outcome);
    changed_.notify_all();
    return ended;
}

bool SwissRun::score(const ScheduledGame& game, Outcome outcome) {
    Board& b = boards_.at(std::size_t(game.slot.pair_index));
    const bool dutch_white_has_white = ranking_[std::size_t(b.white)] == game.white;
    const int white_points = outcome == Outcome::white_win ? 2 : outcome == Outcome::draw ? 1 : 0;
    (dutch_white_has_white ? b.white_half_points : b.black_half_points) += white_points;
    (dutch_white_has_white ? b.black_half_points : b.white_half_points) += 2 - white_points;
    ++b.finished;
    return close_round_if_done();
}

void SwissRun::restore(const std::vector<GameSummary>& games,
                       const std::vector<EngineId>& engines) {
    std::map<EngineId, int> index;
    for (std::size_t i = 0; i < engines.size(); ++i) index[engines[i]] = int(i);
    std::vector<GameSummary> ordered = games;
    std::sort(ordered.begin(), ordered.end(), [](const GameSummary& a, const GameSummary& b) {
        return a.slot.number < b.slot.number;
    });
    std::lock_guard lock(mutex_);
    for (const GameSummary& g : ordered) {
        const bool round_open = !boards_.empty() || pair_next_round();
        const bool fits =
            round_open && g.slot.round == int(tournament_.rounds.size()) &&
            g.slot.pair_index >= 0 && g.slot.pair_index < int(boards_.size()) &&
            g.slot.game_in_pair >= 0 && g.slot.game_in_pair < games_per_board() &&
            !boards_[std::size_t(g.slot.pair_index)].started[std::size_t(g.slot.game_in_pair)] &&
            game_of(g.slot.pair_index, g.slot.game_in_pair).white == index.at(g.white_engine_id) &&
            game_of(g.slot.pair_index, g.slot.game_in_pair).black == index.at(g.black_engine_id);
        if (!fits)
            throw std::runtime_error(
                "game " + std::to_string(g.slot.number + 1) + " of the database (" + g.white_name +
                " vs " + g.black_name + ", Swiss round " + std::to_string(g.slot.round + 1) +
                ") does not fit the pairing derived from the games before it (an engine changed "
                "since, so its earlier games no longer count): the Swiss cannot resume on this "
                "database; give another --db");
        boards_[std::size_t(g.slot.pair_index)].started[std::size_t(g.slot.game_in_pair)] = true;
        score(game_of(g.slot.pair_index, g.slot.game_in_pair), g.result.outcome);
        ++restored_;
    }
}

std::string SwissRun::text() const {
    std::lock_guard lock(mutex_);
    std::ostringstream out;
    const auto& players = tournament_.players;
    out << "Initial ranking (by " << ranking_source(initial_) << "):";
    for (std::size_t i = 0; i < initial_.entrants.size(); ++i)
        out << (i == 0 ? " " : ", ") << i + 1 << ". " << initial_.entrants[i].name << " ("
            << rating_label(initial_.entrants[i]) << ")";
    out << "\n";
    for (std::size_t r = 0; r < tournament_.rounds.size(); ++r) {
        const swiss::SwissRound& round = tournament_.rounds[r];
        out << "Swiss round " << r + 1 << ":";
        for (std::size_t b = 0; b < round.games.size(); ++b) {
            const swiss::SwissGame& g = round.games[b];
            auto [white, black] = board_points_[r][b];
            out << "\n  " << players[std::size_t(g.white)].name << " - "
                << players[std::size_t(g.black)].name << " " << points(white) << "-"
                << points(black);
        }
        if (round.bye) out << "\n  " << players[std::size_t(*round.bye)].name << " bye";
        out << "\n";
    }
    out << "Standings after " << tournament_.rounds.size() << " of " << tournament_.planned_rounds
        << " rounds (points, direct encounter, Buchholz cut 1, Buchholz, Sonneborn-Berger):";
    for (const swiss::SwissStanding& s : swiss::swiss_standings(tournament_)) {
        out << "\n  " << s.place << ". " << players[std::size_t(s.player)].name << " "
            << points(s.points) << "  DE " << points(s.direct_encounter) << "  BH-C1 "
            << points(s.buchholz_cut1) << "  BH " << points(s.buchholz) << "  SB "
            << s.sonneborn_berger / 4
            << (s.sonneborn_berger % 4 == 0   ? ""
                : s.sonneborn_berger % 4 == 1 ? ".25"
                : s.sonneborn_berger % 4 == 2 ? ".5"
                                              : ".75");
    }
    if (!ended_.empty()) out << "\nThe Swiss ended early: " << ended_;
    return out.str();
}

std::optional<std::string> SwissRun::unshown_text() {
    std::string now = text();
    std::lock_guard lock(mutex_);
    if (now == shown_) return std::nullopt;
    return shown_ = now;
}

bool SwissRun::over() const {
    std::lock_guard lock(mutex_);
    return over_ || int(tournament_.rounds.size()) >= tournament_.planned_rounds;
}

std::int64_t SwissRun::nominal_games() const {
    return boards_per_round() * games_per_board() * config_.rounds;
}

SwissRecord swiss_record(const TournamentConfig& config, const InitialRanking& initial,
                         const std::vector<GameSummary>& games) {
    // Each engine's row: the one its name plays under in the games.
    std::vector<EngineId> engines(config.engines.size(), -1);
    for (const GameSummary& g : games) {
        for (std::size_t i = 0; i < config.engines.size(); ++i) {
            if (config.engines[i].name == g.white_name) engines[i] = g.white_engine_id;
            if (config.engines[i].name == g.black_name) engines[i] = g.black_engine_id;
        }
    }
    const Schedule openings = Schedule::of(config, 1);
    SwissRun run(config, openings, initial);
    run.restore(games, engines);
    return run.record();
}

SwissRecord SwissRun::record() const {
    std::lock_guard lock(mutex_);
    return {tournament_, ranking_, initial_};
}

}  // namespace arbiter
