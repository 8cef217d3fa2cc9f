// Store: finished games, their moves, and the per-engine totals of each game that standings
// read instead of the moves.

#include <algorithm>
#include <array>
#include <map>
#include <stdexcept>

#include "engines/core/board.h"
#include "harness/store/move_columns.h"
#include "harness/store/schema.h"
#include "harness/store/store_impl.h"

namespace arbiter {

std::vector<GameSummary> current_games(std::vector<GameSummary> games, std::int64_t* superseded) {
    std::map<std::string, EngineId> newest;
    for (const GameSummary& g : games) {
        newest[g.white_name] = std::max(newest[g.white_name], g.white_engine_id);
        newest[g.black_name] = std::max(newest[g.black_name], g.black_engine_id);
    }
    const auto old = std::remove_if(games.begin(), games.end(), [&](const GameSummary& g) {
        return newest[g.white_name] != g.white_engine_id ||
               newest[g.black_name] != g.black_engine_id;
    });
    if (superseded) *superseded = games.end() - old;
    games.erase(old, games.end());
    return games;
}
namespace {

// ?2 is a JSON array of engine ids, or NULL for all engines (see bind_tournament_filter).
#define ARBITER_ENGINE_FILTER                                                 \
    "(?2 IS NULL OR (g.white_engine_id IN (SELECT value FROM json_each(?2)) " \
    "AND g.black_engine_id IN (SELECT value FROM json_each(?2))))"

// The five schedule-slot columns (number, round, pair, opening, game in pair) from `first` on.
ScheduleSlot read_slot(sql::Statement& row, int first) {
    return {row.integer(first), static_cast<int>(row.integer(first + 1)),
            static_cast<int>(row.integer(first + 2)), static_cast<int>(row.integer(first + 3)),
            static_cast<int>(row.integer(first + 4))};
}

void validate_game(const GameRecord& game) {
    const auto fail = [&](const std::string& why) {
        throw std::invalid_argument("cannot record game in slot " +
                                    std::to_string(game.slot.number) + ": " + why);
    };
    if (!parse_termination(termination_code(game.result.termination))) {
        fail("termination " + std::to_string(static_cast<int>(game.result.termination)) +
             " is not a known code");
    }
    if (game.slot.game_in_pair != 0 && game.slot.game_in_pair != 1) {
        fail("game_in_pair is " + std::to_string(game.slot.game_in_pair) + ", not 0 or 1");
    }
    FenTurn turn;
    if (std::string error = read_fen_turn(game.start_fen, turn); !error.empty()) {
        fail("start FEN \"" + game.start_fen + "\": " + error);
    }
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const MoveRecord& move = game.moves[i];
        if (move.ply != static_cast<int>(i) + 1) {
            fail("moves[" + std::to_string(i) + "] has ply " + std::to_string(move.ply) +
                 ", expected " + std::to_string(i + 1));
        }
        if (move.uci.empty()) fail("ply " + std::to_string(move.ply) + " has no UCI move");
        for (const std::string& line : move.info_lines)
            if (line.find('\n') != std::string::npos)
                fail("ply " + std::to_string(move.ply) + " has an info line with a newline");
    }
}

// What one side of a game reported over the moves it chose (book moves excluded): the row of
// game_engine_totals, summed by engine_move_statistics.
struct SideTotals {
    std::int64_t moves = 0;
    std::int64_t depth_moves = 0, depth_sum = 0;
    std::int64_t seldepth_moves = 0, seldepth_sum = 0;
    std::int64_t nodes_moves = 0, nodes_sum = 0;
    std::int64_t time_ms_sum = 0;
};

// Index 0 is white, 1 black. The mover of ply p is white when p is odd and the start position
// has white to move, or p is even and black was to move.
std::array<SideTotals, 2> side_totals(const GameRecord& game) {
    std::array<SideTotals, 2> totals;
    FenTurn turn;  // validate_game() checked the FEN
    (void)read_fen_turn(game.start_fen, turn);
    const bool white_starts = turn.side_to_move == WHITE;
    for (const MoveRecord& move : game.moves) {
        if (move.book) continue;
        SideTotals& side = totals[(move.ply % 2 == 1) == white_starts ? 0 : 1];
        ++side.moves;
        side.time_ms_sum += move.time_ms;
        if (move.depth) ++side.depth_moves, side.depth_sum += *move.depth;
        if (move.seldepth) ++side.seldepth_moves, side.seldepth_sum += *move.seldepth;
        if (move.nodes) ++side.nodes_moves, side.nodes_sum += *move.nodes;
    }
    return totals;
}

}  // namespace

