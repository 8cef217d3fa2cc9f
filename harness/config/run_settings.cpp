// The second part of the tournament's settings table (tournament_settings.cpp puts the parts
// together): how the run goes and where it writes, the games' rules and their adjudication, the
// engines' timeouts, the SPRT and the standings' display. Each setting is one row of data; what
// a row does that no common part of tournament_rules.h does is a small named function here.
#include <filesystem>

#include "harness/config/tournament_rules.h"

namespace arbiter::tournament_rules {

namespace {

void read_engine_log(Config& c, Text t) {
    if (t.empty()) throw ConfigError("engine_log must name a file (or - for stdout)");
    c.engine_log = std::string(t);
}

void read_seed_setting(Config& c, Text t) {
    c.seed = read_seed(t);
}

void read_variant_setting(Config& c, Text t) {
    c.game.variant = read_variant(t);
}

// Stored only when not standard chess.
void store_variant(const Config& c, json::Value& v, Key k) {
    if (c.game.variant != Variant::standard) v.set(k, variant_name(c.game.variant));
}

bool read_adjudication(Config& c, const json::Value& value, const std::string&) {
    c.game.adjudication = adjudication_from_json(value);
    return true;
}

void store_adjudication(const Config& c, json::Value& v, Key k) {
    v.set(k, arbiter::to_json(c.game.adjudication));
}

void check_adjudication(const Config& c) {
    validate(c.game.adjudication);
}

void read_draw(Config& c, Text t) {
    read_draw_rule(c.game.adjudication, split_key_values(t));
}

void read_resign(Config& c, Text t) {
    read_resign_rule(c.game.adjudication, split_key_values(t));
}

void read_max_plies_rule(Config& c, Text t) {
    read_max_plies(c.game.adjudication, t);
}

void read_margin(Config& c, Text t) {
    read_time_margin(c.game, t);
}

void check_margin(const Config& c) {
    check_time_margin(c.game.time_margin);
}

void read_stall(Config& c, Text t) {
    read_stall_timeout(c.game, t);
}

void check_stall(const Config& c) {
    check_stall_timeout(c.game.stall_timeout);
}

void check_tablebase(const Config& c) {
    validate(c.game.tablebase);
}

void read_tb_paths(Config& c, Text t) {
    read_tablebase_paths(c.game.tablebase, t);
}

void read_tb_pieces(Config& c, Text t) {
    read_tablebase_pieces(c.game.tablebase, t);
}

void read_tb_ignore_50(Config& c, Text t) {
    read_tablebase_ignore_50(c.game.tablebase, t);
}

void read_tb_results(Config& c, Text t) {
    read_tablebase_results(c.game.tablebase, t);
}

void read_sprt(Config& c, Text t) {
    c.sprt = parse_sprt_parameters(t);
}

// A JSON object; anything else is the key=value text of --sprt, left to read_sprt.
bool read_sprt_json(Config& c, const json::Value& value, const std::string&) {
    if (!value.is_object()) return false;
    c.sprt = sprt_from_json(value);
    return true;
}

void store_sprt(const Config& c, json::Value& v, Key k) {
    if (c.sprt) v.set(k, arbiter::to_json(*c.sprt));
}

void check_sprt(const Config& c) {
    if (!c.sprt) return;
    validate(*c.sprt);
    if (c.engines.size() != 2) throw ConfigError("--sprt needs exactly two engines");
}

// The pool's folder, absolute and normalised.
void store_pool(const Config& c, json::Value& v, Key k) {
    if (!c.pool.empty()) v.set(k, std::filesystem::absolute(c.pool).lexically_normal().string());
}

// Stored only when pooled, where it is part of the identity.
void store_batch_pairs(const Config& c, json::Value& v, Key k) {
    if (!c.pool.empty()) v.set(k, c.batch_pairs);
}

// 0 (the default): the standings at the end only.
void check_report_every(const Config& c) {
    if (c.report_every != 0) check_integer(REPORT_EVERY_RULE, c.report_every);
}

// The table's second part, in the stored configuration's order.
constexpr TournamentSetting RUN_SETTINGS[] = {
    // How the run goes and where it writes: not stored, not identity.
    {.key = "concurrency",
     .flag = "concurrency",
     .value_name = "N",
     .help = "Games at once (default: number of cores)",
     .read = read_whole<&Config::concurrency, CONCURRENCY_RULE>,
     .check = check_concurrency},
    {.key = "db",
     .flag = "db",
     .value_name = "FILE",
     .help = "SQLite database (default: results/ENGINES-HASH.sqlite, the tournament's own)",
     .read = read_text<&Config::db_path>},
    {.key = "pgn",
     .flag = "pgn",
     .value_name = "FILE",
     .help = "Also append each finished game to this PGN file",
     .read = read_text<&Config::pgn_path>},
    {.key = "engine_log",
     .flag = "engine-log",
     .value_name = "FILE",
     .help = "Append every line sent to and read from each engine, timestamped, to FILE (-: "
             "stdout)",
     .read = read_engine_log},
    // The games' rules.
    {.key = "seed",
     .flag = "seed",
     .value_name = "N",
     .help = "Seed of the random opening order (default: 1)",
     .read = read_seed_setting,
     .store = store_value<&Config::seed>,
     .in_identity = true},
    {.key = "variant",
     .flag = "variant",
     .value_name = "NAME",
     .help = "Rules of the games: standard or chess960 (also DFRC; default: standard)",
     .read = read_variant_setting,
     .store = store_variant,
     .in_identity = true},
    {.key = "adjudication",
     .read_json = read_adjudication,
     .store = store_adjudication,
     .in_identity = true,
     .check = check_adjudication},
    {.key = "draw",
     .flag = "draw",
     .value_name = "RULE",
     .help = "Draw adjudication: movenumber=N,movecount=N,score=CP",
     .read = read_draw},
    {.key = "resign",
     .flag = "resign",
     .value_name = "RULE",
     .help = "Resign adjudication: movecount=N,score=CP[,twosided=true] (twosided: the "
             "winner's score must agree)",
     .read = read_resign},
    {.key = "max_plies",
     .flag = "maxplies",
     .value_name = "N",
     .help = "Adjudicate a draw after N plies",
     .read = read_max_plies_rule},
    {.key = "draw_claims",
     .flag = "draw-claims",
     .value_name = "RULE",
     .help = "An engine's draw claim (UCI: `info string draw-claim RULE`): checked (default: a "
             "false one loses) or trusted (it draws the game unchecked, and repetitions and "
             "fifty moves are the engines' to claim, as in the family tournament's runner)",
     .read = read_word<"draw_claims", DRAW_CLAIMS, &Config::game, &GameSettings::draw_claims>,
     .store = store_word_unless_default<DRAW_CLAIMS, &Config::game, &GameSettings::draw_claims>,
     .in_identity = true},
    {.key = "time_margin",
     .flag = "timemargin",
     .value_name = "MS",
     .help = "Milliseconds an engine may exceed its clock (default: 100)",
     .read = read_margin,
     .store = store_value<&Config::game, &GameSettings::time_margin>,
     .in_identity = true,
     .identify = identify_ms_unless_default<&Config::game, &GameSettings::time_margin>,
     .check = check_margin},
    {.key = "stall_timeout",
     .flag = "stall-timeout",
     .value_name = "MS",
     .help = "Milliseconds before a depth- or node-limited engine is declared stalled "
             "(default: 60000)",
     .read = read_stall,
     .store = store_value<&Config::game, &GameSettings::stall_timeout>,
     .in_identity = true,
     .identify = identify_ms_unless_default<&Config::game, &GameSettings::stall_timeout>,
     .check = check_stall},
    // Tablebase adjudication: four flags, one member of the identity.
    {.key = "tablebase",
     .store = store_tablebase,
     .in_identity = true,
     .identify = identify_tablebase,
     .check = check_tablebase},
    {.key = "tb",
     .flag = "tb",
     .value_name = "PATH[:PATH...]",
     .help = "Syzygy tablebase adjudication: directories of the tables (.rtbw, and .rtbz "
             "for positions after a reversible move)",
     .read = read_tb_paths},
    {.key = "tb_pieces",
     .flag = "tb-pieces",
     .value_name = "N",
     .help = "Tablebase adjudication only with N pieces or fewer, kings included (default: "
             "any)",
     .read = read_tb_pieces},
    {.key = "tb_ignore_50",
     .flag = "tb-ignore-50",
     .value_name = "",
     .help = "Tablebase adjudication: cursed wins and blessed losses count as wins and losses",
     .read = read_tb_ignore_50},
    {.key = "tb_adjudicate",
     .flag = "tb-adjudicate",
     .value_name = "RESULTS",
     .help = "Tablebase adjudication of both (default), win_loss or draw results only",
     .read = read_tb_results},
    // Engines' timeouts, the pause between games, the SPRT and its pool.
    {.key = "handshake_timeout",
     .flag = "handshake-timeout",
     .value_name = "MS",
     .help = "Milliseconds an engine may take to answer uci and isready at start (default: "
             "10000)",
     .read = read_whole<&Config::handshake_timeout, HANDSHAKE_TIMEOUT_RULE>,
     .store = store_unless_default<&Config::handshake_timeout>,
     .in_identity = true,
     .check = check_whole<&Config::handshake_timeout, HANDSHAKE_TIMEOUT_RULE>},
    {.key = "entrant_check",
     .flag = "entrant-check",
     .value_name = "MODE",
     .help = "Python entrants loaded and asked for a move first: leave-out (default) leaves "
             "out those that cannot load (one answering illegally plays and loses), "
             "leave-out-illegal those too, strict stops the run, off checks none",
     .read = read_word<"entrant_check", ENTRANT_CHECKS, &Config::entrant_check>},
    {.key = "wait",
     .flag = "wait",
     .value_name = "MS",
     .help = "Milliseconds each worker pauses between two games (default: 0)",
     .read = read_whole<&Config::wait, WAIT_RULE>,
     .store = store_unless_default<&Config::wait>,
     .check = check_whole<&Config::wait, WAIT_RULE>},
    {.key = "sprt",
     .flag = "sprt",
     .value_name = "TEST",
     .help = "Stop a two-engine match early: elo0=0,elo1=10,alpha=0.05,beta=0.05",
     .read = read_sprt,
     .read_json = read_sprt_json,
     .store = store_sprt,
     .check = check_sprt},
    {.key = "pool",
     .flag = "pool",
     .value_name = "DIR",
     .help = "Pool the --sprt of every --shard in DIR, a folder all shards see (one test, one "
             "verdict)",
     .read = read_text<&Config::pool>,
     .store = store_pool,
     .check = check_pool},
    {.key = "batch_pairs",
     .flag = "batch-pairs",
     .value_name = "B",
     .help = "Pooled SPRT: game pairs a shard plays between two decisions (default: 4)",
     .read = read_whole<&Config::batch_pairs, BATCH_PAIRS_RULE>,
     .store = store_batch_pairs,
     .in_identity = true,
     .check = check_whole<&Config::batch_pairs, BATCH_PAIRS_RULE>},
    // The standings' display.
    {.key = "report_every",
     .flag = "report-every",
     .value_name = "N",
     .help = "Print the standings every N games",
     .read = read_whole<&Config::report_every, REPORT_EVERY_RULE>,
     .check = check_report_every},
    {.key = "bootstrap",
     .flag = "bootstrap",
     .value_name = "N",
     .help = "Bootstrap samples for the Elo error bars (default: 1000)",
     .read = read_whole<&Config::bootstrap, BOOTSTRAP_RULE>,
     .check = check_whole<&Config::bootstrap, BOOTSTRAP_RULE>},
};

}  // namespace

std::span<const TournamentSetting> run_settings() {
    return RUN_SETTINGS;
}

}  // namespace arbiter::tournament_rules
