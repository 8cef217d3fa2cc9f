#include "harness/dialect/command_line/cutechess_args.h"

#include "harness/dialect/command_line/cutechess_engine.h"
#include "harness/dialect/command_line/cutechess_options.h"
#include "harness/dialect/command_line/cutechess_reading.h"
#include "harness/text/suggest.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>

namespace arbiter {

using cutechess::Option;
using cutechess::Reading;

namespace {

bool is_option_word(std::string_view token) {
    return token.size() > 1 && token[0] == '-' &&
           (std::isalpha(static_cast<unsigned char>(token[1])) || token[1] == '-');
}

std::vector<Option> split_options(const std::vector<std::string>& arguments) {
    std::vector<Option> options;
    for (const std::string& token : arguments) {
        if (is_option_word(token)) {
            options.push_back({token == "--version" ? "-version" : token, {}});
        } else {
            if (options.empty())
                throw ConfigError("'" + token + "' comes before any option (expected -engine ...)");
            options.back().values.push_back(token);
        }
    }
    return options;
}

// An option the table does not hold: the nearest option it holds, if one is near, else whether it
// is one of `arbiter tournament`'s own (--draw-claims, --entrant-check), which only that door
// takes.
[[noreturn]] void reject_unknown(const Option& option) {
    std::string_view best;
    std::size_t distance = 3;
    for (const cutechess::DialectOption& known : cutechess::dialect_options())
        if (std::size_t d = text::edit_distance(option.name, known.name); d < distance) {
            best = known.name;
            distance = d;
        }
    std::string_view bare = option.name;
    while (bare.starts_with('-')) bare.remove_prefix(1);
    const auto& native = tournament_settings();
    const bool ours = std::any_of(native.begin(), native.end(),
                                  [&](const TournamentSetting& s) { return s.flag == bare; });
    throw ConfigError(option.name + " is not a cutechess-cli or fastchess option arbiter knows" +
                      (!best.empty() ? "; did you mean " + std::string(best) + "?"
                       : ours        ? "; it is `arbiter tournament --" + std::string(bare) +
                                    "`'s, which this door does not take"
                              : ""));
}

// The text an option's entry hands its setting, taken by the entry's shape (checked first).
std::string shaped_text(const Option& option, cutechess::Shape shape) {
    using cutechess::Shape;
    switch (shape) {
        case Shape::none:
            if (!option.values.empty())
                throw ConfigError(option.name + " takes no value (got '" + option.values[0] + "')");
            return "";
        case Shape::one:
            return cutechess::one_value(option);
        case Shape::comma_joined:
            return cutechess::joined(option, ',');
        case Shape::space_joined:
            return cutechess::joined(option, ' ');
        case Shape::free:
            break;
    }
    return "";
}

// Reads one option by its table entry: refused, or its shape checked and its reading done.
void read_option(Reading& r, const Option& option) {
    const cutechess::DialectOption* entry = cutechess::find_dialect_option(option.name);
    if (!entry) reject_unknown(option);
    if (entry->refused())
        throw ConfigError(option.name + " is not supported: " + std::string(entry->why) +
                          "; nearest supported: " + std::string(entry->instead));
    std::string text = shaped_text(option, entry->shape);
    if (entry->read) entry->read(r, option);
    if (!entry->setting.empty()) r.settings.emplace_back(entry->setting, text);
}

}  // namespace

namespace cutechess {

std::pair<std::string, std::string> key_value(const Option& option, const std::string& token) {
    std::size_t equals = token.find('=');
    if (equals == std::string::npos || equals == 0)
        throw ConfigError(option.name + ": '" + token + "' is not key=value");
    return {token.substr(0, equals), token.substr(equals + 1)};
}

std::string one_value(const Option& option) {
    if (option.values.size() != 1)
        throw ConfigError(option.name + " takes one value (got " +
                          std::to_string(option.values.size()) + ")");
    return option.values[0];
}

std::string joined(const Option& option, char separator) {
    std::string text;
    for (const std::string& value : option.values)
        text += (text.empty() ? "" : std::string(1, separator)) + value;
    return text;
}

std::int64_t whole_value(const Option& option, std::int64_t min) {
    return read_integer(
        IntegerRule{option.name.substr(1), min, std::numeric_limits<std::int64_t>::max(),
                    min > 0 ? "a positive integer" : "a whole number, 0 or more"},
        one_value(option));
}

}  // namespace cutechess

using cutechess::joined;
using cutechess::key_value;
using cutechess::one_value;

SpokenTool tool_called_as(std::string_view program) {
    std::string_view file = program.substr(program.find_last_of('/') + 1);
    if (file.rfind("fastchess", 0) == 0) return SpokenTool::fastchess;
    if (file.rfind("cutechess", 0) == 0) return SpokenTool::cutechess;
    return SpokenTool::arbiter;
}

std::string version_text(SpokenTool spoken_tool) {
    const char* whose = spoken_tool == SpokenTool::fastchess   ? "fastchess's"
                        : spoken_tool == SpokenTool::cutechess ? "cutechess-cli's"
                                                               : "its own";
    return std::string("arbiter 0.3.0, speaking ") + whose + " command line";
}

bool is_cutechess_option(std::string_view argument) {
    if (argument == "--version") return true;
    if (argument.size() < 2 || argument[0] != '-' || argument[1] == '-') return false;
    return cutechess::find_dialect_option(argument) != nullptr;
}

namespace cutechess {

void read_openings_option(Reading& r, const Option& option) {
    std::string format;
    for (const std::string& token : option.values) {
        auto [key, value] = key_value(option, token);
        if (key == "file")
            r.settings.emplace_back("openings", value);
        else if (key == "format")
            format = read_choice("format", value, {"epd", "pgn"});
        else if (key == "order")
            r.settings.emplace_back("order", value);
        else if (key == "plies")
            r.settings.emplace_back("plies", value);
        else if (key == "start")
            r.settings.emplace_back("openings_start", value);
        else if (key == "policy") {
            // fastchess's one policy, round, is arbiter's own order (each opening to every pair).
            std::string policy = read_choice("policy", value, {"round", "default", "encounter"});
            if (r.command.spoken_tool != SpokenTool::fastchess)
                r.settings.emplace_back("opening_policy", policy);
            else if (policy != "round")
                throw ConfigError(option.name + " policy=" + policy +
                                  ": fastchess knows policy=round alone");
        } else
            throw ConfigError(option.name + ": unknown key '" + key +
                              "' (known: file, format, order, plies, start, policy)");
    }
    auto file = std::find_if(r.settings.rbegin(), r.settings.rend(),
                             [](const auto& s) { return s.first == "openings"; });
    if (file == r.settings.rend()) throw ConfigError(option.name + " needs file=FILE");
    std::string path = file->second;
    // A generated Chess960 / DFRC suite (file=chess960:all, chess960:random:N, dfrc:random:N),
    // the spec of `arbiter tournament --openings`: no file, so no extension to match format=.
    if (path.rfind("chess960:", 0) == 0 || path.rfind("dfrc:", 0) == 0) return;
    std::string extension = path.substr(path.find_last_of('.') + 1);
    if (!format.empty() && extension != format && !(format == "epd" && extension == "fen"))
        throw ConfigError(option.name + " format=" + format + " but " + path +
                          " is read by its extension (." + extension +
                          "); rename the file or give format=" + extension);
}

void read_engine_option(Reading& r, const Option& option) {
    r.command.config.engines.emplace_back();
    r.extras.emplace_back();
    r.engine_blocks.push_back(option.values);
    read_cutechess_engine_block(option.name, option.values, r.command.config.engines.back(),
                                r.extras.back(), r.command.warnings);
}

void read_repeat_option(Reading& r, const Option& option) {
    if (!option.values.empty() && whole_value(option, 1) != 2)
        throw ConfigError(option.name + " " + option.values[0] +
                          " is not supported: arbiter plays each opening exactly twice, "
                          "colours reversed; nearest supported: " +
                          option.name);
    r.repeat = true;
}

void read_srand_option(Reading& r, const Option& option) {
    const std::string& text = option.values[0];
    std::uint64_t seed = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (ec != std::errc() || end != text.data() + text.size())
        throw ConfigError(rule_message(option.name, "a 64-bit unsigned integer", text));
    r.command.config.seed = seed;
    r.command.seed_given = true;
}

// fastchess's -config: file=F reads the options its saved JSON holds, in place; outname=F is where
// the run's configuration is saved when it ends (fastchess_saved_config.h); discard=true reads
// nothing of file=; stats= is accepted.
void read_config_option(Reading& r, const Option& option) {
    std::string file;
    bool discard = false;
    for (const std::string& token : option.values) {
        auto [key, value] = key_value(option, token);
        if (key == "file")
            file = value;
        else if (key == "outname")
            r.settings.emplace_back("save_config", value);
        else if (key == "discard")
            discard = read_bool(key, value);
        else if (key == "stats")
            read_bool(key, value);  // saved results are never read: the database is the record
        else
            throw ConfigError(option.name + ": unknown key '" + key +
                              "' (known: file, outname, discard, stats)");
    }
    if (option.values.empty())
        throw ConfigError(option.name +
                          " needs file=FILE (a saved configuration to read) or outname=FILE "
                          "(where to save this run's)");
    // discard=true: fastchess drops the file's settings and results; the command line stands.
    if (!file.empty() && !discard) read_options(r, fastchess_config_arguments(file));
}

}  // namespace cutechess

namespace {

// cmd= inside dir=, as both tools start it: a relative command with a slash ("./sf") is a file of
// that folder; a bare name is one when the folder holds it, else it is looked up in PATH.
void resolve_command_in_dir(EngineConfig& engine) {
    namespace fs = std::filesystem;
    if (engine.working_dir.empty() || engine.command.empty() || engine.command[0] == '/') return;
    fs::path inside = fs::path(engine.working_dir) / engine.command;
    if (engine.command.find('/') == std::string::npos && !fs::exists(inside)) return;
    std::string resolved = inside.lexically_normal().string();
    // Still a file of a folder, never a name to look up in PATH: "dir=. cmd=./sf" is "./sf".
    engine.command = resolved.find('/') == std::string::npos ? "./" + resolved : resolved;
}

// fastchess pins only engines that search on one thread: with Threads above 1 it pins nothing.
void drop_affinity_for_threads(CutechessCommand& command) {
    std::optional<std::vector<int>>& affinity = command.config.output.affinity;
    for (const EngineConfig& engine : command.config.engines)
        for (const auto& [key, value] : engine.options)
            if (affinity && key == "Threads" && value != "1") {
                affinity.reset();
                command.warnings.push_back("-use-affinity: engine " + engine.name +
                                           " has Threads=" + value +
                                           "; engines are not pinned (as fastchess does)");
            }
}

// The table's check of the setting `key`, on a value filled directly.
void check_setting(const TournamentConfig& config, std::string_view key) {
    for (const TournamentSetting& setting : tournament_table())
        if (setting.key == key && setting.check) setting.check(config);
}

// The settings the options fill as values, not as text to read again, each checked by its
// setting's rule (with the message a --flag's text would get).
void fill_values(Reading& r) {
    TournamentConfig& config = r.command.config;
    if (r.handshake_timeout_ms) {
        config.handshake_timeout = std::chrono::milliseconds(*r.handshake_timeout_ms);
        check_setting(config, "handshake_timeout");
    }
    if (r.max_moves) set_max_moves(config.game.adjudication, *r.max_moves);
    if (r.ready_timeout_ms) {
        config.game.stall_timeout = std::chrono::milliseconds(*r.ready_timeout_ms);
        check_setting(config, "stall_timeout");
    }
}

// The outputs the dialect shares with `arbiter tournament`: -report-every rewrites the -html
// page; -shard needs -srand, as a run without it (nor -db) takes its seed from the clock, and
// every shard must deal the same schedule.
void check_native_outputs(const CutechessCommand& command) {
    if (command.config.report_every > 0 && command.config.output.html_path.empty())
        throw ConfigError("-report-every " + std::to_string(command.config.report_every) +
                          " rewrites the -html page every N games: give -html FILE as well");
    if (!command.shard.empty() && !command.seed_given && !command.db_given)
        throw ConfigError("-shard " + command.shard +
                          " needs -srand N: every shard must deal the same schedule from the same "
                          "seed");
}

// -each over every engine, the shared clock margin, the names, the games per encounter.
// Each engine whole: its engines.json entry, its block, -each on top; then its checks. Returns
// the one clock margin the engines gave (timemargin=), if any.
std::optional<std::string> finish_engines(Reading& r) {
    TournamentConfig& config = r.command.config;
    std::optional<std::string> margin;
    for (std::size_t i = 0; i < config.engines.size(); ++i) {
        EngineConfig& engine = config.engines[i];
        if (const std::string conf = r.extras[i].conf; !conf.empty()) {
            // cutechess's conf=NAME: the engines.json entry first, the block's own keys on top.
            engine = EngineConfig{};
            r.extras[i] = CutechessEngineExtras{};
            cutechess::read_engines_json_entry(r.engines_file, conf, engine);
            read_cutechess_engine_block("-engine", r.engine_blocks[i], engine, r.extras[i],
                                        r.command.warnings);
        }
        for (const Option& each : r.each)
            read_cutechess_engine_block(each.name, each.values, engine, r.extras[i],
                                        r.command.warnings);
        if (engine.command.empty()) throw ConfigError("-engine without cmd=PROGRAM or conf=NAME");
        if (engine.name.empty()) engine.name = engine.command.substr(engine.command.rfind('/') + 1);
        resolve_command_in_dir(engine);
        check_cutechess_engine_name(engine);
        if (engine.limits.empty() && r.extras[i].infinite_clock)
            throw ConfigError("engine " + engine.name +
                              ": tc=inf leaves no limit, and every arbiter search needs one: "
                              "give nodes=, depth= or st= in its -engine or in -each");
        if (engine.limits.empty())
            throw ConfigError("engine " + engine.name +
                              " has no search limit: give tc=, st=, nodes= or depth= in its "
                              "-engine or in -each");
        const auto& own = r.extras[i].time_margin;
        if (own && margin && *own != *margin)
            throw ConfigError("timemargin differs between engines (" + *margin + " and " + *own +
                              "); arbiter has one clock margin for all: give it in -each");
        if (own) margin = own;
    }
    return margin;
}

void finish(Reading& r) {
    TournamentConfig& config = r.command.config;
    if (std::optional<std::string> margin = finish_engines(r))
        r.settings.emplace_back("time_margin", *margin);
    if (r.debug && r.log)
        throw ConfigError(
            "-debug and -log file= both ask for the engine log, which arbiter writes to one "
            "place: give -debug (standard output) or -log file=FILE");
    if (r.debug) {
        r.settings.emplace_back("engine_log", "-");
        r.settings.emplace_back("engine_log_form", "cutechess");
    }
    if (r.noswap || r.reverse)
        r.settings.emplace_back(
            "colours", r.noswap ? (r.reverse ? "second-white" : "first-white") : "reversed");
    // cutechess shuffles a suite once by -srand and plays it from start= (default 1).
    if (config.openings_start == 0 &&
        std::none_of(r.settings.begin(), r.settings.end(),
                     [](const auto& s) { return s.first == "openings_start"; }))
        r.settings.emplace_back("openings_start", "1");
    // Both tools play one game at a time unless -concurrency says more.
    if (std::none_of(r.settings.begin(), r.settings.end(),
                     [](const auto& s) { return s.first == "concurrency"; }))
        r.settings.emplace_back("concurrency", "1");
    // The settings as one layer, the output plan's entries (-ratinginterval's rating_interval,
    // ...) among them: read by the same entries as `arbiter tournament`'s flags.
    apply_settings(config, r.settings);
    drop_affinity_for_threads(r.command);
    // cutechess's order and openings (its default policy unless given); a knockout's are its own.
    if (r.command.spoken_tool != SpokenTool::fastchess &&
        std::none_of(r.settings.begin(), r.settings.end(),
                     [](const auto& s) { return s.first == "opening_policy"; }))
        config.opening_policy = OpeningPolicy::cutechess_default;
    // Two engines: cutechess's default and round deal the games arbiter's own order deals, which
    // the databases of earlier runs hold (so that the same command resumes them).
    const OpeningPolicy policy = config.opening_policy;
    if ((config.knockout && policy == OpeningPolicy::cutechess_default) ||
        (!config.knockout && config.engines.size() == 2 && policy != OpeningPolicy::encounter))
        config.opening_policy = OpeningPolicy::all_pairs;
    // cutechess seeds no one in a knockout unless -seeds says: every place is drawn by -srand.
    if (config.knockout && std::none_of(r.settings.begin(), r.settings.end(),
                                        [](const auto& s) { return s.first == "seeds"; }))
        config.seeds = 0;
    fill_values(r);
    check_native_outputs(r.command);
    // fastchess's -repeat means -games 2; cutechess users give -games 2 with it anyway.
    std::int64_t games = r.games.value_or(r.repeat ? 2 : 1);
    r.command.config.games_per_encounter = r.rounds * games;
    // -games 1 given: one game per round and opening, colours alternating game by game, as
    // fastchess plays it (OpenBench's data generation). Without -games (nor -repeat), the pairs
    // of earlier releases, so that those commands play the games they played. A knockout's
    // encounter is cutechess's own: one game unless -games says more; -rounds refused as it is.
    if (config.knockout && r.rounds != 1)
        throw ConfigError(
            "-rounds: a knockout has no round multiplier (cutechess refuses it too); "
            "its rounds follow from the engines: give -games for longer encounters");
    // A Swiss: -rounds rounds, each board a game pair (one game with -games 1).
    if (config.swiss) config.rounds = int(r.rounds);
    // An odd -games in a knockout: single games, each on its own opening, colours alternating.
    config.single_games = r.games == 1 || (config.knockout && games % 2 == 1);
    if (games == 1 && !config.single_games)
        r.command.warnings.push_back(
            "no -games: arbiter deals openings to colour-reversed pairs, games 2k-1 and 2k on "
            "one opening (give -games 1 for one game per round); an odd total ends with the first "
            "game of a pair");
    else if (games != 1 && r.command.config.games_per_encounter % 2 != 0 && !config.knockout)
        throw ConfigError("-rounds " + std::to_string(r.rounds) + " x -games " +
                          std::to_string(games) +
                          " is an odd number of games per encounter; arbiter plays colour-reversed "
                          "game pairs: use -games 2 -repeat, or an even -rounds");
    if (!r.repeat && games != 1 && !config.single_games)
        r.command.warnings.push_back(
            std::string("-repeat is implied: arbiter plays each opening twice") +
            (r.noswap ? " (with -noswap, both games with the same colours)"
                      : " with colours reversed"));
}

}  // namespace

namespace cutechess {

void read_options(Reading& r, const std::vector<std::string>& arguments) {
    for (const Option& option : split_options(arguments)) {
        try {
            read_option(r, option);
        } catch (const ConfigError& e) {
            std::string message = e.what();
            throw ConfigError(message.rfind(option.name, 0) == 0 ? message
                                                                 : option.name + ": " + message);
        }
    }
}

}  // namespace cutechess

CutechessCommand read_cutechess_args(const std::vector<std::string>& arguments,
                                     SpokenTool spoken_tool) {
    Reading r;
    r.command.spoken_tool = spoken_tool;
    // The dialect's plan starts in the spoken tool's form (arbiter's own speaks cutechess's).
    r.command.config.output = OutputPlan{};
    if (spoken_tool == SpokenTool::fastchess) {
        r.command.config.output.format = ConsoleFormat::fastchess;
        r.command.config.output.fastchess_tool = true;
    }
    // -help / --help anywhere asks for the usage, whatever else the line holds (as in both tools).
    if (std::any_of(arguments.begin(), arguments.end(), cutechess::is_help_option)) {
        r.command.help = true;
        return r.command;
    }
    // Step 1. Options in order; engines and -each blocks kept apart.
    cutechess::read_options(r, arguments);
    if (r.command.version || r.command.help) return r.command;  // -resultformat help
    // Step 2. -each, then the settings as one layer; then the whole is validated.
    finish(r);
    return r.command;
}

}  // namespace arbiter
