#include "harness/config/json.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

namespace arbiter::json {

namespace {

[[noreturn]] void type_error(const char* expected) {
    throw std::runtime_error(std::string("JSON value is not ") + expected);
}

class Parser {
  public:
    explicit Parser(std::string_view text) : text_(text) {}

    Value document() {
        Value v = value(0);
        skip_space();
        if (pos_ != text_.size()) fail("unexpected text after the value");
        return v;
    }

  private:
    [[noreturn]] void fail(const std::string& what) const {
        int line = 1, column = 1;
        for (std::size_t i = 0; i < pos_ && i < text_.size(); ++i) {
            if (text_[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        throw ParseError("JSON line " + std::to_string(line) + ", column " +
                         std::to_string(column) + ": " + what);
    }

    void skip_space() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                       text_[pos_] == '\n' || text_[pos_] == '\r'))
            ++pos_;
    }

    bool consume(std::string_view word) {
        if (text_.substr(pos_, word.size()) != word) return false;
        pos_ += word.size();
        return true;
    }

    Value value(int depth) {
        if (depth > 200) fail("nesting is too deep");
        skip_space();
        if (pos_ >= text_.size()) fail("unexpected end of text");
        char c = text_[pos_];
        if (c == '{') return object(depth);
        if (c == '[') return array(depth);
        if (c == '"') return Value(string());
        if (consume("true")) return Value(true);
        if (consume("false")) return Value(false);
        if (consume("null")) return Value(nullptr);
        if (c == '-' || (c >= '0' && c <= '9')) return number();
        fail(std::string("unexpected character '") + c + "'");
    }

    Value object(int depth) {
        ++pos_;
        Value result{Object{}};
        skip_space();
        if (consume("}")) return result;
        while (true) {
            skip_space();
            if (pos_ >= text_.size() || text_[pos_] != '"')
                fail("expected a member name in quotes");
            std::string key = string();
            skip_space();
            if (!consume(":")) fail("expected ':' after a member name");
            Value v = value(depth + 1);
            if (result.find(key)) fail("member \"" + key + "\" appears twice");
            result.as_object().emplace_back(std::move(key), std::move(v));
            skip_space();
            if (consume("}")) return result;
            if (!consume(",")) fail("expected ',' or '}' in an object");
        }
    }

    Value array(int depth) {
        ++pos_;
        Value result{Array{}};
        skip_space();
        if (consume("]")) return result;
        while (true) {
            result.as_array().push_back(value(depth + 1));
            skip_space();
            if (consume("]")) return result;
            if (!consume(",")) fail("expected ',' or ']' in an array");
        }
    }

    // An integer literal (-?[0-9]+) is read exactly, as a signed or, above its range, an
    // unsigned 64-bit integer; a longer one, or one with a fraction or an exponent, as a double.
    Value number() {
        std::size_t start = pos_;
        if (text_[pos_] == '-') ++pos_;
        while (pos_ < text_.size() &&
               std::string_view("0123456789.eE+-").find(text_[pos_]) != std::string_view::npos)
            ++pos_;
        const char* first = text_.data() + start;
        const char* last = text_.data() + pos_;
        std::string_view digits(first + (*first == '-'),
                                std::size_t(last - first - (*first == '-')));
        if (!digits.empty() && digits.find_first_not_of("0123456789") == std::string_view::npos) {
            std::int64_t whole = 0;
            if (auto [end, ec] = std::from_chars(first, last, whole);
                ec == std::errc() && end == last)
                return Value(whole);
            std::uint64_t big = 0;
            if (auto [end, ec] = std::from_chars(first, last, big);
                ec == std::errc() && end == last)
                return Value(big);
        }
        double v = 0;
        auto [end, ec] = std::from_chars(first, last, v);
        if (ec != std::errc() || end != last || !std::isfinite(v)) {
            pos_ = start;
            fail("malformed number");
        }
        return Value(v);
    }

