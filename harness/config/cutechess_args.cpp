#include "harness/config/cutechess_args.h"
#include "harness/config/cutechess_engine.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <map>
#include <optional>

namespace arbiter {

namespace {

// One option and the values that follow it up to the next option.
struct Option {
    std::string name;  // with its dash: "-engine"
    std::vector<std::string> values;
};

// An option arbiter knows but cannot honour: why, and what to use instead.
struct Unsupported {
    std::string_view name;
    std::string_view why;
    std::string_view instead;
};

constexpr Unsupported UNSUPPORTED[] = {
    {"-tb", "tablebase adjudication needs Syzygy files, which this build cannot read",
     "-draw movenumber=N movecount=N score=CP"},
    {"-tbpieces", "tablebase adjudication needs Syzygy files, which this build cannot read",
     "-draw"},
    {"-tbignore50", "tablebase adjudication needs Syzygy files, which this build cannot read",
     "-draw"},
    {"-tbadjudicate", "tablebase adjudication needs Syzygy files, which this build cannot read",
     "-draw"},
    {"-livepgnout", "arbiter writes each game once it is finished", "-pgnout FILE"},
    {"-bookmode", "arbiter reads no Polyglot book in this dialect", "-openings file=FILE"},
    {"-pgnin", "openings come from -openings", "-openings file=FILE format=pgn"},
    {"-epdin", "openings come from -openings", "-openings file=FILE format=epd"},
    {"-resultformat", "arbiter prints cutechess's default lines only", "-output format=cutechess"},
    {"-autosaveinterval",
     "every finished game is already in the database; re-running the command resumes", "-db FILE"},
    {"-config", "fastchess's JSON state file is not arbiter's", "-db FILE (resumes by itself)"},
    {"-use-affinity", "arbiter does not pin engines to cores", "-concurrency N"},
    {"-affinity", "arbiter does not pin engines to cores", "-concurrency N"},
    {"-show-latency", "arbiter does not measure engine latency", "-log file=FILE"},
    {"-testEnv", "fastchess's test environment mode has no counterpart", "-output format=..."},
    {"-crc32", "arbiter does not checksum PGN output", "-pgnout FILE"},
    {"-randomseed", "fastchess's random opening seed is -srand here", "-srand N"},
    {"-quick", "fastchess's quick mode has no counterpart", "-engine ... -each tc=... -rounds N"},
};

const std::vector<std::string_view> SUPPORTED = {
    "-engine",         "-each",          "-tournament", "-seeds",  "-rounds",   "-games",
    "-repeat",         "-concurrency",   "-wait",       "-event",  "-srand",    "-recover",
    "-maxmoves",       "-draw",          "-resign",     "-sprt",   "-openings", "-pgnout",
    "-ratinginterval", "-scoreinterval", "-report",     "-output", "-db",       "-debug",
    "-version",        "-noswap",        "-reverse",    "-site",   "-epdout",   "-log",
    "-variant"};

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

// Edits from a to b, for "did you mean".
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = above;
        }
    }
    return row[b.size()];
}

[[noreturn]] void reject(const Option& option) {
    for (const Unsupported& u : UNSUPPORTED)
        if (option.name == u.name)
            throw ConfigError(std::string(u.name) + " is not supported: " + std::string(u.why) +
                              "; nearest supported: " + std::string(u.instead));
    std::string_view best;
    std::size_t distance = 3;
    for (std::string_view known : SUPPORTED)
        if (std::size_t d = edit_distance(option.name, known); d < distance) {
            best = known;
            distance = d;
        }
    throw ConfigError(option.name + " is not a cutechess-cli or fastchess option arbiter knows" +
                      (best.empty() ? "" : "; did you mean " + std::string(best) + "?"));
}

// "key=value" (the value may hold more '=').
std::pair<std::string, std::string> key_value(const Option& option, const std::string& token) {
    std::size_t equals = token.find('=');
    if (equals == std::string::npos || equals == 0)
        throw ConfigError(option.name + ": '" + token + "' is not key=value");
    return {token.substr(0, equals), token.substr(equals + 1)};
}

std::int64_t integer(const Option& option, const std::string& text, std::int64_t min) {
    std::string key = option.name.substr(1);
    return read_integer(IntegerRule{key, min, std::numeric_limits<std::int64_t>::max(),
                                    min > 0 ? "a positive integer" : "a whole number, 0 or more"},
                        text);
}

