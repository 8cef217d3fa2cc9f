#include "engines/uci/options.h"

#include <cctype>
#include <charconv>
#include <utility>

namespace arbiter {

bool equal_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

void OptionRegistry::add_spin(std::string name, std::int64_t default_value, std::int64_t min,
                              std::int64_t max, OnChange<std::int64_t> on_change) {
    Option o{std::move(name),
             Type::spin,
             std::to_string(default_value),
             std::to_string(default_value),
             min,
             max,
             {},
             nullptr};
    o.apply = [on_change](const std::string& text) { return on_change(std::stoll(text)); };
    options_.push_back(std::move(o));
}

void OptionRegistry::add_combo(std::string name, std::string default_value,
                               std::vector<std::string> choices,
                               OnChange<const std::string&> on_change) {
    Option o{std::move(name),    Type::combo, default_value, default_value, 0, 0,
             std::move(choices), nullptr};
    o.apply = [on_change](const std::string& text) { return on_change(text); };
    options_.push_back(std::move(o));
}

void OptionRegistry::add_check(std::string name, bool default_value, OnChange<bool> on_change) {
    std::string text = default_value ? "true" : "false";
    Option o{std::move(name), Type::check, text, text, 0, 0, {}, nullptr};
    o.apply = [on_change](const std::string& text) { return on_change(text == "true"); };
    options_.push_back(std::move(o));
}

void OptionRegistry::add_string(std::string name, std::string default_value,
                                OnChange<const std::string&> on_change) {
    Option o{std::move(name), Type::string, default_value, default_value, 0, 0, {}, nullptr};
    o.apply = [on_change](const std::string& text) { return on_change(text); };
    options_.push_back(std::move(o));
}

void OptionRegistry::add_button(std::string name, std::function<void()> on_press) {
    Option o{std::move(name), Type::button, "", "", 0, 0, {}, nullptr};
    o.apply = [on_press](const std::string&) {
        on_press();
        return std::string();
    };
    options_.push_back(std::move(o));
}

std::vector<std::string> OptionRegistry::uci_lines() const {
    std::vector<std::string> lines;
    for (const Option& o : options_) {
        std::string line = "option name " + o.name + " type ";
        switch (o.type) {
            case Type::spin:
                line += "spin default " + o.default_value + " min " + std::to_string(o.min) +
                        " max " + std::to_string(o.max);
                break;
            case Type::combo:
                line += "combo default " + o.default_value;
                for (const std::string& c : o.choices) line += " var " + c;
                break;
            case Type::check:
                line += "check default " + o.default_value;
                break;
            case Type::button:
                line += "button";
                break;
            case Type::string:
                line += "string default " + (o.default_value.empty() ? "<empty>" : o.default_value);
                break;
        }
        lines.push_back(std::move(line));
    }
    return lines;
}

const OptionRegistry::Option* OptionRegistry::find(std::string_view name) const {
    for (const Option& o : options_)
        if (equal_ignoring_case(o.name, name)) return &o;
    return nullptr;
}

std::string OptionRegistry::value(std::string_view name) const {
    const Option* o = find(name);
    return o ? o->current : std::string();
}

std::string OptionRegistry::set(std::string_view name, std::string_view value) {
    Option* o = find(name);
    if (!o) return "no such option: '" + std::string(name) + "'";
    std::string checked;
    switch (o->type) {
        case Type::spin: {
            std::int64_t n = 0;
            auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
            if (value.empty() || ec != std::errc() || end != value.data() + value.size())
                return "option " + o->name + ": '" + std::string(value) + "' is not an integer";
            if (n < o->min || n > o->max)
                return "option " + o->name + ": " + std::string(value) + " is out of range [" +
                       std::to_string(o->min) + ", " + std::to_string(o->max) + "]";
            checked = std::to_string(n);
            break;
        }
        case Type::combo: {
            for (const std::string& c : o->choices)
                if (equal_ignoring_case(c, value)) checked = c;
            if (checked.empty()) {
                std::string all;
                for (const std::string& c : o->choices) all += (all.empty() ? "" : ", ") + c;
                return "option " + o->name + ": '" + std::string(value) + "' is not one of " + all;
            }
            break;
        }
        case Type::check:
            if (equal_ignoring_case(value, "true"))
                checked = "true";
            else if (equal_ignoring_case(value, "false"))
                checked = "false";
            else
                return "option " + o->name + ": '" + std::string(value) + "' is not true or false";
            break;
        case Type::button:
            break;
        case Type::string:
            checked = value == "<empty>" ? std::string() : std::string(value);
            break;
    }
    if (std::string error = o->apply(checked); !error.empty())
        return "option " + o->name + ": " + error;
    o->current = checked;
    return {};
}

}  // namespace arbiter
