#include "harness/store/shards.h"

#include <map>
#include <mutex>

#include "harness/config/json.h"
#include "harness/store/schema.h"
#include "harness/store/store_impl.h"

namespace arbiter {

namespace {

// Each shard with its tournament's variant: from the variant column, or (a file read as it is at a
// version before 6) from the configuration.
constexpr std::string_view SELECT_SHARDS =
    "SELECT s.tournament_id, s.shard_index, s.shard_count, s.identity, t.variant FROM shards s "
    "JOIN tournaments t ON t.id = s.tournament_id ORDER BY s.tournament_id, s.shard_index";
constexpr std::string_view SELECT_OLD_SHARDS =
    "SELECT s.tournament_id, s.shard_index, s.shard_count, s.identity, CASE WHEN "
    "json_valid(t.config_json) AND json_extract(t.config_json, '$.variant') = 'chess960' THEN "
    "'chess960' ELSE 'standard' END FROM shards s JOIN tournaments t ON t.id = s.tournament_id "
    "ORDER BY s.tournament_id, s.shard_index";
constexpr std::string_view INSERT_SHARD =
    "INSERT INTO shards (tournament_id, shard_index, shard_count, identity) VALUES (?1, ?2, ?3, "
    "?4)";
constexpr std::string_view OTHER_TOURNAMENT_GAMES =
    "SELECT count(*) FROM games WHERE tournament_id <> ?1";
constexpr std::string_view DELETE_SLOTS =
    "DELETE FROM shard_slots WHERE tournament_id = ?1 AND shard_index = ?2";
constexpr std::string_view INSERT_SLOT =
    "INSERT INTO shard_slots (tournament_id, shard_index, slot) VALUES (?1, ?2, ?3)";
// Scheduled slots without a game, and the time span of the shard's games.
constexpr std::string_view MISSING_SLOTS =
    "SELECT s.slot FROM shard_slots s WHERE s.tournament_id = ?1 AND s.shard_index = ?2 "
    "AND NOT EXISTS (SELECT 1 FROM games g WHERE g.tournament_id = s.tournament_id "
    "AND g.slot = s.slot) ORDER BY s.slot";
constexpr std::string_view COUNT_SLOTS =
    "SELECT count(*) FROM shard_slots WHERE tournament_id = ?1 AND shard_index = ?2";
constexpr std::string_view SHARD_GAME_TIMES =
    "SELECT min(started_at_ms), max(finished_at_ms) FROM games WHERE tournament_id = ?1 "
    "AND shard_index = ?2 AND shard_count = ?3";

std::string name_of(const ShardNumber& shard) {
    return "shard " + std::to_string(shard.index) + "/" + std::to_string(shard.count);
}

std::string short_text(const json::Value& value) {
    std::string text = value.is_string() ? value.as_string() : value.dump();
    if (text.size() > 100) text = text.substr(0, 96) + "...";
    return text;
}

// The first difference between `a` and `b` below `path`, in words; empty when equal.
std::string first_difference(const json::Value& a, const json::Value& b, const std::string& path) {
    const std::string at = path.empty() ? "" : path + ": ";
    if (a.is_object() && b.is_object()) {
        for (const auto& [key, value] : a.as_object()) {
            const json::Value* other = b.find(key);
            if (!other) return at + key + " is set here, not there";
            // Below an engine, "engine NAME: options"; elsewhere "settings.nodes".
            const bool engine =
                path.rfind("engine ", 0) == 0 && path.find(':') == std::string::npos;
            std::string inner = first_difference(
                value, *other, path.empty() ? key : path + (engine ? ": " : ".") + key);
            if (!inner.empty()) return inner;
        }
        for (const auto& [key, value] : b.as_object())
            if (!a.find(key)) return at + key + " is set there, not here";
        return "";
    }
    if (a.is_array() && b.is_array()) {
        const auto& x = a.as_array();
        const auto& y = b.as_array();
        for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
            // Engines are named by their name rather than their position.
            const json::Value* name = x[i].is_object() ? x[i].find("name") : nullptr;
            std::string label = name && name->is_string() && path == "engines"
                                    ? "engine " + name->as_string()
                                    : path + "[" + std::to_string(i) + "]";
            std::string inner = first_difference(x[i], y[i], label);
            if (!inner.empty()) return inner;
        }
        if (x.size() != y.size())
            return at + std::to_string(x.size()) + " entries here, " + std::to_string(y.size()) +
                   " there";
        return "";
    }
    if (a.dump() == b.dump()) return "";
    return at + "is " + short_text(a) + " here, " + short_text(b) + " there";
}

}  // namespace

Store open_database(const std::filesystem::path& path, bool create) {
    if (!create && !std::filesystem::exists(path))
        throw StoreError(path.string() + ": no such database");
    return Store::open(path);
}

