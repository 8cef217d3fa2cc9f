#include "harness/config/tournament_config.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <thread>

namespace arbiter {

namespace {

using std::chrono::milliseconds;

constexpr std::int64_t INT_MAX_VALUE = std::numeric_limits<int>::max();
constexpr std::int64_t INT64_MAX_VALUE = std::numeric_limits<std::int64_t>::max();
// Games per core above which --concurrency needs --force: beyond it engines mostly wait for a
// core, and timed games are decided by the machine's load.
constexpr int GAMES_PER_CORE_LIMIT = 4;

constexpr IntegerRule PLIES_RULE{"plies", 0, INT_MAX_VALUE, "a number of plies, 0 or more"};
constexpr IntegerRule ROUNDS_RULE{"rounds", 1, INT_MAX_VALUE, "a positive integer"};
constexpr IntegerRule SEEDS_RULE{"seeds", 1, INT_MAX_VALUE, "a positive number of engines"};
constexpr IntegerRule OPENINGS_START_RULE{"openings_start", 0, INT64_MAX_VALUE,
                                          "a 1-based opening index (0: arbiter's order)"};
constexpr IntegerRule MAX_GAMES_RULE{"max_games", 0, INT64_MAX_VALUE,
                                     "a number of games, 0 or more (0: all)"};
constexpr IntegerRule CONCURRENCY_RULE{"concurrency", 1, INT_MAX_VALUE, "a positive integer"};
constexpr IntegerRule SEED_RULE{"seed", 0, INT64_MAX_VALUE, "a whole number, 0 or more"};
constexpr IntegerRule HANDSHAKE_TIMEOUT_RULE{
    "handshake_timeout", 1, MAX_TIMEOUT_MS,
    "a number of milliseconds from 1 to 1000000000000, the most the clock can add"};
constexpr IntegerRule WAIT_RULE{
    "wait", 0, MAX_TIMEOUT_MS,
    "a number of milliseconds from 0 to 1000000000000, the most the clock can add"};
constexpr IntegerRule REPORT_EVERY_RULE{"report_every", 1, INT_MAX_VALUE, "a positive integer"};
constexpr IntegerRule BOOK_LINES_RULE{"book_lines", 1, 1'000'000, "a positive number of lines"};
constexpr IntegerRule BATCH_PAIRS_RULE{"batch_pairs", 1, 1'000'000, "a positive number of pairs"};
constexpr IntegerRule BOOTSTRAP_RULE{"bootstrap", 0, 10'000'000, "a number of samples, 0 or more"};

const char* const LIMIT_KEYS[] = {"depth", "nodes", "movetime", "tc"};

void read_limit_setting(TournamentConfig& c, std::string_view key, std::string_view text) {
    read_limit(c.limits, key, text);
}

constexpr std::pair<Colours, std::string_view> COLOURS_NAMES[] = {
    {Colours::alternate, "alternate"},
    {Colours::reversed, "reversed"},
    {Colours::first_white, "first-white"},
    {Colours::second_white, "second-white"}};

}  // namespace

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

// The settings table. Built on first use (a function-local static), so that a static initialiser
// elsewhere may already read it.
const std::vector<TournamentSetting>& settings_table() {
    static const std::vector<TournamentSetting> settings = {
        {"openings", "openings", "FILE", "Opening suite (.epd, .pgn or a Polyglot book .bin)",
         [](TournamentConfig& c, std::string_view t) { c.openings_path = std::string(t); }},
        {"plies", "plies", "N", "PGN suites: plies of each game to play (default: all)",
         [](TournamentConfig& c, std::string_view t) {
             c.plies = int(read_integer(PLIES_RULE, t));
         }},
        {"book_lines", "book-lines", "N",
         "Polyglot book openings: distinct lines drawn by --seed (default: 100)",
         [](TournamentConfig& c, std::string_view t) {
             c.book_lines = int(read_integer(BOOK_LINES_RULE, t));
         }},
        {"order", "order", "ORDER", "Opening order: sequential or random",
         [](TournamentConfig& c, std::string_view t) {
             c.random_order = read_choice("order", t, {"sequential", "random"}) == "random";
         }},
        {"rounds", "rounds", "N", "Repeat the whole schedule N times",
         [](TournamentConfig& c, std::string_view t) {
             c.rounds = int(read_integer(ROUNDS_RULE, t));
         }},
        {"format", "format", "FORMAT",
         "round-robin, or gauntlet (the first --seeds engines play all others)",
         [](TournamentConfig& c, std::string_view t) {
             c.gauntlet = read_choice("format", t, {"round-robin", "gauntlet"}) == "gauntlet";
         }},
        {"seeds", "seeds", "N", "Gauntlet: how many engines play every other (default: 1)",
         [](TournamentConfig& c, std::string_view t) {
             c.seeds = int(read_integer(SEEDS_RULE, t));
         }},
        {"colours", "colours", "RULE",
         "Who has White in a pair's two games: alternate (default), reversed, first-white or "
         "second-white",
         [](TournamentConfig& c, std::string_view t) { c.colours = read_colours(t); }},
        {"openings_start", "openings-start", "N",
         "Play the suite from its Nth opening (after the --order random shuffle)",
         [](TournamentConfig& c, std::string_view t) {
             c.openings_start = read_integer(OPENINGS_START_RULE, t);
         }},
        {"max_games", "max-games", "N", "Play only the first N games of the schedule",
         [](TournamentConfig& c, std::string_view t) {
             c.max_games = read_integer(MAX_GAMES_RULE, t);
         }},
        {"depth", "depth", "D", "Search depth per move",
         [](TournamentConfig& c, std::string_view t) { read_limit_setting(c, "depth", t); }},
        {"nodes", "nodes", "N", "Nodes per move",
         [](TournamentConfig& c, std::string_view t) { read_limit_setting(c, "nodes", t); }},
        {"movetime", "movetime", "MS", "Milliseconds per move",
         [](TournamentConfig& c, std::string_view t) { read_limit_setting(c, "movetime", t); }},
        {"tc", "tc", "TC", "Time control: SECONDS+INC or MOVES/SECONDS+INC",
         [](TournamentConfig& c, std::string_view t) { read_limit_setting(c, "tc", t); }},
        {"concurrency", "concurrency", "N", "Games at once (default: number of cores)",
         [](TournamentConfig& c, std::string_view t) {
             c.concurrency = int(read_integer(CONCURRENCY_RULE, t));
         }},
        {"db", "db", "FILE", "SQLite database (default: results/tournament.sqlite)",
         [](TournamentConfig& c, std::string_view t) { c.db_path = std::string(t); }},
        {"pgn", "pgn", "FILE", "Also append each finished game to this PGN file",
         [](TournamentConfig& c, std::string_view t) { c.pgn_path = std::string(t); }},
        {"engine_log", "engine-log", "FILE",
         "Append every line sent to and read from each engine, timestamped, to FILE (-: stdout)",
         [](TournamentConfig& c, std::string_view t) {
             if (t.empty()) throw ConfigError("engine_log must name a file (or - for stdout)");
             c.engine_log = std::string(t);
         }},
        {"seed", "seed", "N", "Seed of the random opening order (default: 1)",
         [](TournamentConfig& c, std::string_view t) {
             c.seed = std::uint64_t(read_integer(SEED_RULE, t));
         }},
        {"event", "event", "NAME", "Event name for the PGN and the database",
         [](TournamentConfig& c, std::string_view t) { c.event = std::string(t); }},
        {"site", "site", "NAME", "Site tag of the PGN (default: ?)",
         [](TournamentConfig& c, std::string_view t) { c.site = std::string(t); }},
        {"variant", "variant", "NAME",
         "Rules of the games: standard or chess960 (also DFRC; default: standard)",
         [](TournamentConfig& c, std::string_view t) { c.game.variant = read_variant(t); }},
        {"draw", "draw", "RULE", "Draw adjudication: movenumber=N,movecount=N,score=CP",
         [](TournamentConfig& c, std::string_view t) {
             read_draw_rule(c.game.adjudication, split_key_values(t));
         }},
        {"resign", "resign", "RULE", "Resign adjudication: movecount=N,score=CP",
         [](TournamentConfig& c, std::string_view t) {
             read_resign_rule(c.game.adjudication, split_key_values(t));
         }},
        {"max_plies", "maxplies", "N", "Adjudicate a draw after N plies",
         [](TournamentConfig& c, std::string_view t) { read_max_plies(c.game.adjudication, t); }},
        {"tb", "tb", "PATH[:PATH...]",
         "Syzygy tablebase adjudication: directories of the tables (.rtbw, and .rtbz for "
         "positions after a reversible move)",
         [](TournamentConfig& c, std::string_view t) {
             read_tablebase_paths(c.game.tablebase, t);
         }},
        {"tb_pieces", "tb-pieces", "N",
         "Tablebase adjudication only with N pieces or fewer, kings included (default: any)",
         [](TournamentConfig& c, std::string_view t) {
             read_tablebase_pieces(c.game.tablebase, t);
         }},
        {"tb_ignore_50", "tb-ignore-50", "",
         "Tablebase adjudication: cursed wins and blessed losses count as wins and losses",
         [](TournamentConfig& c, std::string_view t) {
             read_tablebase_ignore_50(c.game.tablebase, t);
         }},
        {"tb_adjudicate", "tb-adjudicate", "RESULTS",
         "Tablebase adjudication of both (default), win_loss or draw results only",
         [](TournamentConfig& c, std::string_view t) {
             read_tablebase_results(c.game.tablebase, t);
         }},
        {"time_margin", "timemargin", "MS",
         "Milliseconds an engine may exceed its clock (default: 100)",
         [](TournamentConfig& c, std::string_view t) { read_time_margin(c.game, t); }},
        {"stall_timeout", "stall-timeout", "MS",
         "Milliseconds before a depth- or node-limited engine is declared stalled (default: 60000)",
         [](TournamentConfig& c, std::string_view t) { read_stall_timeout(c.game, t); }},
        {"handshake_timeout", "handshake-timeout", "MS",
         "Milliseconds an engine may take to answer uci and isready at start (default: 10000)",
         [](TournamentConfig& c, std::string_view t) {
             c.handshake_timeout = milliseconds(read_integer(HANDSHAKE_TIMEOUT_RULE, t));
         }},
        {"sprt", "sprt", "TEST",
         "Stop a two-engine match early: elo0=0,elo1=10,alpha=0.05,beta=0.05",
         [](TournamentConfig& c, std::string_view t) { c.sprt = parse_sprt_parameters(t); }},
        {"pool", "pool", "DIR",
         "Pool the --sprt of every --shard in DIR, a folder all shards see (one test, one verdict)",
         [](TournamentConfig& c, std::string_view t) { c.pool = std::string(t); }},
        {"batch_pairs", "batch-pairs", "B",
         "Pooled SPRT: game pairs a shard plays between two decisions (default: 4)",
         [](TournamentConfig& c, std::string_view t) {
             c.batch_pairs = int(read_integer(BATCH_PAIRS_RULE, t));
         }},
        {"wait", "wait", "MS", "Milliseconds each worker pauses between two games (default: 0)",
         [](TournamentConfig& c, std::string_view t) {
             c.wait = milliseconds(read_integer(WAIT_RULE, t));
         }},
        {"report_every", "report-every", "N", "Print the standings every N games",
         [](TournamentConfig& c, std::string_view t) {
             c.report_every = int(read_integer(REPORT_EVERY_RULE, t));
         }},
        {"bootstrap", "bootstrap", "N", "Bootstrap samples for the Elo error bars (default: 1000)",
         [](TournamentConfig& c, std::string_view t) {
             c.bootstrap = int(read_integer(BOOTSTRAP_RULE, t));
         }},
    };
    return settings;
}

const TournamentSetting* find_setting(std::string_view key) {
    for (const auto& setting : settings_table())
        if (setting.key == key) return &setting;
    return nullptr;
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
    return concurrency ? *concurrency : int(std::max(1u, std::thread::hardware_concurrency()));
}

json::Value TournamentConfig::to_json() const {
    const TournamentConfig defaults;
    json::Value v{json::Object{}};
    v.set("event", event);
    if (!site.empty()) v.set("site", site);
    json::Value list{json::Array{}};
    for (const auto& e : engines) list.push(arbiter::to_json(e));
    v.set("engines", list);
    v.set("openings", openings_path);
    if (plies) v.set("plies", *plies);
    if (book_lines != defaults.book_lines) v.set("book_lines", book_lines);
    v.set("order", random_order ? "random" : "sequential");
    v.set("rounds", rounds);
    if (gauntlet) {
        v.set("format", "gauntlet");
        v.set("seeds", seeds);
    }
    if (colours != Colours::alternate) v.set("colours", colours_name(colours));
    if (openings_start != 0) v.set("openings_start", openings_start);
    if (max_games) v.set("max_games", max_games);
    json::Value global_limits = arbiter::to_json(limits);
    for (const auto& [key, limit] : global_limits.as_object()) v.set(key, limit);
    v.set("seed", seed);
    if (game.variant != Variant::standard) v.set("variant", variant_name(game.variant));
    v.set("adjudication", arbiter::to_json(game.adjudication));
    v.set("time_margin", std::int64_t(game.time_margin.count()));
    v.set("stall_timeout", std::int64_t(game.stall_timeout.count()));
    if (game.tablebase.enabled()) {
        v.set("tb", game.tablebase.paths);
        if (game.tablebase.max_pieces) v.set("tb_pieces", game.tablebase.max_pieces);
        if (game.tablebase.ignore_50) v.set("tb_ignore_50", true);
        if (game.tablebase.results != TablebaseResults::both)
            v.set("tb_adjudicate", tablebase_results_name(game.tablebase.results));
    }
    if (handshake_timeout != defaults.handshake_timeout)
        v.set("handshake_timeout", std::int64_t(handshake_timeout.count()));
    if (wait.count()) v.set("wait", std::int64_t(wait.count()));
    if (sprt) v.set("sprt", arbiter::to_json(*sprt));
    if (!pool.empty()) {
        v.set("pool", std::filesystem::absolute(pool).lexically_normal().string());
        v.set("batch_pairs", batch_pairs);
    }
    return v;
}

json::Value TournamentConfig::identity(std::string_view openings_hash) const {
    // The members and their order before issue 9 stay as they were, so that databases written
    // then keep their keys; settings added since appear only when they differ from the default.
    json::Value v{json::Object{}};
    json::Value names{json::Array{}};
    for (const auto& e : engines) names.push(e.name);
    v.set("engines", names);
    v.set("openings", openings_hash);
    v.set("plies", plies ? *plies : -1);
    v.set("order", random_order ? "random" : "sequential");
    v.set("limits", arbiter::to_json(limits));
    v.set("seed", seed);
    v.set("adjudication", arbiter::to_json(game.adjudication));
    const TournamentConfig defaults;
    if (game.time_margin != defaults.game.time_margin)
        v.set("time_margin", std::int64_t(game.time_margin.count()));
    if (game.stall_timeout != defaults.game.stall_timeout)
        v.set("stall_timeout", std::int64_t(game.stall_timeout.count()));
    if (handshake_timeout != defaults.handshake_timeout)
        v.set("handshake_timeout", std::int64_t(handshake_timeout.count()));
    if (gauntlet) {
        v.set("format", "gauntlet");
        v.set("seeds", seeds);
    }
    if (colours != Colours::alternate) v.set("colours", colours_name(colours));
    if (single_games) v.set("single_games", true);
    if (openings_start != 0) v.set("openings_start", openings_start);
    if (book_lines != defaults.book_lines) v.set("book_lines", book_lines);
    if (!pool.empty()) v.set("batch_pairs", batch_pairs);
    if (game.tablebase.enabled()) {
        // Where the tables are is not part of the tournament; what they adjudicate is.
        json::Value tablebase{json::Object{}};
        tablebase.set("pieces", game.tablebase.max_pieces);
        tablebase.set("ignore_50", game.tablebase.ignore_50);
        tablebase.set("results", tablebase_results_name(game.tablebase.results));
        v.set("tablebase", tablebase);
    }
    if (game.variant != Variant::standard) v.set("variant", variant_name(game.variant));
    return v;
}

const std::vector<TournamentSetting>& tournament_settings() {
    return settings_table();
}

void apply_settings(TournamentConfig& config, const KeyValues& settings) {
    bool limits_cleared = false;
    for (const auto& [key, text] : settings) {
        const TournamentSetting* setting = find_setting(key);
        if (!setting) throw ConfigError("unknown setting \"" + key + "\"");
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
    KeyValues settings;
    for (const auto& [key, value] : v.as_object()) {
        try {
            if (key == "engines")
                c.engines = engines_from_json(value, where);
            else if (key == "adjudication")
                c.game.adjudication = adjudication_from_json(value);
            else if (key == "sprt" && value.is_object())
                c.sprt = sprt_from_json(value);
            else if (key == "identity")
                continue;  // written beside the configuration by the tournament; derived
            else if (!find_setting(key))
                throw ConfigError("unknown key \"" + key + "\"");
            else
                settings.emplace_back(key, scalar_text(value, key));
        } catch (const ConfigError& e) {
            std::string message = e.what();
            throw ConfigError(message.rfind(where, 0) == 0 ? message : where + ": " + message);
        }
    }
    try {
        apply_settings(c, settings);
    } catch (const ConfigError& e) {
        throw ConfigError(where + ": " + e.what());
    }
    return c;
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
    if (config.openings_path.empty())
        throw ConfigError("--openings FILE is required (for example openings/arbiter-8ply.epd)");

    // Step 2. Every value within its rule, as the readers check it.
    if (config.plies) check_integer(PLIES_RULE, *config.plies);
    check_integer(ROUNDS_RULE, config.rounds);
    check_integer(OPENINGS_START_RULE, config.openings_start);
    if (config.gauntlet) {
        check_integer(SEEDS_RULE, config.seeds);
        if (config.seeds >= int(config.engines.size()))
            throw ConfigError("a gauntlet of " + std::to_string(config.engines.size()) +
                              " engines needs fewer seeds than engines (got seeds " +
                              std::to_string(config.seeds) + ")");
    }
    check_integer(BOOK_LINES_RULE, config.book_lines);
    check_integer(MAX_GAMES_RULE, config.max_games);
    validate(config.limits);
    validate(config.game);
    check_integer(HANDSHAKE_TIMEOUT_RULE, config.handshake_timeout.count());
    check_integer(WAIT_RULE, config.wait.count());
    if (config.report_every != 0) check_integer(REPORT_EVERY_RULE, config.report_every);
    check_integer(BOOTSTRAP_RULE, config.bootstrap);
    if (config.sprt) {
        validate(*config.sprt);
        if (config.engines.size() != 2) throw ConfigError("--sprt needs exactly two engines");
    }
    check_integer(BATCH_PAIRS_RULE, config.batch_pairs);
    if (config.sprt && config.shard_count > 0 && config.pool.empty())
        throw ConfigError(
            "--sprt with --shard needs --pool DIR: each shard alone sees only its own games, so "
            "N shards would run N separate tests on a part of the data each and stop at different "
            "times; --pool DIR (a folder every shard sees) pools their counts into one test");
    if (!config.pool.empty() && (!config.sprt || config.shard_count == 0))
        throw ConfigError(
            "--pool pools the --sprt of the shards of one tournament: give it with "
            "--sprt and --shard K/N");

    // Step 3. Concurrency against this machine.
    if (config.concurrency) {
        check_integer(CONCURRENCY_RULE, *config.concurrency);
        int cores = int(std::max(1u, std::thread::hardware_concurrency()));
        if (*config.concurrency > GAMES_PER_CORE_LIMIT * cores && !config.force)
            throw ConfigError(
                "concurrency " + std::to_string(*config.concurrency) + " is far above the " +
                std::to_string(cores) + " cores of this machine (more than " +
                std::to_string(GAMES_PER_CORE_LIMIT) +
                " games per core); add --force to run it anyway (-force-concurrency in the "
                "cutechess/fastchess form)");
    }
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

}  // namespace arbiter
