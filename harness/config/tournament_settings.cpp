// The settings table of a tournament: each setting once, as one row of data with its key, flag,
// help, reader, stored JSON, identity and rule; what a row does that no common part does is a
// small named function beside it. This file holds the first part of the table (who plays what
// and how often) and puts the three parts together; tournament_config.cpp walks the whole table
// for to_json(), identity(), validate() and the JSON reader, harness/cli/tournament_command.cpp
// for the flags.
#include "harness/config/tournament_rules.h"

namespace arbiter {

namespace tournament_rules {

namespace {

bool read_engines(Config& c, const json::Value& value, const std::string& where) {
    c.engines = engines_from_json(value, where);
    return true;
}

void store_engines(const Config& c, json::Value& v, Key k) {
    json::Value list{json::Array{}};
    for (const auto& e : c.engines) list.push(arbiter::to_json(e));
    v.set(k, list);
}

// The engines' names: what each engine is is checked game by game.
void identify_engines(const Config& c, Hash, json::Value& v, Key k) {
    json::Value names{json::Array{}};
    for (const auto& e : c.engines) names.push(e.name);
    v.set(k, names);
}

// The opening file's content hash, not its path.
void identify_openings(const Config&, Hash hash, json::Value& v, Key k) {
    v.set(k, hash);
}

void check_openings(const Config& c) {
    if (c.openings_path.empty())
        throw ConfigError("--openings FILE is required (for example openings/arbiter-8ply.epd)");
}

void read_plies(Config& c, Text t) {
    c.plies = int(read_integer(PLIES_RULE, t));
}

void store_plies(const Config& c, json::Value& v, Key k) {
    if (c.plies) v.set(k, *c.plies);
}

// -1: every ply of the suite's games.
void identify_plies(const Config& c, Hash, json::Value& v, Key k) {
    v.set(k, c.plies ? *c.plies : -1);
}

void check_plies(const Config& c) {
    if (c.plies) check_integer(PLIES_RULE, *c.plies);
}

void store_order(const Config& c, json::Value& v, Key k) {
    v.set(k, c.random_order ? "random" : "sequential");
}

void read_format(Config& c, Text t) {
    std::string format =
        read_choice("format", t, {"round-robin", "gauntlet", "knockout", "pyramid", "swiss"});
    c.gauntlet = format == "gauntlet";
    c.knockout = format == "knockout";
    c.pyramid = format == "pyramid";
    c.swiss = format == "swiss";
}

// Stored only when not a round-robin.
void store_format(const Config& c, json::Value& v, Key k) {
    if (c.gauntlet || c.knockout || c.pyramid || c.swiss)
        v.set(k, c.gauntlet   ? "gauntlet"
                 : c.knockout ? "knockout"
                 : c.pyramid  ? "pyramid"
                              : "swiss");
}

// Stored only where seeds mean something: a gauntlet or a knockout.
void store_seeds(const Config& c, json::Value& v, Key k) {
    if (c.gauntlet || c.knockout) v.set(k, c.seeds);
}

void check_seeds(const Config& c) {
    if (c.knockout && c.seeds > int(c.engines.size()))
        throw ConfigError("a knockout of " + std::to_string(c.engines.size()) +
                          " engines has at most that many seeds (got seeds " +
                          std::to_string(c.seeds) + ")");
    if (!c.gauntlet) return;
    check_integer(GAUNTLET_SEEDS_RULE, c.seeds);
    if (c.seeds >= int(c.engines.size()))
        throw ConfigError("a gauntlet of " + std::to_string(c.engines.size()) +
                          " engines needs fewer seeds than engines (got seeds " +
                          std::to_string(c.seeds) + ")");
}

void read_colours_rule(Config& c, Text t) {
    c.colours = read_colours(t);
}

void store_colours_rule(const Config& c, json::Value& v, Key k) {
    if (c.colours != Colours::alternate) v.set(k, colours_name(c.colours));
}

void read_opening_policy_word(Config& c, Text t) {
    c.opening_policy = read_opening_policy(t);
}

void identify_limits(const Config& c, Hash, json::Value& v, Key k) {
    v.set(k, arbiter::to_json(c.limits));
}

void check_limits(const Config& c) {
    validate(c.limits);
}

// One of the global search limits (depth, nodes, movetime, tc), by its key.
template <KeyName key>
void read_search_limit(Config& c, Text t) {
    read_limit(c.limits, key.view(), t);
}

// The table's first part, in the stored configuration's order.
constexpr TournamentSetting SCHEDULE_SETTINGS[] = {
    // Names, engines and openings.
    {.key = "event",
     .flag = "event",
     .value_name = "NAME",
     .help = "Event name for the PGN and the database",
     .read = read_text<&Config::event>,
     .store = store_value<&Config::event>},
    {.key = "site",
     .flag = "site",
     .value_name = "NAME",
     .help = "Site tag of the PGN (default: ?)",
     .read = read_text<&Config::site>,
     .store = store_unless_default<&Config::site>},
    {.key = "note",
     .flag = "note",
     .value_name = "TEXT",
     .help = "Lines shown under the page's title (a class tournament's left-out entrants)",
     .read = read_text<&Config::note>,
     .store = store_unless_default<&Config::note>},
    {.key = "engines",
     .read_json = read_engines,
     .store = store_engines,
     .in_identity = true,
     .identify = identify_engines},
    {.key = "openings",
     .flag = "openings",
     .value_name = "FILE",
     .help = "Opening suite (.epd, .pgn or a Polyglot book .bin)",
     .read = read_text<&Config::openings_path>,
     .store = store_value<&Config::openings_path>,
     .in_identity = true,
     .identify = identify_openings,
     .check = check_openings},
    {.key = "plies",
     .flag = "plies",
     .value_name = "N",
     .help = "PGN suites: plies of each game to play (default: all)",
     .read = read_plies,
     .store = store_plies,
     .in_identity = true,
     .identify = identify_plies,
     .check = check_plies},
    {.key = "book_lines",
     .flag = "book-lines",
     .value_name = "N",
     .help = "Polyglot book openings: distinct lines drawn by --seed (default: 100)",
     .read = read_whole<&Config::book_lines, BOOK_LINES_RULE>,
     .store = store_unless_default<&Config::book_lines>,
     .in_identity = true,
     .check = check_whole<&Config::book_lines, BOOK_LINES_RULE>},
    {.key = "order",
     .flag = "order",
     .value_name = "ORDER",
     .help = "Opening order: sequential or random",
     .read = read_word<"order", OPENING_ORDERS, &Config::random_order>,
     .store = store_order,
     .in_identity = true},
    {.key = "rounds",
     .flag = "rounds",
     .value_name = "N",
     .help = "Repeat the whole schedule N times",
     .read = read_whole<&Config::rounds, ROUNDS_RULE>,
     .store = store_value<&Config::rounds>,
     .check = check_whole<&Config::rounds, ROUNDS_RULE>},
    // The schedule.
    {.key = "format",
     .flag = "format",
     .value_name = "FORMAT",
     .help = "round-robin, gauntlet (the first --seeds engines play all others), knockout, "
             "pyramid or swiss (--rounds rounds paired by FIDE's Dutch system)",
     .read = read_format,
     .store = store_format,
     .in_identity = true,
     .check = check_drawn_rounds},
    {.key = "bye_points",
     .flag = "bye-points",
     .value_name = "POINTS",
     .help = "Swiss: what a pairing-allocated bye scores: 1 (default, FIDE's), 0.5 or 0",
     .read = read_bye_points,
     .store = store_bye_points,
     .in_identity = true},
    {.key = "seeds",
     .flag = "seeds",
     .value_name = "N",
     .help = "Gauntlet: how many engines play every other; knockout: how many are seeded in "
             "order, the rest drawn by --seed (default: 1)",
     .read = read_whole<&Config::seeds, SEEDS_RULE>,
     .store = store_seeds,
     .in_identity = true,
     .check = check_seeds},
    {.key = "colours",
     .flag = "colours",
     .value_name = "RULE",
     .help = "Who has White in a pair's two games: alternate (default), reversed, "
             "first-white or second-white",
     .read = read_colours_rule,
     .store = store_colours_rule,
     .in_identity = true},
    {.key = "opening_policy",
     .flag = "opening-policy",
     .value_name = "POLICY",
     .help = "all-pairs (each opening to every pair) or cutechess's default, encounter, round",
     .read = read_opening_policy_word,
     .store = store_opening_policy,
     .in_identity = true,
     .check = check_opening_policy},
    {.key = "single_games",
     .flag = "single-games",
     .value_name = "",
     .help = "One game per opening and engine pair, no colour-reversed partner; colours "
             "alternate game by game (the dialects' -games 1)",
     .read = read_switch<"single_games", &Config::single_games>,
     .store = store_unless_default<&Config::single_games>,
     .in_identity = true},
    {.key = "openings_start",
     .flag = "openings-start",
     .value_name = "N",
     .help = "Play the suite from its Nth opening (after the --order random shuffle)",
     .read = read_whole<&Config::openings_start, OPENINGS_START_RULE>,
     .store = store_unless_default<&Config::openings_start>,
     .in_identity = true,
     .check = check_whole<&Config::openings_start, OPENINGS_START_RULE>},
    {.key = "max_games",
     .flag = "max-games",
     .value_name = "N",
     .help = "Play only the first N games of the schedule",
     .read = read_whole<&Config::max_games, MAX_GAMES_RULE>,
     .store = store_unless_default<&Config::max_games>,
     .check = check_whole<&Config::max_games, MAX_GAMES_RULE>},
    // The global search limits: four flags, one member of the identity.
    {.key = "limits",
     .store = store_limits,
     .in_identity = true,
     .identify = identify_limits,
     .check = check_limits},
    {.key = "depth",
     .flag = "depth",
     .value_name = "D",
     .help = "Search depth per move",
     .read = read_search_limit<"depth">},
    {.key = "nodes",
     .flag = "nodes",
     .value_name = "N",
     .help = "Nodes per move",
     .read = read_search_limit<"nodes">},
    {.key = "movetime",
     .flag = "movetime",
     .value_name = "MS",
     .help = "Milliseconds per move",
     .read = read_search_limit<"movetime">},
    {.key = "tc",
     .flag = "tc",
     .value_name = "TC",
     .help = "Time control: SECONDS+INC, MOVES/SECONDS+INC, or periods as the PGN "
             "standard writes them (40/5400+30:1800+30)",
     .read = read_search_limit<"tc">},
};

}  // namespace

std::span<const TournamentSetting> schedule_settings() {
    return SCHEDULE_SETTINGS;
}

}  // namespace tournament_rules

namespace {

// The whole table, its parts in order. Built on first use (a function-local static), so that a
// static initialiser elsewhere may already read it.
const std::vector<TournamentSetting>& full_table() {
    static const std::vector<TournamentSetting> table = [] {
        std::vector<TournamentSetting> all;
        for (auto part : {tournament_rules::schedule_settings(), tournament_rules::run_settings(),
                          tournament_rules::output_settings()})
            all.insert(all.end(), part.begin(), part.end());
        return all;
    }();
    return table;
}

}  // namespace

const std::vector<TournamentSetting>& tournament_table() {
    return full_table();
}

const std::vector<TournamentSetting>& tournament_settings() {
    static const std::vector<TournamentSetting> flags = [] {
        std::vector<TournamentSetting> with_flags;
        for (const TournamentSetting& s : full_table())
            if (!s.flag.empty()) with_flags.push_back(s);
        return with_flags;
    }();
    return flags;
}

}  // namespace arbiter
