#include "harness/store/merge.h"

#include "harness/store/move_columns.h"
#include "harness/store/pool_stops.h"
#include "harness/store/schema.h"

#include <map>
#include <memory>
#include <optional>

namespace arbiter {

namespace {

// The variant comes from ShardProgress (which reads it whatever the shard's version).
constexpr std::string_view SELECT_TOURNAMENT =
    "SELECT config_key, config_json, created_at_ms FROM tournaments WHERE id = ?1";
constexpr std::string_view FIND_TOURNAMENT = "SELECT id FROM tournaments WHERE config_key = ?1";
constexpr std::string_view INSERT_TOURNAMENT =
    "INSERT INTO tournaments (config_key, config_json, created_at_ms, variant) "
    "VALUES (?1, ?2, ?3, ?4)";

// A shard read as it is at a version before 7 has no engine's own name and author, before 10 no
// description: NULL.
constexpr std::string_view SELECT_ENGINES_BY_VERSION[3] = {
    "SELECT id, binary_sha256, command, arguments, options, name, working_dir, NULL, NULL, NULL "
    "FROM engines",
    "SELECT id, binary_sha256, command, arguments, options, name, working_dir, id_name, "
    "id_author, NULL FROM engines",
    "SELECT id, binary_sha256, command, arguments, options, name, working_dir, id_name, "
    "id_author, id_description FROM engines",
};
constexpr std::string_view FIND_ENGINE =
    "SELECT id FROM engines WHERE binary_sha256 = ?1 AND command = ?2 AND arguments = ?3 "
    "AND options = ?4 AND name = ?5";
constexpr std::string_view INSERT_ENGINE =
    "INSERT INTO engines (binary_sha256, command, arguments, options, name, working_dir, id_name, "
    "id_author, id_description) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)";

constexpr std::string_view SELECT_OPENINGS =
    "SELECT id, source_file, suite_index, start_fen, moves, name FROM openings";
constexpr std::string_view FIND_OPENING =
    "SELECT id FROM openings WHERE source_file = ?1 AND suite_index = ?2 AND start_fen = ?3 "
    "AND moves = ?4 AND name = ?5";
constexpr std::string_view INSERT_OPENING =
    "INSERT INTO openings (source_file, suite_index, start_fen, moves, name) "
    "VALUES (?1, ?2, ?3, ?4, ?5)";

constexpr std::string_view MERGE_INSERT_SHARD =
    "INSERT OR IGNORE INTO shards (tournament_id, shard_index, shard_count, identity) "
    "VALUES (?1, ?2, ?3, ?4)";
constexpr std::string_view SELECT_SLOTS =
    "SELECT slot FROM shard_slots WHERE tournament_id = ?1 AND shard_index = ?2";

// Column 19 is the fault detail, NULL in a shard of a version before 9 (SELECT_OLD_GAMES).
#define ARBITER_SELECT_GAMES(FAULT_DETAIL)                                                       \
    "SELECT id, slot, white_engine_id, black_engine_id, opening_id, round, pair_index, "         \
    "opening_index, game_in_pair, start_fen, result, termination, termination_text, ply_count, " \
    "started_at_ms, finished_at_ms, shard_index, shard_count, host, " FAULT_DETAIL               \
    " FROM games "                                                                               \
    "WHERE tournament_id = ?1 ORDER BY id"
constexpr std::string_view SELECT_GAMES = ARBITER_SELECT_GAMES("fault_detail");
constexpr std::string_view SELECT_OLD_GAMES = ARBITER_SELECT_GAMES("NULL");
#undef ARBITER_SELECT_GAMES
// The target's game in a slot between two engines, in SELECT_GAMES's columns 4 to 18.
constexpr std::string_view GAME_IN_TARGET =
    "SELECT id, opening_id, round, pair_index, opening_index, game_in_pair, start_fen, result, "
    "termination, termination_text, ply_count, started_at_ms, finished_at_ms, shard_index, "
    "shard_count, host FROM games WHERE tournament_id = ?1 AND slot = ?2 "
    "AND white_engine_id = ?3 AND black_engine_id = ?4";
constexpr std::string_view INSERT_GAME =
    "INSERT INTO games (tournament_id, slot, white_engine_id, black_engine_id, opening_id, round, "
    "pair_index, opening_index, game_in_pair, start_fen, result, termination, termination_text, "
    "ply_count, started_at_ms, finished_at_ms, shard_index, shard_count, host, fault_detail) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, "
    "?20)";
constexpr std::string_view SELECT_TOTALS =
    "SELECT side, engine_id, moves, depth_moves, depth_sum, seldepth_moves, seldepth_sum, "
    "nodes_moves, nodes_sum, time_ms_sum FROM game_engine_totals WHERE game_id = ?1";
constexpr std::string_view INSERT_TOTALS =
    "INSERT INTO game_engine_totals (game_id, side, engine_id, moves, depth_moves, depth_sum, "
    "seldepth_moves, seldepth_sum, nodes_moves, nodes_sum, time_ms_sum) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)";

// Binds column `column` of `from` to parameter `parameter` of `to`, whatever its type.
void copy_value(sql::Statement& to, int parameter, const sql::Statement& from, int column) {
    const int code =
        sqlite3_bind_value(to.handle(), parameter, sqlite3_column_value(from.handle(), column));
    if (code != SQLITE_OK) to.connection().fail(code, "copying a value");
}

// Runs a statement whose parameters are bound and that returns no row, then resets it.
void run(sql::Statement& statement) {
    statement.step();
    statement.reset();
}

std::string shard_name(const ShardProgress& p) {
    return "shard " + std::to_string(p.shard.index) + "/" + std::to_string(p.shard.count);
}

// True if column `a` of `x` and column `b` of `y` hold the same value of the same type.
bool same_value(const sql::Statement& x, int a, const sql::Statement& y, int b) {
    const int type = sqlite3_column_type(x.handle(), a);
    if (type != sqlite3_column_type(y.handle(), b)) return false;
    switch (type) {
        case SQLITE_NULL:
            return true;
        case SQLITE_INTEGER:
            return x.integer(a) == y.integer(b);
        case SQLITE_FLOAT:
            return x.real(a) == y.real(b);
        default:
            return x.text(a) == y.text(b);
    }
}

// "1-0 (checkmate, 57 plies)" from a row with the result, termination and ply count at `at`,
// `at` + 1 and `at` + 3.
std::string game_text(const sql::Statement& row, int at) {
    return row.text(at) + " (" + row.text(at + 1) + ", " + std::to_string(row.integer(at + 3)) +
           " plies)";
}

// One shard file: its store and the shards it holds.
struct Input {
    std::filesystem::path path;
    Store store;
    std::vector<ShardProgress> shards;
};

// Where each game of the target came from: the target itself, or an input of this merge.
struct GameOrigins {
    std::filesystem::path target;
    std::map<GameId, std::filesystem::path> copied;  // by the target's game id

