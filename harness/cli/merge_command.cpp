// `arbiter merge --into all.sqlite shards/*.sqlite`: copies the games of shard databases into one
// database, atomically and idempotently, and says which scheduled games are still missing.
#include <iostream>

#include "harness/cli/command.h"
#include "harness/cli/shard_text.h"
#include "harness/report/pool_report.h"
#include "harness/store/merge.h"
#include "harness/store/store.h"

namespace arbiter::cli {

namespace {

struct MergeCommandOptions {
    std::string into;
    std::vector<std::string> shards;
};

// The pooled SPRT the merged database carries (issue 24), as `ratings --db` shows it.
std::string merged_pool_verdict(const std::string& into) {
    Store store = Store::open(into, Store::Access::read_only);
    const auto tournaments = store.list_tournaments();
    return tournaments.empty() ? "" : format_database_pool(store, tournaments.back().id);
}

void run(const MergeCommandOptions& options) {
    std::vector<std::filesystem::path> shards(options.shards.begin(), options.shards.end());
    MergeOptions merge;
    merge.after_shard = [](const std::filesystem::path& shard, std::int64_t added) {
        std::cout << shard.string() << ": " << with_commas(added) << " new games\n";
    };
    // A refused merge writes nothing: a target it created is removed again while still empty.
    DiscardIfLeftEmpty discard(options.into);
    MergeSummary summary = merge_shards(options.into, shards, merge);
    std::int64_t scheduled = 0, played = 0, missing_shards = 0;
    for (const ShardProgress& p : summary.shards) {
        scheduled += p.scheduled;
        played += p.played;
        if (!p.missing_slots.empty()) {
            ++missing_shards;
            std::cout << missing_line(p) << "\n";
        }
    }
    const int known = int(summary.shards.size());
    const int expected = known ? summary.shards.front().shard.count : 0;
    std::cout << "Merged " << shards.size() << " files into " << options.into << ": "
              << with_commas(summary.games_added) << " games added, "
              << with_commas(summary.games_already_there) << " already there; "
              << with_commas(played) << " of " << with_commas(scheduled) << " scheduled games of "
              << known << " of " << expected << " shards played";
    if (missing_shards) std::cout << " (" << missing_shards << " shards incomplete)";
    std::cout << ".\n";
    const std::string pool = merged_pool_verdict(options.into);
    if (!pool.empty()) std::cout << pool;
    if (known < expected) {
        std::cout << "Not merged yet:";
        std::vector<bool> seen(std::size_t(expected) + 1, false);
        for (const ShardProgress& p : summary.shards) seen[std::size_t(p.shard.index)] = true;
        for (int k = 1; k <= expected; ++k)
            if (!seen[std::size_t(k)]) std::cout << " " << k << "/" << expected;
        std::cout << "\n";
    }
}

void add_merge_command(CLI::App& app) {
    auto options = std::make_shared<MergeCommandOptions>();
    CLI::App* cmd = app.add_subcommand(
        "merge", "Copy shard databases (tournament --shard K/N) into one database");
    cmd->add_option("--into", options->into, "The merged database (created if absent)")->required();
    cmd->add_option("shards", options->shards, "Shard databases")->required();
    cmd->callback([options] { run(*options); });
}

Registrar merge_registrar{"merge", 50, add_merge_command};

}  // namespace

}  // namespace arbiter::cli
