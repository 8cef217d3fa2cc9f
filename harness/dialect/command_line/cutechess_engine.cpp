#include "harness/dialect/command_line/cutechess_engine.h"
#include "harness/dialect/command_line/cutechess_options.h"

#include <algorithm>
#include <cmath>

namespace arbiter {

namespace {

// fastchess's args="-a -b 'c d'": words split on spaces, single or double quotes group.
std::vector<std::string> split_words(const std::string& text) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    char quote = 0;
    for (char c : text) {
        if (quote) {
            if (c == quote)
                quote = 0;
            else
                word += c;
        } else if (c == '"' || c == '\'') {
            quote = c;
            in_word = true;
        } else if (c == ' ' || c == '\t') {
            if (in_word) words.push_back(word);
            word.clear();
            in_word = false;
        } else {
            word += c;
            in_word = true;
        }
    }
    if (quote) throw ConfigError("args=\"" + text + "\": a quote is not closed");
    if (in_word) words.push_back(word);
    return words;
}

using Extras = CutechessEngineExtras;
using Warnings = std::vector<std::string>;
using Text = const std::string&;

// cutechess's tc=inf (no clock, so that nodes=, depth= or st= governs alone), fastchess's
// tc=inf/T+I (no moves per period: T+I), cutechess's hourglass tc=hgT, or a clock.
void read_tc(EngineConfig& engine, Extras& extras, Text key, Text value, Warnings& warnings) {
    for (std::string_view no_period : {"inf/", "infinite/"})
        if (value.rfind(no_period, 0) == 0)
            return read_tc(engine, extras, key, value.substr(no_period.size()), warnings);
    extras.infinite_clock = value == "inf" || value == "infinite";
    if (extras.infinite_clock) {
        engine.limits.tc.reset();
        return;
    }
    if (value.find("hourglass") != std::string::npos)
        throw ConfigError("tc=" + value +
                          ": cutechess writes an hourglass as tc=hgSECONDS (tc=hg60)");
    read_limit(engine.limits, "tc", value);
}

// st=SECONDS: a fixed time per move.
void read_st(EngineConfig& engine, Extras&, Text, Text value, Warnings&) {
    NumberRule rule{"st", "a positive number of seconds"};
    double seconds = read_number(rule, value);
    if (!(seconds > 0)) throw ConfigError(rule_message("st", rule.what, value));
    // Beyond the clock's range it stays out of range, for the movetime rule to refuse.
    double ms = std::min(seconds * 1000, double(MAX_TIMEOUT_MS) + 1);
    engine.limits.movetime_ms = std::max<std::int64_t>(1, std::llround(ms));
}

// The keys an engine has natively (proto, restart, stderr, book, bookdepth, ponder).
void read_native(EngineConfig& engine, Extras&, Text key, Text value, Warnings&) {
    read_engine_setting(engine, key, value);
}

void read_limit_key(EngineConfig& engine, Extras&, Text key, Text value, Warnings&) {
    read_limit(engine.limits, key == "plies" ? "depth" : key, value);
}

void ignore(EngineConfig&, Extras&, Text key, Text value, Warnings& warnings) {
    warnings.push_back(key + "=" + value + " is accepted and ignored");
}

// The keys of an -engine block, in the usage's order, each with its reader.
using K = cutechess::DialectEngineKey;
constexpr K ENGINE_KEYS[] = {
    {"cmd", "COMMAND", "The program to start",
     [](EngineConfig& e, Extras&, Text, Text v, Warnings&) { e.command = v; }},
    {"name", "NAME", "Its name (default: the program's file name)",
     [](EngineConfig& e, Extras&, Text, Text v, Warnings&) { e.name = v; }},
    {"dir", "DIR", "Its working directory (a relative cmd= with a slash is a file of DIR)",
     [](EngineConfig& e, Extras&, Text, Text v, Warnings&) { e.working_dir = v; }},
    {"arg", "ARG", "One argument for the program",
     [](EngineConfig& e, Extras&, Text, Text v, Warnings&) { e.args.push_back(v); }},
    {"args", "\"A B ...\"", "Its arguments, split as a shell would",
     [](EngineConfig& e, Extras&, Text, Text v, Warnings&) {
         for (std::string& word : split_words(v)) e.args.push_back(std::move(word));
     }},
    {"option.NAME", "VALUE", "An engine option (UCI setoption, XBoard option)",
     [](EngineConfig& e, Extras&, Text k, Text v, Warnings&) {
         e.options.emplace_back(k.substr(7), v);
     }},
    {"proto", "uci|xboard", "The protocol it speaks (default: uci)", read_native},
    {"tc", "TC|inf", "Time control: [MOVES/]SECONDS[+INC] or hgSECONDS; inf: no clock", read_tc},
    {"st", "SECONDS", "Time per move", read_st},
    {"nodes", "N", "Node limit per move", read_limit_key},
    {"depth", "N", "Depth limit per move", read_limit_key},
    {"plies", "N", "Depth limit per move (fastchess's name)", read_limit_key},
    {"timemargin", "MS", "How far it may overrun its clock (one margin for all engines)",
     [](EngineConfig&, Extras& x, Text, Text v, Warnings&) { x.time_margin = v; }},
    {"restart", "on|off|auto", "on: a new process for every game", read_native},
    {"stderr", "FILE", "Append its stderr to FILE", read_native},
    {"book", "FILE", "A Polyglot book its moves are played from while it has one", read_native},
    {"bookdepth", "N", "At most N of its moves from the book", read_native},
    {"rating", "ELO", "Its place in a Swiss's initial ranking (highest first)", read_native},
    {"conf", "NAME", "The engine NAME of the -engines file, this block's keys on top",
     [](EngineConfig&, Extras& x, Text, Text v, Warnings&) { x.conf = v; }},
    {"initstr", "TEXT", "setoption name NAME value VALUE lines (\\n between), as option.NAME=",
     [](EngineConfig& e, Extras&, Text, Text v, Warnings&) { read_init_strings(e, v); }},
    {"ponder", "", "It thinks on the opponent's time (ponder=true|false too)", read_native},
    {"trust", "", "Accepted and ignored", ignore},
    {"whitepov", "", "Accepted and ignored", ignore},
};

// Reads one key of an -engine or -each block into `engine`, by its entry of ENGINE_KEYS.
void read_key(EngineConfig& engine, Extras& extras, Text key, Text value, Warnings& warnings) {
    const bool option = key.rfind("option.", 0) == 0 && key.size() > 7;
    for (const K& entry : ENGINE_KEYS)
        if (option ? entry.key == "option.NAME" : entry.key == key)
            return entry.read(engine, extras, key, value, warnings);
    std::string known;
    for (const K& entry : ENGINE_KEYS)
        known += (known.empty() ? "" : ", ") + std::string(entry.key);
    throw ConfigError("unknown engine key '" + key + "' (known: " + known + ")");
}

}  // namespace

