// The parts the tournament's settings table (tournament_settings.cpp) is made of: the rules of
// its whole-number settings, readers, writers and checks by member and rule, and the few checks
// and writers that span more than one value. Only the table and its tests use this header.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "harness/config/tournament_config.h"

namespace arbiter::tournament_rules {

using Config = TournamentConfig;
using Text = const SettingValue&;  // a flag's text or a JSON scalar (values.h)
using Key = std::string_view;
using Hash = std::string_view;

constexpr std::int64_t INT_MAX_VALUE = std::numeric_limits<int>::max();
constexpr std::int64_t INT64_MAX_VALUE = std::numeric_limits<std::int64_t>::max();
// Games per core above which --concurrency needs --force: beyond it engines mostly wait for a
// core, and timed games are decided by the machine's load.
constexpr int GAMES_PER_CORE_LIMIT = 4;

inline constexpr IntegerRule PLIES_RULE{"plies", 0, INT_MAX_VALUE, "a number of plies, 0 or more"};
inline constexpr IntegerRule ROUNDS_RULE{"rounds", 1, INT_MAX_VALUE, "a positive integer"};
// A knockout may seed none (cutechess's default: every place drawn); a gauntlet needs one.
inline constexpr IntegerRule SEEDS_RULE{"seeds", 0, INT_MAX_VALUE, "a number of engines"};
inline constexpr IntegerRule GAUNTLET_SEEDS_RULE{"seeds", 1, INT_MAX_VALUE,
                                                 "a positive number of engines"};
inline constexpr IntegerRule OPENINGS_START_RULE{"openings_start", 0, INT64_MAX_VALUE,
                                                 "a 1-based opening index (0: arbiter's order)"};
inline constexpr IntegerRule MAX_GAMES_RULE{"max_games", 0, INT64_MAX_VALUE,
                                            "a number of games, 0 or more (0: all)"};
inline constexpr IntegerRule HANDSHAKE_TIMEOUT_RULE{
    "handshake_timeout", 1, MAX_TIMEOUT_MS,
    "a number of milliseconds from 1 to 1000000000000, the most the clock can add"};
inline constexpr IntegerRule WAIT_RULE{
    "wait", 0, MAX_TIMEOUT_MS,
    "a number of milliseconds from 0 to 1000000000000, the most the clock can add"};
inline constexpr IntegerRule REPORT_EVERY_RULE{"report_every", 1, INT_MAX_VALUE,
                                               "a positive integer"};
inline constexpr IntegerRule BOOK_LINES_RULE{"book_lines", 1, 1'000'000,
                                             "a positive number of lines"};
inline constexpr IntegerRule BATCH_PAIRS_RULE{"batch_pairs", 1, 1'000'000,
                                              "a positive number of pairs"};
inline constexpr IntegerRule BOOTSTRAP_RULE{"bootstrap", 0, 10'000'000,
                                            "a number of samples, 0 or more"};

// The table's three parts, in its order: who plays what and how often (tournament_settings.cpp),
// how the run goes and its games are refereed (run_settings.cpp), and the output plan's entries
// (output_settings.cpp).
std::span<const TournamentSetting> schedule_settings();
std::span<const TournamentSetting> run_settings();
std::span<const TournamentSetting> output_settings();

// A default-constructed configuration, the reference of "only when not at its default".
const Config& defaults();

// A setting's key as a template argument (read_switch<"crc32", ...>), for its reader's messages.
template <std::size_t N>
struct KeyName {
    constexpr KeyName(const char (&text)[N]) { std::copy_n(text, N, chars); }
    constexpr std::string_view view() const { return {chars, N - 1}; }
    char chars[N]{};
};

// The member an entry reads into: one member pointer, or a chain of them for a member of a
// member (&Config::output, &OutputPlan::crc32).
template <auto... path>
auto& member_at(Config& c) {
    return (c.*....*path);
}
template <auto... path>
const auto& member_at(const Config& c) {
    return (c.*....*path);
}
// A member as the stored configuration holds it: a duration as its whole milliseconds.
template <typename Value>
json::Value stored_form(const Value& value) {
    if constexpr (requires { value.count(); })
        return std::int64_t(value.count());
    else
        return value;
}

// The common entries' parts, by member and rule.
// A whole number within `rule` into the member at `path`.
template <const IntegerRule& rule, auto... path>
void read_whole_at(Config& c, Text t) {
    using Value = std::remove_cvref_t<decltype(member_at<path...>(c))>;
    member_at<path...>(c) = Value(read_integer(rule, t));
}
template <auto member, const IntegerRule& rule>
void read_whole(Config& c, Text t) {
    read_whole_at<rule, member>(c, t);
}
template <auto... path>
void read_text(Config& c, Text t) {
    member_at<path...>(c) = std::string(t);
}
// "true" or "false" (values.h's read_bool): a flag given alone, or a key=value item.
template <KeyName key, auto... path>
void read_switch(Config& c, Text t) {
    member_at<path...>(c) = read_bool(key.view(), t);
}
// One of a setting's words and the value it reads as.
template <typename Value>
struct Word {
    std::string_view word;
    Value value;
};
// --order's words: the suite's order, or shuffled by --seed.
constexpr std::array<Word<bool>, 2> OPENING_ORDERS{{{"sequential", false}, {"random", true}}};
// --entrant-check's words.
constexpr std::array<Word<EntrantCheck>, 4> ENTRANT_CHECKS{
    {{"leave-out", EntrantCheck::leave_out},
     {"leave-out-illegal", EntrantCheck::leave_out_illegal},
     {"strict", EntrantCheck::strict},
     {"off", EntrantCheck::off}}};
// --draw-claims' words.
constexpr std::array<Word<DrawClaims>, 2> DRAW_CLAIMS{
    {{"checked", DrawClaims::checked}, {"trusted", DrawClaims::trusted}}};
// One of `words` (an array of Word) into the member at `path`; throws naming them all.
template <KeyName key, const auto& words, auto... path>
void read_word(Config& c, Text t) {
    std::vector<std::string_view> choices;
    for (const auto& w : words) choices.push_back(w.word);
    const std::string chosen = read_choice(key.view(), t, choices);
    for (const auto& w : words)
        if (w.word == chosen) member_at<path...>(c) = w.value;
}
// A file name, not empty (values.h's read_file_name).
template <KeyName key, auto... path>
void read_file(Config& c, Text t) {
    member_at<path...>(c) = read_file_name(key.view(), t);
}
template <auto... path>
void store_value(const Config& c, json::Value& v, Key k) {
    v.set(k, stored_form(member_at<path...>(c)));
}
template <auto... path>
void store_unless_default(const Config& c, json::Value& v, Key k) {
    if (member_at<path...>(c) != member_at<path...>(defaults()))
        v.set(k, stored_form(member_at<path...>(c)));
}
// The word (one of `words`) of the member at `path`, stored only when it is not the default's,
// so that the identity of a tournament that keeps the default stays as it was.
template <const auto& words, auto... path>
void store_word_unless_default(const Config& c, json::Value& v, Key k) {
    const auto& value = member_at<path...>(c);
    if (value == member_at<path...>(defaults())) return;
    for (const auto& w : words)
        if (w.value == value) v.set(k, std::string(w.word));
}
// Milliseconds at `path` in the identity only when they are not the default's.
template <auto... path>
void identify_ms_unless_default(const Config& c, Hash, json::Value& v, Key k) {
    const auto& ms = member_at<path...>(c);
    if (ms != member_at<path...>(defaults())) v.set(k, std::int64_t(ms.count()));
}
template <auto member, const IntegerRule& rule>
void check_whole(const Config& c) {
    const auto& value = c.*member;
    if constexpr (requires { value.count(); })  // a duration, in the rule's milliseconds
        check_integer(rule, std::int64_t(value.count()));
    else
        check_integer(rule, std::int64_t(value));
}

// --concurrency within its rule, and not far above the cores unless forced.
void check_concurrency(const Config& c);
// A pool is the shared SPRT of a tournament's shards: it needs both, and an SPRT over shards
// needs a pool.
void check_pool(const Config& c);
// opening_policy, stored when not all-pairs (so that earlier identities keep their hash).
void store_opening_policy(const Config& c, json::Value& v, Key k);
// cutechess's policies order the games of a round-robin, gauntlet or pyramid; a knockout's
// openings follow its own draw.
void check_opening_policy(const Config& c);
// A knockout or a Swiss draws each round from the results before: no shards, no SPRT, no cut.
void check_drawn_rounds(const Config& c);
// --bye-points: 0, 0.5 or 1 (a Swiss's pairing-allocated bye), held in half points; stored only
// when it is not FIDE's 1, so that the identity of every other tournament stays as it was.
void read_bye_points(Config& c, Text t);
void store_bye_points(const Config& c, json::Value& v, Key k);
// --seed: any 64-bit unsigned whole number, as -srand and a seed from the clock may be.
std::uint64_t read_seed(Text t);
// The global limits, as four members of the stored configuration.
void store_limits(const Config& c, json::Value& v, Key);
// The tablebase settings, as the members tb, tb_pieces, tb_ignore_50 and tb_adjudicate.
void store_tablebase(const Config& c, json::Value& v, Key);
// What the tables adjudicate, as one member; where they are is not part of the tournament.
void identify_tablebase(const Config& c, Hash, json::Value& v, Key key);

}  // namespace arbiter::tournament_rules
