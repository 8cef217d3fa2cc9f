// Store: a Swiss's initial ranking (schema version 12), written once by the tournament's first run
// and read by every later run, the page and the TRF export, so that a resume pairs as the first
// run did whatever games the database gained since.
#include <array>
#include <set>
#include <stdexcept>

#include "harness/store/schema.h"
#include "harness/store/store_impl.h"

namespace arbiter {
namespace {

std::string_view source_text(InitialRatingSource source) {
    switch (source) {
        case InitialRatingSource::rating:
            return "rating";
        case InitialRatingSource::pool:
            return "pool";
        case InitialRatingSource::name:
            return "name";
    }
    return "name";
}

// Throws std::invalid_argument unless each entrant's rating matches its source and the names are
// distinct.
void check_ranking(const InitialRanking& ranking) {
    std::set<std::string> names;
    for (const InitialEntrant& entrant : ranking.entrants) {
        if (!names.insert(entrant.name).second)
            throw std::invalid_argument("an initial ranking names " + entrant.name + " twice");
        if ((entrant.source == InitialRatingSource::name) == entrant.rating.has_value())
            throw std::invalid_argument("the initial ranking's " + entrant.name +
                                        (entrant.rating ? " is placed by name but has a rating"
                                                        : " has no rating to be placed by"));
    }
}

}  // namespace

std::optional<InitialRanking> Store::load_initial_ranking(TournamentId tournament) {
    static constexpr std::string_view SELECT_POOL =
        "SELECT pool_tournaments, pool_games, pool_note FROM initial_rankings "
        "WHERE tournament_id = ?1";
    static constexpr std::string_view SELECT_ENTRANTS =
        "SELECT name, source, rating FROM initial_ranking_entrants WHERE tournament_id = ?1 "
        "ORDER BY pairing_number";
    std::lock_guard lock(impl_->mutex);
    if (impl_->version < schema::INITIAL_RANKING_VERSION) return std::nullopt;
    const std::array<SqlValue, 1> key = {tournament};
    auto pools = impl_->select_rows(SELECT_POOL, key, [](const sql::Statement& row) {
        return InitialRanking{{}, int(row.integer(0)), row.integer(1), row.text(2)};
    });
    if (pools.empty()) return std::nullopt;
    InitialRanking ranking = std::move(pools.front());
    ranking.entrants = impl_->select_rows(SELECT_ENTRANTS, key, [this](const sql::Statement& row) {
        const std::string source = row.text(1);
        if (source != "rating" && source != "pool" && source != "name")
            throw StoreError(impl_->connection.path() +
                             ": the database file is damaged (an initial rating's source \"" +
                             source + "\")");
        return InitialEntrant{row.text(0),
                              source == "rating" ? InitialRatingSource::rating
                              : source == "pool" ? InitialRatingSource::pool
                                                 : InitialRatingSource::name,
                              row.optional_real(2)};
    });
    return ranking;
}

InitialRanking Store::keep_initial_ranking(TournamentId tournament, const InitialRanking& ranking) {
    static constexpr std::string_view INSERT_POOL =
        "INSERT INTO initial_rankings (tournament_id, pool_tournaments, pool_games, pool_note, "
        "created_at_ms) VALUES (?1, ?2, ?3, ?4, ?5)";
    static constexpr std::string_view INSERT_ENTRANT =
        "INSERT INTO initial_ranking_entrants (tournament_id, pairing_number, name, source, "
        "rating) VALUES (?1, ?2, ?3, ?4, ?5)";
    check_ranking(ranking);
    if (std::optional<InitialRanking> kept = load_initial_ranking(tournament)) return *kept;
    std::lock_guard lock(impl_->mutex);
    impl_->require_writable("an initial ranking");
    sql::Connection& connection = impl_->connection;
    const std::string described = "the initial ranking of tournament " + std::to_string(tournament);
    sql::Transaction transaction(connection);
    {
        sql::Statement& insert = impl_->statement(INSERT_POOL);
        sql::ResetOnExit reset(insert);
        insert.bind(1, tournament);
        insert.bind(2, ranking.pool_tournaments);
        insert.bind(3, ranking.pool_games);
        insert.bind(4, ranking.pool_note);
        insert.bind(5, now_ms());
        const int code = insert.try_step();
        if (is_constraint(code, SQLITE_CONSTRAINT_FOREIGNKEY))
            throw StoreError(connection.path() + ": cannot record " + described +
                             ": no such tournament in the database");
        if (code != SQLITE_DONE) connection.fail(code, "recording " + described);
    }
    sql::Statement& insert = impl_->statement(INSERT_ENTRANT);
    for (std::size_t i = 0; i < ranking.entrants.size(); ++i) {
        sql::ResetOnExit reset(insert);
        const InitialEntrant& entrant = ranking.entrants[i];
        insert.bind(1, tournament);
        insert.bind(2, std::int64_t(i + 1));
        insert.bind(3, entrant.name);
        insert.bind_static(4, source_text(entrant.source));
        insert.bind(5, entrant.rating);
        const int code = insert.try_step();
        if (code != SQLITE_DONE) connection.fail(code, "recording " + described);
    }
    transaction.commit();
    return ranking;
}

}  // namespace arbiter
