#include "harness/report/pool_report.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <iomanip>
#include <sstream>

#include "harness/dialect/output/cutechess_output.h"
#include "harness/pgn/pgn_writer.h"
#include "harness/ratings/pair_statistics.h"
#include "harness/store/shards.h"
#include "harness/store/store.h"

namespace arbiter {

namespace {

std::string printed_fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value + 0.0);
    return text;
}

std::string cells(const PentanomialCounts& counts) {
    std::string text = "[";
    for (std::size_t k = 0; k < 5; ++k) text += (k ? ", " : "") + std::to_string(counts.pairs[k]);
    return text + "]";
}

std::string utc_time(std::int64_t ms) {
    std::time_t seconds = std::time_t(ms / 1000);
    std::tm tm{};
    ::gmtime_r(&seconds, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S UTC", &tm);
    return text;
}

std::string age(std::int64_t ms) {
    const std::int64_t s = std::max<std::int64_t>(0, ms / 1000);
    if (s < 120) return std::to_string(s) + " s ago";
    if (s < 7200) return std::to_string(s / 60) + " min ago";
    return std::to_string(s / 3600) + " h ago";
}

double median_batch_seconds(const std::vector<PoolShardCounts>& shards) {
    std::vector<double> times;
    for (const auto& s : shards)
        if (s.batch_seconds > 0) times.push_back(s.batch_seconds);
    if (times.empty()) return 0;
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

std::string pairs_text(const PentanomialCounts& counts) {
    return std::to_string(counts.pair_count()) + " pairs, Ptnml(0-2): " + cells(counts);
}

}  // namespace

std::string pool_elo_line(const PentanomialCounts& counts) {
    if (counts.pair_count() == 0) return "Elo: -, nElo: -";
    const EloEstimate elo = pentanomial_elo(counts);
    const NormalizedElo nelo = normalized_elo(counts);
    return "Elo: " + printed_fixed(elo.elo, 2) + " +/- " + printed_fixed(elo.error_95, 2) +
           ", nElo: " + printed_fixed(nelo.elo, 2) + " +/- " + printed_fixed(nelo.error_95, 2) +
           " (95%)";
}

bool is_stale(const PoolShardCounts& shard, double typical_batch_seconds, std::int64_t now_ms) {
    if (shard.finished) return false;
    const double batch = shard.batch_seconds > 0 ? shard.batch_seconds : typical_batch_seconds;
    if (batch <= 0) return false;
    return double(now_ms - shard.published_ms) > STALE_BATCHES * batch * 1000.0;
}

std::string format_pool_status(const SprtPool& pool, std::int64_t now_ms) {
    // Step 1. The test the pool runs.
    std::optional<json::Value> test = pool.test();
    if (!test)
        throw ConfigError("--pool " + pool.folder().string() +
                          ": no pool here yet (no pool.json; no shard has started)");
    const SprtParameters parameters = sprt_from_json(*test->find("sprt"));
    const int shard_count = int(test->find("shards")->as_integer());
    std::ostringstream out;
    out << "Pool " << pool.folder().string() << ": SPRT elo0 " << printed_fixed(parameters.elo0, 2)
        << ", elo1 " << printed_fixed(parameters.elo1, 2) << " (" << to_string(parameters.model)
        << "), alpha " << parameters.alpha << ", beta " << parameters.beta << "; " << shard_count
        << " shards, " << test->find("batch_pairs")->as_integer() << " pairs per batch\n";

    // Step 2. One line per shard.
    const PoolCountFiles files = pool.read_count_files();
    const std::vector<PoolShardCounts>& shards = files.counted;
    const std::optional<PoolVerdict> verdict = pool.read_verdict();
    const double typical = median_batch_seconds(shards);
    out << std::left << std::setw(8) << "Shard" << std::right << std::setw(8) << "Pairs"
        << std::setw(9) << "Batches"
        << "  " << std::left << std::setw(28) << "Ptnml(0-2)" << std::setw(14) << "Published"
        << "State\n";
    int finished = 0;
    for (int k = 1; k <= shard_count; ++k) {
        const std::string label = std::to_string(k) + "/" + std::to_string(shard_count);
        auto it = std::find_if(shards.begin(), shards.end(),
                               [&](const PoolShardCounts& s) { return s.shard == k; });
        if (it == shards.end()) {
            out << std::left << std::setw(8) << label << std::right << std::setw(8) << "-"
                << std::setw(9) << "-"
                << "  " << std::left << std::setw(28) << "-" << std::setw(14) << "-"
                << "no publication yet\n";
            continue;
        }
        finished += it->finished ? 1 : 0;
        // A shard's claim (DIR/shard-K.lock) says whether its process still runs.
        const std::optional<bool> running = pool.is_running(k);
        std::string state = it->finished       ? "out of slots"
                            : verdict          ? (running == false ? "stopped" : "stopping")
                            : running == false ? "not running (exited before its last slot)"
                                               : "playing";
        if (!verdict && running != false && is_stale(*it, typical, now_ms))
            state = "STALE: no publication for more than " + std::to_string(STALE_BATCHES) +
                    " batch times";
        out << std::left << std::setw(8) << label << std::right << std::setw(8)
            << it->counts.pair_count() << std::setw(9) << it->batches << "  " << std::left
            << std::setw(28) << cells(it->counts) << std::setw(14) << age(now_ms - it->published_ms)
            << state << "\n";
    }

    for (const RefusedPoolFile& file : files.refused)
        out << "Not counted: " << file.path.string() << " (" << file.reason << ")\n";

    // Step 3. The pooled counts now, the test on them, and the verdict.
    const PentanomialCounts pooled = pooled_counts(shards);
    out << "Pooled: " << pairs_text(pooled) << "\n";
    out << sprt_line(parameters, pooled) << "\n";
    out << pool_elo_line(pooled) << "\n";
    if (verdict) {
        out << "Verdict: " << to_string(verdict->state) << " by shard " << verdict->decided_by
            << " at " << utc_time(verdict->decided_ms) << ", on " << pairs_text(verdict->pooled)
            << "\n";
        out << "At the decision: " << sprt_line(parameters, verdict->pooled) << "\n";
    } else if (finished == shard_count) {
        out << "Inconclusive at the cap: every shard played all its slots without a verdict\n";
    } else {
        out << "No verdict yet\n";
    }
    return out.str();
}

std::string format_pool_record(const std::vector<PoolStopRecord>& stops,
                               const SprtParameters& parameters,
                               const PentanomialCounts& final_counts, int shard_count) {
    if (stops.empty()) return "";
    std::ostringstream out;
    for (const PoolStopRecord& stop : stops) {
        if (!stop.verdict) continue;
        const PoolVerdict verdict = PoolVerdict::from_json(json::parse(*stop.verdict));
        out << "Pooled SPRT (" << stop.pool << "): " << sprt_line(parameters, verdict.pooled)
            << "\n";
        out << "Verdict: " << to_string(verdict.state) << " by shard " << verdict.decided_by
            << " of " << verdict.shards.size() << " at " << utc_time(verdict.decided_ms) << "\n";
        out << "At the decision: " << pairs_text(verdict.pooled) << "\n";
        out << "Final:           " << pairs_text(final_counts)
            << " (games that finished after the verdict count here, not in the decision)\n";
        return out.str();
    }
    int out_of_slots = 0;
    for (const PoolStopRecord& stop : stops) out_of_slots += stop.reason == "out of slots";
    out << "Pooled SPRT (" << stops.front().pool << "): " << sprt_line(parameters, final_counts)
        << "\n";
    if (out_of_slots == shard_count)
        out << "Inconclusive at the cap: all " << shard_count
            << " shards played every slot without a verdict; " << pairs_text(final_counts) << "\n";
    else
        out << "No verdict: " << out_of_slots << " of " << shard_count
            << " shards out of slots so far; " << pairs_text(final_counts) << "\n";
    return out.str();
}

std::string format_database_pool(Store& store, TournamentId tournament) {
    // On the store's own connection: no second one on the database (and an immutable read-only
    // open stays the only way in).
    std::vector<PoolStopRecord> stops;
    for (PoolStopRecord& stop : pool_stops(connection_of(store)))
        if (stop.tournament_id == tournament) stops.push_back(std::move(stop));
    if (stops.empty()) return "";
    const TournamentConfig config = stored_tournament_config(store.load_tournament(tournament));
    if (!config.sprt || config.engines.size() != 2) return "";
    const std::string first = config.engines[0].name;
    std::vector<GameResult> games;
    for (const GameSummary& g : store.list_games(tournament))
        games.push_back({g.white_name == first ? 0 : 1, g.white_name == first ? 1 : 0,
                         g.result.outcome, g.slot.pair_number()});
    int shard_count = 0;
    for (const ShardProgress& p : shard_progress(connection_of(store)))
        if (p.tournament_id == tournament) shard_count = p.shard.count;
    return format_pool_record(stops, *config.sprt, tally_match(games, 0, 1).pentanomial,
                              shard_count);
}

}  // namespace arbiter
