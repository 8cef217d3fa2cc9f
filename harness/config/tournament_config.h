// Everything that defines a tournament, as one plain struct, and the one way each of its settings
// is read. A reader (JSON, the `arbiter tournament` flags, a future cutechess-style command line)
// turns its input into (key, text) pairs and lays them over a TournamentConfig with
// apply_settings(); every pair goes through the same rules, so a bad value gets the same message
// whichever way it arrived. validate() checks a finished configuration, however it was built.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/config/engine_config.h"
#include "harness/config/game_config.h"
#include "harness/config/json.h"
#include "harness/config/output_plan.h"
#include "harness/config/sprt_config.h"
#include "harness/config/values.h"

namespace arbiter {

// Whether a Python entrant is loaded and asked for a move before the first game, and what
// becomes of one that cannot play: left out (listed, and named on the page), or the run stops.
// One that loads but answers illegally plays (and loses those games) under leave_out, and is
// left out under leave_out_illegal.
enum class EntrantCheck { leave_out, leave_out_illegal, strict, off };

// Who has White in the two games of a pair (cutechess's -noswap and -reverse). `alternate`, the
// default: the pair's first engine has White in the first game, Black in the second. `reversed`
// (-reverse): the other way round. `first_white` (-noswap): the first engine has White in both;
// `second_white` (-noswap -reverse): Black in both. The two games of a pair still share one
// opening, so pair statistics stay pairs of one opening, but without colour swap they carry
// White's advantage.
enum class Colours { alternate, reversed, first_white, second_white };

// How the engine log writes a line: arbiter's own, stamped with the local time
// ("[12:34:56.789] alphabeta(2) > go nodes 500"), or cutechess-cli's -debug form, stamped with
// the milliseconds since the run began ("1234 >alphabeta(2): go nodes 500"), which the tools
// that parse cutechess's output tell from the match's lines.
enum class EngineLogForm { stamped, cutechess };

// Which opening each game plays, and in which order the games come (the `opening_policy`
// setting). `all_pairs`, arbiter's own (and fastchess's): round by round, each opening is played
// by every engine pair before the next. The others are cutechess-cli's -openings policy=, with
// its game order (round-robin pairs in its rotation, an encounter's games one after another):
// `cutechess_default` (policy=default) a new opening for each encounter, or for each game pair
// of two players alone; `encounter` one opening per encounter (two players alone: one for the
// whole match); `round` one per cutechess round (all the games of the round).
enum class OpeningPolicy { all_pairs, cutechess_default, encounter, round };

// "all-pairs", "default", "encounter", "round": the `opening_policy` setting's words.
std::string opening_policy_name(OpeningPolicy policy);
// Reads those words. Throws ConfigError naming "opening_policy".
OpeningPolicy read_opening_policy(std::string_view text);

// "alternate", "reversed", "first-white", "second-white": the `colours` setting's words.
std::string colours_name(Colours colours);
// Reads those words. Throws ConfigError naming "colours".
Colours read_colours(std::string_view text);

// Everything that defines a tournament: who plays, on which openings, how long each search may
// take, how games are refereed, where results go. Defaults are those of `arbiter tournament`.
struct TournamentConfig {
    std::vector<EngineConfig> engines;
    std::string openings_path;
    std::optional<int> plies;  // PGN suites: plies of each game to play (unset: all); Polyglot
                               // books: plies of each line drawn (unset: 8)
    int book_lines = 100;      // Polyglot books: distinct lines drawn, by `seed`
    bool random_order = false;
    int rounds = 1;
    // Gauntlet (cutechess's -tournament gauntlet): the first `seeds` engines play every other
    // engine, not each other. Round-robin when false.
    bool gauntlet = false;
    // Knockout (cutechess's -tournament knockout): a single-elimination bracket, `seeds` engines
    // seeded in configuration order, the rest drawn by `seed`; each encounter plays `rounds` game
    // pairs (or `rounds` games with single_games) and goes on while level
    // (harness/tournament/knockout.h). Pyramid: a round-robin in cutechess's pyramid order.
    bool knockout = false;
    bool pyramid = false;
    // Swiss: `rounds` rounds, each paired by the FIDE Dutch system from the results before it;
    // a board is a game pair (one game with single_games) (harness/tournament/swiss_run.h).
    bool swiss = false;
    int bye_half_points = 2;  // Swiss: what a pairing-allocated bye scores, in half points
    int seeds = 1;
    Colours colours = Colours::alternate;
    OpeningPolicy opening_policy = OpeningPolicy::all_pairs;
    // One game per opening and engine pair, with no colour-reversed partner (the dialects'
    // -games 1); colours alternate from game to game. Set by the dialects only.
    bool single_games = false;
    // 1-based index of the first opening (cutechess's -openings start=): the suite (shuffled once
    // by `seed` when random_order) is played from there on, so runs with disjoint windows play
    // disjoint openings. 0 keeps arbiter's own order (a fresh shuffle per round).
    std::int64_t openings_start = 0;
    std::int64_t max_games = 0;      // play only the first N games of the schedule (0: all)
    SearchLimitConfig limits;        // for engines without limits of their own
    std::optional<int> concurrency;  // games at once (unset: one per core)
    bool force = false;              // accept a concurrency far above the core count
    std::string db_path = "results/tournament.sqlite";
    std::string pgn_path;  // games appended as they finish, when set
    // Every line sent to and read from every engine, timestamped, when set ("-": standard
    // output; harness/tournament/engine_log.h). Appended to, or truncated at the start of the
    // run when !engine_log_append. An output path: not part of the identity, nor of to_json().
    std::string engine_log;
    bool engine_log_append = true;
    EngineLogForm engine_log_form = EngineLogForm::stamped;
    std::uint64_t seed = 1;
    GameSettings game;
    std::optional<SprtParameters> sprt;  // two engines only: stop early on a decision
    // A pooled SPRT over shards (harness/tournament/pool.h): the folder every shard shares, and
    // the pairs each shard plays between two decisions (part of the identity when pooled).
    std::string pool;
    int batch_pairs = 4;
    std::string event = "arbiter tournament";
    std::string site;  // the PGN's Site tag ("?" when empty)
    // Lines (newline-separated) the page shows under its title, such as the entrants a class
    // tournament left out and why. Not part of the tournament's identity.
    std::string note;
    std::chrono::milliseconds handshake_timeout{10000};
    // What the start-up check does with a Python entrant (engines/python/arbiter-python) that
    // cannot play (harness/tournament/entrant_check.h): leave it out, stop the run, or no check.
    EntrantCheck entrant_check = EntrantCheck::leave_out;
    std::chrono::milliseconds wait{0};  // pause of each worker between two games
    int report_every = 0;               // print the standings every N games (0: at the end)
    // What the run shows and writes besides the database and the PGN (harness/config/
    // output_plan.h), arbiter's own lines unless --console says otherwise. Not stored, not part
    // of the identity: how a run is shown never changes which games are played.
    OutputPlan output{.format = ConsoleFormat::arbiter};
    int bootstrap = 1000;  // bootstrap samples of the Elo error bars
    // Play only shard `shard_index` (1..shard_count) of the schedule (harness/tournament/shard.h);
    // 0: the whole schedule. Not part of the identity: every shard is the same tournament.
    // The dialects' -rounds x -games: each encounter's games. When set, the session fits `rounds`
    // and `max_games` to the suite it reads (fit_schedule()), so the suite is read once. Not part
    // of to_json() nor of the identity: what it decides is in `rounds` and `max_games`.
    std::int64_t games_per_encounter = 0;
    int shard_index = 0;
    int shard_count = 0;

