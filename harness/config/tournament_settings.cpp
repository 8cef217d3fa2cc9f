// The settings table of a tournament: each setting once, with its key, flag, help, reader, stored
// JSON, identity and rule. tournament_config.cpp walks it for to_json(), identity(), validate()
// and the JSON reader; harness/cli/tournament_command.cpp for the flags.
#include <algorithm>
#include <array>
#include <filesystem>
#include <limits>
#include <type_traits>

#include "harness/config/tournament_rules.h"

namespace arbiter {

namespace {

using namespace tournament_rules;

// The table (its order is the stored configuration's). Built on first use (a function-local
// static), so that a static initialiser elsewhere may already read it.
const std::vector<TournamentSetting>& settings_table() {
    using S = TournamentSetting;
    static const std::vector<S> table = {
        // Step 1. Names, engines and openings.
        S{.key = "event",
          .flag = "event",
          .value_name = "NAME",
          .help = "Event name for the PGN and the database",
          .read = read_text<&Config::event>,
          .store = store_value<&Config::event>},
        S{.key = "site",
          .flag = "site",
          .value_name = "NAME",
          .help = "Site tag of the PGN (default: ?)",
          .read = read_text<&Config::site>,
          .store = store_unless_default<&Config::site>},
        S{.key = "note",
          .flag = "note",
          .value_name = "TEXT",
          .help = "Lines shown under the page's title (a class tournament's left-out entrants)",
          .read = read_text<&Config::note>,
          .store = store_unless_default<&Config::note>},
        S{.key = "engines",
          .read_json =
              [](Config& c, const json::Value& value, const std::string& where) {
                  c.engines = engines_from_json(value, where);
                  return true;
              },
          .store =
              [](const Config& c, json::Value& v, Key k) {
                  json::Value list{json::Array{}};
                  for (const auto& e : c.engines) list.push(arbiter::to_json(e));
                  v.set(k, list);
              },
          .in_identity = true,
          .identify =
              [](const Config& c, Hash, json::Value& v, Key k) {
                  json::Value names{json::Array{}};
                  for (const auto& e : c.engines) names.push(e.name);
                  v.set(k, names);
              }},
        S{.key = "openings",
          .flag = "openings",
          .value_name = "FILE",
          .help = "Opening suite (.epd, .pgn or a Polyglot book .bin)",
          .read = read_text<&Config::openings_path>,
          .store = store_value<&Config::openings_path>,
          .in_identity = true,
          .identify = [](const Config&, Hash hash, json::Value& v, Key k) { v.set(k, hash); },
          .check =
              [](const Config& c) {
                  if (c.openings_path.empty())
                      throw ConfigError(
                          "--openings FILE is required (for example openings/arbiter-8ply.epd)");
              }},
        S{.key = "plies",
          .flag = "plies",
          .value_name = "N",
          .help = "PGN suites: plies of each game to play (default: all)",
          .read = [](Config& c, Text t) { c.plies = int(read_integer(PLIES_RULE, t)); },
          .store =
              [](const Config& c, json::Value& v, Key k) {
                  if (c.plies) v.set(k, *c.plies);
              },
          .in_identity = true,
          .identify = [](const Config& c, Hash, json::Value& v,
                         Key k) { v.set(k, c.plies ? *c.plies : -1); },
          .check =
              [](const Config& c) {
                  if (c.plies) check_integer(PLIES_RULE, *c.plies);
              }},
        S{.key = "book_lines",
          .flag = "book-lines",
          .value_name = "N",
          .help = "Polyglot book openings: distinct lines drawn by --seed (default: 100)",
          .read = read_whole<&Config::book_lines, BOOK_LINES_RULE>,
          .store = store_unless_default<&Config::book_lines>,
          .in_identity = true,
          .check = check_whole<&Config::book_lines, BOOK_LINES_RULE>},
        S{.key = "order",
          .flag = "order",
          .value_name = "ORDER",
          .help = "Opening order: sequential or random",
          .read = read_word<"order", OPENING_ORDERS, &Config::random_order>,
          .store = [](const Config& c, json::Value& v,
                      Key k) { v.set(k, c.random_order ? "random" : "sequential"); },
          .in_identity = true},
        S{.key = "rounds",
          .flag = "rounds",
          .value_name = "N",
          .help = "Repeat the whole schedule N times",
          .read = read_whole<&Config::rounds, ROUNDS_RULE>,
          .store = store_value<&Config::rounds>,
          .check = check_whole<&Config::rounds, ROUNDS_RULE>},
        // Step 2. The schedule.
        S{.key = "format",
          .flag = "format",
          .value_name = "FORMAT",
          .help = "round-robin, gauntlet (the first --seeds engines play all others), knockout, "
                  "pyramid or swiss (--rounds rounds paired by FIDE's Dutch system)",
          .read =
              [](Config& c, Text t) {
                  std::string format = read_choice(
                      "format", t, {"round-robin", "gauntlet", "knockout", "pyramid", "swiss"});
                  c.gauntlet = format == "gauntlet";
                  c.knockout = format == "knockout";
                  c.pyramid = format == "pyramid";
                  c.swiss = format == "swiss";
              },
          .store =
              [](const Config& c, json::Value& v, Key k) {
                  if (c.gauntlet || c.knockout || c.pyramid || c.swiss)
                      v.set(k, c.gauntlet   ? "gauntlet"
                               : c.knockout ? "knockout"
                               : c.pyramid  ? "pyramid"
                                            : "swiss");
              },
          .in_identity = true,
          .check = check_drawn_rounds},
        S{.key = "bye_points",
          .flag = "bye-points",
          .value_name = "POINTS",
          .help = "Swiss: what a pairing-allocated bye scores: 1 (default, FIDE's), 0.5 or 0",
          .read = read_bye_points,
          .store = store_bye_points,
          .in_identity = true},
        S{.key = "seeds",
          .flag = "seeds",
          .value_name = "N",
          .help = "Gauntlet: how many engines play every other; knockout: how many are seeded in "
                  "order, the rest drawn by --seed (default: 1)",
          .read = read_whole<&Config::seeds, SEEDS_RULE>,
          .store =
              [](const Config& c, json::Value& v, Key k) {
                  if (c.gauntlet || c.knockout) v.set(k, c.seeds);
              },
          .in_identity = true,
          .check =
              [](const Config& c) {
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
              }},
        S{.key = "colours",
          .flag = "colours",
          .value_name = "RULE",
          .help = "Who has White in a pair's two games: alternate (default), reversed, "
                  "first-white or second-white",
          .read = [](Config& c, Text t) { c.colours = read_colours(t); },
          .store =
              [](const Config& c, json::Value& v, Key k) {
                  if (c.colours != Colours::alternate) v.set(k, colours_name(c.colours));
              },
          .in_identity = true},
        S{.key = "opening_policy",
          .flag = "opening-policy",
          .value_name = "POLICY",
          .help = "all-pairs (each opening to every pair) or cutechess's default, encounter, round",
          .read = [](Config& c, Text t) { c.opening_policy = read_opening_policy(t); },
          .store = store_opening_policy,
          .in_identity = true,
          .check = check_opening_policy},
        S{.key = "single_games",
          .flag = "single-games",
          .value_name = "",
          .help = "One game per opening and engine pair, no colour-reversed partner; colours "
                  "alternate game by game (the dialects' -games 1)",
          .read = read_switch<"single_games", &Config::single_games>,
          .store =
              [](const Config& c, json::Value& v, Key k) {
                  if (c.single_games) v.set(k, true);
              },
          .in_identity = true},
        S{.key = "openings_start",
          .flag = "openings-start",
          .value_name = "N",
          .help = "Play the suite from its Nth opening (after the --order random shuffle)",
          .read = read_whole<&Config::openings_start, OPENINGS_START_RULE>,
          .store = store_unless_default<&Config::openings_start>,
          .in_identity = true,
          .check = check_whole<&Config::openings_start, OPENINGS_START_RULE>},
        S{.key = "max_games",
          .flag = "max-games",
          .value_name = "N",
          .help = "Play only the first N games of the schedule",
          .read = read_whole<&Config::max_games, MAX_GAMES_RULE>,
          .store = store_unless_default<&Config::max_games>,
          .check = check_whole<&Config::max_games, MAX_GAMES_RULE>},
        // Step 3. The global search limits: four flags, one member of the identity.
        S{.key = "limits",
          .store = store_limits,
          .in_identity = true,
          .identify = [](const Config& c, Hash, json::Value& v,
                         Key k) { v.set(k, arbiter::to_json(c.limits)); },
          .check = [](const Config& c) { validate(c.limits); }},
        S{.key = "depth",
          .flag = "depth",
          .value_name = "D",
          .help = "Search depth per move",
          .read = [](Config& c, Text t) { read_limit(c.limits, "depth", t); }},
        S{.key = "nodes",
          .flag = "nodes",
          .value_name = "N",
          .help = "Nodes per move",
          .read = [](Config& c, Text t) { read_limit(c.limits, "nodes", t); }},
        S{.key = "movetime",
          .flag = "movetime",
          .value_name = "MS",
          .help = "Milliseconds per move",
          .read = [](Config& c, Text t) { read_limit(c.limits, "movetime", t); }},
        S{.key = "tc",
          .flag = "tc",
          .value_name = "TC",
          .help = "Time control: SECONDS+INC, MOVES/SECONDS+INC, or periods as the PGN "
                  "standard writes them (40/5400+30:1800+30)",
          .read = [](Config& c, Text t) { read_limit(c.limits, "tc", t); }},
        // Step 4. How the run goes and where it writes: not stored, not identity.
        S{.key = "concurrency",
          .flag = "concurrency",
          .value_name = "N",
          .help = "Games at once (default: number of cores)",
          .read = read_whole<&Config::concurrency, CONCURRENCY_RULE>,
          .check = check_concurrency},
        S{.key = "db",
          .flag = "db",
          .value_name = "FILE",
          .help = "SQLite database (default: results/ENGINES-HASH.sqlite, the tournament's own)",
          .read = read_text<&Config::db_path>},
        S{.key = "pgn",
          .flag = "pgn",
          .value_name = "FILE",
          .help = "Also append each finished game to this PGN file",
          .read = read_text<&Config::pgn_path>},
        S{.key = "engine_log",
          .flag = "engine-log",
          .value_name = "FILE",
          .help = "Append every line sent to and read from each engine, timestamped, to FILE (-: "
                  "stdout)",
          .read =
              [](Config& c, Text t) {
                  if (t.empty()) throw ConfigError("engine_log must name a file (or - for stdout)");
                  c.engine_log = std::string(t);
              }},
        // Step 5. The games' rules.
        S{.key = "seed",
          .flag = "seed",
          .value_name = "N",
          .help = "Seed of the random opening order (default: 1)",
          .read = [](Config& c, Text t) { c.seed = read_seed(t); },
          .store = store_value<&Config::seed>,
          .in_identity = true},
        S{.key = "variant",
          .flag = "variant",
          .value_name = "NAME",
          .help = "Rules of the games: standard or chess960 (also DFRC; default: standard)",
          .read = [](Config& c, Text t) { c.game.variant = read_variant(t); },
          .store =
              [](const Config& c, json::Value& v, Key k) {
                  if (c.game.variant != Variant::standard) v.set(k, variant_name(c.game.variant));
              },
          .in_identity = true},
        S{.key = "adjudication",
          .read_json =
              [](Config& c, const json::Value& value, const std::string&) {
                  c.game.adjudication = adjudication_from_json(value);
                  return true;
              },
          .store = [](const Config& c, json::Value& v,
                      Key k) { v.set(k, arbiter::to_json(c.game.adjudication)); },
          .in_identity = true,
          .check = [](const Config& c) { validate(c.game.adjudication); }},
        S{.key = "draw",
          .flag = "draw",
          .value_name = "RULE",
          .help = "Draw adjudication: movenumber=N,movecount=N,score=CP",
          .read = [](Config& c,
                     Text t) { read_draw_rule(c.game.adjudication, split_key_values(t)); }},
        S{.key = "resign",
          .flag = "resign",
          .value_name = "RULE",
          .help = "Resign adjudication: movecount=N,score=CP[,twosided=true] (twosided: the "
                  "winner's score must agree)",
          .read = [](Config& c,
                     Text t) { read_resign_rule(c.game.adjudication, split_key_values(t)); }},
        S{.key = "max_plies",
          .flag = "maxplies",
          .value_name = "N",
          .help = "Adjudicate a draw after N plies",
          .read = [](Config& c, Text t) { read_max_plies(c.game.adjudication, t); }},
        S{.key = "draw_claims",
          .flag = "draw-claims",
          .value_name = "RULE",
          .help =
              "An engine's draw claim (UCI: `info string draw-claim RULE`): checked (default: a "
              "false one loses) or trusted (it draws the game unchecked, as the family "
              "tournament's runner did)",
          .read = read_word<"draw_claims", DRAW_CLAIMS, &Config::game, &GameSettings::draw_claims>,
          .store =
              store_word_unless_default<DRAW_CLAIMS, &Config::game, &GameSettings::draw_claims>,
          .in_identity = true},
        S{.key = "time_margin",
          .flag = "timemargin",
          .value_name = "MS",
          .help = "Milliseconds an engine may exceed its clock (default: 100)",
          .read = [](Config& c, Text t) { read_time_margin(c.game, t); },
          .store = [](const Config& c, json::Value& v,
                      Key k) { v.set(k, std::int64_t(c.game.time_margin.count())); },
          .in_identity = true,
          .identify = identify_ms_unless_default<&Config::game, &GameSettings::time_margin>,
          .check = [](const Config& c) { check_time_margin(c.game.time_margin); }},
        S{.key = "stall_timeout",
          .flag = "stall-timeout",
          .value_name = "MS",
          .help = "Milliseconds before a depth- or node-limited engine is declared stalled "
                  "(default: 60000)",
          .read = [](Config& c, Text t) { read_stall_timeout(c.game, t); },
          .store = [](const Config& c, json::Value& v,
                      Key k) { v.set(k, std::int64_t(c.game.stall_timeout.count())); },
          .in_identity = true,
          .identify = identify_ms_unless_default<&Config::game, &GameSettings::stall_timeout>,
          .check = [](const Config& c) { check_stall_timeout(c.game.stall_timeout); }},
        // Step 6. Tablebase adjudication: four flags, one member of the identity.
        S{.key = "tablebase",
          .store = store_tablebase,
          .in_identity = true,
          .identify = identify_tablebase,
          .check = [](const Config& c) { validate(c.game.tablebase); }},
        S{.key = "tb",
          .flag = "tb",
          .value_name = "PATH[:PATH...]",
          .help = "Syzygy tablebase adjudication: directories of the tables (.rtbw, and .rtbz "
                  "for positions after a reversible move)",
          .read = [](Config& c, Text t) { read_tablebase_paths(c.game.tablebase, t); }},
        S{.key = "tb_pieces",
          .flag = "tb-pieces",
          .value_name = "N",
          .help = "Tablebase adjudication only with N pieces or fewer, kings included (default: "
                  "any)",
          .read = [](Config& c, Text t) { read_tablebase_pieces(c.game.tablebase, t); }},
        S{.key = "tb_ignore_50",
          .flag = "tb-ignore-50",
          .value_name = "",
          .help = "Tablebase adjudication: cursed wins and blessed losses count as wins and losses",
          .read = [](Config& c, Text t) { read_tablebase_ignore_50(c.game.tablebase, t); }},
        S{.key = "tb_adjudicate",
          .flag = "tb-adjudicate",
          .value_name = "RESULTS",
          .help = "Tablebase adjudication of both (default), win_loss or draw results only",
          .read = [](Config& c, Text t) { read_tablebase_results(c.game.tablebase, t); }},
        // Step 7. Engines' timeouts, the pause between games, the SPRT and its pool.
        S{.key = "handshake_timeout",
          .flag = "handshake-timeout",
          .value_name = "MS",
          .help = "Milliseconds an engine may take to answer uci and isready at start (default: "
                  "10000)",
          .read = read_whole<&Config::handshake_timeout, HANDSHAKE_TIMEOUT_RULE>,
          .store =
              [](const Config& c, json::Value& v, Key k) {
                  if (c.handshake_timeout != defaults().handshake_timeout)
                      v.set(k, std::int64_t(c.handshake_timeout.count()));
              },
          .in_identity = true,
          .check = check_whole<&Config::handshake_timeout, HANDSHAKE_TIMEOUT_RULE>},
        S{.key = "entrant_check",
          .flag = "entrant-check",
          .value_name = "MODE",
          .help = "Python entrants loaded and asked for a move first: leave-out (default) leaves "
                  "out those that cannot load (one answering illegally plays and loses), "
                  "leave-out-illegal those too, strict stops the run, off checks none",
          .read = read_word<"entrant_check", ENTRANT_CHECKS, &Config::entrant_check>},
        S{.key = "wait",
          .flag = "wait",
          .value_name = "MS",
          .help = "Milliseconds each worker pauses between two games (default: 0)",
          .read = read_whole<&Config::wait, WAIT_RULE>,
          .store =
              [](const Config& c, json::Value& v, Key k) {
                  if (c.wait.count()) v.set(k, std::int64_t(c.wait.count()));
              },
          .check = check_whole<&Config::wait, WAIT_RULE>},
        S{.key = "sprt",
          .flag = "sprt",
          .value_name = "TEST",
          .help = "Stop a two-engine match early: elo0=0,elo1=10,alpha=0.05,beta=0.05",
          .read = [](Config& c, Text t) { c.sprt = parse_sprt_parameters(t); },
          .read_json =
              [](Config& c, const json::Value& value, const std::string&) {
                  if (!value.is_object()) return false;  // the key=value text of --sprt
                  c.sprt = sprt_from_json(value);
                  return true;
              },
          .store =
              [](const Config& c, json::Value& v, Key k) {
                  if (c.sprt) v.set(k, arbiter::to_json(*c.sprt));
              },
          .check =
              [](const Config& c) {
                  if (!c.sprt) return;
                  validate(*c.sprt);
                  if (c.engines.size() != 2) throw ConfigError("--sprt needs exactly two engines");
              }},
        S{.key = "pool",
          .flag = "pool",
          .value_name = "DIR",
          .help = "Pool the --sprt of every --shard in DIR, a folder all shards see (one test, one "
                  "verdict)",
          .read = read_text<&Config::pool>,
          .store =
              [](const Config& c, json::Value& v, Key k) {
                  if (!c.pool.empty())
                      v.set(k, std::filesystem::absolute(c.pool).lexically_normal().string());
              },
          .check = check_pool},
        S{.key = "batch_pairs",
          .flag = "batch-pairs",
          .value_name = "B",
          .help = "Pooled SPRT: game pairs a shard plays between two decisions (default: 4)",
          .read = read_whole<&Config::batch_pairs, BATCH_PAIRS_RULE>,
          .store =
              [](const Config& c, json::Value& v, Key k) {
                  if (!c.pool.empty()) v.set(k, c.batch_pairs);
              },
          .in_identity = true,
          .check = check_whole<&Config::batch_pairs, BATCH_PAIRS_RULE>},
        // Step 8. The standings' display.
        S{.key = "report_every",
          .flag = "report-every",
          .value_name = "N",
          .help = "Print the standings every N games",
          .read = read_whole<&Config::report_every, REPORT_EVERY_RULE>,
          .check =
              [](const Config& c) {
                  if (c.report_every != 0) check_integer(REPORT_EVERY_RULE, c.report_every);
              }},
        S{.key = "bootstrap",
          .flag = "bootstrap",
          .value_name = "N",
          .help = "Bootstrap samples for the Elo error bars (default: 1000)",
          .read = read_whole<&Config::bootstrap, BOOTSTRAP_RULE>,
          .check = check_whole<&Config::bootstrap, BOOTSTRAP_RULE>},
    };
    return table;
}

// The table with the output plan's entries (output_settings.cpp) last.
const std::vector<TournamentSetting>& full_table() {
    static const std::vector<TournamentSetting> table = [] {
        std::vector<TournamentSetting> all = settings_table();
        const auto& outputs = output_settings();
        all.insert(all.end(), outputs.begin(), outputs.end());
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
