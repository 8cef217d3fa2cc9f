// Store: every game's result in a few integers, for a rating list over a whole database.

#include "harness/store/store_impl.h"

namespace arbiter {

std::vector<StoredResult> Store::list_results() {
    // The table's CHECK constraint holds the result to these three texts, in Outcome's order.
    static constexpr std::string_view SELECT =
        "SELECT tournament_id, slot, white_engine_id, black_engine_id, "
        "CASE result WHEN '1-0' THEN 0 WHEN '1/2-1/2' THEN 1 ELSE 2 END, started_at_ms "
        "FROM games ORDER BY id";
    std::lock_guard lock(impl_->mutex);
    return impl_->select_rows(SELECT, {}, [](const sql::Statement& row) {
        return StoredResult{row.integer(0),
                            row.integer(1),
                            row.integer(2),
                            row.integer(3),
                            static_cast<Outcome>(row.integer(4)),
                            row.integer(5)};
    });
}

}  // namespace arbiter
