#include "harness/config/cutechess_engine.h"
#include "harness/config/cutechess_options.h"

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

// Reads one key of an -engine or -each block into `engine`.
void read_engine_key(EngineConfig& engine, CutechessEngineExtras& extras, const std::string& key,
                     const std::string& value, std::vector<std::string>& warnings) {
    if (key == "cmd")
        engine.command = value;
    else if (key == "name")
        engine.name = value;
    else if (key == "dir")
        engine.working_dir = value;
    else if (key == "arg")
        engine.args.push_back(value);
    else if (key == "args")
        for (std::string& word : split_words(value)) engine.args.push_back(std::move(word));
    else if (key.rfind("option.", 0) == 0 && key.size() > 7)
        engine.options.emplace_back(key.substr(7), value);
    else if (key == "proto" || key == "restart" || key == "stderr" || key == "book" ||
             key == "bookdepth" || key == "ponder")
        read_engine_setting(engine, key, value);
    else if (key == "conf")
        extras.conf = value;
    else if (key == "initstr")
        read_init_strings(engine, value);
    else if (key == "tc") {
        // fastchess's tc=inf/T+I: no moves per period, T+I.
        for (std::string_view no_period : {"inf/", "infinite/"})
            if (value.rfind(no_period, 0) == 0)
                return read_engine_key(engine, extras, key, value.substr(no_period.size()),
                                       warnings);
        // cutechess's tc=inf: no clock, so that nodes=, depth= or st= governs alone.
        extras.infinite_clock = value == "inf" || value == "infinite";
        if (extras.infinite_clock) {
            engine.limits.tc.reset();
            return;
        }
        if (value.find("hourglass") != std::string::npos)
            throw ConfigError("tc=" + value +
                              ": cutechess writes an hourglass as tc=hgSECONDS (tc=hg60)");
        read_limit(engine.limits, "tc", value);
    } else if (key == "st") {
        NumberRule rule{"st", "a positive number of seconds"};
        double seconds = read_number(rule, value);
        if (!(seconds > 0)) throw ConfigError(rule_message("st", rule.what, value));
        // Beyond the clock's range it stays out of range, for the movetime rule to refuse.
        double ms = std::min(seconds * 1000, double(MAX_TIMEOUT_MS) + 1);
        engine.limits.movetime_ms = std::max<std::int64_t>(1, std::llround(ms));
    } else if (key == "nodes" || key == "depth")
        read_limit(engine.limits, key, value);
    else if (key == "plies")
        read_limit(engine.limits, "depth", value);
    else if (key == "timemargin")
        extras.time_margin = value;
    else if (key == "trust" || key == "whitepov")
        warnings.push_back(key + "=" + value + " is accepted and ignored");
    else {
        std::string known;  // the keys of the dialect's table (cutechess_options.cpp)
        for (const cutechess::DialectEngineKey& k : cutechess::dialect_engine_keys())
            known += (known.empty() ? "" : ", ") + std::string(k.key);
        throw ConfigError("unknown engine key '" + key + "' (known: " + known + ")");
    }
}

}  // namespace

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
            read_engine_key(engine, extras, token.substr(0, equals), token.substr(equals + 1),
                            warnings);
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
