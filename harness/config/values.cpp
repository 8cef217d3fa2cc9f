#include "harness/config/values.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <thread>

namespace arbiter {

namespace {

// Longest piece of a rejected value quoted back to the user.
constexpr std::size_t QUOTED_VALUE_LIMIT = 40;

}  // namespace

int default_concurrency() {
    return int(std::max(1u, std::thread::hardware_concurrency()));
}

std::string rule_message(std::string_view key, std::string_view what, std::string_view got) {
    std::string shown(got.substr(0, QUOTED_VALUE_LIMIT));
    if (got.size() > QUOTED_VALUE_LIMIT) shown += "...";
    return std::string(key) + " must be " + std::string(what) + " (got " +
           (shown.empty() ? std::string("nothing") : shown) + ")";
}

namespace {

// The rule's message; for a whole number above the range it also names the largest accepted
// ("rounds must be a positive integer, at most 2147483647 (got 2147483648)"), unless the rule's
// words already do ("a depth from 1 to 1000").
ConfigError integer_error(const IntegerRule& rule, std::string_view text, bool above) {
    if (!above || rule.what.find(std::to_string(rule.max)) != std::string_view::npos)
        return ConfigError(rule_message(rule.key, rule.what, text));  // the range is said
    return ConfigError(rule_message(
        rule.key, std::string(rule.what) + ", at most " + std::to_string(rule.max), text));
}

}  // namespace

namespace {

// A JSON double as text: a whole one written out in full ("9e+18" would not read as an integer
// where a setting's grammar is text), any other as JSON writes it.
std::string whole_number_text(const json::Value& value) {
    const double number = value.as_number();
    if (number == std::floor(number) && std::fabs(number) < 1e19) {
        char text[32];
        std::snprintf(text, sizeof text, "%.0f", number);
        return text;
    }
    return value.dump();
}

}  // namespace

SettingValue::SettingValue(const json::Value& value, std::string_view key) : json_(&value) {
    if (value.is_string())
        given_ = value.as_string();
    else if (value.is_integer() || value.is_bool())
        json_text_ = value.dump();  // an integer exactly, all 64 bits
    else if (value.is_number())
        json_text_ = whole_number_text(value);
    else
        throw ConfigError(std::string(key) + " must be a string or a number");
}

namespace {

// A JSON number as a whole number of the rule: an integer as held, a double when whole; `text`
// (the value's text) for the message.
std::int64_t json_integer(const IntegerRule& rule, const json::Value& number,
                          std::string_view text) {
    std::int64_t value = 0;
    try {
        value = number.as_integer();
    } catch (const std::exception&) {
        // Above the signed range (or a double beyond it) says the most the rule takes.
        const bool above =
            number.as_number() > 0 && number.as_number() == std::floor(number.as_number());
        throw integer_error(rule, text, above);
    }
    if (value < rule.min || value > rule.max) throw integer_error(rule, text, value > rule.max);
    return value;
}

}  // namespace

std::int64_t read_integer(const IntegerRule& rule, const SettingValue& given) {
    if (const json::Value* number = given.number())
        return json_integer(rule, *number, given.text());
    const std::string_view text = given.text();
    std::int64_t value = 0;
    const char* end = text.data() + text.size();
    auto [position, error] = std::from_chars(text.data(), end, value);
    const bool whole = !text.empty() && position == end;
    if (whole && error == std::errc::result_out_of_range && text[0] != '-')
        throw integer_error(rule, text, true);
    if (!whole || error != std::errc() || value < rule.min || value > rule.max)
        throw integer_error(rule, text, whole && error == std::errc() && value > rule.max);
    return value;
}

void check_integer(const IntegerRule& rule, std::int64_t value) {
    if (value < rule.min || value > rule.max)
        throw integer_error(rule, std::to_string(value), value > rule.max);
}

double read_number(const NumberRule& rule, const SettingValue& given) {
    if (const json::Value* number = given.number()) {
        if (!std::isfinite(number->as_number()))
            throw ConfigError(rule_message(rule.key, rule.what, given.text()));
        return number->as_number();
    }
    const std::string_view text = given.text();
    double value = 0;
    const char* end = text.data() + text.size();
    auto [position, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || position != end || !std::isfinite(value))
        throw ConfigError(rule_message(rule.key, rule.what, text));
    return value;
}

std::string read_choice(std::string_view key, std::string_view text,
                        const std::vector<std::string_view>& choices) {
    std::string list;
    for (std::size_t i = 0; i < choices.size(); ++i) {
        if (choices[i] == text) return std::string(text);
        list += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + std::string(choices[i]);
    }
    throw ConfigError(rule_message(key, list, text));
}

bool read_bool(std::string_view key, std::string_view text) {
    return read_choice(key, text, {"true", "false"}) == "true";
}

std::string read_file_name(std::string_view key, std::string_view text) {
    if (text.empty()) throw ConfigError(std::string(key) + " must name a file");
    return std::string(text);
}

SettingValues setting_values(const KeyValues& items) {
    SettingValues values;
    for (const auto& [key, text] : items) values.emplace_back(key, SettingValue(text));
    return values;
}

KeyValues split_key_values(std::string_view text) {
    std::vector<std::string> items(1);
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == ',' || text[i + 1] == '\\'))
            items.back() += text[++i];
        else if (text[i] == ',')
            items.emplace_back();
        else
            items.back() += text[i];
    }
    KeyValues pairs;
    for (const std::string& item : items) {
        if (item.empty()) continue;
        auto equals = item.find('=');
        if (equals == std::string::npos || equals == 0)
            throw ConfigError("'" + item + "' is not key=value");
        pairs.emplace_back(item.substr(0, equals), item.substr(equals + 1));
    }
    return pairs;
}

}  // namespace arbiter