    unsigned hex4() {
        if (pos_ + 4 > text_.size()) fail("truncated \\u escape");
        unsigned code = 0;
        for (int i = 0; i < 4; ++i) {
            char c = text_[pos_++];
            code <<= 4;
            if (c >= '0' && c <= '9')
                code |= unsigned(c - '0');
            else if (c >= 'a' && c <= 'f')
                code |= unsigned(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                code |= unsigned(c - 'A' + 10);
            else
                fail("bad \\u escape");
        }
        return code;
    }

    static void append_utf8(std::string& out, unsigned code) {
        if (code < 0x80) {
            out += char(code);
        } else if (code < 0x800) {
            out += char(0xC0 | (code >> 6));
            out += char(0x80 | (code & 0x3F));
        } else if (code < 0x10000) {
            out += char(0xE0 | (code >> 12));
            out += char(0x80 | ((code >> 6) & 0x3F));
            out += char(0x80 | (code & 0x3F));
        } else {
            out += char(0xF0 | (code >> 18));
            out += char(0x80 | ((code >> 12) & 0x3F));
            out += char(0x80 | ((code >> 6) & 0x3F));
            out += char(0x80 | (code & 0x3F));
        }
    }

    std::string string() {
        ++pos_;  // opening quote
        std::string out;
        while (true) {
            if (pos_ >= text_.size()) fail("unterminated string");
            char c = text_[pos_++];
            if (c == '"') return out;
            if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (pos_ >= text_.size()) fail("unterminated string");
            char e = text_[pos_++];
            switch (e) {
                case '"':
                    out += '"';
                    break;
                case '\\':
                    out += '\\';
                    break;
                case '/':
                    out += '/';
                    break;
                case 'b':
                    out += '\b';
                    break;
                case 'f':
                    out += '\f';
                    break;
                case 'n':
                    out += '\n';
                    break;
                case 'r':
                    out += '\r';
                    break;
                case 't':
                    out += '\t';
                    break;
                case 'u': {
                    unsigned code = hex4();
                    if (code >= 0xD800 && code < 0xDC00 && consume("\\u")) {
                        unsigned low = hex4();
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                    }
                    append_utf8(out, code);
                    break;
                }
                default:
                    fail(std::string("bad escape '\\") + e + "'");
            }
        }
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

std::string number_text(double v) {
    if (v == std::floor(v) && std::fabs(v) < 9.0e15) return std::to_string(std::int64_t(v));
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return buffer;
}

void write(const Value& v, int indent, int level, std::string& out) {
    auto newline = [&](int l) {
        if (indent < 0) return;
        out += '\n';
        out.append(std::size_t(indent * l), ' ');
    };
    if (v.is_null())
        out += "null";
    else if (v.is_bool())
        out += v.as_bool() ? "true" : "false";
    else if (v.is_integer())
        out += v.as_number() < 0 ? std::to_string(v.as_integer()) : std::to_string(v.as_unsigned());
    else if (v.is_number())
        out += number_text(v.as_number());
    else if (v.is_string())
        out += quote(v.as_string());
    else if (v.is_array()) {
        const Array& a = v.as_array();
        out += '[';
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (i) out += ',';
            newline(level + 1);
            write(a[i], indent, level + 1, out);
        }
        if (!a.empty()) newline(level);
        out += ']';
    } else {
        const Object& o = v.as_object();
        out += '{';
        for (std::size_t i = 0; i < o.size(); ++i) {
            if (i) out += ',';
            newline(level + 1);
            out += quote(o[i].first);
            out += indent < 0 ? ":" : ": ";
            write(o[i].second, indent, level + 1, out);
        }
        if (!o.empty()) newline(level);
        out += '}';
    }
}

}  // namespace

bool Value::as_bool() const {
    if (!is_bool()) type_error("a boolean");
    return std::get<bool>(data_);
}
Value::Value(std::uint64_t n) {
    if (n <= std::uint64_t(std::numeric_limits<std::int64_t>::max()))
        data_ = std::int64_t(n);
    else
        data_ = n;
}

double Value::as_number() const {
    if (const auto* n = std::get_if<std::int64_t>(&data_)) return double(*n);
    if (const auto* n = std::get_if<std::uint64_t>(&data_)) return double(*n);
    if (!is_number()) type_error("a number");
    return std::get<double>(data_);
}
std::int64_t Value::as_integer() const {
    if (const auto* n = std::get_if<std::int64_t>(&data_)) return *n;
    if (std::holds_alternative<std::uint64_t>(data_)) type_error("a signed 64-bit integer");
    double v = as_number();
    if (v != std::floor(v) || std::fabs(v) > 9.0e18) type_error("an integer");
    return std::int64_t(v);
}
std::uint64_t Value::as_unsigned() const {
    if (const auto* n = std::get_if<std::uint64_t>(&data_)) return *n;
    if (const auto* n = std::get_if<std::int64_t>(&data_)) {
        if (*n < 0) type_error("an unsigned integer");
        return std::uint64_t(*n);
    }
    double v = as_number();
    if (v != std::floor(v) || v < 0 || v >= 18446744073709551616.0)
        type_error("an unsigned integer");
    return std::uint64_t(v);
}
bool Value::operator==(const Value& other) const {
    if (!is_number() || !other.is_number()) return data_ == other.data_;
    if (is_integer() && other.is_integer()) return data_ == other.data_;  // one form each
    const Value& integer = is_integer() ? *this : other;
    const double v = is_integer() ? other.as_number() : as_number();
    if (!integer.is_integer()) return v == other.as_number();  // two doubles
    if (v != std::floor(v) || v < -9223372036854775808.0 || v >= 18446744073709551616.0)
        return false;
    return v < 0 ? integer.as_number() < 0 && integer.as_integer() == std::int64_t(v)
                 : integer.as_number() >= 0 && integer.as_unsigned() == std::uint64_t(v);
}
const std::string& Value::as_string() const {
    if (!is_string()) type_error("a string");
    return std::get<std::string>(data_);
}
const Array& Value::as_array() const {
    if (!is_array()) type_error("an array");
    return std::get<Array>(data_);
}
const Object& Value::as_object() const {
    if (!is_object()) type_error("an object");
    return std::get<Object>(data_);
}
Array& Value::as_array() {
    if (!is_array()) type_error("an array");
    return std::get<Array>(data_);
}
Object& Value::as_object() {
    if (!is_object()) type_error("an object");
    return std::get<Object>(data_);
}

const Value* Value::find(std::string_view key) const {
    if (!is_object()) return nullptr;
    for (const auto& [k, v] : std::get<Object>(data_))
        if (k == key) return &v;
    return nullptr;
}

Value& Value::set(std::string_view key, Value value) {
    if (is_null()) data_ = Object{};
    for (auto& [k, v] : as_object())
        if (k == key) return v = std::move(value);
    return as_object().emplace_back(std::string(key), std::move(value)).second;
}

Value& Value::push(Value value) {
    if (is_null()) data_ = Array{};
    return as_array().emplace_back(std::move(value));
}

std::string Value::dump(int indent) const {
    std::string out;
    write(*this, indent, 0, out);
    return out;
}

Value parse(std::string_view text) {
    return Parser(text).document();
}

std::string quote(std::string_view text) {
    std::string out = "\"";
    for (char c : text) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buffer[8];
                    std::snprintf(buffer, sizeof buffer, "\\u%04x", unsigned(c));
                    out += buffer;
                } else {
                    out += c;
                }
        }
    }
    return out + '"';
}

}  // namespace arbiter::json
