// The options of the cutechess-cli / fastchess command line that arbiter reads, each declared once:
// its name, what it takes, what it does and whose option it is. The dialect's reader takes its
// list of known options from this table, and -help / --help prints it in the style of the tool
// arbiter is speaking, so the usage cannot drift from what is read.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "harness/dialect/command_line/cutechess_args.h"

namespace arbiter {
struct CutechessEngineExtras;  // cutechess_engine.h
}  // namespace arbiter

namespace arbiter::cutechess {

// Whose option it is: both tools', one of them, or arbiter's own addition to the dialect.
enum class Origin { both, cutechess, fastchess, arbiter };

struct Option;   // one option as given (cutechess_reading.h)
struct Reading;  // the command line read so far (cutechess_reading.h)

// What an option takes, checked before its entry fills anything: nothing, exactly one value,
// values joined by commas (key=value lists) or by spaces (a name), or whatever its reader checks.
enum class Shape { none, one, comma_joined, space_joined, free };

// Fills the reading from one option of the command line. Throws ConfigError.
using OptionReader = void (*)(Reading& reading, const Option& option);

// One option of the dialect, read or refused: "-pgnout", "FILE [append=false] ...", its
// meaning, whose option it is and what it takes; then what reading it does: `read` fills the
// reading, `setting` names the tournament setting (tournament_table()) its values go to as the
// value of that flag would, or both. A refused option has neither, but `why` and `instead` (the
// nearest supported) for its message, and is left out of the usage.
struct DialectOption {
    std::string_view name;
    std::string_view arguments;  // empty: the option takes no value
    std::string_view meaning;    // one line, as arbiter honours it
    Origin origin = Origin::both;
    Shape shape = Shape::none;
    OptionReader read = nullptr;
    std::string_view setting{};
    std::string_view why{};
    std::string_view instead{};

    constexpr bool refused() const { return !why.empty(); }
};

// An option of either tool that arbiter knows but refuses: an entry of the same table.
using RefusedOption = DialectOption;

// The whole table: the options read, in the order the usage lists them, then those refused.
std::span<const DialectOption> dialect_table();
// Every option arbiter reads in this dialect (the table's first part), in the usage's order.
std::span<const DialectOption> dialect_options();
// Every refused option (the table's last part); the reader's refusal message is made from it.
std::span<const RefusedOption> refused_options();
// The table's entry named `name` (read or refused), or nullptr.
const DialectOption* find_dialect_option(std::string_view name);

// Fills an engine from one key=value of its block: the key as given (option.NAME whole), the
// value, the dialect's extras of that engine and the run's warnings. Throws ConfigError.
using EngineKeyReader = void (*)(EngineConfig& engine, CutechessEngineExtras& extras,
                                 const std::string& key, const std::string& value,
                                 std::vector<std::string>& warnings);

// One key of an -engine or -each block, declared once ("tc", "TC|inf", its meaning, its reader):
// the usage lists it, the reader dispatches by it, the "unknown engine key" message names it.
// "option.NAME" stands for every key that starts with "option.".
struct DialectEngineKey {
    std::string_view key;
    std::string_view value;  // empty: a bare key=VALUE whose value is ignored
    std::string_view meaning;
    EngineKeyReader read = nullptr;
};

// Every key of an -engine block arbiter reads, in the usage's order (cutechess_engine.cpp).
std::span<const DialectEngineKey> dialect_engine_keys();

// True for the arguments that ask for the usage in both tools: -help and --help.
bool is_help_option(std::string_view argument);

}  // namespace arbiter::cutechess

namespace arbiter {

// The usage arbiter prints for -help / --help when speaking as `spoken_tool`: that tool's
// options as arbiter honours them (cutechess-cli's tabbed list, fastchess's manual form), then
// the other options arbiter also reads; under its own name, every option of the dialect.
std::string dialect_usage(SpokenTool spoken_tool);

}  // namespace arbiter
