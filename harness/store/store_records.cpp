// Store: the tournament, engine and opening rows that games refer to. Each is found by its
// identity or created, through the one find_or_insert of store.cpp.

#include <array>
#include <stdexcept>

#include "harness/config/json.h"
#include "harness/store/schema.h"
#include "harness/store/store_impl.h"

namespace arbiter {
namespace {

// The canonical JSON of an engine's arguments: ["a","b"]. Equal lists give equal text.
std::string arguments_json(const std::vector<std::string>& args) {
    std::string json = "[";
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (i) json.push_back(',');
        json += json::quote(args[i]);
    }
    return json + "]";
}

// The canonical JSON of an engine's options: [["Hash","16"],["Eval","material"]].
std::string options_json(const std::vector<EngineOption>& options) {
    std::string json = "[";
    for (std::size_t i = 0; i < options.size(); ++i) {
        if (i) json.push_back(',');
        json += "[" + json::quote(options[i].name) + "," + json::quote(options[i].value) + "]";
    }
    return json + "]";
}

bool is_lowercase_sha256(std::string_view hex) {
    if (hex.size() != 64) return false;
    for (const char c : hex) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    }
    return true;
}

StoredTournament read_tournament(const sql::Statement& row) {
    return {row.integer(0), row.text(1), row.text(2), row.integer(3), row.text(4)};
}

// The tournament columns read_tournament() takes. A file read as it is at a version before 6 has
// no variant column: its variant is the one its configuration names.
#define ARBITER_TOURNAMENT_COLUMNS "SELECT id, config_key, config_json, created_at_ms, variant "
#define ARBITER_OLD_TOURNAMENT_COLUMNS                                                      \
    "SELECT id, config_key, config_json, created_at_ms, CASE WHEN json_valid(config_json) " \
    "AND json_extract(config_json, '$.variant') = 'chess960' THEN 'chess960' "              \
    "ELSE 'standard' END "
#define ARBITER_TOURNAMENT_SELECTS(NAME, TAIL)                   \
    static constexpr std::string_view NAME[2] = {                \
        ARBITER_OLD_TOURNAMENT_COLUMNS "FROM tournaments " TAIL, \
        ARBITER_TOURNAMENT_COLUMNS "FROM tournaments " TAIL,     \
    }

// The one of `selects` (old form, current form) that the file's version can run.
std::string_view for_version(const Store::Impl& impl, const std::string_view (&selects)[2]) {
    return selects[impl.version >= schema::MOVE_CLOCK_VERSION ? 1 : 0];
}

// The engine columns read_engine() takes. A file read as it is at a version before 7 has no
// id_name and id_author columns (the engine's own name is not known), before 10 no description.
#define ARBITER_ENGINE_SELECTS(NAME, TAIL)                                                    \
    static constexpr std::string_view NAME[3] = {                                             \
        "SELECT id, name, command, arguments, options, binary_sha256, working_dir, NULL, "    \
        "NULL, NULL FROM engines " TAIL,                                                      \
        "SELECT id, name, command, arguments, options, binary_sha256, working_dir, id_name, " \
        "id_author, NULL FROM engines " TAIL,                                                 \
        "SELECT id, name, command, arguments, options, binary_sha256, working_dir, id_name, " \
        "id_author, id_description FROM engines " TAIL,                                       \
    }

std::string_view engine_select(const Store::Impl& impl, const std::string_view (&selects)[3]) {
    if (impl.version >= schema::ENGINE_DESCRIPTION_VERSION) return selects[2];
    return selects[impl.version >= schema::ENGINE_OWN_IDENTITY_VERSION ? 1 : 0];
}

// Reads an engine row selected as (id, name, command, arguments, options, sha256, dir, id_name,
// id_author, id_description); the JSON lists are decoded by SQLite's own JSON functions.
StoredEngine read_engine(Store::Impl& impl, const sql::Statement& row) {
    static constexpr std::string_view DECODE_ARGUMENTS =
        "SELECT value FROM json_each(?1) ORDER BY key";
    static constexpr std::string_view DECODE_OPTIONS =
        "SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?1) "
        "ORDER BY key";
    StoredEngine engine;
    engine.id = row.integer(0);
    engine.identity.name = row.text(1);
    engine.identity.command = row.text(2);
    const std::string args = row.text(3);
    const std::string options = row.text(4);
    engine.identity.binary_sha256 = row.text(5);
    engine.identity.working_dir = row.text(6);
    if (!row.is_null(7)) engine.own.name = row.text(7);
    if (!row.is_null(8)) engine.own.author = row.text(8);
    if (!row.is_null(9)) engine.own.description = row.text(9);
    {
        sql::Statement& decode = impl.statement(DECODE_ARGUMENTS);
        sql::ResetOnExit reset(decode);
        decode.bind(1, args);
        while (decode.step()) engine.identity.args.push_back(decode.text(0));
    }
    sql::Statement& decode = impl.statement(DECODE_OPTIONS);
    sql::ResetOnExit reset(decode);
    decode.bind(1, options);
    while (decode.step()) engine.identity.options.push_back({decode.text(0), decode.text(1)});
    return engine;
}

}  // namespace

// Step 1. Tournaments.

TournamentId Store::get_or_create_tournament(std::string_view config_key,
                                             std::string_view config_json,
                                             std::string_view variant) {
    static constexpr std::string_view SELECT = "SELECT id FROM tournaments WHERE config_key = ?1";
    static constexpr std::string_view INSERT =
        "INSERT INTO tournaments (config_key, config_json, created_at_ms, variant) "
        "VALUES (?1, ?2, ?3, ?4)";
    const std::array<SqlValue, 1> key = {config_key};
    const std::array<SqlValue, 3> extra = {config_json, now_ms(), variant};
    std::lock_guard lock(impl_->mutex);
    return impl_->find_or_insert(SELECT, INSERT, key, extra,
                                 "tournament \"" + std::string(config_key) + "\"");
}