std::string one_value(const Option& option) {
    if (option.values.size() != 1)
        throw ConfigError(option.name + " takes one value (got " +
                          std::to_string(option.values.size()) + ")");
    return option.values[0];
}

}  // namespace

bool is_cutechess_option(std::string_view argument) {
    if (argument == "--version") return true;
    if (argument.size() < 2 || argument[0] != '-' || argument[1] == '-') return false;
    std::string name(argument);
    if (std::find(SUPPORTED.begin(), SUPPORTED.end(), name) != SUPPORTED.end()) return true;
    for (const Unsupported& u : UNSUPPORTED)
        if (u.name == name) return true;
    return false;
}

namespace {

// The parts of a command line read so far, before they are laid over the configuration.
struct Reading {
    CutechessCommand command;
    std::vector<CutechessEngineExtras> extras;  // per engine
    std::vector<Option> each;                   // -each blocks, applied after every -engine
    KeyValues settings;                         // tournament settings, applied as one layer
    std::int64_t rounds = 1;
    std::optional<std::int64_t> games;
    bool repeat = false;
    bool noswap = false;   // -noswap: the colours of a pair's first game in both
    bool reverse = false;  // -reverse: the second engine has White in the first game
    bool debug = false;    // -debug: the engine log on standard output
    bool log = false;      // -log file=FILE: the engine log in FILE
};

std::string joined(const Option& option, char separator) {
    std::string text;
    for (const std::string& value : option.values)
        text += (text.empty() ? "" : std::string(1, separator)) + value;
    return text;
}

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
            if (read_choice("policy", value, {"round", "default", "encounter"}) == "encounter")
                throw ConfigError(
                    "-openings policy=encounter is not supported: arbiter hands "
                    "each game pair the next opening; nearest supported: "
                    "policy=round");
        } else
            throw ConfigError("-openings: unknown key '" + key +
                              "' (known: file, format, order, plies, start, policy)");
    }
    auto file = std::find_if(r.settings.rbegin(), r.settings.rend(),
                             [](const auto& s) { return s.first == "openings"; });
    if (file == r.settings.rend()) throw ConfigError("-openings needs file=FILE");
    std::string path = file->second;
    std::string extension = path.substr(path.find_last_of('.') + 1);
    if (!format.empty() && extension != format && !(format == "epd" && extension == "fen"))
        throw ConfigError("-openings format=" + format + " but " + path +
                          " is read by its extension (." + extension +
                          "); rename the file or give format=" + extension);
}

void read_pgnout(Reading& r, const Option& option) {
    for (const std::string& token : option.values) {
        std::size_t equals = token.find('=');
        if (equals == std::string::npos) {
            if (token == "min")
                r.command.warnings.push_back("-pgnout min: arbiter writes the full PGN");
            else if (token == "fi")
                continue;  // finished games only: arbiter writes nothing else
            else
                r.settings.emplace_back("pgn", token);
            continue;
        }
        auto [key, value] = key_value(option, token);
        if (key == "file")
            r.settings.emplace_back("pgn", value);
        else if (key == "append" && value == "false")
            r.command.warnings.push_back(
                "-pgnout append=false: arbiter appends to an existing file");
        else if (key == "append" || key == "nodes" || key == "seldepth" || key == "nps" ||
                 key == "notation" || key == "tracktime" || key == "hashfull" || key == "min" ||
                 key == "timeleft" || key == "latency" || key == "match_line")
            r.command.warnings.push_back("-pgnout " + token +
                                         " is accepted; arbiter's PGN has its own comments");
        else
            throw ConfigError("-pgnout: unknown key '" + key + "' (known: file, append, ...)");
    }
}

// fastchess's -log file=FILE [append=true|false] ...: the engine log (every line to and from
// every engine) in FILE.
void read_log_option(Reading& r, const Option& option) {
    bool has_file = false;
    for (const std::string& token : option.values) {
        auto [key, value] = key_value(option, token);
        if (key == "file") {
            r.settings.emplace_back("engine_log", value);
            has_file = true;
        } else if (key == "append") {
            r.command.config.engine_log_append =
                read_choice("append", value, {"true", "false"}) == "true";
        } else if (key == "compress") {
            if (read_choice("compress", value, {"true", "false"}) == "true")
                throw ConfigError(
                    "-log compress=true is not supported: arbiter writes the log as plain "
                    "text, line by line; nearest supported: compress=false (compress the file "
                    "afterwards)");
        } else if (key == "level" || key == "engine" || key == "realtime") {
            r.command.warnings.push_back("-log " + token +
                                         " is accepted and ignored: arbiter's log holds every "
                                         "line to and from every engine, written as it happens");
        } else {
            throw ConfigError("-log: unknown key '" + key +
                              "' (known: file, append, compress, level, engine, realtime)");
        }
    }
    if (!has_file) throw ConfigError("-log needs file=FILE");
    r.log = true;
}

