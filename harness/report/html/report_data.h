// What the HTML report shows, gathered from the store in one pass: the figures the page prints
// and draws, computed in C++ so that the page's script only draws and filters.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/analysis/analysis.h"
#include "harness/config/engine_config.h"
#include "harness/ratings/joint_ratings.h"
#include "harness/ratings/pair_statistics.h"
#include "harness/ratings/sprt.h"
#include "harness/store/store.h"
#include "harness/tournament/swiss_run.h"

namespace arbiter::html {

struct ReportOptions {
    std::optional<TournamentId> tournament;  // default: the latest tournament of the database
    // Every tournament of the database in one page, a player per engine identity (a rebuilt
    // engine is "name (2)"; harness/report/rating_pool.h).
    bool all = false;
    int bootstrap_samples = 1000;          // for the standings' error bars
    int timeline_bootstrap_samples = 200;  // for each point of the Elo-over-time chart
    int timeline_points = 24;
    std::uint64_t seed = 1;
    int threads = 1;  // for the ratings (RatingOptions::threads): `report` alone uses every core
    // Games whose moves and positions go into the page for the board viewer; beyond it the
    // viewer holds an even sample of the games and the page says so.
    std::int64_t max_viewer_games = 20000;
};

// Ratings after the first `games` games of the tournament (in the order they were recorded).
struct TimelinePoint {
    std::int64_t games = 0;
    std::vector<std::optional<PlayerRating>> players;  // by engine index
};

// What one engine reported per move over moves whose move number falls in a phase.
struct PhaseStatistics {
    std::int64_t moves = 0;
    std::int64_t moves_with_depth = 0;
    double depth_sum = 0;
    std::int64_t moves_with_nodes = 0;
    double nodes_sum = 0;
    double time_ms_sum = 0;
    double nodes_time_ms_sum = 0;  // thinking time of the moves that reported nodes
    // Timed games: the mover's clock before each move as the referee recorded it with the move,
    // and the share of it the move used.
    std::int64_t clock_moves = 0;
    double clock_left_ms_sum = 0;
    double clock_share_sum = 0;
};

// Points scored per opening in one pair (first engine's side), with game counts.
struct OpeningPairResult {
    double points = 0;  // for the engine with the lower index
    int games = 0;
};

struct OpeningLine {
    OpeningId id = 0;
    std::string name;
    std::int64_t games = 0;
    double white_points = 0;
    std::map<std::pair<int, int>, OpeningPairResult> pairs;  // engine indices a < b
    bool unbalanced = false;  // among the openings where White's score is furthest from 50%
};

// One engine's node counts from one `arbiter nodes` run: the total over positions per depth.
struct NodeSeries {
    std::string engine;
    std::map<int, std::int64_t> nodes_by_depth;
    std::map<int, int> positions_by_depth;
};

// What the reference engine's analysis says of one viewer game (empty when it does not hold it):
// the evaluation of each position from White's side, clamped to +/-1000 centipawns (the start
// first; none where the engine gave no score), and each move's NAG and better move.
struct ViewerAnalysis {
    std::vector<std::optional<int>> evals;
    std::vector<std::string> nags;
    std::vector<std::string> better;
    std::optional<std::size_t> turning_ply;  // a decisive game's turning point (from 1)
};

// One ply of a game as the viewer shows it: the position after the move, and what the engine
// said while choosing it.
struct ViewerGame {
    GameId id = 0;
    std::string start_fen;
    std::vector<std::string> fens;  // after each ply
    std::vector<MoveRecord> moves;
    ViewerAnalysis analysis;
};

// A decisive game's turning point as the page lists it.
struct GameTurningPoint {
    GameId game = 0;
    int loser = 0;     // engine index
    std::string move;  // "23. Kf1" or "23... Kf8"
    TurningPoint point;
};

// The reference engine's analysis of the tournament's games (`arbiter analyse --db`), when the
// database holds one: the analysis holding most of the games (README, "Analysing games").
struct ReportAnalysis {
    StoredAnalysis analysis;  // games: how many of the tournament's it holds
    MistakeThresholds thresholds;
    std::vector<LossTally> engines;                // by engine index, book moves left out
    std::int64_t decisive = 0;                     // decisive games it holds
    std::vector<GameTurningPoint> turning_points;  // in the games' order
};

// Everything the page needs, in the engines' standings order where it matters.
struct ReportData {
    StoredTournament tournament;
    std::string event;
    std::string limits;                // e.g. "nodes 20000" or "tc 10+0.1"
    bool trusted_draw_claims = false;  // --draw-claims trusted: engines' claims drew unchecked
    bool clocked = false;              // some engine move has the referee's clock recorded with it
    // Where a period of an engine's time control begins (move number, "period 2"), up to the
    // last phase's start, and those controls ("40/5400+30:1800+30"): the clock charts mark them.
    std::vector<std::pair<int, std::string>> period_starts;
    std::string period_controls;
    std::string note;                // the configuration's note: lines shown under the title
    std::vector<std::string> names;  // engine names, index = engine index
    std::vector<EngineId> engine_ids;
    std::vector<EngineOwnIdentity> own;  // what each engine said of itself, by engine index
    std::vector<GameSummary> games;      // games between the engines' newest identities, by slot
    std::map<OpeningId, std::string> opening_names;
    std::int64_t older_games = 0;  // games of earlier identities left out
    int pooled_tournaments = 0;    // with ReportOptions::all: the tournaments pooled (else 0)
    std::optional<RatingResult> ratings;
    std::string ratings_error;
    std::vector<int> order;  // engine indices, best first
    std::vector<TimelinePoint> timeline;
    std::vector<std::vector<WdlCounts>> cross;  // cross[a][b]: a's results against b
    std::optional<PairStatistics> match;        // two engines
    std::optional<SprtParameters> sprt;
    std::vector<std::pair<std::int64_t, double>> llr;  // (pairs, LLR) after each pair
    std::string pooled_sprt;  // a pooled SPRT's verdict in words (harness/report/pool_report.h)
    static constexpr std::array<int, 6> PHASE_START = {1, 11, 21, 41, 61, 101};  // move numbers
    std::vector<std::array<PhaseStatistics, PHASE_START.size()>> phases;         // by engine index
    std::vector<std::map<std::string, int>> terminations;  // by engine index: code -> games
    std::vector<std::map<std::string, int>> faults;        // by engine index: losses by fault
    std::vector<OpeningLine> openings;
    std::optional<NodeRun> node_run;  // the latest run of `arbiter nodes`, if any
    std::vector<NodeSeries> node_series;
    std::vector<ViewerGame> viewer_games;
    bool viewer_sampled = false;
    std::optional<SwissRecord> swiss;  // a Swiss: its rounds as the games complete them
    std::optional<ReportAnalysis> analysis;
};

// Reads the tournament (the latest unless options say otherwise) from the store. Throws
// std::runtime_error when the database has no tournament.
ReportData collect_report(Store& store, const ReportOptions& options);

// Replays a game with the chess core and returns the FEN after each ply. Throws
// std::runtime_error naming the game and ply if a stored move is not legal.
std::vector<std::string> fens_after_each_ply(const GameRecord& game, GameId id);

// Chooses the analysis the page shows (none when no analysis holds a game of data.games).
void choose_analysis(ReportData& data, Store& store);
// Adds a game's analysis (when the chosen analysis holds it) to the page's figures: each
// engine's losses and marks over its own moves (book moves left out), the turning point of a
// decisive game; fills `viewer` when given. `game` is the game as stored.
void add_game_analysis(ReportData& data, Store& store, const GameSummary& summary,
                       const GameRecord& game, ViewerAnalysis* viewer);

// The faults a game can be lost by, each of which the page links to its game.
bool is_fault(Termination termination);

}  // namespace arbiter::html
