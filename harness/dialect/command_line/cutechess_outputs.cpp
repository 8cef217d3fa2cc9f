// The output options of the cutechess-cli / fastchess command line that take more than a line of
// the table (cutechess_options.cpp): -pgnout, -epdout, -log, -crc32, -report, -output, -debug and
// -use-affinity. Each checks its own words and hands each value to the output plan's entry of the
// settings table (harness/config/output_settings.cpp) that `arbiter tournament`'s flag reads.
#include <regex>

#include "harness/config/output_plan.h"
#include "harness/dialect/command_line/cutechess_reading.h"

namespace arbiter::cutechess {

// -pgnout FILE [min] [fi] (cutechess) or -pgnout file=FILE [append=] [nodes=true ...] (fastchess):
// the settings pgn, pgn_append, pgn_fields (the keys set true), pgn_match_line (each match_line=)
// and pgn_form (fastchess's when spoken as fastchess or given any of its keys).
void read_pgnout(Reading& r, const Option& option) {
    PgnMoveFields fields;
    bool fastchess_keys = false;
    std::vector<std::string> match_lines;
    for (const std::string& token : option.values) {
        std::size_t equals = token.find('=');
        if (equals == std::string::npos) {
            if (token == "min")
                r.command.warnings.push_back(option.name + " min: arbiter writes the full PGN");
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
            r.settings.emplace_back("pgn_append", read_bool(key, value) ? "true" : "false");
        } else if (bool* field = pgn_move_field(fields, key)) {
            *field = read_bool(key, value);
            fastchess_keys = true;
        } else if (key == "match_line") {
            try {
                std::regex check(value);
            } catch (const std::regex_error& e) {
                throw ConfigError(option.name + " match_line='" + value +
                                  "' is not a regular expression: " + e.what());
            }
            match_lines.push_back(value);
            fastchess_keys = true;
        } else if (key == "notation") {
            if (read_choice(key, value, {"san", "lan", "uci"}) != "san")
                throw ConfigError(option.name + " notation=" + value +
                                  " is not supported: arbiter writes SAN; nearest supported: "
                                  "notation=san");
        } else if (key == "min" || key == "tracktime") {
            r.command.warnings.push_back(option.name + " " + token + " is accepted and ignored");
        } else {
            throw ConfigError(option.name + ": unknown key '" + key +
                              "' (known: file, append, nodes, seldepth, nps, pv, hashfull, "
                              "tbhits, timeleft, latency, match_line, notation, min)");
        }
    }
    std::string names;
    for (const PgnMoveFieldName& field : PGN_MOVE_FIELD_NAMES)
        if (fields.*field.member) names += (names.empty() ? "" : ",") + std::string(field.name);
    if (!names.empty()) r.settings.emplace_back("pgn_fields", names);
    for (const std::string& line : match_lines) r.settings.emplace_back("pgn_match_line", line);
    const bool fastchess = fastchess_keys || r.command.spoken_tool == SpokenTool::fastchess;
    r.settings.emplace_back("pgn_form", fastchess ? "fastchess" : "cutechess");
}

// -epdout FILE (cutechess) or -epdout file=FILE [append=true|false] (fastchess).
void read_epdout(Reading& r, const Option& option) {
    std::string path;
    for (const std::string& token : option.values) {
        if (token.find('=') == std::string::npos) {
            path = token;
            continue;
        }
        auto [key, value] = key_value(option, token);
        if (key == "file")
            path = value;
        else if (key == "append")
            r.settings.emplace_back("epd_append", read_bool(key, value) ? "true" : "false");
        else
            throw ConfigError(option.name + ": unknown key '" + key + "' (known: file, append)");
    }
    if (path.empty()) throw ConfigError(option.name + " needs FILE or file=FILE");
    r.settings.emplace_back("epd", path);
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
                    option.name +
                    " compress=true is not supported: arbiter writes the log as plain "
                    "text, line by line; nearest supported: compress=false (compress the file "
                    "afterwards)");
        } else if (key == "level" || key == "engine" || key == "realtime") {
            r.command.warnings.push_back(option.name + " " + token +
                                         " is accepted and ignored: arbiter's log holds every "
                                         "line to and from every engine, written as it happens");
        } else {
            throw ConfigError(option.name + ": unknown key '" + key +
                              "' (known: file, append, compress, level, engine, realtime)");
        }
    }
    if (!has_file) throw ConfigError(option.name + " needs file=FILE");
    r.log = true;
}

void read_crc32_option(Reading& r, const Option& option) {
    for (const std::string& token : option.values) {
        auto [key, value] = key_value(option, token);
        if (key != "pgn")
            throw ConfigError(option.name + ": unknown key '" + key + "' (known: pgn)");
        r.settings.emplace_back("crc32", value);
    }
}

void read_report_option(Reading& r, const Option& option) {
    for (const std::string& token : option.values) {
        auto [key, value] = key_value(option, token);
        if (key != "penta")
            throw ConfigError(option.name + ": unknown key '" + key + "' (known: penta)");
        r.settings.emplace_back("pentanomial", value);
    }
}

void read_output_option(Reading& r, const Option& option) {
    for (const std::string& token : option.values) {
        auto [key, value] = key_value(option, token);
        if (key != "format")
            throw ConfigError(option.name + ": unknown key '" + key + "' (known: format)");
        // Spoken as fastchess, its cutechess form is fastchess's own (fastchess_cutechess).
        const bool fastchess =
            read_choice("format", value, {"cutechess", "fastchess"}) == "fastchess";
        r.settings.emplace_back("console", fastchess ? "fastchess" : "cutechess");
        r.settings.emplace_back(
            "fastchess_cutechess",
            !fastchess && r.command.spoken_tool == SpokenTool::fastchess ? "true" : "false");
    }
}

// cutechess's -debug [all]: arbiter logs every line anyway, pings included.
void read_debug_option(Reading& r, const Option& option) {
    if (!option.values.empty() && (option.values.size() > 1 || option.values[0] != "all"))
        throw ConfigError(option.name + " takes no value or 'all' (got '" + joined(option, ' ') +
                          "')");
    r.debug = true;
}

// Each worker's engines on one CPU; an optional list ("0-3,6") names the CPUs to use.
void read_affinity_option(Reading& r, const Option& option) {
    if (option.values.size() > 1) throw ConfigError(option.name + " takes one CPU list");
    if (!option.values.empty()) read_cpu_list(option.values[0], option.name);
    r.settings.emplace_back("affinity", option.values.empty() ? "" : option.values[0]);
}

}  // namespace arbiter::cutechess
