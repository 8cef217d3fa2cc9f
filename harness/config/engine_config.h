// How the user describes an engine and its search limits: the `--engine key=value,...` text, a
// JSON engines file, and time controls such as "40/60+0.6" or "10+0.1". Shared by
// `arbiter tournament` and `arbiter nodes`.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "harness/config/json.h"
#include "harness/config/time_control.h"
#include "harness/config/values.h"

namespace arbiter {

// The limit of each search: exactly one kind is normally set; fields left empty are inherited
// from the tournament's global limits.
struct SearchLimitConfig {
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<std::int64_t> movetime_ms;
    std::optional<TimeControl> tc;

    bool empty() const { return !depth && !nodes && !movetime_ms && !tc; }
    // These limits where set, the fallback's elsewhere (an engine's own limit replaces the
    // global one of any kind).
    SearchLimitConfig or_else(const SearchLimitConfig& fallback) const {
        return empty() ? fallback : *this;
    }
    bool operator==(const SearchLimitConfig&) const = default;
};

// Reads one limit key ("depth", "nodes", "movetime", "tc") into `limits`; false if `key` is not a
// limit. Throws ConfigError with the rule's message for a bad value.
bool read_limit(SearchLimitConfig& limits, std::string_view key, const SettingValue& value);
// Checks limits built in code against the same rules as read_limit().
void validate(const SearchLimitConfig& limits);

// The protocol an engine speaks (`proto=uci`, the default, or `proto=xboard` for CECP).
enum class EngineProtocol { uci, xboard };

// One engine as configured by the user.
struct EngineConfig {
    std::string name;
    std::string command;
    std::vector<std::string> args;
    std::string working_dir;
    std::vector<std::pair<std::string, std::string>> options;  // sent with setoption, in order
    SearchLimitConfig limits;
    EngineProtocol protocol = EngineProtocol::uci;
    // cutechess's book=FILE bookdepth=N: the harness plays this engine's moves from a Polyglot
    // book while the book has one and the engine has made fewer than book_depth of them.
    std::string book_path;
    int book_depth = DEFAULT_BOOK_DEPTH;
    // cutechess's restart=on: a fresh engine process for every game (quit after each game). Off
    // (auto, off): a process is kept between games and restarted only after a crash or stall.
    bool restart_each_game = false;
    // cutechess's stderr=FILE: the engine's stderr is appended to FILE (relative to arbiter's
    // working directory) instead of logs/NAME.stderr.log beside the database.
    std::string stderr_path;
    // cutechess's ponder: it thinks on the opponent's time (harness/game/ponder.h).
    bool ponder = false;
    // Its rating (rating=ELO): a Swiss's initial ranking, highest first; 0 is unrated: placed
    // after the rated, by the pool's Elo from the database's earlier tournaments, else by name
    // (harness/tournament/initial_ranking.h).
    int rating = 0;

    static constexpr int DEFAULT_BOOK_DEPTH = 1000;

    bool operator==(const EngineConfig&) const = default;
};

// Reads one key an engine has beside its name, command, options and limits (proto, book,
// bookdepth, restart, stderr, ponder, rating) into `engine`; false if `key` is none of them. Throws
// ConfigError.
bool read_engine_setting(EngineConfig& engine, std::string_view key, const SettingValue& value);

// One key of an --engine spec: the key ("option.NAME" for the engine's options), its value's
// form and what it does. parse_engine_spec() names these in its "known:" message and
// `arbiter tournament --help` lists them, so neither can miss one.
struct EngineSpecKey {
    std::string_view key;
    std::string_view value;
    std::string_view meaning;
};

// Every key parse_engine_spec() reads, in the order of the help.
std::span<const EngineSpecKey> engine_spec_keys();

// Parses "name=ab,cmd=build/bin/alphabeta,arg=-x,option.Hash=16,depth=4". A comma or backslash
// inside a value is written "\," or "\\". The name defaults to the command's file name.
EngineConfig parse_engine_spec(std::string_view spec);

// Reads one engine from a JSON object with the same keys ("args" may be an array and "options"
// an object). `where` names the file (and entry) for error messages.
EngineConfig engine_from_json(const json::Value& value, const std::string& where);
json::Value to_json(const EngineConfig& engine);
json::Value to_json(const SearchLimitConfig& limits);
// The longest engine name, in bytes: its stderr log is NAME.stderr.log (NAME-2... for a second
// engine of the name), and a file name holds at most 255 bytes.
constexpr std::size_t MAX_ENGINE_NAME_BYTES = 200;

// Checks an engine built in code: a name of printable text, with no space at either end and at
// most MAX_ENGINE_NAME_BYTES long, a command and limits that read_limit() would accept, and no
// node limit for an XBoard engine (the protocol has no command for one).
void validate(const EngineConfig& engine);

// Reads a whole file; throws ConfigError naming it when it cannot be read.
std::string read_text_file(const std::string& path);

// Throws ConfigError "two engines are named X; give each a name=" if two engines share a name:
// results are kept and shown by name (`arbiter tournament` and `arbiter nodes` alike).
void validate_distinct_names(std::span<const EngineConfig> engines);

}  // namespace arbiter
