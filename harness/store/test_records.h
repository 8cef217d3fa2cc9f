#pragma once

// Deterministic sample records and temporary database paths for the store's tests and
// benchmark. Every field of a sample game is filled, optional fields both set and unset.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "harness/store/records.h"

namespace arbiter::store_test {

inline constexpr std::string_view START_FEN =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// An engine identity whose binary hash is the SHA-256 of `binary_contents`.
EngineIdentity sample_engine(const std::string& name, const std::string& binary_contents);

// A game of `plies` moves for `slot`, a pure function of its arguments. The first two plies are
// book moves; later plies vary depth/nodes/score presence and the score's bound, and carry awkward
// comment text.
GameRecord sample_game(TournamentId tournament, std::int64_t slot, EngineId white, EngineId black,
                       std::optional<OpeningId> opening, int plies);

// A fresh path under the system temp folder, unique to this process and `tag`; any previous
// file there (and its -wal/-shm) is removed.
std::filesystem::path temp_database_path(std::string_view tag);

// Removes a database file and its -wal and -shm companions.
void remove_database(const std::filesystem::path& path);

}  // namespace arbiter::store_test