    std::string of(GameId id) const {
        auto it = copied.find(id);
        return (it == copied.end() ? target : it->second).string();
    }
};

// Copies one shard file into the target (whose transaction is open). Rows that identify
// (tournaments, engines, openings) are matched by their identifying columns and created when
// absent; games are matched by tournament, slot and engines and copied only when absent. A game
// already there must be the same game, column for column: two different games for one slot are
// a ShardMismatchError naming the slot and both files.
class ShardCopier {
  public:
    ShardCopier(sql::Connection& target, Input& input, const MergeOptions& options,
                GameOrigins& origins)
        : out_(target),
          in_(connection_of(input.store)),
          input_(input),
          options_(options),
          origins_(origins) {}

    std::pair<std::int64_t, std::int64_t> copy() {
        // Step 1. One read snapshot of the shard, so games and moves agree.
        in_.execute("BEGIN", "reading " + input_.path.string());
        map_engines();
        map_openings();
        std::int64_t added = 0, present = 0;
        for (const ShardProgress& shard : input_.shards) {
            // Step 2. The tournament, the shard and its slot list.
            const TournamentId tournament = map_tournament(shard.tournament_id, shard.variant);
            sql::Statement insert_shard(out_, MERGE_INSERT_SHARD);
            insert_shard.bind(1, tournament);
            insert_shard.bind(2, shard.shard.index);
            insert_shard.bind(3, shard.shard.count);
            insert_shard.bind(4, shard.identity_json);
            run(insert_shard);
            copy_slots(shard.tournament_id, tournament, shard.shard.index);
            copy_pool_stops(in_, shard.tournament_id, out_, tournament);
            // Step 3. The games not yet in the target, each with its moves.
            auto [a, p] = copy_games(shard.tournament_id, tournament);
            added += a;
            present += p;
        }
        in_.execute("COMMIT", "reading " + input_.path.string());
        return {added, present};
    }