std::optional<StoredTournament> Store::find_tournament(std::string_view config_key) {
    ARBITER_TOURNAMENT_SELECTS(SELECT, "WHERE config_key = ?1");
    std::lock_guard lock(impl_->mutex);
    sql::Statement& select = impl_->statement(for_version(*impl_, SELECT));
    sql::ResetOnExit reset(select);
    select.bind(1, config_key);
    if (!select.step()) return std::nullopt;
    return read_tournament(select);
}

StoredTournament Store::load_tournament(TournamentId id) {
    ARBITER_TOURNAMENT_SELECTS(SELECT, "WHERE id = ?1");
    std::lock_guard lock(impl_->mutex);
    return impl_->select_one(for_version(*impl_, SELECT), id, "tournament", read_tournament);
}

std::vector<StoredTournament> Store::list_tournaments() {
    ARBITER_TOURNAMENT_SELECTS(SELECT, "ORDER BY id");
    std::lock_guard lock(impl_->mutex);
    return impl_->select_rows(for_version(*impl_, SELECT), {}, read_tournament);
}

// Step 2. Engines.

EngineId Store::get_or_create_engine(const EngineIdentity& identity) {
    static constexpr std::string_view SELECT =
        "SELECT id FROM engines WHERE name = ?1 AND command = ?2 AND arguments = ?3 "
        "AND options = ?4 AND binary_sha256 = ?5";
    static constexpr std::string_view INSERT =
        "INSERT INTO engines (name, command, arguments, options, binary_sha256, working_dir) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
    if (!is_lowercase_sha256(identity.binary_sha256)) {
        throw std::invalid_argument("engine \"" + identity.name + "\": binary_sha256 \"" +
                                    identity.binary_sha256 + "\" is not 64 lowercase hex digits");
    }
    const std::string args = arguments_json(identity.args);
    const std::string options = options_json(identity.options);
    const std::array<SqlValue, 5> key = {identity.name, identity.command, args, options,
                                         identity.binary_sha256};
    const std::array<SqlValue, 1> extra = {identity.working_dir};
    std::lock_guard lock(impl_->mutex);
    return impl_->find_or_insert(SELECT, INSERT, key, extra, "engine \"" + identity.name + "\"");
}

EngineIdentity Store::load_engine(EngineId id) {
    ARBITER_ENGINE_SELECTS(SELECT, "WHERE id = ?1");
    std::lock_guard lock(impl_->mutex);
    return impl_->select_one(
        engine_select(*impl_, SELECT), id, "engine",
        [&](const sql::Statement& row) { return read_engine(*impl_, row).identity; });
}

std::vector<StoredEngine> Store::list_engines() {
    ARBITER_ENGINE_SELECTS(SELECT, "ORDER BY id");
    std::lock_guard lock(impl_->mutex);
    return impl_->select_rows(engine_select(*impl_, SELECT), {},
                              [&](const sql::Statement& row) { return read_engine(*impl_, row); });
}

void Store::set_engine_own_identity(EngineId id, const EngineOwnIdentity& own) {
    static constexpr std::string_view UPDATE =
        "UPDATE engines SET id_name = nullif(?2, ''), id_author = nullif(?3, ''), "
        "id_description = nullif(?4, '') WHERE id = ?1";
    std::lock_guard lock(impl_->mutex);
    impl_->require_writable("an engine's own name");
    sql::Statement& update = impl_->statement(UPDATE);
    sql::ResetOnExit reset(update);
    update.bind(1, id);
    update.bind(2, std::string_view(own.name));
    update.bind(3, std::string_view(own.author));
    update.bind(4, std::string_view(own.description));
    update.step();
    if (sqlite3_changes(impl_->connection.handle()) == 0) impl_->fail_missing("engine", id);
}

// Step 3. Openings.

OpeningId Store::get_or_create_opening(const Opening& opening) {
    static constexpr std::string_view SELECT =
        "SELECT id FROM openings WHERE source_file = ?1 AND suite_index = ?2 AND start_fen = ?3 "
        "AND moves = ?4 AND name = ?5";
    static constexpr std::string_view INSERT =
        "INSERT INTO openings (source_file, suite_index, start_fen, moves, name) "
        "VALUES (?1, ?2, ?3, ?4, ?5)";
    const std::string moves = join_moves(opening.moves, "opening " + opening.name);
    const std::array<SqlValue, 5> key = {opening.source_file, std::int64_t{opening.suite_index},
                                         opening.start_fen, moves, opening.name};
    std::lock_guard lock(impl_->mutex);
    return impl_->find_or_insert(
        SELECT, INSERT, key, {},
        "opening " + std::to_string(opening.suite_index) + " of " + opening.source_file);
}

Opening Store::load_opening(OpeningId id) {
    static constexpr std::string_view SELECT =
        "SELECT source_file, suite_index, start_fen, moves, name FROM openings WHERE id = ?1";
    std::lock_guard lock(impl_->mutex);
    return impl_->select_one(SELECT, id, "opening", [](const sql::Statement& row) {
        Opening opening;
        opening.source_file = row.text(0);
        opening.suite_index = static_cast<int>(row.integer(1));
        opening.start_fen = row.text(2);
        opening.moves = split_moves(row.text(3));
        opening.name = row.text(4);
        return opening;
    });
}

}  // namespace arbiter
