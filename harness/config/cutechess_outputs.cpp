// The output options of the cutechess-cli / fastchess command line (-pgnout, -epdout, -crc32,
// -log, -report, -output, ...) and the options only fastchess has that change nothing in how
// arbiter plays (-testEnv, -autosaveinterval, -startup-ms, ...).
#include <regex>

#include "harness/config/cutechess_reading.h"

namespace arbiter::cutechess {

namespace {

// -pgnout FILE [min] [fi] (cutechess) or -pgnout file=FILE [append=] [nodes=true ...] (fastchess).
void read_pgnout(Reading& r, const Option& option) {
    CutechessOutputSettings& output = r.command.output;
    PgnMoveFields& fields = output.pgn_fields;
    fields.fastchess = r.command.personality == Personality::fastchess;
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
        if (key == "file") {
            r.settings.emplace_back("pgn", value);
        } else if (key == "append") {
            output.pgn_append = read_bool(key, value);
        } else if (bool* field = key == "nodes"      ? &fields.nodes
                                 : key == "seldepth" ? &fields.seldepth
                                 : key == "nps"      ? &fields.nps
                                 : key == "pv"       ? &fields.pv
                                 : key == "hashfull" ? &fields.hashfull
                                 : key == "tbhits"   ? &fields.tbhits
                                 : key == "timeleft" ? &fields.timeleft
                                 : key == "latency"  ? &fields.latency
                                                     : nullptr) {
            *field = read_bool(key, value);
            fields.fastchess = true;
        } else if (key == "match_line") {
            try {
                std::regex check(value);
            } catch (const std::regex_error& e) {
                throw ConfigError("-pgnout match_line='" + value +
                                  "' is not a regular expression: " + e.what());
            }
            // The referee keeps each search's last `info string` line matching it with the move.
            r.command.config.game.kept_info_lines.push_back(value);
            fields.match_line = true;
            fields.fastchess = true;
        } else if (key == "notation") {
            if (read_choice(key, value, {"san", "lan", "uci"}) != "san")
                throw ConfigError("-pgnout notation=" + value +
                                  " is not supported: arbiter writes SAN; nearest supported: "
                                  "notation=san");
        } else if (key == "min" || key == "tracktime") {
            r.command.warnings.push_back("-pgnout " + token + " is accepted and ignored");
        } else {
            throw ConfigError("-pgnout: unknown key '" + key +
                              "' (known: file, append, nodes, seldepth, nps, pv, hashfull, "
                              "tbhits, timeleft, latency, match_line, notation, min)");
        }
    }
}

// -epdout FILE (cutechess) or -epdout file=FILE [append=true|false] (fastchess).
void read_epdout(Reading& r, const Option& option) {
    CutechessOutputSettings& output = r.command.output;
    for (const std::string& token : option.values) {
        if (token.find('=') == std::string::npos) {
            output.epd_path = token;
            continue;
        }
        auto [key, value] = key_value(option, token);
        if (key == "file")
            output.epd_path = value;
        else if (key == "append")
            output.epd_append = read_bool(key, value);
        else
            throw ConfigError("-epdout: unknown key '" + key + "' (known: file, append)");
    }
    if (output.epd_path.empty()) throw ConfigError("-epdout needs FILE or file=FILE");
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
            r.command.config.engine_log_append = read_bool(key, value);
        } else if (key == "compress") {
            if (read_bool(key, value))
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

std::int64_t whole(const Option& option, std::int64_t min) {
    return read_integer(
        IntegerRule{option.name.substr(1), min, std::numeric_limits<std::int64_t>::max(),
                    min > 0 ? "a positive integer" : "a whole number, 0 or more"},
        one_value(option));
}

void no_value(const Option& option) {
    if (!option.values.empty())
        throw ConfigError(option.name + " takes no value (got '" + option.values[0] + "')");
}

}  // namespace

bool read_output_option(Reading& r, const Option& option) {
    CutechessOutputSettings& output = r.command.output;
    const std::string& name = option.name;
    if (name == "-pgnout") {
        read_pgnout(r, option);
    } else if (name == "-epdout") {
        read_epdout(r, option);
    } else if (name == "-crc32") {
        for (const std::string& token : option.values) {
            auto [key, value] = key_value(option, token);
            if (key != "pgn") throw ConfigError("-crc32: unknown key '" + key + "' (known: pgn)");
            output.crc32 = read_bool(key, value);
        }
    } else if (name == "-ratinginterval") {
        output.rating_interval = int(whole(option, 0));
    } else if (name == "-scoreinterval") {
        output.score_interval = int(whole(option, 1));
    } else if (name == "-report") {
        for (const std::string& token : option.values) {
            auto [key, value] = key_value(option, token);
            if (key != "penta")
                throw ConfigError("-report: unknown key '" + key + "' (known: penta)");
            output.pentanomial = read_bool(key, value);
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
    } else if (name == "-html") {
        output.html_path = one_value(option);
    } else if (name == "-show-latency") {
        no_value(option);
        output.show_latency = true;
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

// fastchess's CPU list: numbers and ranges, comma-separated ("0-3,6"). Throws ConfigError.
std::vector<int> read_cpu_list(const std::string& text) {
    static const std::regex form(R"(\d+(-\d+)?(,\d+(-\d+)?)*)");
    if (!std::regex_match(text, form))
        throw ConfigError("-use-affinity: bad CPU list '" + text + "' (e.g. 0-3,6)");
    std::vector<int> cpus;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = text.find(',', at);
        if (end == std::string::npos) end = text.size();
        std::string part = text.substr(at, end - at);
        std::size_t dash = part.find('-');
        int first = std::stoi(part.substr(0, dash));
        int last = dash == std::string::npos ? first : std::stoi(part.substr(dash + 1));
        if (last < first || last >= 1024)
            throw ConfigError("-use-affinity: bad CPU range '" + part + "' in '" + text + "'");
        for (int cpu = first; cpu <= last; ++cpu) cpus.push_back(cpu);
        at = end + 1;
    }
    return cpus;
}

bool read_fastchess_only_option(Reading& r, const Option& option) {
    const std::string& name = option.name;
    if (name == "-testEnv" || name == "-check-mate-pvs" || name == "-force-concurrency") {
        // -testEnv: fastchess's compact test-framework output: a PV warning on one line.
        // -check-mate-pvs: each engine move's PV audited as fastchess does, with its warnings.
        // -force-concurrency: arbiter runs -concurrency N games whatever the core count.
        no_value(option);
        if (name == "-testEnv") r.command.output.test_env = true;
        if (name == "-check-mate-pvs") r.command.output.check_mate_pvs = true;
    } else if (name == "-autosaveinterval") {
        whole(option, 0);  // every finished game is saved to the database as it ends
    } else if (name == "-startup-ms" || name == "-ucinewgame-ms" || name == "-ping-ms") {
        // -startup-ms: the wait for uciok; -ping-ms and -ucinewgame-ms: the wait for readyok,
        // which arbiter bounds by its one stall timeout (the larger of the two when both given).
        std::int64_t ms = whole(option, 1);
        if (name == "-startup-ms") {
            r.handshake_timeout_ms = ms;
        } else {
            r.ready_timeout_ms = std::max(r.ready_timeout_ms.value_or(0), ms);
        }
    } else if (name == "-use-affinity") {
        // Each worker's engines on one CPU; an optional list ("0-3,6") names the CPUs to use.
        r.command.use_affinity = true;
        if (option.values.size() > 1) throw ConfigError("-use-affinity takes one CPU list");
        if (!option.values.empty()) r.command.affinity_cpus = read_cpu_list(option.values[0]);
    } else {
        return false;
    }
    return true;
}

}  // namespace arbiter::cutechess