  private:
    TournamentId map_tournament(TournamentId id, const std::string& variant) {
        sql::Statement select(in_, SELECT_TOURNAMENT);
        select.bind(1, id);
        if (!select.step())
            throw StoreError(input_.path.string() + ": the database file is damaged (tournament " +
                             std::to_string(id) + " is missing)");
        sql::Statement find(out_, FIND_TOURNAMENT);
        copy_value(find, 1, select, 0);
        if (find.step()) return find.integer(0);
        sql::Statement insert(out_, INSERT_TOURNAMENT);
        for (int i = 0; i < 3; ++i) copy_value(insert, i + 1, select, i);
        insert.bind(4, variant);
        run(insert);
        return sqlite3_last_insert_rowid(out_.handle());
    }

    // Fills `map` from the rows of `select_sql` (id first, then the identifying columns; the
    // insert takes every column but the id).
    void map_rows(std::string_view select_sql, std::string_view find_sql,
                  std::string_view insert_sql, int identifying, int all,
                  std::map<std::int64_t, std::int64_t>& map) {
        sql::Statement select(in_, select_sql);
        sql::Statement find(out_, find_sql);
        sql::Statement insert(out_, insert_sql);
        while (select.step()) {
            for (int i = 1; i <= identifying; ++i) copy_value(find, i, select, i);
            if (find.step()) {
                map[select.integer(0)] = find.integer(0);
            } else {
                for (int i = 1; i <= all; ++i) copy_value(insert, i, select, i);
                run(insert);
                map[select.integer(0)] = sqlite3_last_insert_rowid(out_.handle());
            }
            find.reset();
        }
    }

    void map_engines() {
        const std::int64_t version =
            in_.query_integer("PRAGMA user_version", "reading the schema version");
        const int form = version >= schema::ENGINE_DESCRIPTION_VERSION    ? 2
                         : version >= schema::ENGINE_OWN_IDENTITY_VERSION ? 1
                                                                          : 0;
        map_rows(SELECT_ENGINES_BY_VERSION[form], FIND_ENGINE, INSERT_ENGINE, 5, 9, engines_);
    }
    void map_openings() {
        map_rows(SELECT_OPENINGS, FIND_OPENING, INSERT_OPENING, 5, 5, openings_);
    }

    void copy_slots(TournamentId from, TournamentId to, int shard) {
        sql::Statement select(in_, SELECT_SLOTS);
        select.bind(1, from);
        select.bind(2, shard);
        std::vector<std::int64_t> slots;
        while (select.step()) slots.push_back(select.integer(0));
        replace_shard_slots(out_, to, shard, slots);
    }

    std::int64_t mapped(const std::map<std::int64_t, std::int64_t>& map, std::int64_t id,
                        const char* what) const {
        auto it = map.find(id);
        if (it == map.end())
            throw StoreError(input_.path.string() + ": the database file is damaged (" + what +
                             " " + std::to_string(id) + " is missing)");
        return it->second;
    }

