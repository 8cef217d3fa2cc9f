#pragma once

// The exceptions the store throws. Every message names the database file and the problem,
// e.g. "results/t.sqlite: not an arbiter database (application_id 0x12345678)".

#include <stdexcept>
#include <string>

namespace arbiter {

// Any failure to open, read or write an arbiter database.
class StoreError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A game was recorded for a schedule slot that already holds a game between the same two
// engine identities in the same tournament.
class DuplicateGameError : public StoreError {
  public:
    using StoreError::StoreError;
};

}  // namespace arbiter
