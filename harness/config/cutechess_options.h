// The options of the cutechess-cli / fastchess command line that arbiter reads, each declared once:
// its name, what it takes, what it does and whose option it is. The dialect's reader takes its
// list of known options from this table, and -help / --help prints it in the style of the tool
// arbiter is speaking, so the usage cannot drift from what is read.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "harness/config/cutechess_args.h"

namespace arbiter::cutechess {

// Whose option it is: both tools', one of them, or arbiter's own addition to the dialect.
enum class Origin { both, cutechess, fastchess, arbiter };

// One option of the dialect: "-pgnout", "FILE [append=false] [nodes=true] ...", its meaning.
struct DialectOption {
    std::string_view name;
    std::string_view arguments;  // empty: the option takes no value
    std::string_view meaning;    // one line, as arbiter honours it
    Origin origin = Origin::both;
};

// Every option arbiter reads in this dialect, in the order its usage lists them.
std::span<const DialectOption> dialect_options();

// One key of an -engine or -each block ("tc", "TC|inf", its meaning). The usage lists them and
// the reader's "unknown engine key" message names them.
struct DialectEngineKey {
    std::string_view key;
    std::string_view value;  // empty: a bare key=VALUE whose value is ignored
    std::string_view meaning;
};

// Every key of an -engine block arbiter reads, in the usage's order.
std::span<const DialectEngineKey> dialect_engine_keys();

// An option of either tool that arbiter knows but refuses: why, and the nearest it honours.
struct RefusedOption {
    std::string_view name;
    std::string_view why;
    std::string_view instead;
};

// Every refused option; the reader's refusal message is made from its entry.
std::span<const RefusedOption> refused_options();

// True for the arguments that ask for the usage in both tools: -help and --help.
bool is_help_option(std::string_view argument);

}  // namespace arbiter::cutechess

namespace arbiter {

// The usage arbiter prints for -help / --help when speaking as `personality`: that tool's
// options as arbiter honours them (cutechess-cli's tabbed list, fastchess's manual form), then
// the other options arbiter also reads; under its own name, every option of the dialect.
std::string dialect_usage(Personality personality);

}  // namespace arbiter