// The options of the match itself (everything but engines, openings and output).
bool read_match_option(Reading& r, const Option& option) {
    const std::string& name = option.name;
    if (name == "-tournament") {
        std::string type = read_choice("-tournament", one_value(option),
                                       {"round-robin", "roundrobin", "gauntlet"});
        r.settings.emplace_back("format", type == "gauntlet" ? "gauntlet" : "round-robin");
    } else if (name == "-seeds") {
        r.settings.emplace_back("seeds", one_value(option));
    } else if (name == "-rounds") {
        r.rounds = integer(option, one_value(option), 1);
    } else if (name == "-games") {
        r.games = integer(option, one_value(option), 1);
    } else if (name == "-repeat") {
        if (!option.values.empty() && integer(option, one_value(option), 1) != 2)
            throw ConfigError("-repeat " + option.values[0] +
                              " is not supported: arbiter plays each opening exactly twice, "
                              "colours reversed; nearest supported: -repeat");
        r.repeat = true;
    } else if (name == "-concurrency" || name == "-wait" || name == "-sprt" || name == "-draw" ||
               name == "-resign") {
        r.settings.emplace_back(name.substr(1), joined(option, ','));
    } else if (name == "-noswap" || name == "-reverse") {
        if (!option.values.empty())
            throw ConfigError(name + " takes no value (got '" + option.values[0] + "')");
        (name == "-noswap" ? r.noswap : r.reverse) = true;
    } else if (name == "-variant") {
        // cutechess and fastchess: standard or fischerandom (Chess960 and DFRC).
        std::string variant = one_value(option);
        if (variant != "standard" && variant != "fischerandom")
            throw ConfigError("-variant " + variant +
                              " is not supported: arbiter plays standard and fischerandom");
        r.settings.emplace_back("variant", variant);
    } else if (name == "-event" || name == "-site") {
        r.settings.emplace_back(name.substr(1), joined(option, ' '));
    } else if (name == "-srand") {
        std::string text = one_value(option);
        std::uint64_t seed = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
        if (ec != std::errc() || end != text.data() + text.size())
            throw ConfigError(rule_message("-srand", "a 64-bit unsigned integer", text));
        r.command.config.seed = seed;
    } else if (name == "-maxmoves") {
        r.settings.emplace_back("max_plies",
                                std::to_string(2 * integer(option, one_value(option), 1)));
    } else if (name == "-recover") {
        // arbiter always restarts an engine after a crash or stall and goes on.
    } else if (name == "-db") {
        r.settings.emplace_back("db", one_value(option));
    } else {
        return false;
    }
    return true;
}

bool read_output_option(Reading& r, const Option& option) {
    CutechessOutputSettings& output = r.command.output;
    const std::string& name = option.name;
    if (name == "-pgnout") {
        read_pgnout(r, option);
    } else if (name == "-epdout") {
        output.epd_path = one_value(option);
    } else if (name == "-ratinginterval") {
        output.rating_interval = int(integer(option, one_value(option), 0));
    } else if (name == "-scoreinterval") {
        output.score_interval = int(integer(option, one_value(option), 1));
    } else if (name == "-report") {
        for (const std::string& token : option.values) {
            auto [key, value] = key_value(option, token);
            if (key != "penta")
                throw ConfigError("-report: unknown key '" + key + "' (known: penta)");
            output.pentanomial = read_choice("penta", value, {"true", "false"}) == "true";
        }
    } else if (name == "-output") {
        for (const std::string& token : option.values) {
            auto [key, value] = key_value(option, token);
            if (key != "format")
                throw ConfigError("-output: unknown key '" + key + "' (known: format)");
            output.format = read_choice("format", value, {"cutechess", "fastchess"}) == "fastchess"
                                ? ConsoleFormat::fastchess
                                : ConsoleFormat::cutechess;
        }
    } else if (name == "-debug") {
        // cutechess's -debug [all]: arbiter logs every line anyway, pings included.
        if (!option.values.empty() && (option.values.size() > 1 || option.values[0] != "all"))
            throw ConfigError("-debug takes no value or 'all' (got '" + joined(option, ' ') + "')");
        r.debug = true;
    } else if (name == "-log") {
        read_log_option(r, option);
    } else if (name == "-version") {
        r.command.version = true;
    } else {
        return false;
    }
    return true;
}

