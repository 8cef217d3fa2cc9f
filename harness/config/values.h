// The rules every configuration value is checked against, and the one reader of `key=value,...`
// lists. Whichever way a value arrives (a JSON file, an `--engine`/`--draw`/`--sprt` list or a
// command-line flag), it is read and checked here, so the message for a bad value is the same.
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/config/json.h"

namespace arbiter {

// Thrown for a configuration the user must fix; the message names the key, value or file.
class ConfigError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A whole-number setting: its key, the values it accepts and how to say so in a message.
struct IntegerRule {
    std::string_view key;
    std::int64_t min = 0;
    std::int64_t max = std::numeric_limits<std::int64_t>::max();
    std::string_view what;  // "a positive integer"
};

// The longest time in milliseconds any timeout, margin, move time or pause may be: about 31
// years. Deadlines are steady-clock nanoseconds; a game adds up to three such values to the
// clock's reading, which stays far below the 64-bit limit at this bound (and not at 10^13 ms).
constexpr std::int64_t MAX_TIMEOUT_MS = 1'000'000'000'000;

// Games (`arbiter tournament`) or workers (`arbiter nodes`) at once: one rule for both, unset
// meaning one per core (default_concurrency()).
constexpr IntegerRule CONCURRENCY_RULE{"concurrency", 1, std::numeric_limits<int>::max(),
                                       "a positive integer"};

// The number of cores of this machine, at least 1.
int default_concurrency();

// A decimal setting (SPRT bounds and error rates): any finite number; ranges are checked by the
// type's own validation.
struct NumberRule {
    std::string_view key;
    std::string_view what;
};

// One setting's value as it arrived: the text of a flag or of a key=value list, or a scalar of a
// JSON file held as read (an integer with all its 64 bits, a double, a bool, a string). The rules
// below read a JSON number as the number it is; only a setting whose grammar is text (a time
// control, a path, a choice) reads its text, and a JSON number's text is its JSON form.
class SettingValue {
  public:
    SettingValue(std::string_view text) : given_(text) {}
    SettingValue(const std::string& text) : given_(text) {}
    SettingValue(const char* text) : given_(text) {}
    // A JSON scalar, kept by reference. Throws ConfigError naming `key` for an array or object.
    SettingValue(const json::Value& value, std::string_view key);

    // The JSON number, or nullptr for text (and for a JSON string or bool).
    const json::Value* number() const { return json_ && json_->is_number() ? json_ : nullptr; }
    // The text: as given, a JSON string's content, or a JSON number's or bool's JSON text.
    std::string_view text() const { return json_ && !json_->is_string() ? json_text_ : given_; }
    operator std::string_view() const { return text(); }
    bool empty() const { return text().empty(); }

  private:
    std::string_view given_;
    const json::Value* json_ = nullptr;
    std::string json_text_;  // a JSON number's or bool's text, for the readers of text
};

// "nodes must be a positive integer (got -5)"; `got` is cut to a readable length.
std::string rule_message(std::string_view key, std::string_view what, std::string_view got);

// Reads a whole number in the rule's range: a JSON number as it is held (a double only when
// whole), text as written. Throws ConfigError(rule_message(...)).
std::int64_t read_integer(const IntegerRule& rule, const SettingValue& value);
// Checks a value already in a struct against the same rule, with the same message.
void check_integer(const IntegerRule& rule, std::int64_t value);
// Reads a finite decimal number: a JSON number as it is held, text as written. Throws
// ConfigError(rule_message(...)).
double read_number(const NumberRule& rule, const SettingValue& value);
// Reads one of `choices`. Throws ConfigError naming them.
std::string read_choice(std::string_view key, std::string_view text,
                        const std::vector<std::string_view>& choices);
// Reads "true" or "false" as a bool. Throws ConfigError naming `key`.
bool read_bool(std::string_view key, std::string_view text);
// Reads a file name: any text but the empty one. Throws ConfigError("KEY must name a file").
std::string read_file_name(std::string_view key, std::string_view text);

using KeyValues = std::vector<std::pair<std::string, std::string>>;
// Keys with their values as they arrived (a JSON object's scalars as held).
using SettingValues = std::vector<std::pair<std::string, SettingValue>>;
// The items of a key=value list as values (views of `items`, which must outlive them).
SettingValues setting_values(const KeyValues& items);

// Splits "key=value,key=value" on unescaped commas ("\," and "\\" escape a comma or backslash
// inside a value; any other backslash is kept, so "name=a\b" names "a\b"). Empty items are
// skipped. Throws ConfigError("'item' is not key=value").
KeyValues split_key_values(std::string_view text);

}  // namespace arbiter
