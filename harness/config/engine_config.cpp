#include "harness/config/engine_config.h"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include "engines/core/text.h"

namespace arbiter {

namespace {

// The largest count a limit may give: the stored configuration is JSON, whose numbers are doubles,
// exact up to 2^53.
constexpr std::uint64_t MAX_EXACT_NUMBER = std::uint64_t(1) << 53;

constexpr IntegerRule DEPTH_RULE{"depth", 1, 1000, "a depth from 1 to 1000"};
constexpr IntegerRule NODES_RULE{"nodes", 1, std::int64_t(MAX_EXACT_NUMBER), "a positive integer"};
constexpr IntegerRule MOVETIME_RULE{
    "movetime", 1, MAX_TIMEOUT_MS,
    "a number of milliseconds from 1 to 1000000000000, the most the clock can add"};

constexpr IntegerRule BOOK_DEPTH_RULE{"bookdepth", 1, 100000, "a number of moves from 1"};
constexpr IntegerRule RATING_RULE{"rating", 0, 9999, "an Elo rating from 0 to 9999"};

// The program's file name ("stockfish" for "/usr/games/stockfish", also with a trailing '/');
// empty when the command names no file ("/").
std::string default_name(const std::string& command) {
    std::filesystem::path path(command);
    if (!path.has_filename()) path = path.parent_path();
    return path.filename().string();
}

// Adds an option; an option given twice is an error (the stored JSON object could keep only one).
void add_option(EngineConfig& engine, const std::string& name, std::string value,
                const std::string& where) {
    for (const auto& option : engine.options)
        if (option.first == name)
            throw ConfigError((where.empty() ? "" : where + ": ") + "option '" + name +
                              "' is given twice");
    engine.options.emplace_back(name, std::move(value));
}

}  // namespace

bool read_engine_setting(EngineConfig& engine, std::string_view key, const SettingValue& text) {
    if (key == "proto") {
        engine.protocol = read_choice("proto", text, {"uci", "xboard"}) == "xboard"
                              ? EngineProtocol::xboard
                              : EngineProtocol::uci;
    } else if (key == "book") {
        if (text.empty()) throw ConfigError("book must name a Polyglot book file");
        engine.book_path = std::string(text);
    } else if (key == "bookdepth") {
        engine.book_depth = int(read_integer(BOOK_DEPTH_RULE, text));
    } else if (key == "restart") {
        engine.restart_each_game = read_choice("restart", text, {"on", "off", "auto"}) == "on";
    } else if (key == "stderr") {
        engine.stderr_path = read_file_name("stderr", text);
    } else if (key == "ponder") {
        engine.ponder = read_bool("ponder", text);
    } else if (key == "rating") {
        engine.rating = int(read_integer(RATING_RULE, text));
    } else {
        return false;
    }
    return true;
}

bool read_limit(SearchLimitConfig& limits, std::string_view key, const SettingValue& value) {
    if (key == "depth")
        limits.depth = int(read_integer(DEPTH_RULE, value));
    else if (key == "nodes")
        limits.nodes = std::uint64_t(read_integer(NODES_RULE, value));
    else if (key == "movetime")
        limits.movetime_ms = read_integer(MOVETIME_RULE, value);
    else if (key == "tc")
        limits.tc = parse_time_control(value.text());
    else
        return false;
    return true;
}

void validate(const SearchLimitConfig& limits) {
    if (limits.depth) check_integer(DEPTH_RULE, *limits.depth);
    if (limits.nodes)
        check_integer(NODES_RULE, *limits.nodes > std::uint64_t(NODES_RULE.max)
                                      ? -1
                                      : std::int64_t(*limits.nodes));
    if (limits.movetime_ms) check_integer(MOVETIME_RULE, *limits.movetime_ms);
    if (limits.tc) validate(*limits.tc);
}

void validate(const EngineConfig& engine) {
    // A name goes raw onto the console, into the PGN and the page: it must be printable text.
    if (std::string shown = printable_excerpt(engine.name, std::string::npos); shown != engine.name)
        throw ConfigError("engine name '" + shown +
                          "' has control characters or bytes that are not UTF-8 (shown as \\xNN "
                          "or \\t); give the engine a name of printable text");
    // Shown trimmed (a table, a PGN tag), " x" and "x" would read alike; a blank name reads as
    // nothing at all.
    if (engine.name.find_first_not_of(' ') == std::string::npos)
        throw ConfigError("engine name '" + engine.name + "' is blank; give the engine a name");
    if (engine.name.front() == ' ' || engine.name.back() == ' ')
        throw ConfigError("engine name '" + engine.name +
                          "' begins or ends with a space; give the name without them");
    if (engine.name.size() > MAX_ENGINE_NAME_BYTES)
        throw ConfigError("engine name '" + engine.name.substr(0, 40) + "...' is " +
                          std::to_string(engine.name.size()) + " bytes long; at most " +
                          std::to_string(MAX_ENGINE_NAME_BYTES) +
                          " fit the file name of its stderr log (NAME.stderr.log)");
    try {
        if (engine.command.empty()) throw ConfigError("cmd=PROGRAM is missing");
        validate(engine.limits);
        if (engine.protocol == EngineProtocol::xboard && engine.limits.nodes)
            throw ConfigError(
                "speaks XBoard, whose protocol has no node limit: give depth, "
                "movetime or tc");
        check_integer(BOOK_DEPTH_RULE, engine.book_depth);
    } catch (const ConfigError& e) {
        throw ConfigError("engine " + engine.name + ": " + e.what());
    }
}

void validate_distinct_names(std::span<const EngineConfig> engines) {
    std::set<std::string> names;
    for (const auto& engine : engines)
        if (!names.insert(engine.name).second)
            throw ConfigError("two engines are named " +
                              printable_excerpt(engine.name, std::string::npos) +
                              "; give each a name=");
}

std::span<const EngineSpecKey> engine_spec_keys() {
    static constexpr EngineSpecKey KEYS[] = {
        {"name", "NAME", "its name in standings, PGN and database (default: the program's)"},
        {"cmd", "PROGRAM", "the program to start (required)"},
        {"arg", "ARG", "one argument for the program (repeat it for more)"},
        {"dir", "DIR", "the program's working directory"},
        {"option.NAME", "VALUE", "an engine option (UCI setoption, XBoard option)"},
        {"proto", "uci|xboard", "the protocol it speaks (default: uci)"},
        {"book", "FILE", "a Polyglot book its moves are played from while it has one"},
        {"bookdepth", "N", "at most N of its moves from the book (default: 1000)"},
        {"restart", "on|off|auto", "on: a new process for every game (default: off; auto is off)"},
        {"stderr", "FILE", "append its stderr to FILE (default: logs/NAME.stderr.log)"},
        {"ponder", "true|false", "think on the opponent's time (default: false)"},
        {"rating", "ELO",
         "its rating: a Swiss's initial ranking, highest first (default: its Elo over the "
         "database's earlier tournaments, or unrated)"},
        {"depth", "D", "its own depth limit (its limits replace the tournament's)"},
        {"nodes", "N", "its own node limit"},
        {"movetime", "MS", "its own time per move"},
        {"tc", "TC", "its own time control: SECONDS+INC, MOVES/SECONDS+INC, periods ..."},
    };
    return KEYS;
}

EngineConfig parse_engine_spec(std::string_view spec) {
    const std::string where = "--engine " + std::string(spec);
    EngineConfig engine;
    try {
        for (const auto& [key, value] : split_key_values(spec)) {
            if (key == "name")
                engine.name = value;
            else if (key == "cmd")
                engine.command = value;
            else if (key == "arg")
                engine.args.push_back(value);
            else if (key == "dir")
                engine.working_dir = value;
            else if (key.rfind("option.", 0) == 0 && key.size() > 7)
                add_option(engine, key.substr(7), value, "");
            else if (read_engine_setting(engine, key, value))
                continue;
            else if (!read_limit(engine.limits, key, value)) {
                std::string known;
                for (const EngineSpecKey& k : engine_spec_keys())
                    known += (known.empty() ? "" : ", ") + std::string(k.key);
                throw ConfigError("unknown key '" + key + "' (known: " + known + ")");
            }
        }
        if (engine.command.empty()) throw ConfigError("cmd=PROGRAM is missing");
    } catch (const ConfigError& e) {
        throw ConfigError(where + ": " + e.what());
    }
    if (engine.name.empty()) engine.name = default_name(engine.command);
    if (engine.name.empty())
        throw ConfigError(where + ": name=NAME is needed, as cmd=" + engine.command +
                          " names no file to take it from");
    return engine;
}

EngineConfig engine_from_json(const json::Value& value, const std::string& where) {
    if (!value.is_object()) throw ConfigError(where + ": an engine must be a JSON object");
    EngineConfig engine;
    // The text-shaped keys (names, paths, option values, which reach the engine as text).
    auto text = [&](const std::string& key, const json::Value& v) -> std::string {
        try {
            return std::string(SettingValue(v, key).text());
        } catch (const ConfigError& e) {
            throw ConfigError(where + ": " + e.what());
        }
    };
    for (const auto& [key, v] : value.as_object()) {
        if (key == "name")
            engine.name = text(key, v);
        else if (key == "cmd")
            engine.command = text(key, v);
        else if (key == "dir")
            engine.working_dir = text(key, v);
        else if (key == "arg" || key == "args") {
            if (v.is_array())
                for (const auto& a : v.as_array()) engine.args.push_back(text(key, a));
            else
                engine.args.push_back(text(key, v));
        } else if (key == "options") {
            if (!v.is_object()) throw ConfigError(where + ": \"options\" must be an object");
            for (const auto& [name, option] : v.as_object())
                add_option(engine, name, text(name, option), where);
        } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
            add_option(engine, key.substr(7), text(key, v), where);
        } else {
            bool is_limit = false;
            try {
                is_limit = read_engine_setting(engine, key, SettingValue(v, key)) ||
                           read_limit(engine.limits, key, SettingValue(v, key));
            } catch (const ConfigError& e) {
                throw ConfigError(where + ": " + e.what());
            }
            if (!is_limit) throw ConfigError(where + ": unknown key \"" + key + "\"");
        }
    }
    if (engine.command.empty()) throw ConfigError(where + ": \"cmd\" is missing");
    if (engine.name.empty()) engine.name = default_name(engine.command);
    if (engine.name.empty())
        throw ConfigError(where + ": \"name\" is needed, as \"cmd\" " +
                          json::quote(engine.command) + " names no file to take it from");
    return engine;
}