// Step 1. Writing a game.

namespace {

// "tournament 1, slot 2, white engine 3, black engine 4": a game in the messages about it.
std::string described_game(const GameRecord& game) {
    return "tournament " + std::to_string(game.tournament_id) + ", slot " +
           std::to_string(game.slot.number) + ", white engine " +
           std::to_string(game.white_engine_id) + ", black engine " +
           std::to_string(game.black_engine_id);
}

void bind_game_row(sql::Statement& insert_game, const GameRecord& game) {
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
    insert_game.bind(11, to_pgn(game.result.outcome));
    insert_game.bind(12, termination_code(game.result.termination));
    insert_game.bind(13, game.result.description);
    insert_game.bind(14, static_cast<std::int64_t>(game.moves.size()));
    insert_game.bind(15, game.started_at_ms);
    insert_game.bind(16, game.finished_at_ms);
    insert_game.bind(17, game.shard ? std::optional<int>(game.shard->index) : std::nullopt);
    insert_game.bind(18, game.shard ? std::optional<int>(game.shard->count) : std::nullopt);
    insert_game.bind(19, game.host);
    if (game.result.fault_detail.empty())
        insert_game.bind_null(20);
    else
        insert_game.bind(20, game.result.fault_detail);
}

// Throws DuplicateGameError naming the game already recorded in the slot.
[[noreturn]] void refuse_duplicate(Store::Impl& impl, const GameRecord& game,
                                   const std::string& described) {
    static constexpr std::string_view SELECT_GAME_IN_SLOT =
        "SELECT id FROM games WHERE tournament_id = ?1 AND slot = ?2 AND white_engine_id = ?3 "
        "AND black_engine_id = ?4";
    sql::Statement& existing = impl.statement(SELECT_GAME_IN_SLOT);
    sql::ResetOnExit reset_existing(existing);
    existing.bind(1, game.tournament_id);
    existing.bind(2, game.slot.number);
    existing.bind(3, game.white_engine_id);
    existing.bind(4, game.black_engine_id);
    const std::string other = existing.step() ? std::to_string(existing.integer(0)) : "?";
    throw DuplicateGameError(impl.connection.path() + ": a game is already recorded for " +
                             described + " (game id " + other + ")");
}

// The game row; the UNIQUE slot constraint and the foreign keys are checked here. Returns its id.
GameId insert_game_row(Store::Impl& impl, const GameRecord& game, const std::string& described) {
    static constexpr std::string_view INSERT_GAME =
        "INSERT INTO games (tournament_id, slot, round, pair_index, opening_index, game_in_pair, "
        "white_engine_id, black_engine_id, opening_id, start_fen, result, termination, "
        "termination_text, ply_count, started_at_ms, finished_at_ms, shard_index, shard_count, "
        "host, fault_detail) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, "
        "?19, ?20)";
    sql::Connection& connection = impl.connection;
    sql::Statement& insert_game = impl.statement(INSERT_GAME);
    sql::ResetOnExit reset_game(insert_game);
    bind_game_row(insert_game, game);
    const int code = insert_game.try_step();
    if (is_constraint(code, SQLITE_CONSTRAINT_UNIQUE)) {
        insert_game.reset();
        refuse_duplicate(impl, game, described);
    }
    if (is_constraint(code, SQLITE_CONSTRAINT_FOREIGNKEY)) {
        throw StoreError(connection.path() + ": cannot record the game of " + described +
                         (game.opening_id ? ", opening " + std::to_string(*game.opening_id) : "") +
                         ": it refers to a tournament, engine or opening not in the database");
    }
    if (code != SQLITE_DONE) connection.fail(code, "recording the game of " + described);
    return sqlite3_last_insert_rowid(connection.handle());
}

// The moves, up to MOVES_PER_INSERT rows a statement (each size prepared once).
void insert_moves(Store::Impl& impl, GameId id, std::span<const MoveRecord> moves,
                  const std::string& described) {
    for (std::size_t first = 0; first < moves.size(); first += MOVES_PER_INSERT) {
        const int rows = int(std::min<std::size_t>(MOVES_PER_INSERT, moves.size() - first));
        sql::Statement& statement = impl.statement(insert_moves_sql(rows));
        sql::ResetOnExit reset_moves(statement);
        statement.bind(1, id);
        for (int row = 0; row < rows; ++row)
            bind_move_row(statement, row, moves[first + std::size_t(row)]);
        const int moves_code = statement.try_step();
        if (moves_code != SQLITE_DONE) {
            impl.connection.fail(moves_code, "recording plies " + std::to_string(moves[first].ply) +
                                                 "-" + std::to_string(moves[first + rows - 1].ply) +
                                                 " of the game of " + described);
        }
    }
}

// Each side's totals, so that standings never read the moves.
void insert_totals(Store::Impl& impl, GameId id, const GameRecord& game,
                   const std::string& described) {
    static constexpr std::string_view INSERT_TOTALS =
        "INSERT INTO game_engine_totals (game_id, side, engine_id, moves, depth_moves, depth_sum, "
        "seldepth_moves, seldepth_sum, nodes_moves, nodes_sum, time_ms_sum) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)";
    const std::array<SideTotals, 2> totals = side_totals(game);
    sql::Statement& statement = impl.statement(INSERT_TOTALS);
    sql::ResetOnExit reset_totals(statement);
    for (int side = 0; side < 2; ++side) {
        const SideTotals& t = totals[std::size_t(side)];
        statement.bind(1, id);
        statement.bind(2, side == 0 ? "white" : "black");
        statement.bind(3, side == 0 ? game.white_engine_id : game.black_engine_id);
        statement.bind(4, t.moves);
        statement.bind(5, t.depth_moves);
        statement.bind(6, t.depth_sum);
        statement.bind(7, t.seldepth_moves);
        statement.bind(8, t.seldepth_sum);
        statement.bind(9, t.nodes_moves);
        statement.bind(10, t.nodes_sum);
        statement.bind(11, t.time_ms_sum);
        const int totals_code = statement.try_step();
        if (totals_code != SQLITE_DONE) {
            impl.connection.fail(totals_code, "recording the totals of the game of " + described);
        }
        statement.reset();
    }
}

}  // namespace

