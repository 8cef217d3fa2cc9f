// The keys of fastchess's saved configuration (fastchess_saved_config.h) as one table: each top-
// level key of the run's switches and schedule with how it is written from a command and how it
// reads back as the option it stands for, so that the writer and `-config file=`'s reader
// (cutechess_files.cpp) walk the same list. Not for use outside harness/dialect/command_line.
#pragma once

#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "harness/config/json.h"
#include "harness/config/tournament_config.h"

namespace arbiter::cutechess {

// A number as a command line gives it: 16, 0.05, -2.5.
inline std::string number_text(double value) {
    char text[40];
    std::snprintf(text, sizeof text, "%.15g", value);
    return text;
}

// Reads fields of one JSON object, each error naming the file and the field.
class Fields {
  public:
    Fields(const json::Value* object, std::string where)
        : object_(object && object->is_object() ? object : nullptr), where_(std::move(where)) {}

    bool present() const { return object_ != nullptr; }
    const json::Value* find(const char* key) const {
        return object_ ? object_->find(key) : nullptr;
    }
    std::string text(const char* key, const std::string& fallback = "") const {
        return read(key, fallback, [](const json::Value& v) { return v.as_string(); });
    }
    double number(const char* key, double fallback = 0) const {
        return read(key, fallback, [](const json::Value& v) { return v.as_number(); });
    }
    // A number as a command line gives it: an integer exactly, all 64 bits of it (a seed), any
    // other number as number_text() writes it.
    std::string word(const char* key, double fallback = 0) const {
        const json::Value* v = find(key);
        if (v && v->is_integer()) return v->dump();
        return number_text(number(key, fallback));
    }
    bool flag(const char* key, bool fallback = false) const {
        return read(key, fallback, [](const json::Value& v) { return v.as_bool(); });
    }
    // A fastchess enum, saved as its index (or, written by hand, as its name).
    std::string choice(const char* key, const std::vector<std::string>& names) const {
        const json::Value* v = find(key);
        if (!v) return names[0];
        if (v->is_string()) {
            std::string name = v->as_string();
            for (char& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
            return name;
        }
        double index = number(key);
        if (index < 0 || index >= double(names.size()) || index != std::floor(index))
            throw ConfigError(where_ + "." + key + ": " + number_text(index) +
                              " is not one of 0.." + std::to_string(names.size() - 1));
        return names[std::size_t(index)];
    }
    Fields child(const char* key) const { return Fields(find(key), where_ + "." + key); }
    const std::string& where() const { return where_; }

  private:
    template <class T, class Read>
    T read(const char* key, T fallback, Read read) const {
        const json::Value* v = find(key);
        if (!v || v->is_null()) return fallback;
        try {
            return read(*v);
        } catch (const std::exception& e) {
            throw ConfigError(where_ + "." + key + ": " + e.what());
        }
    }
    const json::Value* object_;
    std::string where_;
};

// One top-level key of the saved configuration.
struct SavedKey {
    const char* key;  // "scoreinterval"
    // Its value in the saved configuration of `config`; none: not written. Keys fastchess writes
    // and arbiter has no value for (autosaveinterval) are read only.
    std::optional<json::Value> (*save)(const TournamentConfig& config);
    // The option words it reads back as, appended to `words` ("-scoreinterval", "10").
    void (*read)(const Fields& file, const char* key, std::vector<std::string>& words);
};

// The run's switches and schedule, in the order fastchess writes them (the engines, the opening,
// the PGN and EPD files, adjudication and the SPRT are objects of their own).
const std::vector<SavedKey>& saved_match_keys();

}  // namespace arbiter::cutechess
