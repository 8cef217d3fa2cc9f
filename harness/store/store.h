#pragma once

// The arbiter database: one SQLite file holding tournaments, engines, openings, games with
// their moves, and node-count runs. Store is the only code in arbiter that writes SQL.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "harness/game/engine_types.h"
#include "harness/store/records.h"
#include "harness/store/store_error.h"

namespace arbiter {

// A tournament row: the configuration key the tournament derives and its full configuration.
struct StoredTournament {
    TournamentId id = 0;
    std::string config_key;
    std::string config_json;
    std::int64_t created_at_ms = 0;    // milliseconds since the Unix epoch
    std::string variant = "standard";  // "standard" or "chess960" (config/game_config.h's words)

    bool operator==(const StoredTournament&) const = default;
};

// An engine row: its id, its identity, and what it said of itself in its last handshake (empty
// where that is not known: engines recorded before schema version 7).
struct StoredEngine {
    EngineId id = 0;
    EngineIdentity identity;
    EngineOwnIdentity own;

    bool operator==(const StoredEngine&) const = default;
};

// One line per recorded game, enough for standings, ratings, crosstables and PGN headers.
struct GameSummary {
    GameId id = 0;
    TournamentId tournament_id = 0;
    ScheduleSlot slot;
    EngineId white_engine_id = 0;
    EngineId black_engine_id = 0;
    std::string white_name;
    std::string black_name;
    std::optional<OpeningId> opening_id;
    Result result;  // as recorded: outcome, termination, description (no illegal move)
    int ply_count = 0;
    std::int64_t started_at_ms = 0;
    std::int64_t finished_at_ms = 0;

    bool operator==(const GameSummary&) const = default;
};

// One game as a rating list over every tournament reads it: where it sits and how it ended,
// no names and no text, so that a million games read in a second.
struct StoredResult {
    TournamentId tournament_id = 0;
    std::int64_t slot = 0;  // the slot number; slot / 2 is its colour-reversed pair
    EngineId white_engine_id = 0;
    EngineId black_engine_id = 0;
    Outcome outcome = Outcome::draw;
    std::int64_t started_at_ms = 0;

    bool operator==(const StoredResult&) const = default;
};

// What one engine reported per move over a tournament's games, book moves excluded.
// Averages over moves that reported the value; nothing when no move reported it.
struct EngineMoveStatistics {
    EngineId engine_id = 0;
    std::string name;
    std::int64_t moves = 0;             // moves the engine chose
    std::int64_t moves_with_depth = 0;  // of which reported a depth
    std::optional<double> average_depth;
    std::optional<double> average_seldepth;
    std::optional<double> average_nodes;
    double average_time_ms = 0;
    std::int64_t total_nodes = 0;  // sum over the moves that reported nodes
    std::int64_t total_time_ms = 0;

    bool operator==(const EngineMoveStatistics&) const = default;
};

// How long one engine's moves took beyond its own reported search time (MoveRecord::latency_ms)
// over a tournament's games, book moves and moves without a measured latency excluded.
struct EngineLatency {
    EngineId engine_id = 0;
    std::string name;
    std::int64_t moves = 0;  // moves with a latency
    double mean_ms = 0;
    std::int64_t max_ms = 0;

    bool operator==(const EngineLatency&) const = default;
};

// One invocation of `arbiter nodes`; its measurements are kept as history.
struct NodeRun {
    NodeRunId id = 0;
    std::int64_t started_at_ms = 0;
    std::string description;

    bool operator==(const NodeRun&) const = default;
};

// A node count together with the run it belongs to.
struct StoredNodeCount {
    NodeRunId run_id = 0;
    NodeCountRecord record;

    bool operator==(const StoredNodeCount&) const = default;
};

// One analysis of a database's games (`arbiter analyse --db`, schema version 11): a reference
// engine (its row of engines) at one search limit, and how many games it has analysed.
struct StoredAnalysis {
    AnalysisId id = 0;
    EngineId engine_id = 0;
    std::string engine_name;
    std::string limit_kind;  // "depth", "nodes" or "movetime"
    std::int64_t limit_value = 0;
    std::int64_t games = 0;