    // Games played at once: `concurrency` (or the number of cores when unset) slots, a game
    // taking two when any engine ponders (one engine thinks while the other ponders), at least one.
    int workers() const;

    // The configuration as JSON (stored with the tournament, and accepted by --config).
    json::Value to_json() const;

    // What decides "the same tournament" on a re-run: every setting that can change which games
    // are played or how they end (engine names, the opening file's content hash, plies, order,
    // limits, seed, adjudication, tablebase rules but not the tables' directories, clock margin,
    // stall and handshake timeouts), but not the
    // engines' identities (checked per game), the number of rounds or games (so more extend a
    // tournament), concurrency, the pause between games or output paths.
    json::Value identity(std::string_view openings_hash) const;

    bool operator==(const TournamentConfig&) const = default;
};

// One setting of a tournament, declared once: its key in JSON and key=value lists, its
// command-line flag (without "--"), the flag's value name (empty: a flag without a value, read as
// "true") and help, its reader, what it writes into the stored configuration (to_json()), whether
// it belongs to the tournament's identity, and its rule (validate()). to_json(), identity(),
// validate(), the JSON reader and the `arbiter tournament` flags all walk the one table
// (tournament_settings.cpp), so a new setting is one entry there and a field in TournamentConfig.
//
// An entry without a flag is a JSON member that is not one value (`engines`, `adjudication`),
// or a group (`limits`, `tablebase`): several flags' values stored, identified and checked as
// one; a group has no reader, so its key is not a setting.
struct TournamentSetting {
    // Writes the setting's members (usually `key` alone, often only when not at its default).
    using Writer = void (*)(const TournamentConfig& config, json::Value& out, std::string_view key);
    // The identity's members, when they are not what `store` writes (the opening file's content
    // hash instead of its path, a value written only when it differs from its default).
    using IdentityWriter = void (*)(const TournamentConfig& config, std::string_view openings_hash,
                                    json::Value& out, std::string_view key);

