#include "harness/store/store.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

#include "harness/config/json.h"
#include "harness/store/schema.h"
#include "harness/store/sqlite.h"

namespace arbiter {
namespace {

// Step 0. Every statement the store runs, prepared once per connection and reused.

constexpr std::string_view SELECT_TOURNAMENT_BY_KEY =
    "SELECT id, config_key, config_json, created_at_ms FROM tournaments WHERE config_key = ?1";
constexpr std::string_view SELECT_TOURNAMENT_BY_ID =
    "SELECT id, config_key, config_json, created_at_ms FROM tournaments WHERE id = ?1";
constexpr std::string_view LIST_TOURNAMENTS =
    "SELECT id, config_key, config_json, created_at_ms FROM tournaments ORDER BY id";
constexpr std::string_view INSERT_TOURNAMENT =
    "INSERT INTO tournaments (config_key, config_json, created_at_ms) VALUES (?1, ?2, ?3)";

constexpr std::string_view SELECT_ENGINE_BY_IDENTITY =
    "SELECT id FROM engines WHERE binary_sha256 = ?1 AND command = ?2 AND arguments = ?3 "
    "AND options = ?4 AND name = ?5";
constexpr std::string_view INSERT_ENGINE =
    "INSERT INTO engines (name, command, arguments, options, binary_sha256, working_dir) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
constexpr std::string_view SELECT_ENGINE =
    "SELECT id, name, command, arguments, options, binary_sha256, working_dir FROM engines "
    "WHERE id = ?1";
constexpr std::string_view LIST_ENGINES =
    "SELECT id, name, command, arguments, options, binary_sha256, working_dir FROM engines "
    "ORDER BY id";
constexpr std::string_view DECODE_ARGUMENTS = "SELECT value FROM json_each(?1) ORDER BY key";
constexpr std::string_view DECODE_OPTIONS =
    "SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?1) "
    "ORDER BY key";

constexpr std::string_view SELECT_OPENING_BY_FIELDS =
    "SELECT id FROM openings WHERE source_file = ?1 AND suite_index = ?2 AND start_fen = ?3 "
    "AND moves = ?4 AND name = ?5";
constexpr std::string_view INSERT_OPENING =
    "INSERT INTO openings (source_file, suite_index, start_fen, moves, name) "
    "VALUES (?1, ?2, ?3, ?4, ?5)";
constexpr std::string_view SELECT_OPENING =
    "SELECT source_file, suite_index, start_fen, moves, name FROM openings WHERE id = ?1";

constexpr std::string_view INSERT_GAME =
    "INSERT INTO games (tournament_id, slot, round, pair_index, opening_index, game_in_pair, "
    "white_engine_id, black_engine_id, opening_id, start_fen, result, termination, "
    "termination_text, ply_count, started_at_ms, finished_at_ms, shard_index, shard_count, host) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)";
constexpr std::string_view INSERT_MOVE =
    "INSERT INTO moves (game_id, ply, uci, san, time_ms, depth, seldepth, nodes, score_cp, "
    "score_mate, pv, comment, book) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)";
constexpr std::string_view SELECT_GAME_IN_SLOT =
    "SELECT id FROM games WHERE tournament_id = ?1 AND slot = ?2 AND white_engine_id = ?3 "
    "AND black_engine_id = ?4";

// ?2 is a JSON array of engine ids, or NULL for all engines.
#define ARBITER_ENGINE_FILTER                                                 \
    "(?2 IS NULL OR (g.white_engine_id IN (SELECT value FROM json_each(?2)) " \
    "AND g.black_engine_id IN (SELECT value FROM json_each(?2))))"

constexpr std::string_view FINISHED_SLOTS =
    "SELECT DISTINCT g.slot FROM games g WHERE g.tournament_id = ?1 AND " ARBITER_ENGINE_FILTER
    " ORDER BY g.slot";
constexpr std::string_view COUNT_GAMES =
    "SELECT count(*) FROM games g WHERE g.tournament_id = ?1 AND " ARBITER_ENGINE_FILTER;
constexpr std::string_view LIST_GAMES =
    "SELECT g.id, g.tournament_id, g.slot, g.round, g.pair_index, g.opening_index, "
    "g.game_in_pair, g.white_engine_id, g.black_engine_id, w.name, b.name, g.opening_id, "
    "g.result, g.termination, g.termination_text, g.ply_count, g.started_at_ms, "
    "g.finished_at_ms FROM games g JOIN engines w ON w.id = g.white_engine_id "
    "JOIN engines b ON b.id = g.black_engine_id WHERE g.tournament_id = ?1 "
    "AND " ARBITER_ENGINE_FILTER " ORDER BY g.slot, g.id";
constexpr std::string_view SELECT_GAME =
    "SELECT tournament_id, slot, round, pair_index, opening_index, game_in_pair, "
    "white_engine_id, black_engine_id, opening_id, start_fen, result, termination, "
    "termination_text, ply_count, started_at_ms, finished_at_ms, shard_index, shard_count, host "
    "FROM games WHERE id = ?1";
constexpr std::string_view SELECT_MOVES =
    "SELECT ply, uci, san, time_ms, depth, seldepth, nodes, score_cp, score_mate, pv, comment, "
    "book FROM moves WHERE game_id = ?1 ORDER BY ply";
// The mover of ply p is white when p is odd and the start position has white to move, or p
// is even and black was to move.
constexpr std::string_view ENGINE_MOVE_STATISTICS =
    "WITH engine_moves AS ("
    " SELECT CASE WHEN (m.ply % 2 = 1) = "
    "  (substr(g.start_fen, instr(g.start_fen, ' ') + 1, 1) = 'w')"
    "  THEN g.white_engine_id ELSE g.black_engine_id END AS engine_id,"
    "  m.depth, m.seldepth, m.nodes, m.time_ms"
    " FROM games g JOIN moves m ON m.game_id = g.id"
    " WHERE g.tournament_id = ?1 AND m.book = 0 AND " ARBITER_ENGINE_FILTER
    ") SELECT e.id, e.name, count(*), count(em.depth), avg(em.depth), avg(em.seldepth),"
    " avg(em.nodes), avg(em.time_ms), coalesce(sum(em.nodes), 0), sum(em.time_ms)"
    " FROM engine_moves em JOIN engines e ON e.id = em.engine_id GROUP BY e.id ORDER BY e.id";

#undef ARBITER_ENGINE_FILTER

constexpr std::string_view INSERT_NODE_RUN =
    "INSERT INTO node_runs (started_at_ms, description) VALUES (?1, ?2)";
constexpr std::string_view LIST_NODE_RUNS =
    "SELECT id, started_at_ms, description FROM node_runs ORDER BY id";
constexpr std::string_view INSERT_NODE_COUNT =
    "INSERT INTO node_counts (run_id, engine_id, fen, moves, depth, nodes, time_ms, score_cp, "
    "score_mate, bestmove, pv, leaves, reached_depth) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)";
constexpr std::string_view NODE_COUNTS_OF_RUN =
    "SELECT engine_id, fen, moves, depth, nodes, time_ms, score_cp, score_mate, bestmove, pv, "
    "leaves, reached_depth FROM node_counts WHERE run_id = ?1 ORDER BY id";
constexpr std::string_view LATEST_NODE_COUNT =
    "SELECT engine_id, fen, moves, depth, nodes, time_ms, score_cp, score_mate, bestmove, pv, "
    "leaves, reached_depth, run_id FROM node_counts WHERE engine_id = ?1 AND fen = ?2 AND moves = "
    "?3 AND depth = ?4 "
    "ORDER BY run_id DESC LIMIT 1";

// The five schedule-slot columns (number, round, pair, opening, game in pair) from `first` on.
ScheduleSlot read_slot(sql::Statement& row, int first) {
    return {row.integer(first), static_cast<int>(row.integer(first + 1)),
            static_cast<int>(row.integer(first + 2)), static_cast<int>(row.integer(first + 3)),
            static_cast<int>(row.integer(first + 4))};
}

std::int64_t now_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// Appends `text` as a JSON string literal.
void append_json_string(std::string& out, std::string_view text) {
    out += json::quote(text);
}

// The canonical JSON of an engine's arguments: ["a","b"]. Equal lists give equal text.
std::string arguments_json(const std::vector<std::string>& args) {
    std::string json = "[";
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (i) json.push_back(',');
        append_json_string(json, args[i]);
    }
    return json + "]";
}

// The canonical JSON of an engine's options: [["Hash","16"],["Eval","material"]].
std::string options_json(const std::vector<EngineOption>& options) {
    std::string json = "[";
    for (std::size_t i = 0; i < options.size(); ++i) {
        if (i) json.push_back(',');
        json.push_back('[');
        append_json_string(json, options[i].name);
        json.push_back(',');
        append_json_string(json, options[i].value);
        json.push_back(']');
    }
    return json + "]";
}

std::string engine_ids_json(std::span<const EngineId> ids) {
    std::string json = "[";
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (i) json.push_back(',');
        json += std::to_string(ids[i]);
    }
    return json + "]";
}

