// A small JSON value with a strict parser and a writer, for configuration files, `--format json`
// output and the node-count baselines. Objects keep their keys in insertion order.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace arbiter::json {

// Thrown by parse(); the message gives the line and column of the problem.
class ParseError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class Value;
using Array = std::vector<Value>;
using Object = std::vector<std::pair<std::string, Value>>;

// One JSON value: null, boolean, number, string, array or object. A number written without a
// fraction or an exponent is held exactly, as a 64-bit integer (unsigned above the signed range);
// any other number is a double. Numbers compare by value, whichever way they are held.
class Value {
  public:
    Value() : data_(nullptr) {}
    Value(std::nullptr_t) : data_(nullptr) {}
    Value(bool b) : data_(b) {}
    Value(int n) : data_(std::int64_t(n)) {}
    Value(std::int64_t n) : data_(n) {}
    Value(std::uint64_t n);
    Value(double n) : data_(n) {}
    Value(const char* s) : data_(std::string(s)) {}
    Value(std::string s) : data_(std::move(s)) {}
    Value(std::string_view s) : data_(std::string(s)) {}
    Value(Array a) : data_(std::move(a)) {}
    Value(Object o) : data_(std::move(o)) {}

    bool is_null() const { return std::holds_alternative<std::nullptr_t>(data_); }
    bool is_bool() const { return std::holds_alternative<bool>(data_); }
    bool is_number() const { return is_integer() || std::holds_alternative<double>(data_); }
    // A number held exactly: written without a fraction or an exponent, within 64 bits.
    bool is_integer() const {
        return std::holds_alternative<std::int64_t>(data_) ||
               std::holds_alternative<std::uint64_t>(data_);
    }
    bool is_string() const { return std::holds_alternative<std::string>(data_); }
    bool is_array() const { return std::holds_alternative<Array>(data_); }
    bool is_object() const { return std::holds_alternative<Object>(data_); }

    // Typed access; throws std::runtime_error naming the expected type on a mismatch.
    bool as_bool() const;
    double as_number() const;  // an integer is rounded to the nearest double
    // Exact; a double converts when it is whole and within range; throws on a fraction.
    std::int64_t as_integer() const;
    std::uint64_t as_unsigned() const;  // likewise, and throws on a negative number
    const std::string& as_string() const;
    const Array& as_array() const;
    const Object& as_object() const;
    Array& as_array();
    Object& as_object();

    // Object member lookup: nullptr when absent (or when this is not an object).
    const Value* find(std::string_view key) const;
    // Adds or replaces a member of an object (a null value becomes an empty object first).
    Value& set(std::string_view key, Value value);
    // Appends to an array (a null value becomes an empty array first).
    Value& push(Value value);

    // Compact text when indent < 0, otherwise pretty-printed with that many spaces per level.
    std::string dump(int indent = -1) const;

    bool operator==(const Value& other) const;

  private:
    // std::uint64_t only above INT64_MAX, so that each integer has one form.
    std::variant<std::nullptr_t, bool, std::int64_t, std::uint64_t, double, std::string, Array,
                 Object>
        data_;
};

// Parses a whole document (trailing whitespace only).
Value parse(std::string_view text);

// The JSON text of a string, quotes included.
std::string quote(std::string_view text);

}  // namespace arbiter::json
