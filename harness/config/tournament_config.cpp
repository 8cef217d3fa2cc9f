#include "harness/config/tournament_config.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <thread>

namespace arbiter {

namespace {

const char* const LIMIT_KEYS[] = {"depth", "nodes", "movetime", "tc"};

// The identity's members as databases hash them, in the order they had before the settings table
// carried the identity (issue 21): they keep that order so that every stored identity keeps its
// hash. Every other setting of the identity follows, in the table's order.
constexpr std::string_view IDENTITY_ORDER[] = {
    "engines",     "openings",     "plies",       "order",          "limits",
    "seed",        "adjudication", "time_margin", "stall_timeout",  "handshake_timeout",
    "format",      "seeds",        "colours",     "openings_start", "book_lines",
    "batch_pairs", "tablebase",    "variant"};

constexpr std::pair<Colours, std::string_view> COLOURS_NAMES[] = {
    {Colours::alternate, "alternate"},
    {Colours::reversed, "reversed"},
    {Colours::first_white, "first-white"},
    {Colours::second_white, "second-white"}};

constexpr std::pair<OpeningPolicy, std::string_view> POLICY_NAMES[] = {
    {OpeningPolicy::all_pairs, "all-pairs"},
    {OpeningPolicy::cutechess_default, "default"},
    {OpeningPolicy::encounter, "encounter"},
    {OpeningPolicy::round, "round"}};

}  // namespace

std::string opening_policy_name(OpeningPolicy policy) {
    for (const auto& [value, name] : POLICY_NAMES)
        if (value == policy) return std::string(name);
    return "all-pairs";
}

OpeningPolicy read_opening_policy(std::string_view text) {
    std::string name =
        read_choice("opening_policy", text, {"all-pairs", "default", "encounter", "round"});
    for (const auto& [value, known] : POLICY_NAMES)
        if (known == name) return value;
    return OpeningPolicy::all_pairs;
}

std::string colours_name(Colours colours) {
    for (const auto& [value, name] : COLOURS_NAMES)
        if (value == colours) return std::string(name);
    return "alternate";
}

Colours read_colours(std::string_view text) {
    std::string name =
        read_choice("colours", text, {"alternate", "reversed", "first-white", "second-white"});
    for (const auto& [value, known] : COLOURS_NAMES)
        if (known == name) return value;
    return Colours::alternate;
}

namespace {

// The entry of a setting read from text or JSON (not a group), or nullptr.
const TournamentSetting* find_setting(std::string_view key) {
    for (const auto& setting : tournament_table())
        if (setting.key == key && (setting.read || setting.read_json)) return &setting;
    return nullptr;
}

void identify(const TournamentSetting& setting, const TournamentConfig& config,
              std::string_view openings_hash, json::Value& identity) {
    if (setting.identify)
        setting.identify(config, openings_hash, identity, setting.key);
    else if (setting.store)
        setting.store(config, identity, setting.key);
}

std::string names_of(const json::Value& engines) {
    std::string text;
    if (!engines.is_array()) return engines.dump();
    for (const auto& name : engines.as_array())
        text += (text.empty() ? "" : ", ") + (name.is_string() ? name.as_string() : name.dump());
    return text;
}

}  // namespace

int TournamentConfig::workers() const {
    int slots = concurrency ? *concurrency : default_concurrency();
    bool pondering = std::any_of(engines.begin(), engines.end(),
                                 [](const EngineConfig& engine) { return engine.ponder; });
    return pondering ? std::max(1, slots / 2) : slots;
}

json::Value TournamentConfig::to_json() const {
    json::Value v{json::Object{}};
    for (const TournamentSetting& setting : tournament_table())
        if (setting.store) setting.store(*this, v, setting.key);
    return v;
}

json::Value TournamentConfig::identity(std::string_view openings_hash) const {
    json::Value v{json::Object{}};
    const auto& table = tournament_table();
    auto frozen = [](std::string_view key) {
        return std::find(std::begin(IDENTITY_ORDER), std::end(IDENTITY_ORDER), key) !=
               std::end(IDENTITY_ORDER);
    };
    for (std::string_view key : IDENTITY_ORDER)
        for (const TournamentSetting& setting : table)
            if (setting.key == key && setting.in_identity)
                identify(setting, *this, openings_hash, v);
    for (const TournamentSetting& setting : table)
        if (setting.in_identity && !frozen(setting.key)) identify(setting, *this, openings_hash, v);
    return v;
}

void apply_settings(TournamentConfig& config, const KeyValues& settings) {
    apply_setting_values(config, setting_values(settings));
}

void apply_setting_values(TournamentConfig& config, const SettingValues& settings) {
    bool limits_cleared = false;
    for (const auto& [key, text] : settings) {
        const TournamentSetting* setting = find_setting(key);
        if (!setting || !setting->read) throw ConfigError("unknown setting \"" + key + "\"");
        bool is_limit =
            std::find(std::begin(LIMIT_KEYS), std::end(LIMIT_KEYS), key) != std::end(LIMIT_KEYS);
        if (is_limit && !limits_cleared) {
            config.limits = {};
            limits_cleared = true;
        }
        setting->read(config, text);
    }
}

std::vector<EngineConfig> engines_from_json(const json::Value& value, const std::string& where) {
    const json::Value* list = value.is_object() ? value.find("engines") : &value;
    if (!list || !list->is_array()) throw ConfigError(where + ": expected an array of engines");
    std::vector<EngineConfig> engines;
    for (const auto& e : list->as_array())
        engines.push_back(
            engine_from_json(e, where + ": engines[" + std::to_string(engines.size()) + "]"));
    return engines;
}

TournamentConfig tournament_config_from_json(const json::Value& v, const std::string& where) {
    if (!v.is_object()) throw ConfigError(where + ": the configuration must be a JSON object");
    TournamentConfig c;
    SettingValues settings;
    for (const auto& [key, value] : v.as_object()) {
        if (key == "identity") continue;  // written beside the configuration by the tournament
        try {
            const TournamentSetting* setting = find_setting(key);
            if (!setting) throw ConfigError("unknown key \"" + key + "\"");
            if (!setting->read_json || !setting->read_json(c, value, where))
                settings.emplace_back(key, SettingValue(value, key));
        } catch (const ConfigError& e) {
            std::string message = e.what();
            throw ConfigError(message.rfind(where, 0) == 0 ? message : where + ": " + message);
        }
    }
    try {
        apply_setting_values(c, settings);
    } catch (const ConfigError& e) {
        throw ConfigError(where + ": " + e.what());
    }
    return c;
}

TournamentConfig stored_tournament_config(std::string_view text) {
    json::Value stored;
    try {
        stored = json::parse(text);
    } catch (const json::ParseError&) {
        return {};
    }
    if (!stored.is_object()) return {};
    json::Value readable{json::Object{}};
    for (const auto& [key, value] : stored.as_object()) {
        json::Value alone{json::Object{}};
        alone.set(key, value);
        try {
            (void)tournament_config_from_json(alone, "stored");
            readable.set(key, value);
        } catch (const ConfigError&) {
            // Left at its default.
        }
    }
    return tournament_config_from_json(readable, "stored");
}

void validate(const TournamentConfig& config) {
    // Step 1. The engines: at least two, distinct names, a command and a limit each.
    if (config.engines.size() < 2) throw ConfigError("a tournament needs at least two engines");
    validate_distinct_names(config.engines);
    for (const auto& e : config.engines) {
        validate(e);
        if (e.limits.or_else(config.limits).empty())
            throw ConfigError("engine " + e.name +
                              " has no search limit: give --depth, --nodes, --movetime or --tc");
        if (e.protocol == EngineProtocol::xboard && e.limits.or_else(config.limits).nodes)
            throw ConfigError("engine " + e.name +
                              " speaks XBoard, whose protocol has no node limit: give --depth, "
                              "--movetime or --tc");
    }
    // Step 2. Every value within its rule, as the readers check it.
    for (const TournamentSetting& setting : tournament_table())
        if (setting.check) setting.check(config);
}

std::vector<std::string> identity_differences(const json::Value& before, const json::Value& now) {
    std::vector<std::string> reasons;
    if (!before.is_object() || !now.is_object()) return reasons;
    std::vector<std::string> keys;
    for (const auto& [key, value] : before.as_object()) keys.push_back(key);
    for (const auto& [key, value] : now.as_object())
        if (!before.find(key)) keys.push_back(key);
    for (const auto& key : keys) {
        const json::Value* old_value = before.find(key);
        const json::Value* new_value = now.find(key);
        if (old_value && new_value && *old_value == *new_value) continue;
        auto text = [&](const json::Value* v) {
            if (!v) return std::string("the default");
            return key == "engines" ? names_of(*v) : v->dump();
        };
        if (key == "openings")
            reasons.push_back("the content of the opening file changed");
        else
            reasons.push_back(key + ": " + text(old_value) + " -> " + text(new_value));
    }
    return reasons;
}

void fit_schedule(TournamentConfig& config, std::int64_t openings) {
    const std::int64_t games_per_encounter = config.games_per_encounter;
    // Each round deals every opening once to each encounter: a pair of games, or one game.
    std::int64_t per_opening = config.single_games ? 1 : 2;
    std::int64_t deals = (games_per_encounter + per_opening - 1) / per_opening;
    if (config.swiss) return;  // rounds: the Swiss rounds; the pairings decide the games
    if (config.knockout) {     // rounds: an encounter's deals; the results decide the games
        config.rounds = int(deals);
        config.max_games = 0;
        return;
    }
    // cutechess's order: its -rounds as they are; arbiter's: enough passes over the suite.
    openings =
        config.opening_policy == OpeningPolicy::all_pairs ? std::max<std::int64_t>(openings, 1) : 1;
    config.rounds = int((deals + openings - 1) / openings);
    int engines = int(config.engines.size());
    std::int64_t encounters = config.gauntlet
                                  ? std::int64_t(config.seeds) * (engines - config.seeds)
                                  : std::int64_t(engines) * (engines - 1) / 2;
    config.max_games = games_per_encounter * encounters;
}

}  // namespace arbiter
