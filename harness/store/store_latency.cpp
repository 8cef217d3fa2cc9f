// Store: each engine's latency per move, summed from the moves (fastchess's -show-latency).
#include "harness/store/schema.h"
#include "harness/store/store_impl.h"

namespace arbiter {

std::vector<EngineLatency> Store::engine_latencies(TournamentId tournament) {
    // The mover of ply p is white when p is odd and the start position has white to move, or p
    // is even and black was to move.
    static constexpr std::string_view SELECT =
        "SELECT e.id, e.name, count(m.latency_ms), avg(m.latency_ms), max(m.latency_ms) "
        "FROM games g JOIN moves m ON m.game_id = g.id AND m.book = 0 "
        "AND m.latency_ms IS NOT NULL "
        "JOIN engines e ON e.id = CASE WHEN (m.ply % 2 = 1) = "
        "(substr(g.start_fen, instr(g.start_fen, ' ') + 1, 1) = 'w') "
        "THEN g.white_engine_id ELSE g.black_engine_id END "
        "WHERE g.tournament_id = ?1 GROUP BY e.id ORDER BY e.id";
    std::lock_guard lock(impl_->mutex);
    if (impl_->version < schema::MOVE_CLOCK_VERSION) return {};
    const std::array<SqlValue, 1> parameters = {tournament};
    return impl_->select_rows(SELECT, parameters, [](const sql::Statement& row) {
        return EngineLatency{row.integer(0), row.text(1), row.integer(2), row.real(3),
                             row.integer(4)};
    });
}

}  // namespace arbiter