std::span<const cutechess::DialectEngineKey> cutechess::dialect_engine_keys() {
    return ENGINE_KEYS;
}

void read_init_strings(EngineConfig& engine, const std::string& text) {
    // cutechess's initstr= takes "\n" between lines; initStrings in engines.json is a list.
    std::string lines = text;
    for (std::size_t at; (at = lines.find("\\n")) != std::string::npos;) lines.replace(at, 2, "\n");
    std::size_t start = 0;
    while (start <= lines.size()) {
        std::size_t end = std::min(lines.find('\n', start), lines.size());
        std::string line = lines.substr(start, end - start);
        start = end + 1;
        while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
        // cutechess writes every line after its own `uci`; arbiter's handshake already sent
        // that one (chess-tuning-tools' engines.json starts with it), so it is not sent twice.
        if (line.empty() || line == "uci") continue;
        const std::string prefix = "setoption name ";
        std::size_t value_at = line.find(" value ");
        if (line.rfind(prefix, 0) != 0 || value_at == std::string::npos || value_at < prefix.size())
            throw ConfigError(
                "initstr line '" + line +
                "' is not supported: arbiter sends an engine only what it composes (the "
                "handshake `uci` and `setoption name NAME value VALUE` lines are "
                "read; give an option as option.NAME=VALUE)");
        engine.options.emplace_back(line.substr(prefix.size(), value_at - prefix.size()),
                                    line.substr(value_at + 7));
    }
}

void read_cutechess_engine_block(const std::string& option, const std::vector<std::string>& values,
                                 EngineConfig& engine, CutechessEngineExtras& extras,
                                 std::vector<std::string>& warnings) {
    for (const std::string& token : values) {
        if (token == "ponder") {  // cutechess's flag: it thinks on the opponent's time
            engine.ponder = true;
            continue;
        }
        std::size_t equals = token.find('=');
        if (equals == std::string::npos || equals == 0)
            throw ConfigError(option + ": '" + token + "' is not key=value");
        try {
            read_key(engine, extras, token.substr(0, equals), token.substr(equals + 1), warnings);
        } catch (const ConfigError& e) {
            throw ConfigError(option + " " + token + ": " + e.what());
        }
    }
}

void check_cutechess_engine_name(const EngineConfig& engine) {
    if (engine.name.find_first_of(" :") != std::string::npos)
        throw ConfigError("engine name '" + engine.name +
                          "' holds a space or a colon, which the parsers of this dialect's "
                          "output split on; give it name=NAME without them");
}

}  // namespace arbiter
