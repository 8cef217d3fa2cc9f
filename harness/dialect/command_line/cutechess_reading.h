// The inside of the cutechess-cli / fastchess command-line reader, shared by its files
// (cutechess_options.cpp: the table of options, each with what it fills; cutechess_args.cpp: the
// reading in order, the engines, openings and schedule; cutechess_outputs.cpp: -pgnout, -epdout,
// -crc32 and the other output options; cutechess_files.cpp: -config file= and conf= with
// engines.json). Not for use outside harness/dialect/command_line.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/dialect/command_line/cutechess_args.h"
#include "harness/dialect/command_line/cutechess_engine.h"

namespace arbiter::cutechess {

// One option and the values that follow it up to the next option.
struct Option {
    std::string name;  // with its dash: "-engine"
    std::vector<std::string> values;
};

// The parts of a command line read so far, before they are laid over the configuration.
struct Reading {
    CutechessCommand command;
    std::vector<CutechessEngineExtras> extras;            // per engine
    std::vector<std::vector<std::string>> engine_blocks;  // each -engine block's own tokens
    std::vector<Option> each;  // -each blocks, applied after every -engine
    KeyValues settings;        // tournament settings, applied as one layer
    std::int64_t rounds = 1;
    std::optional<std::int64_t> games;
    bool repeat = false;
    bool noswap = false;   // -noswap: the colours of a pair's first game in both
    bool reverse = false;  // -reverse: the second engine has White in the first game
    bool debug = false;    // -debug: the engine log on standard output
    bool log = false;      // -log file=FILE: the engine log in FILE
    std::optional<std::int64_t> ready_timeout_ms;      // -ping-ms / -ucinewgame-ms
    std::optional<std::int64_t> handshake_timeout_ms;  // -startup-ms
    std::optional<std::int64_t> max_moves;             // -maxmoves N: 2N plies
    std::string engines_file = "engines.json";  // -engines FILE: where conf=NAME is looked up
};

// "key=value" (the value may hold more '='). Throws ConfigError naming the option.
std::pair<std::string, std::string> key_value(const Option& option, const std::string& token);
// The option's only value. Throws ConfigError when it has none or several.
std::string one_value(const Option& option);
// The values joined by `separator`.
std::string joined(const Option& option, char separator);
// The option's only value as a whole number of at least `min` (0 or 1). Throws ConfigError.
std::int64_t whole_value(const Option& option, std::int64_t min);

// The readers of the options that take more than a line of the table (cutechess_options.cpp),
// each filling `r` from one option: in cutechess_args.cpp the engines, the openings and the
// schedule, in cutechess_outputs.cpp the output options. Each throws ConfigError.
void read_engine_option(Reading& r, const Option& option);    // -engine
void read_openings_option(Reading& r, const Option& option);  // -openings
void read_config_option(Reading& r, const Option& option);    // -config file=F
void read_repeat_option(Reading& r, const Option& option);    // -repeat [2]
void read_srand_option(Reading& r, const Option& option);     // -srand N (64 bits)
void read_pgnout(Reading& r, const Option& option);           // -pgnout
void read_epdout(Reading& r, const Option& option);           // -epdout
void read_log_option(Reading& r, const Option& option);       // -log file=F
void read_crc32_option(Reading& r, const Option& option);     // -crc32 pgn=true
void read_report_option(Reading& r, const Option& option);    // -report penta=true
void read_output_option(Reading& r, const Option& option);    // -output format=...
void read_debug_option(Reading& r, const Option& option);     // -debug [all]
void read_affinity_option(Reading& r, const Option& option);  // -use-affinity [CPUS]

// Reads every option of the command line in order onto `r` (the reader's first step).
void read_options(Reading& r, const std::vector<std::string>& arguments);

// fastchess's -config file=F: the options its saved JSON holds, as command-line words, in the
// order the command line would give them. Throws ConfigError naming the file and the field.
std::vector<std::string> fastchess_config_arguments(const std::string& path);

// cutechess's conf=NAME: the engine NAME of the engines.json at `path` onto `engine` (name,
// command, workingDirectory, protocol, initStrings, options, ...). Throws ConfigError.
void read_engines_json_entry(const std::string& path, const std::string& name,
                             EngineConfig& engine);

}  // namespace arbiter::cutechess
