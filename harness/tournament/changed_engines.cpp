#include "harness/tournament/changed_engines.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "harness/tournament/tournament.h"

namespace arbiter {

namespace {

// The "@file:" options of an identity: the files its arguments name, by path, with their hashes.
std::map<std::string, std::string> files_of(const EngineIdentity& identity) {
    std::map<std::string, std::string> files;
    for (const EngineOption& option : identity.options)
        if (option.name.rfind("@file:", 0) == 0) files[option.name.substr(6)] = option.value;
    return files;
}

std::string file_name(const std::string& path) {
    return std::filesystem::path(path).filename().string();
}

// What changed between `before` and `now`, in words, with `games` to play again.
std::string change_text(const EngineIdentity& before, const EngineIdentity& now, int games) {
    const auto old_files = files_of(before), new_files = files_of(now);
    std::string own;  // the first file the arguments name: a Python entrant's own file
    for (const EngineOption& option : now.options)
        if (option.name.rfind("@file:", 0) == 0) {
            own = option.name.substr(6);
            break;
        }
    std::set<std::string> paths;
    for (const auto& [path, hash] : old_files) paths.insert(path);
    for (const auto& [path, hash] : new_files) paths.insert(path);
    bool own_changed = false;
    std::string modules;
    for (const std::string& path : paths) {
        auto was = old_files.find(path), is = new_files.find(path);
        if (was != old_files.end() && is != new_files.end() && was->second == is->second) continue;
        if (path == own) {
            own_changed = true;
            continue;
        }
        std::string name = file_name(path);
        if (was == old_files.end()) name += " (newly loaded)";
        if (is == new_files.end()) name += " (no longer loaded)";
        modules += (modules.empty() ? "" : ", ") + name;
    }
    const std::string again = ": its " + std::to_string(games) + " game" +
                              (games == 1 ? " is" : "s are") + " played again";
    if (own_changed)
        return file_name(own) + " changed since the last run (and the modules it loads: " +
               (modules.empty() ? "none" : modules) + ")" + again;
    if (!modules.empty())
        return now.name + ": the modules it loads changed since the last run (" + modules + ")" +
               again;
    std::vector<std::string> parts;
    if (before.binary_sha256 != now.binary_sha256) parts.push_back("its program");
    if (before.command != now.command || before.args != now.args) parts.push_back("its command");
    if (parts.empty()) parts.push_back("its options or limits");
    std::string what;
    for (const std::string& part : parts) what += (what.empty() ? "" : " and ") + part;
    return now.name + " changed since the last run (" + what + ")" + again;
}

}  // namespace

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

std::vector<std::string> changed_engine_notes(Store& store, TournamentId tournament,
                                              const std::vector<EngineId>& ids,
                                              const std::vector<EngineIdentity>& identities) {
    std::vector<std::string> notes;
    const std::vector<GameSummary> games = store.list_games(tournament);
    for (std::size_t i = 0; i < ids.size() && i < identities.size(); ++i) {
        const std::string& name = identities[i].name;
        std::set<std::int64_t> older_slots, current_slots;
        EngineId previous = 0;
        for (const GameSummary& game : games) {
            for (auto [engine, engine_name] : {std::pair{game.white_engine_id, &game.white_name},
                                               std::pair{game.black_engine_id, &game.black_name}}) {
                if (*engine_name != name) continue;
                if (engine == ids[i]) {
                    current_slots.insert(game.slot.number);
                } else {
                    older_slots.insert(game.slot.number);
                    previous = std::max(previous, engine);
                }
            }
        }
        int again = 0;
        for (std::int64_t slot : older_slots) again += current_slots.count(slot) ? 0 : 1;
        if (again == 0) continue;
        notes.push_back(change_text(store.load_engine(previous), identities[i], again));
    }
    return notes;
}

}  // namespace arbiter
