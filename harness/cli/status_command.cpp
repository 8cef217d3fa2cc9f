// `arbiter status results/all.sqlite shards/*.sqlite`: what a user watches while a job array
// runs. Games played and scheduled per shard and in total, games per hour, an ETA, and the
// standings over every game any of the files holds.
#include <glob.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "harness/cli/command.h"
#include "harness/cli/shard_text.h"
#include "harness/report/pool_report.h"
#include "harness/report/standings.h"
#include "harness/store/merge.h"

namespace arbiter::cli {

namespace {

struct StatusOptions {
    std::vector<std::string> files;
    std::vector<std::string> globs;
    std::string pool;
    int bootstrap = 1000;
};

// The pool folders the tournaments of `files` were played with (tournament --pool), in order.
std::vector<std::string> pools_named(const std::vector<std::filesystem::path>& files) {
    std::vector<std::string> pools;
    for (const auto& file : files) {
        Store store = Store::open(file, Store::Access::read_only);
        for (const StoredTournament& t : store.list_tournaments()) {
            json::Value config;
            try {
                config = json::parse(t.config_json);
            } catch (const json::ParseError&) {
                continue;
            }
            const json::Value* pool = config.find("pool");
            if (pool && pool->is_string() &&
                std::find(pools.begin(), pools.end(), pool->as_string()) == pools.end())
                pools.push_back(pool->as_string());
        }
    }
    return pools;
}

// The files a --db pattern names, sorted (none when it matches nothing).
std::vector<std::string> expand(const std::string& pattern) {
    glob_t found{};
    std::vector<std::string> files;
    if (::glob(pattern.c_str(), 0, nullptr, &found) == 0)
        for (std::size_t i = 0; i < found.gl_pathc; ++i) files.emplace_back(found.gl_pathv[i]);
    ::globfree(&found);
    return files;
}

// "1:02:03" for a number of seconds.
std::string clock_text(double seconds) {
    auto s = std::int64_t(seconds + 0.5);
    std::ostringstream out;
    out << s / 3600 << ":" << std::setw(2) << std::setfill('0') << s / 60 % 60 << ":"
        << std::setw(2) << s % 60;
    return out.str();
}

std::string rate_text(std::int64_t games, std::optional<std::int64_t> from,
                      std::optional<std::int64_t> to) {
    if (!from || !to || *to <= *from || games == 0) return "-";
    return with_commas(std::int64_t(double(games) * 3'600'000.0 / double(*to - *from)));
}

// The standings over every game of `files`: their games (without moves) merged into a
// temporary database.
std::string standings(const std::vector<std::filesystem::path>& files, int bootstrap) {
    const std::filesystem::path temporary =
        std::filesystem::temp_directory_path() /
        ("arbiter-status-" + std::to_string(::getpid()) + ".sqlite");
    auto remove = [&] {
        for (const char* suffix : {"", "-wal", "-shm"})
            std::filesystem::remove(temporary.string() + suffix);
    };
    remove();
    std::string text;
    try {
        MergeOptions games_only;
        games_only.copy_moves = false;
        merge_shards(temporary, files, games_only);
        Store store = Store::open(temporary);
        auto tournaments = store.list_tournaments();
        if (!tournaments.empty()) {
            std::vector<EngineId> ids;
            std::vector<std::string> names;
            for (const StoredEngine& e : store.list_engines()) {
                ids.push_back(e.id);
                names.push_back(e.identity.name);
            }
            // Without the per-move statistics: status copies games without their moves.
            StandingsTables tables = standings_tables(store, tournaments.back().id, ids, names,
                                                      StandingsOptions{bootstrap, 1});
            tables.move_statistics.clear();
            text = format_standings(tables);
        }
    } catch (...) {
        remove();
        throw;
    }
    remove();
    return text;
}

// The files named and those the --db patterns match, in that order.
std::vector<std::filesystem::path> files_named(const StatusOptions& options) {
    std::vector<std::filesystem::path> files(options.files.begin(), options.files.end());
    for (const auto& pattern : options.globs)
        for (const auto& file : expand(pattern)) files.emplace_back(file);
    return files;
}

// The furthest any of the files got with each shard, by shard index, and the number of shards.
struct Shards {
    std::map<int, ShardProgress> furthest;
    int count = 0;
};

Shards shards_of(const std::vector<std::filesystem::path>& files) {
    Shards shards;
    for (const auto& file : files) {
        for (ShardProgress& p : shard_progress(file)) {
            shards.count = std::max(shards.count, p.shard.count);
            auto [it, inserted] = shards.furthest.emplace(p.shard.index, p);
            if (!inserted && p.played > it->second.played) it->second = std::move(p);
        }
    }
    if (shards.furthest.empty())
        throw std::runtime_error("status: none of the files holds a shard (tournament --shard)");
    return shards;
}

// The sums over the shards the total line shows.
struct ShardTotals {
    std::int64_t played = 0;
    std::int64_t scheduled = 0;
    std::optional<std::int64_t> first, last;  // the first game's start, the last one's end
    int stopped = 0;                          // shards a pooled SPRT stopped
};

// The shards that a pooled SPRT stopped, and why.
std::map<int, std::string> pool_stopped(const std::vector<std::filesystem::path>& files) {
    std::map<int, std::string> stopped;
    for (const auto& file : files)
        for (const PoolStopRecord& stop : pool_stops(file)) stopped[stop.shard] = stop.reason;
    return stopped;
}

// The header and one line per shard (played, scheduled, games per hour, state); returns the sums.
ShardTotals print_shard_lines(const Shards& shards,
                              const std::map<int, std::string>& stopped_shards) {
    std::cout << std::left << std::setw(8) << "Shard" << std::right << std::setw(10) << "Played"
              << std::setw(11) << "Scheduled" << std::setw(10) << "Games/h"
              << "  State\n";
    ShardTotals totals;
    for (int k = 1; k <= shards.count; ++k) {
        std::string label = std::to_string(k) + "/" + std::to_string(shards.count);
        auto it = shards.furthest.find(k);
        if (it == shards.furthest.end()) {
            std::cout << std::left << std::setw(8) << label << std::right << std::setw(10) << "-"
                      << std::setw(11) << "-" << std::setw(10) << "-"
                      << "  no database yet\n";
            continue;
        }
        const ShardProgress& p = it->second;
        totals.played += p.played;
        totals.scheduled += p.scheduled;
        if (p.first_started_ms)
            totals.first =
                std::min(totals.first.value_or(*p.first_started_ms), *p.first_started_ms);
        if (p.last_finished_ms)
            totals.last = std::max(totals.last.value_or(*p.last_finished_ms), *p.last_finished_ms);
        std::string state = p.played == p.scheduled ? "done"
                            : p.played == 0         ? "not started"
                                                    : "playing";
        if (auto stop = stopped_shards.find(k); stop != stopped_shards.end()) {
            state = stop->second;
            ++totals.stopped;
        }
        std::cout << std::left << std::setw(8) << label << std::right << std::setw(10)
                  << with_commas(p.played) << std::setw(11) << with_commas(p.scheduled)
                  << std::setw(10) << rate_text(p.played, p.first_started_ms, p.last_finished_ms)
                  << "  " << state << "\n";
    }
    return totals;
}

// The total line: games played and scheduled (shards with no file yet counted as the others),
// the overall rate, and whether it is done, stopped or when it should be.
void print_total(ShardTotals totals, const Shards& shards) {
    const int known = int(shards.furthest.size());
    const int unknown = shards.count - known;
    if (unknown > 0 && known > 0)  // shards with no file yet: as many games as the others
        totals.scheduled += totals.scheduled / std::int64_t(known) * unknown;
    const auto [played, scheduled, first, last, stopped] = totals;
    std::cout << std::left << std::setw(8) << "Total" << std::right << std::setw(10)
              << with_commas(played) << std::setw(11)
              << (unknown > 0 ? "~" : "") + with_commas(scheduled) << std::setw(10)
              << rate_text(played, first, last) << "  ";
    if (played >= scheduled) {
        std::cout << "done\n";
    } else if (stopped == shards.count) {
        std::cout << "stopped (pooled SPRT)\n";
    } else if (first && last && *last > *first && played > 0) {
        const double per_second = double(played) * 1000.0 / double(*last - *first);
        std::cout << "ETA " << clock_text(double(scheduled - played) / per_second) << "\n";
    } else {
        std::cout << "ETA unknown\n";
    }
}

void run(const StatusOptions& options) {
    const std::vector<std::filesystem::path> files = files_named(options);
    if (!options.pool.empty() && files.empty()) {
        std::cout << format_pool_status(SprtPool(options.pool), unix_time_ms());
        return;
    }
    if (files.empty())
        throw std::runtime_error(
            "status: no database yet (a --db pattern matched no file; shard tasks copy theirs to "
            "OUT/shards/ as they play)");
    const Shards shards = shards_of(files);
    print_total(print_shard_lines(shards, pool_stopped(files)), shards);

    // The standings so far.
    std::string table = standings(files, options.bootstrap);
    if (!table.empty()) std::cout << "\n" << table;

    // The pooled SPRT the shards play, if any (issue 24).
    std::vector<std::string> pools = pools_named(files);
    if (!options.pool.empty()) pools = {options.pool};
    for (const std::string& pool : pools)
        std::cout << "\n" << format_pool_status(SprtPool(pool), unix_time_ms());
}

void add_status_command(CLI::App& app) {
    auto options = std::make_shared<StatusOptions>();
    CLI::App* cmd = app.add_subcommand("status", "Progress and standings of a sharded tournament");
    cmd->add_option("files", options->files, "Shard and merged databases");
    cmd->add_option("--db", options->globs, "Databases matching a pattern, e.g. 'shards/*.sqlite'");
    cmd->add_option("--pool", options->pool,
                    "The pool folder of a pooled SPRT (tournament --pool); found from the "
                    "databases when not given");
    cmd->add_option("--bootstrap", options->bootstrap, "Bootstrap samples for the Elo error bars")
        ->capture_default_str();
    cmd->callback([options] { run(*options); });
}

Registrar status_registrar{"status", 60, add_status_command};

}  // namespace

}  // namespace arbiter::cli