// Moves are stored as one text of UCI moves separated by single spaces.
std::string join_moves(std::span<const std::string> moves, std::string_view what) {
    std::string text;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (moves[i].empty() || moves[i].find_first_of(" \t\r\n") != std::string::npos) {
            throw std::invalid_argument(std::string(what) + ": move " + std::to_string(i + 1) +
                                        " \"" + moves[i] + "\" is empty or contains whitespace");
        }
        if (i) text.push_back(' ');
        text += moves[i];
    }
    return text;
}

std::vector<std::string> split_moves(const std::string& text) {
    std::vector<std::string> moves;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = std::min(text.find(' ', start), text.size());
        moves.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return moves;
}

bool is_lowercase_sha256(std::string_view hex) {
    if (hex.size() != 64) return false;
    for (const char c : hex) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    }
    return true;
}

bool is_result(std::string_view result) {
    return result == "1-0" || result == "0-1" || result == "1/2-1/2";
}

// The side-to-move field of a FEN, or 0 if it has none.
char side_to_move(std::string_view fen) {
    const std::size_t space = fen.find(' ');
    if (space == std::string_view::npos || space + 1 >= fen.size()) return 0;
    const char side = fen[space + 1];
    const bool field_ends = space + 2 == fen.size() || fen[space + 2] == ' ';
    return (side == 'w' || side == 'b') && field_ends ? side : 0;
}