GameId Store::record_game(const GameRecord& game) {
    validate_game(game);
    std::lock_guard lock(impl_->mutex);
    impl_->require_writable("a game");
    sql::Transaction transaction(impl_->connection);
    const std::string described = described_game(game);
    const GameId id = insert_game_row(*impl_, game, described);
    insert_moves(*impl_, id, game.moves, described);
    insert_totals(*impl_, id, game, described);
    // All rows become visible together, or none does.
    transaction.commit();
    return id;
}

// Step 2. Reading games.

std::set<std::int64_t> Store::finished_slots(TournamentId tournament,
                                             std::span<const EngineId> current_engines) {
    static constexpr std::string_view SELECT =
        "SELECT DISTINCT g.slot FROM games g WHERE g.tournament_id = ?1 "
        "AND " ARBITER_ENGINE_FILTER " ORDER BY g.slot";
    std::lock_guard lock(impl_->mutex);
    sql::Statement& query = impl_->statement(SELECT);
    sql::ResetOnExit reset(query);
    bind_tournament_filter(query, tournament, current_engines);
    std::set<std::int64_t> slots;
    while (query.step()) slots.insert(query.integer(0));
    return slots;
}

namespace {

std::int64_t count_games_of(Store::Impl& impl, TournamentId tournament,
                            std::optional<std::span<const EngineId>> engines) {
    static constexpr std::string_view COUNT =
        "SELECT count(*) FROM games g WHERE g.tournament_id = ?1 AND " ARBITER_ENGINE_FILTER;
    std::lock_guard lock(impl.mutex);
    sql::Statement& query = impl.statement(COUNT);
    sql::ResetOnExit reset(query);
    bind_tournament_filter(query, tournament, engines);
    query.step();
    return query.integer(0);
}

std::vector<GameSummary> list_games_of(Store::Impl& impl, TournamentId tournament,
                                       std::optional<std::span<const EngineId>> engines) {
    // A file read as it is at a version before 9 has no fault details: NULL.
    static const std::string SELECT[2] = {
        "SELECT g.id, g.tournament_id, g.slot, g.round, g.pair_index, g.opening_index, "
        "g.game_in_pair, g.white_engine_id, g.black_engine_id, w.name, b.name, g.opening_id, "
        "g.result, g.termination, g.termination_text, g.ply_count, g.started_at_ms, "
        "g.finished_at_ms, ",
        "FROM games g JOIN engines w ON w.id = g.white_engine_id "
        "JOIN engines b ON b.id = g.black_engine_id WHERE g.tournament_id = ?1 "
        "AND " ARBITER_ENGINE_FILTER " ORDER BY g.slot, g.id"};
    static const std::string SELECT_BY_VERSION[2] = {SELECT[0] + "NULL " + SELECT[1],
                                                     SELECT[0] + "g.fault_detail " + SELECT[1]};
    std::lock_guard lock(impl.mutex);
    sql::Statement& query =
        impl.statement(SELECT_BY_VERSION[impl.version >= schema::FAULT_DETAIL_VERSION ? 1 : 0]);
    sql::ResetOnExit reset(query);
    bind_tournament_filter(query, tournament, engines);
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
        game.result.outcome = impl.read_outcome(query.text(12));
        game.result.termination = impl.read_termination(query.text(13));
        game.result.description = query.text(14);
        game.ply_count = static_cast<int>(query.integer(15));
        game.started_at_ms = query.integer(16);
        game.finished_at_ms = query.integer(17);
        if (!query.is_null(18)) game.result.fault_detail = query.text(18);
        games.push_back(std::move(game));
    }
    return games;
}

}  // namespace

