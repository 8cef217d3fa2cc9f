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

TournamentSummary run_tournament(const TournamentConfig& config, Store& store,
                                 TournamentObserver& observer, const std::atomic<bool>* stop,
                                 CheckedTournament* checked) {
    return make_tournament_run(config, store, observer, stop, checked)->run();
}

}  // namespace arbiter
