#include "engines/eval/evaluate.h"

#include <cctype>

namespace arbiter::eval {

std::optional<Kind> parse_kind(std::string_view name) {
    auto equal = [](std::string_view a, std::string_view b) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (std::tolower(static_cast<unsigned char>(a[i])) != b[i]) return false;
        return true;
    };
    for (Kind kind : {Kind::simplified, Kind::material})
        if (equal(name, kind_name(kind))) return kind;
    return std::nullopt;
}

}  // namespace arbiter::eval
