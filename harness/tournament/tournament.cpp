#include "harness/tournament/tournament.h"

#include "harness/identity/sha256.h"
#include "harness/tournament/chess960_openings.h"
#include "harness/tournament/tournament_run.h"

namespace arbiter {

json::Value tournament_identity(const TournamentConfig& config) {
    std::string openings_hash;
    try {
        // A generated suite is its spec (its random draws follow from the seed, in the identity).
        openings_hash = is_generated_suite(config.openings_path)
                            ? sha256_hex("generated " + config.openings_path)
                            : sha256_file_hex(config.openings_path);
    } catch (const std::exception&) {
        openings_hash = "unreadable";
    }
    return config.identity(openings_hash);
}

std::string tournament_key(const TournamentConfig& config) {
    return sha256_hex(tournament_identity(config).dump());
}

std::string explain_new_tournament(Store& store, const TournamentConfig& config) {
    json::Value now = tournament_identity(config);
    std::optional<StoredTournament> closest;
    std::vector<std::string> closest_reasons;
    for (const StoredTournament& stored : store.list_tournaments()) {
        json::Value before;
        try {
            before = json::parse(stored.config_json);
        } catch (const json::ParseError&) {
            continue;
        }
        const json::Value* identity = before.find("identity");
        if (!identity) continue;
        std::vector<std::string> reasons = identity_differences(*identity, now);
        if (reasons.empty()) continue;
        if (!closest || reasons.size() <= closest_reasons.size()) {
            closest = stored;
            closest_reasons = std::move(reasons);
        }
    }
    if (!closest) return {};
    std::string text = "This is a new tournament, not tournament " + std::to_string(closest->id) +
                       " of this database, because:\n";
    for (const auto& reason : closest_reasons) text += "  " + reason + "\n";
    text += "The games of tournament " + std::to_string(closest->id) +
            " stay in the database; the standings below count this tournament's games only.\n";
    return text;
}

TournamentSummary run_tournament(const TournamentConfig& config, Store& store,
                                 TournamentObserver& observer, const std::atomic<bool>* stop,
                                 RecordingGate* gate, CheckedTournament* checked) {
    return make_tournament_run(config, store, observer, stop, gate, checked)->run();
}

}  // namespace arbiter