    bool operator==(const StoredAnalysis&) const = default;
};

// Where the rating that placed a Swiss entrant in its initial ranking came from (schema 12).
enum class InitialRatingSource { rating, pool, name };

// One entrant of a Swiss's initial ranking: its name and the rating that placed it: its rating=
// (rating), its joint Elo over the database's earlier tournaments (pool; infinite for a player who
// won, or lost, every game there), or none (name: unrated, placed by name).
struct InitialEntrant {
    std::string name;
    InitialRatingSource source = InitialRatingSource::name;
    std::optional<double> rating;  // none exactly for InitialRatingSource::name

    bool operator==(const InitialEntrant&) const = default;
};

// A Swiss's initial ranking as its first run fixed it: the entrants in pairing-number order, and
// the pool of earlier games it fitted: its tournaments and games, and a note on what it left out
// or why it rated nobody (empty when it rated every group of players).
struct InitialRanking {
    std::vector<InitialEntrant> entrants;
    int pool_tournaments = 0;
    std::int64_t pool_games = 0;
    std::string pool_note;

    bool operator==(const InitialRanking&) const = default;
};

// An open arbiter database.
//
// A process has one connection per database file and never another descriptor of a file it has
// open: on Linux, closing any descriptor of a file drops every POSIX lock the process holds on
// it, SQLite's included, and a reader could then delete the write-ahead log under this writer.
// So open() reads a file's header itself only while no Store of this process has that file open,
// and shard and merge code work through the Store they were given.
//
// open() creates the file (and missing parent folders) if absent, refuses files that are not
// arbiter's or are damaged with a StoreError naming the file, and migrates older schemas. The
// database runs in WAL mode with foreign keys on and synchronous=NORMAL: a committed game
// survives the process being killed (SIGKILL included); a power cut may lose the last commits
// but never leaves a partial game. All methods are safe to call from several threads (they are
// serialised by a mutex); several processes may share one file (busy timeout 10 s); when another
// process holds the file longer, the error names it ("in use by another arbiter (pid N)").
//
// Opened read-only, the store never writes the file: it refuses a missing, empty or foreign file
// and does not migrate. An older arbiter file is read as it is; per-game totals that its version
// lacks are computed into memory when first needed.
class Store {
  public:
    enum class Access { read_write, read_only };

    // Opens or creates the database at `path` (":memory:" gives a private in-memory database).
    // Throws StoreError naming the file if it is not arbiter's, is newer, or is damaged; with
    // Access::read_only also if it does not exist or is empty.
    static Store open(const std::filesystem::path& path, Access access = Access::read_write);

    Store(Store&&) noexcept;
    Store& operator=(Store&&) noexcept;
    ~Store();

    // True if the file has no tournament, engine, opening, game or node run.
    bool is_empty();
    // How long a statement waits for another process's lock before failing (10 s by default).
    void set_busy_timeout(std::chrono::milliseconds timeout);
    // Copies the write-ahead log into the main file and empties it (SQLite's
    // wal_checkpoint(TRUNCATE)), so that the file alone holds every committed game, as after a
    // last clean close. False if another process's reader kept part of the log (it stays valid).
    bool checkpoint();

    const std::string& path() const;
    // The schema version of the open file: latest_schema_version() after a read-write open(),
    // the file's own version when opened read-only.
    int schema_version();
    static int latest_schema_version();

    // Returns the id of the tournament with `config_key`, creating it with `config_json` (which
    // must be valid JSON) and `variant` if absent. An existing tournament keeps the JSON and the
    // variant it was created with.
    TournamentId get_or_create_tournament(std::string_view config_key, std::string_view config_json,
                                          std::string_view variant = "standard");
    std::optional<StoredTournament> find_tournament(std::string_view config_key);
    // Throws StoreError if there is no such tournament.
    StoredTournament load_tournament(TournamentId id);
    std::vector<StoredTournament> list_tournaments();