void validate_game(const GameRecord& game) {
    const auto fail = [&](const std::string& why) {
        throw std::invalid_argument("cannot record game in slot " +
                                    std::to_string(game.slot.number) + ": " + why);
    };
    if (!is_result(game.result)) fail("result \"" + game.result + "\" is not 1-0, 0-1 or 1/2-1/2");
    if (!parse_termination(termination_code(game.termination))) {
        fail("termination " + std::to_string(static_cast<int>(game.termination)) +
             " is not a known code");
    }
    if (game.slot.game_in_pair != 0 && game.slot.game_in_pair != 1) {
        fail("game_in_pair is " + std::to_string(game.slot.game_in_pair) + ", not 0 or 1");
    }
    if (!side_to_move(game.start_fen)) {
        fail("start FEN \"" + game.start_fen + "\" has no side to move (w or b)");
    }
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const MoveRecord& move = game.moves[i];
        if (move.ply != static_cast<int>(i) + 1) {
            fail("moves[" + std::to_string(i) + "] has ply " + std::to_string(move.ply) +
                 ", expected " + std::to_string(i + 1));
        }
        if (move.uci.empty()) fail("ply " + std::to_string(move.ply) + " has no UCI move");
        if (move.score_cp && move.score_mate) {
            fail("ply " + std::to_string(move.ply) + " has both a cp and a mate score");
        }
    }
}

void validate_node_count(const NodeCountRecord& count) {
    if (count.depth < 1) {
        throw std::invalid_argument("cannot record node count: depth " +
                                    std::to_string(count.depth) + " is below 1");
    }
    if (count.score_cp && count.score_mate) {
        throw std::invalid_argument("cannot record node count: both a cp and a mate score");
    }
}

bool is_constraint(int code, int extended) {
    return code == extended;
}

}  // namespace