// -each over every engine, the shared clock margin, the names, the games per encounter.
void finish(Reading& r) {
    TournamentConfig& config = r.command.config;
    std::optional<std::string> margin;
    for (std::size_t i = 0; i < config.engines.size(); ++i) {
        EngineConfig& engine = config.engines[i];
        for (const Option& each : r.each)
            read_cutechess_engine_block(each.name, each.values, engine, r.extras[i],
                                        r.command.warnings);
        if (engine.command.empty()) throw ConfigError("-engine without cmd=PROGRAM");
        if (engine.name.empty()) engine.name = engine.command.substr(engine.command.rfind('/') + 1);
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
    if (margin) r.settings.emplace_back("time_margin", *margin);
    if (r.debug && r.log)
        throw ConfigError(
            "-debug and -log file= both ask for the engine log, which arbiter writes to one "
            "place: give -debug (standard output) or -log file=FILE");
    if (r.debug) r.settings.emplace_back("engine_log", "-");
    if (r.noswap || r.reverse)
        r.settings.emplace_back(
            "colours", r.noswap ? (r.reverse ? "second-white" : "first-white") : "reversed");
    // cutechess shuffles a suite once by -srand and plays it from start= (default 1).
    if (config.openings_start == 0 &&
        std::none_of(r.settings.begin(), r.settings.end(),
                     [](const auto& s) { return s.first == "openings_start"; }))
        r.settings.emplace_back("openings_start", "1");
    apply_settings(config, r.settings);
    // fastchess's -repeat means -games 2; cutechess users give -games 2 with it anyway.
    std::int64_t games = r.games.value_or(r.repeat ? 2 : 1);
    r.command.games_per_encounter = r.rounds * games;
    if (r.command.games_per_encounter % 2 != 0)
        throw ConfigError("-rounds " + std::to_string(r.rounds) + " x -games " +
                          std::to_string(games) +
                          " is an odd number of games per encounter; arbiter plays colour-reversed "
                          "game pairs: use -games 2 -repeat, or an even -rounds");
    if (!r.repeat)
        r.command.warnings.push_back(
            std::string("-repeat is implied: arbiter plays each opening twice") +
            (r.noswap ? " (with -noswap, both games with the same colours)"
                      : " with colours reversed"));
}

}  // namespace

CutechessCommand read_cutechess_args(const std::vector<std::string>& arguments) {
    Reading r;
    // Step 1. Options in order; engines and -each blocks kept apart.
    for (const Option& option : split_options(arguments)) {
        try {
            if (option.name == "-engine") {
                r.command.config.engines.emplace_back();
                r.extras.emplace_back();
                read_cutechess_engine_block(option.name, option.values,
                                            r.command.config.engines.back(), r.extras.back(),
                                            r.command.warnings);
            } else if (option.name == "-each") {
                r.each.push_back(option);
            } else if (option.name == "-openings") {
                read_openings_option(r, option);
            } else if (!read_match_option(r, option) && !read_output_option(r, option)) {
                reject(option);
            }
        } catch (const ConfigError& e) {
            std::string message = e.what();
            throw ConfigError(message.rfind(option.name, 0) == 0 ? message
                                                                 : option.name + ": " + message);
        }
    }
    if (r.command.version) return r.command;
    // Step 2. -each, then the settings as one layer; then the whole is validated.
    finish(r);
    return r.command;
}

void fit_schedule(CutechessCommand& command, std::int64_t openings) {
    TournamentConfig& config = command.config;
    std::int64_t pairs_per_encounter = command.games_per_encounter / 2;
    openings = std::max<std::int64_t>(openings, 1);
    config.rounds = int((pairs_per_encounter + openings - 1) / openings);
    int engines = int(config.engines.size());
    std::int64_t encounters = config.gauntlet
                                  ? std::int64_t(config.seeds) * (engines - config.seeds)
                                  : std::int64_t(engines) * (engines - 1) / 2;
    config.max_games = command.games_per_encounter * encounters;
}

}  // namespace arbiter
