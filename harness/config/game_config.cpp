#include "harness/config/game_config.h"

#include <filesystem>
#include <limits>

namespace arbiter {

namespace {

constexpr std::int64_t INT_MAX_VALUE = std::numeric_limits<int>::max();

constexpr IntegerRule DRAW_MOVE_NUMBER_RULE{"draw movenumber", 0, INT_MAX_VALUE,
                                            "a move number, 0 or more"};
constexpr IntegerRule DRAW_MOVE_COUNT_RULE{"draw movecount", 1, INT_MAX_VALUE,
                                           "a positive integer"};
constexpr IntegerRule DRAW_SCORE_RULE{"draw score", 0, INT_MAX_VALUE,
                                      "a number of centipawns, 0 or more"};
constexpr IntegerRule RESIGN_MOVE_COUNT_RULE{"resign movecount", 1, INT_MAX_VALUE,
                                             "a positive integer"};
constexpr IntegerRule RESIGN_SCORE_RULE{"resign score", 0, INT_MAX_VALUE,
                                        "a number of centipawns, 0 or more"};
constexpr IntegerRule MAX_PLIES_RULE{"max_plies", 0, INT_MAX_VALUE,
                                     "a number of plies, 0 or more (0: no limit)"};
constexpr IntegerRule TIME_MARGIN_RULE{
    "time_margin", 0, MAX_TIMEOUT_MS,
    "a number of milliseconds from 0 to 1000000000000, the most the clock can add"};
constexpr IntegerRule STALL_TIMEOUT_RULE{
    "stall_timeout", 1, MAX_TIMEOUT_MS,
    "a number of milliseconds from 1 to 1000000000000, the most the clock can add"};

constexpr IntegerRule TB_PIECES_RULE{"tb_pieces", 0, 32,
                                     "a number of pieces, kings included (0: every table)"};

// Each directory of a ':'-separated list exists, and one of them holds a WDL table (.rtbw).
void check_tablebase_paths(std::string_view paths) {
    namespace fs = std::filesystem;
    if (paths.empty()) return;
    bool found = false;
    std::size_t start = 0;
    while (start <= paths.size()) {
        std::size_t end = std::min(paths.find(':', start), paths.size());
        fs::path directory(paths.substr(start, end - start));
        start = end + 1;
        if (directory.empty()) continue;
        std::error_code error;
        if (!fs::is_directory(directory, error))
            throw ConfigError("tb: " + directory.string() + " is not a directory");
        for (const auto& entry : fs::directory_iterator(directory, error))
            found = found || entry.path().extension() == ".rtbw";
    }
    if (!found) throw ConfigError("tb: no Syzygy WDL table (.rtbw file) in " + std::string(paths));
}

[[noreturn]] void unknown_key(std::string_view rule, std::string_view key, std::string_view known) {
    throw ConfigError(std::string(rule) + ": unknown key '" + std::string(key) +
                      "' (known: " + std::string(known) + ")");
}

}  // namespace

void read_draw_rule(Adjudication& a, const KeyValues& items) {
    read_draw_rule(a, setting_values(items));
}

void read_draw_rule(Adjudication& a, const SettingValues& items) {
    a.draw_move_number = 0;
    a.draw_move_count = 1;
    a.draw_score = 0;
    for (const auto& [key, value] : items) {
        if (key == "movenumber")
            a.draw_move_number = int(read_integer(DRAW_MOVE_NUMBER_RULE, value));
        else if (key == "movecount")
            a.draw_move_count = int(read_integer(DRAW_MOVE_COUNT_RULE, value));
        else if (key == "score")
            a.draw_score = int(read_integer(DRAW_SCORE_RULE, value));
        else
            unknown_key("draw", key, "movenumber, movecount, score");
    }
}

void read_resign_rule(Adjudication& a, const KeyValues& items) {
    read_resign_rule(a, setting_values(items));
}

void read_resign_rule(Adjudication& a, const SettingValues& items) {
    a.resign_move_count = 1;
    a.resign_score = 0;
    a.resign_two_sided = false;
    for (const auto& [key, value] : items) {
        if (key == "movecount")
            a.resign_move_count = int(read_integer(RESIGN_MOVE_COUNT_RULE, value));
        else if (key == "score")
            a.resign_score = int(read_integer(RESIGN_SCORE_RULE, value));
        else if (key == "twosided")
            a.resign_two_sided = read_bool("resign twosided", value);
        else
            unknown_key("resign", key, "movecount, score, twosided");
    }
}

void read_max_plies(Adjudication& a, const SettingValue& value) {
    a.max_plies = int(read_integer(MAX_PLIES_RULE, value));
}

void set_max_moves(Adjudication& a, std::int64_t moves) {
    const std::uint64_t plies = 2 * std::uint64_t(moves);  // exact for every N >= 1
    if (plies > std::uint64_t(MAX_PLIES_RULE.max))
        throw ConfigError(rule_message(
            MAX_PLIES_RULE.key,
            std::string(MAX_PLIES_RULE.what) + ", at most " + std::to_string(MAX_PLIES_RULE.max),
            std::to_string(plies)));
    a.max_plies = int(plies);
}

std::string variant_name(Variant variant) {
    return variant == Variant::chess960 ? "chess960" : "standard";
}

Variant read_variant(std::string_view text) {
    if (text == "standard") return Variant::standard;
    if (text == "chess960" || text == "fischerandom") return Variant::chess960;
    throw ConfigError("variant: '" + std::string(text) +
                      "' is not standard or chess960 (fischerandom)");
}

void read_time_margin(GameSettings& settings, const SettingValue& value) {
    settings.time_margin = std::chrono::milliseconds(read_integer(TIME_MARGIN_RULE, value));
}

void read_stall_timeout(GameSettings& settings, const SettingValue& value) {
    settings.stall_timeout = std::chrono::milliseconds(read_integer(STALL_TIMEOUT_RULE, value));
}

void read_tablebase_paths(TablebaseSettings& tablebase, std::string_view text) {
    if (text.empty()) throw ConfigError("tb must name a directory of Syzygy tables");
    check_tablebase_paths(text);
    tablebase.paths = std::string(text);
}

void read_tablebase_pieces(TablebaseSettings& tablebase, const SettingValue& value) {
    tablebase.max_pieces = int(read_integer(TB_PIECES_RULE, value));
}

void read_tablebase_ignore_50(TablebaseSettings& tablebase, std::string_view text) {
    tablebase.ignore_50 = read_bool("tb_ignore_50", text);
}

void read_tablebase_results(TablebaseSettings& tablebase, std::string_view text) {
    std::string choice = read_choice("tb_adjudicate", text,
                                     {"both", "win_loss", "draw", "BOTH", "WIN_LOSS", "DRAW"});
    bool wins = choice == "win_loss" || choice == "WIN_LOSS";
    bool draws = choice == "draw" || choice == "DRAW";
    tablebase.results = wins    ? TablebaseResults::win_loss
                        : draws ? TablebaseResults::draw
                                : TablebaseResults::both;
}

std::string tablebase_results_name(TablebaseResults results) {
    return results == TablebaseResults::win_loss ? "win_loss"
           : results == TablebaseResults::draw   ? "draw"
                                                 : "both";
}

json::Value to_json(const Adjudication& a) {
    json::Value v{json::Object{}};
    if (a.draw_move_number) {
        v.set("draw_movenumber", *a.draw_move_number);
        v.set("draw_movecount", a.draw_move_count);
        v.set("draw_score", a.draw_score);
    }
    if (a.resign_move_count) {
        v.set("resign_movecount", a.resign_move_count);
        v.set("resign_score", a.resign_score);
        if (a.resign_two_sided) v.set("resign_twosided", "true");
    }
    if (a.max_plies) v.set("max_plies", a.max_plies);
    return v;
}

Adjudication adjudication_from_json(const json::Value& value) {
    if (!value.is_object()) throw ConfigError("adjudication must be a JSON object");
    Adjudication a;
    SettingValues draw, resign;
    bool has_draw = false, has_resign = false;
    for (const auto& [key, member] : value.as_object()) {
        const SettingValue text(member, key);
        if (key.rfind("draw_", 0) == 0) {
            has_draw = true;
            draw.emplace_back(key.substr(5), text);
        } else if (key.rfind("resign_", 0) == 0) {
            has_resign = true;
            resign.emplace_back(key.substr(7), text);
        } else if (key == "max_plies") {
            read_max_plies(a, text);
        } else {
            unknown_key("adjudication", key,
                        "draw_movenumber, draw_movecount, draw_score, resign_movecount, "
                        "resign_score, resign_twosided, max_plies");
        }
    }
    if (has_draw) read_draw_rule(a, draw);
    if (has_resign) read_resign_rule(a, resign);
    return a;
}

void validate(const Adjudication& a) {
    if (a.draw_move_number) {
        check_integer(DRAW_MOVE_NUMBER_RULE, *a.draw_move_number);
        check_integer(DRAW_MOVE_COUNT_RULE, a.draw_move_count);
        check_integer(DRAW_SCORE_RULE, a.draw_score);
    }
    if (a.resign_move_count != 0) {
        check_integer(RESIGN_MOVE_COUNT_RULE, a.resign_move_count);
        check_integer(RESIGN_SCORE_RULE, a.resign_score);
    }
    check_integer(MAX_PLIES_RULE, a.max_plies);
}

void validate(const TablebaseSettings& tablebase) {
    check_tablebase_paths(tablebase.paths);
    check_integer(TB_PIECES_RULE, tablebase.max_pieces);
}

void check_time_margin(std::chrono::milliseconds margin) {
    check_integer(TIME_MARGIN_RULE, margin.count());
}

void check_stall_timeout(std::chrono::milliseconds timeout) {
    check_integer(STALL_TIMEOUT_RULE, timeout.count());
}

void validate(const GameSettings& settings) {
    validate(settings.adjudication);
    check_time_margin(settings.time_margin);
    check_stall_timeout(settings.stall_timeout);
    validate(settings.tablebase);
}

}  // namespace arbiter