    std::pair<std::int64_t, std::int64_t> copy_games(TournamentId from, TournamentId to) {
        // A shard at an older version reads NULL for the game and move columns it lacks.
        const int version =
            int(in_.query_integer("PRAGMA user_version", "reading the schema version"));
        sql::Statement games(
            in_, version >= schema::FAULT_DETAIL_VERSION ? SELECT_GAMES : SELECT_OLD_GAMES);
        sql::Statement exists(out_, GAME_IN_TARGET);
        sql::Statement insert(out_, INSERT_GAME);
        sql::Statement moves(in_, select_moves_sql(version));
        sql::Statement insert_move(out_, insert_move_sql());
        sql::Statement totals(in_, SELECT_TOTALS);
        sql::Statement insert_totals(out_, INSERT_TOTALS);
        std::int64_t added = 0, present = 0;
        games.bind(1, from);
        while (games.step()) {
            const std::int64_t white = mapped(engines_, games.integer(2), "engine");
            const std::int64_t black = mapped(engines_, games.integer(3), "engine");
            exists.bind(1, to);
            copy_value(exists, 2, games, 1);
            exists.bind(3, white);
            exists.bind(4, black);
            if (exists.step()) {
                check_same_game(games, exists);
                exists.reset();
                ++present;
                continue;
            }
            exists.reset();
            insert.bind(1, to);
            copy_value(insert, 2, games, 1);
            insert.bind(3, white);
            insert.bind(4, black);
            if (games.is_null(4))
                insert.bind_null(5);
            else
                insert.bind(5, mapped(openings_, games.integer(4), "opening"));
            for (int column = 5; column <= 19; ++column)
                copy_value(insert, column + 1, games, column);
            run(insert);
            ++added;
            const GameId id = sqlite3_last_insert_rowid(out_.handle());
            origins_.copied[id] = input_.path;
            // The game's per-side totals (what standings read instead of every move).
            totals.bind(1, games.integer(0));
            while (totals.step()) {
                insert_totals.bind(1, id);
                copy_value(insert_totals, 2, totals, 0);
                insert_totals.bind(3, mapped(engines_, totals.integer(1), "engine"));
                for (int column = 2; column < 10; ++column)
                    copy_value(insert_totals, column + 2, totals, column);
                run(insert_totals);
            }
            totals.reset();
            if (!options_.copy_moves) continue;
            moves.bind(1, games.integer(0));
            while (moves.step()) {
                insert_move.bind(1, id);
                for (int column = 0; column < int(move_columns().size()); ++column)
                    copy_value(insert_move, column + 2, moves, column);
                run(insert_move);
            }
            moves.reset();
        }
        return {added, present};
    }

    // Throws unless the input's game `game` (SELECT_GAMES) and the target's `there`
    // (GAME_IN_TARGET) are one game: the same opening, schedule place, result, times and host.
    void check_same_game(const sql::Statement& game, const sql::Statement& there) const {
        const std::optional<std::int64_t> opening =
            game.is_null(4) ? std::nullopt
                            : std::optional(mapped(openings_, game.integer(4), "opening"));
        bool same = opening == there.optional_integer(1);
        for (int column = 5; same && column <= 18; ++column)
            same = same_value(game, column, there, column - 3);
        if (same) return;
        throw ShardMismatchError(
            "slot " + std::to_string(game.integer(1)) + " (round " +
            std::to_string(game.integer(5)) + ", pair " + std::to_string(game.integer(6)) +
            "): " + origins_.of(there.integer(0)) + " holds " + game_text(there, 7) + " and " +
            input_.path.string() + " holds " + game_text(game, 10) +
            ", two different games for one slot; nothing was merged (merge the file whose "
            "game you keep, without the other)");
    }