std::int64_t Store::count_games(TournamentId tournament) {
    return count_games_of(*impl_, tournament, std::nullopt);
}

std::int64_t Store::count_games(TournamentId tournament, std::span<const EngineId> engines) {
    return count_games_of(*impl_, tournament, engines);
}

std::vector<GameSummary> Store::list_games(TournamentId tournament) {
    return list_games_of(*impl_, tournament, std::nullopt);
}

std::vector<GameSummary> Store::list_games(TournamentId tournament,
                                           std::span<const EngineId> engines) {
    return list_games_of(*impl_, tournament, engines);
}

GameRecord Store::load_game(GameId id) {
    static const std::string SELECT_GAME =
        "SELECT tournament_id, slot, round, pair_index, opening_index, game_in_pair, "
        "white_engine_id, black_engine_id, opening_id, start_fen, result, termination, "
        "termination_text, ply_count, started_at_ms, finished_at_ms, shard_index, shard_count, "
        "host, ";
    // A file read as it is at a version before 9 has no fault details: NULL.
    static const std::string SELECT_BY_VERSION[2] = {
        SELECT_GAME + "NULL FROM games WHERE id = ?1",
        SELECT_GAME + "fault_detail FROM games WHERE id = ?1"};
    std::lock_guard lock(impl_->mutex);
    GameRecord game;
    std::int64_t ply_count = 0;
    {
        sql::Statement& select = impl_->statement(
            SELECT_BY_VERSION[impl_->version >= schema::FAULT_DETAIL_VERSION ? 1 : 0]);
        sql::ResetOnExit reset(select);
        select.bind(1, id);
        if (!select.step()) impl_->fail_missing("game", id);
        game.tournament_id = select.integer(0);
        game.slot = read_slot(select, 1);
        game.white_engine_id = select.integer(6);
        game.black_engine_id = select.integer(7);
        game.opening_id = select.optional_integer(8);
        game.start_fen = select.text(9);
        game.result.outcome = impl_->read_outcome(select.text(10));
        game.result.termination = impl_->read_termination(select.text(11));
        game.result.description = select.text(12);
        ply_count = select.integer(13);
        game.started_at_ms = select.integer(14);
        game.finished_at_ms = select.integer(15);
        if (!select.is_null(16))
            game.shard = ShardNumber{int(select.integer(16)), int(select.integer(17))};
        game.host = select.text(18);
        if (!select.is_null(19)) game.result.fault_detail = select.text(19);
    }
    // A file read as it is at an older version reads NULL for the columns it lacks.
    sql::Statement& moves = impl_->statement(select_moves_sql(impl_->version));
    sql::ResetOnExit reset(moves);
    moves.bind(1, id);
    while (moves.step()) {
        try {
            game.moves.push_back(read_move(moves));
        } catch (const StoreError& error) {
            throw StoreError(path() + ": " + error.what() + " in game " + std::to_string(id));
        }
    }
    if (static_cast<std::int64_t>(game.moves.size()) != ply_count) {
        throw StoreError(path() + ": the database file is damaged (game " + std::to_string(id) +
                         " has " + std::to_string(game.moves.size()) + " moves, " +
                         std::to_string(ply_count) + " recorded)");
    }
    return game;
}