json::Value to_json(const SearchLimitConfig& limits) {
    json::Value v{json::Object{}};
    if (limits.depth) v.set("depth", *limits.depth);
    if (limits.nodes) v.set("nodes", *limits.nodes);
    if (limits.movetime_ms) v.set("movetime", *limits.movetime_ms);
    if (limits.tc) v.set("tc", to_string(*limits.tc));
    return v;
}

json::Value to_json(const EngineConfig& engine) {
    json::Value v{json::Object{}};
    v.set("name", engine.name);
    v.set("cmd", engine.command);
    json::Value args{json::Array{}};
    for (const auto& a : engine.args) args.push(a);
    v.set("args", args);
    if (!engine.working_dir.empty()) v.set("dir", engine.working_dir);
    json::Value options{json::Object{}};
    for (const auto& [name, value] : engine.options) options.set(name, value);
    v.set("options", options);
    json::Value limits = to_json(engine.limits);
    for (const auto& [key, limit] : limits.as_object()) v.set(key, limit);
    // Written only when not the defaults, so that older tournaments keep their identity.
    if (engine.protocol == EngineProtocol::xboard) v.set("proto", "xboard");
    if (!engine.book_path.empty()) {
        v.set("book", engine.book_path);
        v.set("bookdepth", engine.book_depth);
    }
    if (engine.restart_each_game) v.set("restart", "on");
    if (!engine.stderr_path.empty()) v.set("stderr", engine.stderr_path);
    if (engine.ponder) v.set("ponder", true);
    if (engine.rating != 0) v.set("rating", engine.rating);
    return v;
}

std::string read_text_file(const std::string& path) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
        throw ConfigError(path + ": is a directory, not a file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ConfigError("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw ConfigError("cannot read " + path);
    return text.str();
}

}  // namespace arbiter
