// merge_benchmark: how fast `arbiter merge` copies shards (issue 11). Writes one shard database
// of GAMES games of PLIES plies (the store's sample games), copies it SHARDS times as shards
// 1..SHARDS of one run (distinct slots), then merges them all into one database and prints the
// time, the rate and the sizes.
//   merge_benchmark SHARDS GAMES PLIES DIR      e.g. merge_benchmark 100 10000 100 /tmp/merge
#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <string>
#include <vector>

#include "harness/store/merge.h"
#include "harness/store/store.h"
#include "harness/store/test_records.h"

using namespace arbiter;
namespace fs = std::filesystem;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::uintmax_t size_of(const fs::path& path) {
    std::uintmax_t size = 0;
    for (const char* suffix : {"", "-wal"})
        if (fs::exists(path.string() + suffix)) size += fs::file_size(path.string() + suffix);
    return size;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 5) {
        std::cerr << "usage: merge_benchmark SHARDS GAMES PLIES DIR\n";
        return 2;
    }
    const int shards = std::stoi(argv[1]), games = std::stoi(argv[2]), plies = std::stoi(argv[3]);
    const fs::path dir = argv[4];
    fs::remove_all(dir);
    fs::create_directories(dir);

    // Step 1. One shard database written the way a shard run writes it.
    const std::string identity =
        R"({"tournament":"benchmark","shard_count":)" + std::to_string(shards) + "}";
    const fs::path first = dir / "template.sqlite";
    auto start = std::chrono::steady_clock::now();
    {
        Store store = Store::open(first);
        TournamentId t = store.get_or_create_tournament("benchmark", "{}");
        EngineId white = store.get_or_create_engine(store_test::sample_engine("white", "w"));
        EngineId black = store.get_or_create_engine(store_test::sample_engine("black", "b"));
        ShardClaim claim{t, {1, shards}, identity, {}};
        for (int slot = 0; slot < games; ++slot) claim.slots.push_back(slot);
        claim_shard(store, claim);
        for (int slot = 0; slot < games; ++slot) {
            GameRecord game = store_test::sample_game(t, slot, white, black, std::nullopt, plies);
            game.shard = ShardNumber{1, shards};
            game.host = "node1";
            store.record_game(game);
        }
    }
    {
        Store store = open_database(first, false);
        connection_of(store).execute("PRAGMA wal_checkpoint(TRUNCATE)", "checkpoint");
    }
    std::printf(
        "wrote one shard of %d games of %d plies in %.1f s: %.2f MB (%.2f MB per 1,000 games)\n",
        games, plies, seconds_since(start), double(size_of(first)) / 1e6,
        double(size_of(first)) / 1e6 * 1000.0 / games);

    // Step 2. Its copies as shards 1..N: slots offset by (K - 1) * GAMES.
    std::vector<fs::path> paths;
    for (int k = 1; k <= shards; ++k) {
        const fs::path path = dir / ("shard-" + std::to_string(k) + ".sqlite");
        fs::copy_file(first, path);
        Store store = open_database(path, false);
        sql::Connection* connection = &connection_of(store);
        const std::string offset = std::to_string(std::int64_t(k - 1) * games);
        const std::string index = std::to_string(k);
        connection->execute("PRAGMA foreign_keys = OFF", "benchmark");
        connection->execute(
            "BEGIN; UPDATE games SET slot = slot + " + offset + ", shard_index = " + index +
                ", host = 'node" + index + "'; UPDATE shard_slots SET slot = slot + " + offset +
                ", shard_index = " + index + "; UPDATE shards SET shard_index = " + index +
                "; COMMIT; PRAGMA wal_checkpoint(TRUNCATE);",
            "making shard " + index);
        paths.push_back(path);
    }
    fs::remove(first);

    // Step 3. The merge.
    const fs::path target = dir / "all.sqlite";
    start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    MergeSummary summary = merge_shards(target, paths);
    const double elapsed = seconds_since(start);
    const double cpu = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    const double total = double(summary.games_added);
    std::printf(
        "merged %d shards, %.0f games, %.0f moves in %.1f s (%.1f s of CPU): %.0f games/s, "
        "%.2f M moves/s; merged database %.2f GB\n",
        shards, total, total * plies, elapsed, cpu, total / elapsed, total * plies / elapsed / 1e6,
        double(size_of(target)) / 1e9);
    start = std::chrono::steady_clock::now();
    summary = merge_shards(target, paths);
    std::printf("merging the same shards again: %lld games added in %.1f s\n",
                static_cast<long long>(summary.games_added), seconds_since(start));
    return 0;
}
