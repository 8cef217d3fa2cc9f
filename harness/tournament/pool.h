#pragma once

// One SPRT pooled over many shards (issue 24), with no server: a folder every shard can see.
//
//   DIR/pool.json              what test the pool runs (tournament key, SPRT, batch size, shards);
//                              the first shard creates it, a shard of another test is refused
//   DIR/counts/shard-K.json    shard K's cumulative pentanomial counts over its completed
//                              batches, replaced atomically after each batch
//   DIR/verdict.json           the first bound crossed by the pooled counts, written once
//   DIR/shard-K.lock           held (flock) by the process playing shard K while it runs, so a
//                              second process for the same shard is refused; the kernel drops
//                              it when the process ends, SIGKILL included
//
// The pool counts exactly one file per shard: counts/shard-K.json for K in 1..N (N from
// pool.json), holding "shard": K. Anything else in counts/ (shard-9.json in a pool of 2,
// shard-01.json, a stray copy) is left out of the sum and named by `arbiter status`.
//
// Every file is written to a temporary name, fsynced and renamed (counts) or hard-linked
// (pool.json, verdict.json: link() fails when the name exists, so the first writer wins and no
// verdict is ever replaced). Readers therefore see an old or a new file, never half of one. That
// is all the pool asks of the shared file system: atomic rename and link within one folder.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/config/json.h"
#include "harness/config/sprt_config.h"
#include "harness/ratings/counts.h"
#include "harness/ratings/sprt.h"

namespace arbiter {

// Writes `text` to `path` so that a reader sees the old file or the new one: a temporary file in
// the same folder, fsync, rename over `path`, fsync of the folder. Throws std::runtime_error.
void write_file_atomically(const std::filesystem::path& path, const std::string& text);

// Creates `path` holding `text` unless it exists, atomically (temporary file, fsync, link).
// Returns false, leaving the existing file as it is, when `path` was already there.
bool create_file_once(const std::filesystem::path& path, const std::string& text);

// What one shard last told the pool.
struct PoolShardCounts {
    int shard = 0;  // 1-based
    PentanomialCounts counts;
    std::int64_t batches = 0;         // complete batches behind `counts`
    std::int64_t published_ms = 0;    // Unix time of the publication
    double batch_seconds = 0;         // how long the shard's last batch took (0: none yet)
    bool finished = false;            // the shard has no slot left to play
    std::optional<std::int64_t> pid;  // the process that published (for people, not logic)
    std::string host;

    json::Value to_json() const;
    static PoolShardCounts from_json(const json::Value& value);
};

// The decision of the pool: the bound crossed, by which counts, found by which shard.
struct PoolVerdict {
    SprtState state = SprtState::continue_testing;
    double llr = 0, lower_bound = 0, upper_bound = 0;
    PentanomialCounts pooled;
    std::vector<PoolShardCounts> shards;  // the counts that were summed
    int decided_by = 0;                   // the shard that wrote the verdict
    std::int64_t decided_ms = 0;

    json::Value to_json() const;
    static PoolVerdict from_json(const json::Value& value);
};

// The sum of the shards' counts.
PentanomialCounts pooled_counts(const std::vector<PoolShardCounts>& shards);

// A file in DIR/counts/ that the pool does not count, and why.
struct RefusedPoolFile {
    std::filesystem::path path;
    std::string reason;  // e.g. "shard 9 is not one of the pool's 2 shards"
};

// What DIR/counts/ holds: the publications the pool counts, by shard number, and the rest.
struct PoolCountFiles {
    std::vector<PoolShardCounts> counted;
    std::vector<RefusedPoolFile> refused;
};

// One process's hold on one shard of a pool (DIR/shard-K.lock), for as long as it lives.
class PoolShardClaim {
  public:
    PoolShardClaim(const PoolShardClaim&) = delete;
    PoolShardClaim& operator=(const PoolShardClaim&) = delete;
    ~PoolShardClaim();

  private:
    friend class SprtPool;
    explicit PoolShardClaim(int descriptor) : descriptor_(descriptor) {}
    int descriptor_ = -1;
};

// The pool folder of one test, as a shard or `arbiter status` sees it.
class SprtPool {
  public:
    explicit SprtPool(std::filesystem::path folder);

    const std::filesystem::path& folder() const { return folder_; }

    // Creates the folder and pool.json naming `test` (first shard), or checks that pool.json
    // names the same test. Throws ConfigError naming the pool and the difference otherwise, or
    // the folder and the system's reason when it cannot be created or written.
    void join(const json::Value& test);
    // Claims shard `shard` for this process until the claim is destroyed. Throws ConfigError
    // naming the lock file and the process that holds it when another process plays the shard.
    std::unique_ptr<PoolShardClaim> claim(int shard) const;
    // Whether a process holds shard `shard`'s claim now; nothing when no process ever claimed
    // it (no lock file: a pool written before claims existed).
    std::optional<bool> is_running(int shard) const;
    // pool.json, or nothing before the first shard joined. Throws ConfigError when unreadable.
    std::optional<json::Value> test() const;

    // Replaces DIR/counts/shard-K.json with `counts`, atomically.
    void publish(const PoolShardCounts& counts) const;
    // Every shard's last publication, by shard number: the files the pool counts (see above).
    // A counted file that does not parse is reported by std::runtime_error naming it (an atomic
    // writer never leaves one).
    std::vector<PoolShardCounts> read_counts() const;
    // The counted publications and the files of counts/ that are not counted, with why.
    PoolCountFiles read_count_files() const;

    // DIR/verdict.json, if a shard has written it.
    std::optional<PoolVerdict> read_verdict() const;
    // Sums every shard's counts, tests them, and if a bound is crossed writes the verdict unless
    // one is already there. Returns the verdict in force afterwards (this one or an earlier).
    std::optional<PoolVerdict> decide(const SprtParameters& parameters, int shard) const;

  private:
    std::filesystem::path lock_path(int shard) const;

    std::filesystem::path folder_;
};

// The five pair counts as a JSON array, as the pool files write them.
json::Value counts_json(const PentanomialCounts& counts);

// Milliseconds since the Unix epoch.
std::int64_t unix_time_ms();

}  // namespace arbiter