    // Each member has a default, so that an entry names only what it has (-Wextra's
    // missing-field-initializers counts a member without one as forgotten).
    std::string_view key{};
    std::string_view flag{};
    std::string_view value_name{};
    std::string_view help{};
    // Reads the value of a flag, a key=value item or a JSON scalar (a JSON number as held).
    void (*read)(TournamentConfig& config, const SettingValue& value) = nullptr;
    // Reads a JSON member that is not one scalar; returns false to leave it to `read`.
    bool (*read_json)(TournamentConfig& config, const json::Value& value,
                      const std::string& where) = nullptr;
    Writer store = nullptr;  // nullptr: not stored (output paths, settings of one run)
    // Part of what decides "the same tournament" (TournamentConfig::identity()).
    bool in_identity = false;
    IdentityWriter identify = nullptr;  // nullptr: the identity holds what `store` writes
    // Throws ConfigError unless the value (of a configuration built in any way) is within its
    // rule; nullptr: any value the reader accepts.
    void (*check)(const TournamentConfig& config) = nullptr;
};

// Every entry of the settings table, in the order of the stored configuration.
const std::vector<TournamentSetting>& tournament_table();

// The entries that are command-line flags, in the table's order.
const std::vector<TournamentSetting>& tournament_settings();

// Lays (key, text) pairs over `config` in order, as one layer: a layer that sets any search limit
// (depth, nodes, movetime, tc) replaces the global limits as a whole. Throws ConfigError.
void apply_settings(TournamentConfig& config, const KeyValues& settings);
// The same over values as they arrived (a JSON file's scalars as held).
void apply_setting_values(TournamentConfig& config, const SettingValues& settings);

// Reads a --config JSON document (keys as in to_json(); engines as an array of engine objects,
// "adjudication" and "sprt" as objects). Throws ConfigError naming `where` and the key.
TournamentConfig tournament_config_from_json(const json::Value& value, const std::string& where);

// Reads a configuration stored with a tournament by any arbiter, for display (the report, the PGN
// export): a member this arbiter cannot read (a key it does not know, a tablebase directory not on
// this machine) is left at its default, every other member read by tournament_config_from_json().
// Text that is not a JSON object yields the defaults.
TournamentConfig stored_tournament_config(std::string_view text);

// Reads a JSON engines file: an array of engine objects, or an object with an "engines" array.
std::vector<EngineConfig> engines_from_json(const json::Value& value, const std::string& where);

// The last check before a tournament starts, whichever way the configuration was built: at
// least two engines with distinct names and a search limit each, an opening file, and every
// value within its rule. Throws ConfigError.
void validate(const TournamentConfig& config);

// Why two identities (TournamentConfig::identity()) name different tournaments, one line per
// setting that differs ("the content of the opening file changed", "seed: 1 -> 2").
std::vector<std::string> identity_differences(const json::Value& before, const json::Value& now);

// The number of rounds over a suite of `openings` that covers every encounter's
// `games_per_encounter` games, and the games of the schedule to play (`rounds`, `max_games`); a
// knockout's rounds are an encounter's deals, its games decided by the results.
void fit_schedule(TournamentConfig& config, std::int64_t openings);

}  // namespace arbiter