    sql::Connection& out_;
    sql::Connection& in_;
    Input& input_;
    const MergeOptions& options_;
    GameOrigins& origins_;
    std::map<std::int64_t, std::int64_t> engines_, openings_;
};

// The identity every shard of a merge shares, and where it was first seen.
struct Reference {
    std::string identity, variant, where;
};

// True if `a` and `b` are one existing file (the same device and inode).
bool same_existing_file(const std::filesystem::path& a, const std::filesystem::path& b) {
    std::error_code error;
    return std::filesystem::equivalent(a, b, error) && !error;
}

// Checks that `held` belongs to the run of `reference` (set from the first shard seen).
void check_same_run(std::optional<Reference>& reference, const ShardProgress& held,
                    const std::string& where) {
    if (!reference) {
        reference = Reference{held.identity_json, held.variant, where};
    } else if (held.variant != reference->variant) {
        throw ShardMismatchError(where + " plays " + held.variant + " and " + reference->where +
                                 " plays " + reference->variant +
                                 ": a merge never mixes variants; nothing was merged");
    } else if (held.identity_json != reference->identity) {
        throw ShardMismatchError(
            where + " is not part of the same run as " + reference->where + ": " +
            describe_identity_difference(held.identity_json, reference->identity) +
            "; nothing was merged");
    }
}

// Refuses, before anything is written, an existing target that is a shard of the run or of
// another run: read-only, so that neither an older schema nor a refusal changes it.
void check_target(const std::filesystem::path& target, const std::vector<Input>& inputs,
                  std::optional<Reference>& reference) {
    Store store = Store::open(target, Store::Access::read_only);
    const std::vector<ShardProgress> held = shard_progress(connection_of(store));
    for (const ShardProgress& shard : held)
        check_same_run(reference, shard, shard_name(shard) + " (" + target.string() + ")");
    if (held.size() != 1) return;
    // A shard's own database holds that one shard; other shards merged into it would make the
    // shard refuse its own file. (A merged file holding only shard K so far is told apart by the
    // inputs: a merge into it brings shard K again.)
    const ShardNumber own = held.front().shard;
    bool brings_own = false, brings_other = false;
    for (const Input& input : inputs)
        for (const ShardProgress& shard : input.shards)
            (shard.shard == own ? brings_own : brings_other) = true;
    if (brings_other && !brings_own)
        throw ShardMismatchError(
            target.string() + ": holds only " + shard_name(held.front()) +
            ", as that shard's own database does; merging other shards into it would stop the "
            "shard from resuming there. Merge into a new file, with " +
            target.string() + " among the inputs; nothing was merged");
}

}  // namespace

MergeSummary merge_shards(const std::filesystem::path& target,
                          std::span<const std::filesystem::path> shards,
                          const MergeOptions& options) {
    // Step 1. Every input is a shard database of one run, given once, and not the target; they
    // are read before the target is opened, so a refused merge creates nothing.
    std::vector<Input> inputs;
    std::optional<Reference> reference;
    for (const auto& path : shards) {
        if (same_existing_file(path, target))
            throw ShardMismatchError(path.string() + ": is the target of the merge (--into " +
                                     target.string() + "); nothing was merged");
        for (const Input& earlier : inputs)
            if (same_existing_file(path, earlier.path))
                throw ShardMismatchError(path.string() + ": is given twice (also as " +
                                         earlier.path.string() + "); nothing was merged");
        // Read-only: a merge never writes a shard (which may be a file no one may write).
        Input input{path, Store::open(path, Store::Access::read_only), {}};
        input.shards = shard_progress(connection_of(input.store));
        if (input.shards.empty())
            throw ShardMismatchError(path.string() +
                                     ": is not a shard database (it was not played with "
                                     "`arbiter tournament --shard K/N`)");
        for (const ShardProgress& held : input.shards)
            check_same_run(reference, held, shard_name(held) + " (" + path.string() + ")");
        inputs.push_back(std::move(input));
    }
    std::error_code error;
    if (std::filesystem::exists(target, error)) check_target(target, inputs, reference);

    // Step 2. The target: claimed as a tournament claims its file, so that a shard playing into
    // it stops this merge; created if absent, and removed again if the merge then fails.
    DiscardIfLeftEmpty discard(target);
    WriterClaim claim(target);
    Store target_store = Store::open(target);
    sql::Connection& out = connection_of(target_store);
    for (const ShardProgress& held : shard_progress(out))
        check_same_run(reference, held, shard_name(held) + " (" + target.string() + ")");
    // A large page cache: the merge appends to the games and moves B-trees in one transaction.
    out.execute("PRAGMA cache_size = -262144", "setting the cache size");
    // A rollback journal rather than the WAL while merging, when no one else has the file open:
    // new pages are then written once, not to the WAL and again at the checkpoint. The
    // transaction stays atomic either way; the file is switched back to WAL at the end.
    const bool journal = out.query_text("PRAGMA journal_mode = TRUNCATE", "merging") == "truncate";
    // Back to WAL however the merge ends (after the transaction below is committed or rolled
    // back): a refused merge leaves the target in the mode it had.
    struct BackToWal {
        sql::Connection& connection;
        bool active;
        ~BackToWal() {
            if (active)
                sqlite3_exec(connection.handle(), "PRAGMA journal_mode = WAL", nullptr, nullptr,
                             nullptr);
        }
    } back_to_wal{out, journal};

    // Step 3. One transaction: all shards are in the target, or none of this merge is.
    MergeSummary summary;
    GameOrigins origins{target, {}};
    sql::Transaction transaction(out);
    for (Input& input : inputs) {
        auto [added, present] = ShardCopier(out, input, options, origins).copy();
        summary.games_added += added;
        summary.games_already_there += present;
        if (options.after_shard) options.after_shard(input.path, added);
    }
    transaction.commit();

    // Step 4. How far each shard got, as the target now knows.
    summary.shards = shard_progress(out);
    return summary;
}

}  // namespace arbiter
