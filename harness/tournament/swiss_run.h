// A Swiss tournament as a tournament run plays it (harness/swiss/ for the pairing rules): the
// engines in their initial ranking (initial_ranking.h: rating=, the pool's Elo, then name, fixed
// when the Swiss was first run), each round paired by the FIDE Dutch
// system once the round before has ended, its boards' games handed to the workers. A board is a
// game pair (the two colours of one opening, the Dutch system's White taking White first) or, with
// single games, one game; the board's result for the Swiss is the pair's: a win for the engine that
// scored more, a draw when level. The colour the system allocates thus only says who opens the
// pair; its colour balance is the balance of the pairs' first games. Every pairing is derived again
// from the recorded games when a run resumes, so a stopped Swiss continues with the same pairings.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "harness/config/tournament_config.h"
#include "harness/store/store.h"
#include "harness/swiss/dutch.h"
#include "harness/tournament/initial_ranking.h"
#include "harness/tournament/schedule.h"

namespace arbiter {

// The Swiss record of a tournament: the engines in initial-ranking order (their TRF ratings in
// `tournament`), `rounds` planned, and the rounds the recorded games complete, in the order they
// were played. `ranking[i]` is the configuration index of the engine with pairing number i + 1;
// `initial` says what placed each one.
struct SwissRecord {
    swiss::SwissTournament tournament;
    std::vector<int> ranking;
    InitialRanking initial;
};

// The Swiss record of a stored tournament (its configuration as stored, its initial ranking, its
// games): the rounds its games complete, replayed as a run resumes them. Throws
// std::runtime_error as the constructor and restore() do.
SwissRecord swiss_record(const TournamentConfig& config, const InitialRanking& initial,
                         const std::vector<GameSummary>& games);

// The bracket of a Swiss run, shared by its workers. Thread-safe.
class SwissRun {
  public:
    // `openings` orders the suite as for a knockout: each board draws the suite's next opening.
    // `initial` ranks the configuration's engines (swiss_initial_ranking()); throws
    // std::runtime_error unless it names each of them once.
    SwissRun(const TournamentConfig& config, const Schedule& openings,
             const InitialRanking& initial);

    // Replays the games an earlier run recorded (`engines`: the engine rows in configuration
    // order). Throws std::runtime_error naming the first game that does not fit the pairing
    // derived from the games before it.
    void restore(const std::vector<GameSummary>& games, const std::vector<EngineId>& engines);
    // The next game to play, waiting while the round's last games are played; nullopt once the
    // last round is over, no pairing is possible, or `stopping()` is true.
    std::optional<ScheduledGame> next(const std::function<bool()>& stopping);
    // Scores a game next() handed out. Returns true if it ended its round.
    bool finish(const ScheduledGame& game, Outcome outcome);

    // Each round's pairings with results and the standings with their tie-breaks.
    std::string text() const;
    // The text, unless this returned the same text last time.
    std::optional<std::string> unshown_text();
    // Whether every planned round was played (or the next could not be paired).
    bool over() const;
    // The games of every planned round: boards a round x games a board x rounds.
    std::int64_t nominal_games() const;
    std::int64_t restored() const { return restored_; }
    SwissRecord record() const;

  private:
    // A board of the round being played: its games started and finished and each side's points.
    struct Board {
        int white = 0;  // pairing numbers (0-based) as the Dutch system gave the colours
        int black = 0;
        std::vector<bool> started;  // per game of the board
        int finished = 0;
        int white_half_points = 0;
        int black_half_points = 0;
    };
    int games_per_board() const { return config_.single_games ? 1 : 2; }
    std::int64_t boards_per_round() const { return std::int64_t(ranking_.size() / 2); }
    // Pairs the next round (under mutex_); false when the tournament is over.
    bool pair_next_round();
    // Ends the round being played when its boards are all finished (under mutex_).
    bool close_round_if_done();
    ScheduledGame game_of(int board, int game_in_board) const;
    // Scores a game of the round being played (under mutex_); true if it ended the round.
    bool score(const ScheduledGame& game, Outcome outcome);

    const TournamentConfig& config_;
    const Schedule& openings_;
    InitialRanking initial_;
    std::vector<int> ranking_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    swiss::SwissTournament tournament_;
    std::vector<Board> boards_;  // the round being played (empty between rounds)
    // Each played round's boards' points (White's, Black's in half points), as text shows them.
    std::vector<std::vector<std::pair<int, int>>> board_points_;
    std::optional<int> bye_;
    std::string ended_;  // why the tournament ended before its last round, if it did
    bool over_ = false;
    std::int64_t restored_ = 0;
    std::string shown_;
};

}  // namespace arbiter