sql::Connection& connection_of(Store& store) {
    return store.impl().connection;
}

std::string describe_identity_difference(const std::string& here, const std::string& there) {
    if (here == there) return "";
    std::string difference;
    try {
        difference = first_difference(json::parse(here), json::parse(there), "");
    } catch (const std::exception&) {
        return "the identities differ";
    }
    return difference.empty() ? "the identities differ" : difference;
}

void claim_shard(Store& store, const ShardClaim& claim) {
    std::lock_guard lock(store.impl().mutex);
    sql::Connection& connection = connection_of(store);
    const std::filesystem::path path = store.path();
    sql::Transaction transaction(connection);

    // Step 1. A file holds one shard of one run, and nothing of another tournament.
    bool claimed = false;
    for (const ShardProgress& held : shard_progress(connection)) {
        const std::string holds = path.string() + " holds " + name_of(held.shard);
        if (held.tournament_id != claim.tournament_id || held.shard != claim.shard)
            throw ShardMismatchError(holds + " of a tournament; it cannot also hold " +
                                     name_of(claim.shard) + " (give each shard its own --db)");
        if (held.identity_json != claim.identity_json)
            throw ShardMismatchError(
                holds + " of another tournament or engine build (" +
                describe_identity_difference(claim.identity_json, held.identity_json) +
                "); give this run another --db");
        claimed = true;
    }
    {
        sql::Statement others(connection, OTHER_TOURNAMENT_GAMES);
        others.bind(1, claim.tournament_id);
        others.step();
        if (others.integer(0) > 0)
            throw ShardMismatchError(path.string() + " holds " + std::to_string(others.integer(0)) +
                                     " games of another tournament; a shard needs its own --db");
    }

    // Step 2. The claim and the slots it must play (replaced: more rounds add slots).
    if (!claimed) {
        sql::Statement insert(connection, INSERT_SHARD);
        insert.bind(1, claim.tournament_id);
        insert.bind(2, claim.shard.index);
        insert.bind(3, claim.shard.count);
        insert.bind(4, claim.identity_json);
        insert.step();
    }
    replace_shard_slots(connection, claim.tournament_id, claim.shard.index, claim.slots);
    transaction.commit();
}

void replace_shard_slots(sql::Connection& connection, TournamentId tournament, int shard,
                         const std::vector<std::int64_t>& slots) {
    sql::Statement remove(connection, DELETE_SLOTS);
    remove.bind(1, tournament);
    remove.bind(2, shard);
    remove.step();
    sql::Statement insert(connection, INSERT_SLOT);
    for (std::int64_t slot : slots) {
        insert.bind(1, tournament);
        insert.bind(2, shard);
        insert.bind(3, slot);
        insert.step();
        insert.reset();
    }
}

std::vector<ShardProgress> shard_progress(sql::Connection& connection) {
    std::vector<ShardProgress> shards;
    const std::int64_t version =
        connection.query_integer("PRAGMA user_version", "reading the schema version");
    if (version < schema::SHARDS_VERSION) return shards;  // read as it is: no shards table yet
    {
        const bool has_variant = version >= schema::MOVE_CLOCK_VERSION;
        sql::Statement select(connection, has_variant ? SELECT_SHARDS : SELECT_OLD_SHARDS);
        while (select.step()) {
            ShardProgress p;
            p.tournament_id = select.integer(0);
            p.shard = {int(select.integer(1)), int(select.integer(2))};
            p.identity_json = select.text(3);
            p.variant = select.text(4);
            shards.push_back(std::move(p));
        }
    }
    sql::Statement count(connection, COUNT_SLOTS);
    sql::Statement missing(connection, MISSING_SLOTS);
    sql::Statement times(connection, SHARD_GAME_TIMES);
    for (ShardProgress& p : shards) {
        count.bind(1, p.tournament_id);
        count.bind(2, p.shard.index);
        count.step();
        p.scheduled = count.integer(0);
        count.reset();
        missing.bind(1, p.tournament_id);
        missing.bind(2, p.shard.index);
        while (missing.step()) p.missing_slots.push_back(missing.integer(0));
        missing.reset();
        p.played = p.scheduled - std::int64_t(p.missing_slots.size());
        times.bind(1, p.tournament_id);
        times.bind(2, p.shard.index);
        times.bind(3, p.shard.count);
        times.step();
        p.first_started_ms = times.optional_integer(0);
        p.last_finished_ms = times.optional_integer(1);
        times.reset();
    }
    return shards;
}

std::vector<ShardProgress> shard_progress(const std::filesystem::path& path) {
    Store store = Store::open(path, Store::Access::read_only);
    return shard_progress(connection_of(store));
}

}  // namespace arbiter
