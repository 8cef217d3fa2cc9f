// The UCI option registry. Each option is declared once, with its type, default, range or
// choices and the action that applies a new value; the `uci` listing and `setoption` both work
// from that one declaration, so they cannot drift apart.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

class OptionRegistry {
  public:
    // An action applying a new value; returns an empty string, or why the value was refused.
    template <typename T>
    using OnChange = std::function<std::string(T)>;

    // Declares an integer option with an inclusive range.
    void add_spin(std::string name, std::int64_t default_value, std::int64_t min, std::int64_t max,
                  OnChange<std::int64_t> on_change);
    // Declares an option taking one of `choices` (compared without regard to case).
    void add_combo(std::string name, std::string default_value, std::vector<std::string> choices,
                   OnChange<const std::string&> on_change);
    // Declares a true/false option.
    void add_check(std::string name, bool default_value, OnChange<bool> on_change);
    // Declares a free-text option (a file name, say); `<empty>` stands for the empty string, as
    // UCI lists an empty default.
    void add_string(std::string name, std::string default_value,
                    OnChange<const std::string&> on_change);
    // Declares a button: an option without a value that triggers an action.
    void add_button(std::string name, std::function<void()> on_press);

    // The `option name ... type ...` lines of the `uci` answer, in declaration order.
    std::vector<std::string> uci_lines() const;

    // Applies `setoption name <name> value <value>` (names compared without regard to case).
    // Returns an empty string on success, otherwise a message saying what was wrong; the
    // option keeps its value then.
    std::string set(std::string_view name, std::string_view value);

    // True if an option of that name (compared without regard to case) is declared.
    bool has(std::string_view name) const { return find(name) != nullptr; }
    // The current value of an option as text; empty for buttons and undeclared names.
    std::string value(std::string_view name) const;

  private:
    enum class Type { spin, combo, check, button, string };
    struct Option {
        std::string name;
        Type type;
        std::string default_value;
        std::string current;
        std::int64_t min = 0, max = 0;
        std::vector<std::string> choices;
        std::function<std::string(const std::string&)> apply;  // gets the checked value
    };
    const Option* find(std::string_view name) const;
    Option* find(std::string_view name) {
        return const_cast<Option*>(static_cast<const OptionRegistry*>(this)->find(name));
    }

    std::vector<Option> options_;
};

// True if a and b are equal but for the case of ASCII letters.
bool equal_ignoring_case(std::string_view a, std::string_view b);

}  // namespace arbiter