// Step 3. What each engine spent per move, summed from the per-game totals.

namespace {

std::vector<EngineMoveStatistics> engine_move_statistics_of(
    Store::Impl& impl, TournamentId tournament, std::optional<std::span<const EngineId>> engines) {
    // Averages are exact quotients of integer sums; an engine with no moves has no row. Games
    // without totals, which only damage can leave, form a row whose engine id is NULL.
    static constexpr std::string_view SELECT =
        "SELECT e.id, e.name, sum(t.moves), sum(t.depth_moves),"
        " CAST(sum(t.depth_sum) AS REAL) / nullif(sum(t.depth_moves), 0),"
        " CAST(sum(t.seldepth_sum) AS REAL) / nullif(sum(t.seldepth_moves), 0),"
        " CAST(sum(t.nodes_sum) AS REAL) / nullif(sum(t.nodes_moves), 0),"
        " CAST(sum(t.time_ms_sum) AS REAL) / sum(t.moves), sum(t.nodes_sum), sum(t.time_ms_sum),"
        " count(*)"
        " FROM games g LEFT JOIN game_engine_totals t ON t.game_id = g.id"
        " LEFT JOIN engines e ON e.id = t.engine_id"
        " WHERE g.tournament_id = ?1 AND " ARBITER_ENGINE_FILTER
        " GROUP BY t.engine_id HAVING sum(t.moves) > 0 OR t.engine_id IS NULL ORDER BY e.id";
    std::lock_guard lock(impl.mutex);
    impl.ensure_game_totals();
    sql::Statement& query = impl.statement(SELECT);
    sql::ResetOnExit reset(query);
    bind_tournament_filter(query, tournament, engines);
    std::vector<EngineMoveStatistics> statistics;
    while (query.step()) {
        if (query.is_null(0)) {
            throw StoreError(impl.connection.path() + ": the database file is damaged (" +
                             std::to_string(query.integer(10)) + " games of tournament " +
                             std::to_string(tournament) + " have no per-game totals)");
        }
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

}  // namespace

std::vector<EngineMoveStatistics> Store::engine_move_statistics(TournamentId tournament) {
    return engine_move_statistics_of(*impl_, tournament, std::nullopt);
}

std::vector<EngineMoveStatistics> Store::engine_move_statistics(TournamentId tournament,
                                                                std::span<const EngineId> engines) {
    return engine_move_statistics_of(*impl_, tournament, engines);
}

#undef ARBITER_ENGINE_FILTER

}  // namespace arbiter