// The connection, its prepared statements and the lock that serialises their use.
struct Store::Impl {
    explicit Impl(const std::string& path) : connection(open_checked(path)) {
        sqlite3_busy_timeout(connection.handle(), 10'000);
        schema::check_identity(connection);

        // Step 1. Connection settings (the file is known to be arbiter's or empty by now).
        const std::string mode =
            connection.query_text("PRAGMA journal_mode = WAL", "switching to WAL mode");
        if (mode != "wal" && !(path == ":memory:" && mode == "memory")) {
            throw StoreError(path + ": cannot switch the database to WAL mode (journal mode is " +
                             mode + ")");
        }
        connection.execute("PRAGMA synchronous = NORMAL", "setting synchronous mode");
        connection.execute("PRAGMA foreign_keys = ON", "enabling foreign keys");

        // Step 2. Schema.
        schema::migrate(connection);
        const std::vector<std::string> names = schema::object_names(connection);
        for (const std::string_view table : schema::required_tables()) {
            if (std::find(names.begin(), names.end(), table) == names.end()) {
                throw StoreError(path + ": the database file is damaged (table \"" +
                                 std::string(table) + "\" is missing)");
            }
        }
    }

    static sql::Connection open_checked(const std::string& path) {
        if (path != ":memory:") {
            const std::filesystem::path parent = std::filesystem::path(path).parent_path();
            std::error_code error;
            if (!parent.empty()) std::filesystem::create_directories(parent, error);
            if (error) {
                throw StoreError(path + ": cannot create the folder " + parent.string() + ": " +
                                 error.message());
            }
            schema::check_file_before_open(path);
        }
        return sql::Connection(path,
                               SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX);
    }

    // Returns the prepared statement for one of the constants above.
    sql::Statement& statement(std::string_view text) {
        auto& slot = statements[text.data()];
        if (!slot) slot = std::make_unique<sql::Statement>(connection, text);
        return *slot;
    }

    [[noreturn]] void fail_missing(std::string_view what, std::int64_t id) const {
        throw StoreError(connection.path() + ": no " + std::string(what) + " with id " +
                         std::to_string(id));
    }

    std::vector<std::string> decode_arguments(const std::string& json) {
        sql::Statement& decode = statement(DECODE_ARGUMENTS);
        sql::ResetOnExit reset(decode);
        decode.bind(1, json);
        std::vector<std::string> args;
        while (decode.step()) args.push_back(decode.text(0));
        return args;
    }

    std::vector<EngineOption> decode_options(const std::string& json) {
        sql::Statement& decode = statement(DECODE_OPTIONS);
        sql::ResetOnExit reset(decode);
        decode.bind(1, json);
        std::vector<EngineOption> options;
        while (decode.step()) options.push_back({decode.text(0), decode.text(1)});
        return options;
    }

    // Reads an engine row selected as (id, name, command, arguments, options, sha256, dir).
    StoredEngine read_engine(const sql::Statement& row) {
        StoredEngine engine;
        engine.id = row.integer(0);
        engine.identity.name = row.text(1);
        engine.identity.command = row.text(2);
        const std::string args = row.text(3);
        const std::string options = row.text(4);
        engine.identity.binary_sha256 = row.text(5);
        engine.identity.working_dir = row.text(6);
        engine.identity.args = decode_arguments(args);
        engine.identity.options = decode_options(options);
        return engine;
    }

    static StoredTournament read_tournament(const sql::Statement& row) {
        return {row.integer(0), row.text(1), row.text(2), row.integer(3)};
    }

    Termination read_termination(const std::string& code) const {
        const std::optional<Termination> termination = parse_termination(code);
        if (!termination) {
            throw StoreError(connection.path() + ": unknown termination code \"" + code +
                             "\" in table games");
        }
        return *termination;
    }

    // Reads a node count selected as (engine_id, fen, moves, depth, nodes, time_ms, score_cp,
    // score_mate, bestmove, pv, leaves, reached_depth).
    static NodeCountRecord read_node_count(const sql::Statement& row) {
        NodeCountRecord count;
        count.engine_id = row.integer(0);
        count.fen = row.text(1);
        count.moves = split_moves(row.text(2));
        count.depth = static_cast<int>(row.integer(3));
        count.nodes = row.integer(4);
        count.time_ms = row.optional_integer(5);
        count.score_cp = row.optional_int(6);
        count.score_mate = row.optional_int(7);
        count.bestmove = row.text(8);
        count.pv = row.text(9);
        count.leaves = row.optional_integer(10);
        count.reached_depth = row.optional_int(11);
        return count;
    }

    // Binds ?1 = tournament and ?2 = the engine filter (NULL for all engines).
    static void bind_filter(sql::Statement& query, TournamentId tournament,
                            const std::optional<std::span<const EngineId>>& engines) {
        query.bind(1, tournament);
        if (engines) {
            query.bind(2, engine_ids_json(*engines));
        } else {
            query.bind_null(2);
        }
    }

    std::int64_t count_games(TournamentId tournament,
                             std::optional<std::span<const EngineId>> engines) {
        std::lock_guard lock(mutex);
        sql::Statement& query = statement(COUNT_GAMES);
        sql::ResetOnExit reset(query);
        bind_filter(query, tournament, engines);
        query.step();
        return query.integer(0);
    }

    std::vector<GameSummary> list_games(TournamentId tournament,
                                        std::optional<std::span<const EngineId>> engines) {
        std::lock_guard lock(mutex);
        sql::Statement& query = statement(LIST_GAMES);
        sql::ResetOnExit reset(query);
        bind_filter(query, tournament, engines);
        std::vector<GameSummary> games;
        while (query.step()) {
            GameSummary game;
            game.id = query.integer(0);
            game.tournament_id = query.integer(1);
            game.slot = read_slot(query, 2);
            game.white_engine_id = query.integer(7);
            game.black_engine_id = query.integer(8);
            game.white_name = query.text(9);
            game.black_name = query.text(10);
            game.opening_id = query.optional_integer(11);
            game.result = query.text(12);
            game.termination = read_termination(query.text(13));
            game.termination_text = query.text(14);
            game.ply_count = static_cast<int>(query.integer(15));
            game.started_at_ms = query.integer(16);
            game.finished_at_ms = query.integer(17);
            games.push_back(std::move(game));
        }
        return games;
    }

    std::vector<EngineMoveStatistics> engine_move_statistics(
        TournamentId tournament, std::optional<std::span<const EngineId>> engines) {
        std::lock_guard lock(mutex);
        sql::Statement& query = statement(ENGINE_MOVE_STATISTICS);
        sql::ResetOnExit reset(query);
        bind_filter(query, tournament, engines);
        std::vector<EngineMoveStatistics> statistics;
        while (query.step()) {
            EngineMoveStatistics engine;
            engine.engine_id = query.integer(0);
            engine.name = query.text(1);
            engine.moves = query.integer(2);
            engine.moves_with_depth = query.integer(3);
            engine.average_depth = query.optional_real(4);
            engine.average_seldepth = query.optional_real(5);
            engine.average_nodes = query.optional_real(6);
            engine.average_time_ms = query.real(7);
            engine.total_nodes = query.integer(8);
            engine.total_time_ms = query.integer(9);
            statistics.push_back(std::move(engine));
        }
        return statistics;
    }

    // Declared last so the statements are finalised before the connection closes.
    sql::Connection connection;
    std::unordered_map<const char*, std::unique_ptr<sql::Statement>> statements;
    std::mutex mutex;
};

Store::Store(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

Store Store::open(const std::filesystem::path& path) {
    return Store(std::make_unique<Impl>(path.string()));
}

const std::string& Store::path() const {
    return impl_->connection.path();
}

int Store::schema_version() {
    std::lock_guard lock(impl_->mutex);
    return static_cast<int>(
        impl_->connection.query_integer("PRAGMA user_version", "reading the schema version"));
}

int Store::latest_schema_version() {
    return schema::latest_version();
}

TournamentId Store::get_or_create_tournament(std::string_view config_key,
                                             std::string_view config_json) {
    std::lock_guard lock(impl_->mutex);
    sql::Transaction transaction(impl_->connection);
    {
        sql::Statement& select = impl_->statement(SELECT_TOURNAMENT_BY_KEY);
        sql::ResetOnExit reset(select);
        select.bind(1, config_key);
        if (select.step()) return select.integer(0);
    }
    sql::Statement& insert = impl_->statement(INSERT_TOURNAMENT);
    sql::ResetOnExit reset(insert);
    insert.bind(1, config_key);
    insert.bind(2, config_json);
    insert.bind(3, now_ms());
    const int code = insert.try_step();
    if (code != SQLITE_DONE) {
        impl_->connection.fail(code, "creating tournament \"" + std::string(config_key) + "\"");
    }
    const TournamentId id = sqlite3_last_insert_rowid(impl_->connection.handle());
    transaction.commit();
    return id;
}

std::optional<StoredTournament> Store::find_tournament(std::string_view config_key) {
    std::lock_guard lock(impl_->mutex);
    sql::Statement& select = impl_->statement(SELECT_TOURNAMENT_BY_KEY);
    sql::ResetOnExit reset(select);
    select.bind(1, config_key);
    if (!select.step()) return std::nullopt;
    return Impl::read_tournament(select);
}

StoredTournament Store::load_tournament(TournamentId id) {
    std::lock_guard lock(impl_->mutex);
    sql::Statement& select = impl_->statement(SELECT_TOURNAMENT_BY_ID);
    sql::ResetOnExit reset(select);
    select.bind(1, id);
    if (!select.step()) impl_->fail_missing("tournament", id);
    return Impl::read_tournament(select);
}

std::vector<StoredTournament> Store::list_tournaments() {
    std::lock_guard lock(impl_->mutex);
    sql::Statement& select = impl_->statement(LIST_TOURNAMENTS);
    sql::ResetOnExit reset(select);
    std::vector<StoredTournament> tournaments;
    while (select.step()) tournaments.push_back(Impl::read_tournament(select));
    return tournaments;
}

EngineId Store::get_or_create_engine(const EngineIdentity& identity) {
    if (!is_lowercase_sha256(identity.binary_sha256)) {
        throw std::invalid_argument("engine \"" + identity.name + "\": binary_sha256 \"" +
                                    identity.binary_sha256 + "\" is not 64 lowercase hex digits");
    }
    const std::string args = arguments_json(identity.args);
    const std::string options = options_json(identity.options);
    std::lock_guard lock(impl_->mutex);
    sql::Transaction transaction(impl_->connection);
    {
        sql::Statement& select = impl_->statement(SELECT_ENGINE_BY_IDENTITY);
        sql::ResetOnExit reset(select);
        select.bind(1, identity.binary_sha256);
        select.bind(2, identity.command);
        select.bind(3, args);
        select.bind(4, options);
        select.bind(5, identity.name);
        if (select.step()) return select.integer(0);
    }
    sql::Statement& insert = impl_->statement(INSERT_ENGINE);
    sql::ResetOnExit reset(insert);
    insert.bind(1, identity.name);
    insert.bind(2, identity.command);
    insert.bind(3, args);
    insert.bind(4, options);
    insert.bind(5, identity.binary_sha256);
    insert.bind(6, identity.working_dir);
    const int code = insert.try_step();
    if (code != SQLITE_DONE) {
        impl_->connection.fail(code, "creating engine \"" + identity.name + "\"");
    }
    const EngineId id = sqlite3_last_insert_rowid(impl_->connection.handle());
    transaction.commit();
    return id;
}

EngineIdentity Store::load_engine(EngineId id) {
    std::lock_guard lock(impl_->mutex);
    sql::Statement& select = impl_->statement(SELECT_ENGINE);
    sql::ResetOnExit reset(select);
    select.bind(1, id);
    if (!select.step()) impl_->fail_missing("engine", id);
    return impl_->read_engine(select).identity;
}

std::vector<StoredEngine> Store::list_engines() {
    std::lock_guard lock(impl_->mutex);
    sql::Statement& select = impl_->statement(LIST_ENGINES);
    sql::ResetOnExit reset(select);
    std::vector<StoredEngine> engines;
    while (select.step()) engines.push_back(impl_->read_engine(select));
    return engines;
}

OpeningId Store::get_or_create_opening(const Opening& opening) {
    const std::string moves = join_moves(opening.moves, "opening " + opening.name);
    std::lock_guard lock(impl_->mutex);
    sql::Transaction transaction(impl_->connection);
    {
        sql::Statement& select = impl_->statement(SELECT_OPENING_BY_FIELDS);
        sql::ResetOnExit reset(select);
        select.bind(1, opening.source_file);
        select.bind(2, opening.suite_index);
        select.bind(3, opening.start_fen);
        select.bind(4, moves);
        select.bind(5, opening.name);
        if (select.step()) return select.integer(0);
    }
    sql::Statement& insert = impl_->statement(INSERT_OPENING);
    sql::ResetOnExit reset(insert);
    insert.bind(1, opening.source_file);
    insert.bind(2, opening.suite_index);
    insert.bind(3, opening.start_fen);
    insert.bind(4, moves);
    insert.bind(5, opening.name);
    const int code = insert.try_step();
    if (code != SQLITE_DONE) {
        impl_->connection.fail(code, "creating opening " + std::to_string(opening.suite_index) +
                                         " of " + opening.source_file);
    }
    const OpeningId id = sqlite3_last_insert_rowid(impl_->connection.handle());
    transaction.commit();
    return id;
}

Opening Store::load_opening(OpeningId id) {
    std::lock_guard lock(impl_->mutex);
    sql::Statement& select = impl_->statement(SELECT_OPENING);
    sql::ResetOnExit reset(select);
    select.bind(1, id);
    if (!select.step()) impl_->fail_missing("opening", id);
    Opening opening;
    opening.source_file = select.text(0);
    opening.suite_index = static_cast<int>(select.integer(1));
    opening.start_fen = select.text(2);
    opening.moves = split_moves(select.text(3));
    opening.name = select.text(4);
    return opening;
}

GameId Store::record_game(const GameRecord& game) {
    validate_game(game);
    std::lock_guard lock(impl_->mutex);
    sql::Connection& connection = impl_->connection;
    sql::Transaction transaction(connection);

    // Step 1. The game row; the UNIQUE slot constraint and the foreign keys are checked here.
    sql::Statement& insert_game = impl_->statement(INSERT_GAME);
    sql::ResetOnExit reset_game(insert_game);
    insert_game.bind(1, game.tournament_id);
    insert_game.bind(2, game.slot.number);
    insert_game.bind(3, game.slot.round);
    insert_game.bind(4, game.slot.pair_index);
    insert_game.bind(5, game.slot.opening_index);
    insert_game.bind(6, game.slot.game_in_pair);
    insert_game.bind(7, game.white_engine_id);
    insert_game.bind(8, game.black_engine_id);
    insert_game.bind(9, game.opening_id);
    insert_game.bind(10, game.start_fen);
    insert_game.bind(11, game.result);
    insert_game.bind(12, termination_code(game.termination));
    insert_game.bind(13, game.termination_text);
    insert_game.bind(14, static_cast<std::int64_t>(game.moves.size()));
    insert_game.bind(15, game.started_at_ms);
    insert_game.bind(16, game.finished_at_ms);
    insert_game.bind(17, game.shard ? std::optional<int>(game.shard->index) : std::nullopt);
    insert_game.bind(18, game.shard ? std::optional<int>(game.shard->count) : std::nullopt);
    insert_game.bind(19, game.host);
    const int code = insert_game.try_step();
    const std::string described = "tournament " + std::to_string(game.tournament_id) + ", slot " +
                                  std::to_string(game.slot.number) + ", white engine " +
                                  std::to_string(game.white_engine_id) + ", black engine " +
                                  std::to_string(game.black_engine_id);
    if (is_constraint(code, SQLITE_CONSTRAINT_UNIQUE)) {
        insert_game.reset();
        sql::Statement& existing = impl_->statement(SELECT_GAME_IN_SLOT);
        sql::ResetOnExit reset_existing(existing);
        existing.bind(1, game.tournament_id);
        existing.bind(2, game.slot.number);
        existing.bind(3, game.white_engine_id);
        existing.bind(4, game.black_engine_id);
        const std::string other = existing.step() ? std::to_string(existing.integer(0)) : "?";
        throw DuplicateGameError(connection.path() + ": a game is already recorded for " +
                                 described + " (game id " + other + ")");
    }
    if (is_constraint(code, SQLITE_CONSTRAINT_FOREIGNKEY)) {
        throw StoreError(connection.path() + ": cannot record the game of " + described +
                         (game.opening_id ? ", opening " + std::to_string(*game.opening_id) : "") +
                         ": it refers to a tournament, engine or opening not in the database");
    }
    if (code != SQLITE_DONE) connection.fail(code, "recording the game of " + described);
    const GameId id = sqlite3_last_insert_rowid(connection.handle());

    // Step 2. One row per ply, with the same prepared statement.
    sql::Statement& insert_move = impl_->statement(INSERT_MOVE);
    sql::ResetOnExit reset_move(insert_move);
    for (const MoveRecord& move : game.moves) {
        insert_move.bind(1, id);
        insert_move.bind(2, move.ply);
        insert_move.bind(3, move.uci);
        insert_move.bind(4, move.san);
        insert_move.bind(5, move.time_ms);
        insert_move.bind(6, move.depth);
        insert_move.bind(7, move.seldepth);
        insert_move.bind(8, move.nodes);
        insert_move.bind(9, move.score_cp);
        insert_move.bind(10, move.score_mate);
        insert_move.bind(11, move.pv);
        insert_move.bind(12, move.comment);
        insert_move.bind(13, move.book ? 1 : 0);
        const int move_code = insert_move.try_step();
        if (move_code != SQLITE_DONE) {
            connection.fail(move_code, "recording ply " + std::to_string(move.ply) +
                                           " of the game of " + described);
        }
        insert_move.reset();
    }

    // Step 3. Both rows become visible together, or neither does.
    transaction.commit();
    return id;
}

std::set<std::int64_t> Store::finished_slots(TournamentId tournament,
                                             std::span<const EngineId> current_engines) {
    std::lock_guard lock(impl_->mutex);
    sql::Statement& query = impl_->statement(FINISHED_SLOTS);
    sql::ResetOnExit reset(query);
    Impl::bind_filter(query, tournament, current_engines);
    std::set<std::int64_t> slots;
    while (query.step()) slots.insert(query.integer(0));
    return slots;
}

std::int64_t Store::count_games(TournamentId tournament) {
    return impl_->count_games(tournament, std::nullopt);
}

std::int64_t Store::count_games(TournamentId tournament, std::span<const EngineId> engines) {
    return impl_->count_games(tournament, engines);
}

std::vector<GameSummary> Store::list_games(TournamentId tournament) {
    return impl_->list_games(tournament, std::nullopt);
}

std::vector<GameSummary> Store::list_games(TournamentId tournament,
                                           std::span<const EngineId> engines) {
    return impl_->list_games(tournament, engines);
}

GameRecord Store::load_game(GameId id) {
    std::lock_guard lock(impl_->mutex);
    GameRecord game;
    std::int64_t ply_count = 0;
    {
        sql::Statement& select = impl_->statement(SELECT_GAME);
        sql::ResetOnExit reset(select);
        select.bind(1, id);
        if (!select.step()) impl_->fail_missing("game", id);
        game.tournament_id = select.integer(0);
        game.slot = read_slot(select, 1);
        game.white_engine_id = select.integer(6);
        game.black_engine_id = select.integer(7);
        game.opening_id = select.optional_integer(8);
        game.start_fen = select.text(9);
        game.result = select.text(10);
        game.termination = impl_->read_termination(select.text(11));
        game.termination_text = select.text(12);
        ply_count = select.integer(13);
        game.started_at_ms = select.integer(14);
        game.finished_at_ms = select.integer(15);
        if (!select.is_null(16))
            game.shard = ShardNumber{int(select.integer(16)), int(select.integer(17))};
        game.host = select.text(18);
    }
    sql::Statement& moves = impl_->statement(SELECT_MOVES);
    sql::ResetOnExit reset(moves);
    moves.bind(1, id);
    while (moves.step()) {
        MoveRecord move;
        move.ply = static_cast<int>(moves.integer(0));
        move.uci = moves.text(1);
        move.san = moves.text(2);
        move.time_ms = moves.integer(3);
        move.depth = moves.optional_int(4);
        move.seldepth = moves.optional_int(5);
        move.nodes = moves.optional_integer(6);
        move.score_cp = moves.optional_int(7);
        move.score_mate = moves.optional_int(8);
        move.pv = moves.text(9);
        move.comment = moves.text(10);
        move.book = moves.integer(11) != 0;
        game.moves.push_back(std::move(move));
    }
    if (static_cast<std::int64_t>(game.moves.size()) != ply_count) {
        throw StoreError(path() + ": the database file is damaged (game " + std::to_string(id) +
                         " has " + std::to_string(game.moves.size()) + " moves, " +
                         std::to_string(ply_count) + " recorded)");
    }
    return game;
}

std::vector<EngineMoveStatistics> Store::engine_move_statistics(TournamentId tournament) {
    return impl_->engine_move_statistics(tournament, std::nullopt);
}

std::vector<EngineMoveStatistics> Store::engine_move_statistics(TournamentId tournament,
                                                                std::span<const EngineId> engines) {
    return impl_->engine_move_statistics(tournament, engines);
}

NodeRunId Store::begin_node_run(std::string_view description) {
    std::lock_guard lock(impl_->mutex);
    sql::Statement& insert = impl_->statement(INSERT_NODE_RUN);
    sql::ResetOnExit reset(insert);
    insert.bind(1, now_ms());
    insert.bind(2, description);
    insert.step();
    return sqlite3_last_insert_rowid(impl_->connection.handle());
}

void Store::record_node_count(NodeRunId run, const NodeCountRecord& count) {
    validate_node_count(count);
    const std::string moves = join_moves(count.moves, "node count position");
    std::lock_guard lock(impl_->mutex);
    sql::Statement& insert = impl_->statement(INSERT_NODE_COUNT);
    sql::ResetOnExit reset(insert);
    insert.bind(1, run);
    insert.bind(2, count.engine_id);
    insert.bind(3, count.fen);
    insert.bind(4, moves);
    insert.bind(5, count.depth);
    insert.bind(6, count.nodes);
    insert.bind(7, count.time_ms);
    insert.bind(8, count.score_cp);
    insert.bind(9, count.score_mate);
    insert.bind(10, count.bestmove);
    insert.bind(11, count.pv);
    insert.bind(12, count.leaves);
    insert.bind(13, count.reached_depth);
    const int code = insert.try_step();
    if (code == SQLITE_DONE) return;
    const std::string described = "node count of run " + std::to_string(run) + ", engine " +
                                  std::to_string(count.engine_id) + ", depth " +
                                  std::to_string(count.depth) + " of \"" + count.fen + "\"" +
                                  (moves.empty() ? "" : " moves " + moves);
    if (is_constraint(code, SQLITE_CONSTRAINT_UNIQUE)) {
        throw StoreError(impl_->connection.path() + ": the " + described + " is already recorded");
    }
    if (is_constraint(code, SQLITE_CONSTRAINT_FOREIGNKEY)) {
        throw StoreError(impl_->connection.path() + ": the " + described +
                         " refers to a run or engine not in the database");
    }
    impl_->connection.fail(code, "recording the " + described);
}

std::vector<NodeRun> Store::list_node_runs() {
    std::lock_guard lock(impl_->mutex);
    sql::Statement& select = impl_->statement(LIST_NODE_RUNS);
    sql::ResetOnExit reset(select);
    std::vector<NodeRun> runs;
    while (select.step()) runs.push_back({select.integer(0), select.integer(1), select.text(2)});
    return runs;
}

std::vector<NodeCountRecord> Store::node_counts_of_run(NodeRunId run) {
    std::lock_guard lock(impl_->mutex);
    sql::Statement& select = impl_->statement(NODE_COUNTS_OF_RUN);
    sql::ResetOnExit reset(select);
    select.bind(1, run);
    std::vector<NodeCountRecord> counts;
    while (select.step()) counts.push_back(Impl::read_node_count(select));
    return counts;
}

std::optional<StoredNodeCount> Store::latest_node_count(EngineId engine, std::string_view fen,
                                                        std::span<const std::string> moves,
                                                        int depth) {
    const std::string joined = join_moves(moves, "node count position");
    std::lock_guard lock(impl_->mutex);
    sql::Statement& select = impl_->statement(LATEST_NODE_COUNT);
    sql::ResetOnExit reset(select);
    select.bind(1, engine);
    select.bind(2, fen);
    select.bind(3, joined);
    select.bind(4, depth);
    if (!select.step()) return std::nullopt;
    return StoredNodeCount{select.integer(12), Impl::read_node_count(select)};
}

std::string Store::integrity_check() {
    std::lock_guard lock(impl_->mutex);
    sql::Statement check(impl_->connection, "PRAGMA integrity_check");
    std::string problems;
    while (check.step()) {
        if (!problems.empty()) problems.push_back('\n');
        problems += check.text(0);
    }
    const std::int64_t foreign_key_problems = impl_->connection.query_integer(
        "SELECT count(*) FROM pragma_foreign_key_check", "checking foreign keys");
    if (foreign_key_problems > 0) {
        if (problems == "ok") problems.clear();
        if (!problems.empty()) problems.push_back('\n');
        problems += std::to_string(foreign_key_problems) + " rows violate foreign keys";
    }
    return problems;
}

}  // namespace arbiter