    // Returns the id of the engine with this identity (name, command, args, options, binary
    // SHA-256), creating it if absent; an existing row keeps its first working_dir.
    // Throws std::invalid_argument if binary_sha256 is not 64 lowercase hex digits.
    EngineId get_or_create_engine(const EngineIdentity& identity);
    // Throws StoreError if there is no such engine.
    EngineIdentity load_engine(EngineId id);
    std::vector<StoredEngine> list_engines();
    // Keeps what the engine said of itself in its handshake (`id name`, `id author`, XBoard's
    // `myname`), replacing what an earlier run kept. Throws StoreError if there is no such engine.
    void set_engine_own_identity(EngineId id, const EngineOwnIdentity& own);

    // Returns the id of the opening equal in every field, creating it if absent.
    OpeningId get_or_create_opening(const Opening& opening);
    // Throws StoreError if there is no such opening.
    Opening load_opening(OpeningId id);

    // Writes a finished game and all its moves in one transaction and returns its id.
    // Throws DuplicateGameError if the tournament already has a game in this slot between the
    // same two engine ids, StoreError for unknown ids, std::invalid_argument for a malformed
    // record (result, termination, plies not 1..n, start FEN side, both cp and mate scores).
    GameId record_game(const GameRecord& game);

    // Slot numbers of the tournament's games whose white and black engines are both among
    // `current_engines`: the games a resumed run must not play again.
    std::set<std::int64_t> finished_slots(TournamentId tournament,
                                          std::span<const EngineId> current_engines);

    // Number of games of the tournament: all, or those between engines of `engines`.
    std::int64_t count_games(TournamentId tournament);
    std::int64_t count_games(TournamentId tournament, std::span<const EngineId> engines);

    // The tournament's games ordered by slot number (then id): all, or those between engines
    // of `engines`.
    std::vector<GameSummary> list_games(TournamentId tournament);
    std::vector<GameSummary> list_games(TournamentId tournament, std::span<const EngineId> engines);

    // Every game of every tournament, by game id: what `ratings --all` rates.
    std::vector<StoredResult> list_results();

    // Returns the game exactly as it was recorded. Throws StoreError if there is no such game.
    GameRecord load_game(GameId id);

    // Per-engine averages of depth, seldepth, nodes and time per move over the tournament's
    // games (all, or those between engines of `engines`), ordered by engine id.
    std::vector<EngineMoveStatistics> engine_move_statistics(TournamentId tournament);
    std::vector<EngineMoveStatistics> engine_move_statistics(TournamentId tournament,
                                                             std::span<const EngineId> engines);
    // Each engine's latency over the tournament's games, ordered by engine id; engines without
    // a measured latency (all moves of files before schema version 6) have no entry.
    std::vector<EngineLatency> engine_latencies(TournamentId tournament);

    // Node counts keep their history: each `arbiter nodes` invocation is a run, and a position
    // is measured at most once per run, engine and depth. The latest run wins in lookups.
    NodeRunId begin_node_run(std::string_view description);
    // Writes one measurement. Throws StoreError if the run already has this engine, position
    // and depth, or refers to unknown ids.
    void record_node_count(NodeRunId run, const NodeCountRecord& count);
    std::vector<NodeRun> list_node_runs();
    // The run's measurements in the order they were recorded.
    std::vector<NodeCountRecord> node_counts_of_run(NodeRunId run);
    // The most recent measurement of this engine, position and depth over all runs.
    std::optional<StoredNodeCount> latest_node_count(EngineId engine, std::string_view fen,
                                                     std::span<const std::string> moves, int depth);

    // A reference engine's analyses (harness/store/store_analysis.cpp). An analysis is its
    // engine's identity and its limit ("depth", "nodes" or "movetime", and a value of at least
    // 1): returns its id, creating it if absent. Throws std::invalid_argument for another limit.
    AnalysisId get_or_create_analysis(EngineId engine, std::string_view limit_kind,
                                      std::int64_t limit_value);
    // Every analysis with the number of games it holds, by id; none in a file before version 11.
    std::vector<StoredAnalysis> list_analyses();
    // The games the analysis holds: a resumed analysis skips them.
    std::set<GameId> analysed_games(AnalysisId analysis);
    // Writes a game's verdicts (verdicts[p]: the position after p plies, the start at 0) in one
    // transaction: a game is analysed completely or not at all. Throws std::invalid_argument
    // unless there is one verdict per position of the recorded game, StoreError if the analysis
    // already holds the game or an id is unknown.
    void record_game_analysis(AnalysisId analysis, GameId game,
                              std::span<const PositionVerdict> verdicts);
    // The verdicts of the game's positions in ply order; empty if the analysis does not hold it.
    std::vector<PositionVerdict> load_game_analysis(AnalysisId analysis, GameId game);

    // A Swiss's initial ranking (store_rankings.cpp), if its first run stored one; none in a file
    // before version 12.
    std::optional<InitialRanking> load_initial_ranking(TournamentId tournament);
    // Stores `ranking` as the tournament's initial ranking in one transaction unless it has one
    // already; returns the ranking the tournament keeps (the earlier one, when it had one).
    // Throws std::invalid_argument for a rating that does not match its source or names that
    // repeat, StoreError for an unknown tournament or a read-only store.
    InitialRanking keep_initial_ranking(TournamentId tournament, const InitialRanking& ranking);

    // Runs SQLite's full integrity check; returns "ok" or the problems it lists.
    std::string integrity_check();

    // The connection and its statements (store_impl.h), private to harness/store.
    struct Impl;
    // For harness/store's shard and merge SQL only (shards.h): this store's one connection.
    Impl& impl() { return *impl_; }

  private:
    explicit Store(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

// The games of `games` between the newest identity (highest engine id) of each engine name: when
// an engine is rebuilt and its games re-played, its older games are history. Every reader of a
// tournament (standings, ratings, the report, export) counts this set. `superseded`, when given,
// receives how many games were left out.
std::vector<GameSummary> current_games(std::vector<GameSummary> games,
                                       std::int64_t* superseded = nullptr);

// Removes a database file and its -wal, -shm and -journal companions; missing files are fine.
void remove_database_files(const std::filesystem::path& path);

// One writing arbiter per database file: a tournament claims its file for as long as it runs, so
// a second arbiter started on the same file stops at once with "<file>: is in use by another
// arbiter (pid N)" instead of racing the first for the same games. The claim is an flock on the
// file (created if absent), released when the process ends, SIGKILL included; SQLite's own POSIX
// locks are separate. Make it before this process opens any Store of the file, and declare it
// before that Store so that it is released after the Store closes (closing the claim's
// descriptor while SQLite has the file open would drop SQLite's locks).
class WriterClaim {
  public:
    // Throws StoreError naming the file and the other process if another process holds it.
    explicit WriterClaim(const std::filesystem::path& path);
    ~WriterClaim();
    WriterClaim(const WriterClaim&) = delete;
    WriterClaim& operator=(const WriterClaim&) = delete;

  private:
    int descriptor_ = -1;
};

// Declared before a command opens its Store, so that it is destroyed after the Store closes:
// if the database did not exist when the guard was made and still holds nothing (the command
// failed before its first write, e.g. on a configuration error), the guard removes it, unless
// another process has the file open. A command that fails leaves no new empty database behind.
class DiscardIfLeftEmpty {
  public:
    explicit DiscardIfLeftEmpty(std::filesystem::path path);
    ~DiscardIfLeftEmpty();
    DiscardIfLeftEmpty(const DiscardIfLeftEmpty&) = delete;
    DiscardIfLeftEmpty& operator=(const DiscardIfLeftEmpty&) = delete;

  private:
    std::filesystem::path path_;
    bool existed_ = true;
};

}  // namespace arbiter
