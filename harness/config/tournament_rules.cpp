#include "harness/config/tournament_rules.h"

#include <charconv>

namespace arbiter::tournament_rules {

const Config& defaults() {
    static const Config config;
    return config;
}

std::uint64_t read_seed(Text given) {
    if (const json::Value* number = given.number()) {
        try {
            return number->as_unsigned();  // all 64 bits of a JSON integer
        } catch (const std::exception&) {
            throw ConfigError(rule_message("seed", "a whole number, 0 or more", given.text()));
        }
    }
    const std::string_view t = given.text();
    std::uint64_t value = 0;
    const char* end = t.data() + t.size();
    auto [position, error] = std::from_chars(t.data(), end, value);
    const bool whole = !t.empty() && position == end;
    if (whole && error == std::errc()) return value;
    std::string what = "a whole number, 0 or more";
    if (whole && error == std::errc::result_out_of_range) what += ", at most 18446744073709551615";
    throw ConfigError(rule_message("seed", what, t));
}

void check_concurrency(const Config& c) {
    if (!c.concurrency) return;
    check_integer(CONCURRENCY_RULE, *c.concurrency);
    int cores = default_concurrency();
    if (*c.concurrency > GAMES_PER_CORE_LIMIT * cores && !c.force)
        throw ConfigError("concurrency " + std::to_string(*c.concurrency) + " is far above the " +
                          std::to_string(cores) + " cores of this machine (more than " +
                          std::to_string(GAMES_PER_CORE_LIMIT) +
                          " games per core); add --force to run it anyway (-force-concurrency in "
                          "the cutechess/fastchess form)");
}

void check_pool(const Config& c) {
    if (c.sprt && c.shard_count > 0 && c.pool.empty())
        throw ConfigError(
            "--sprt with --shard needs --pool DIR: each shard alone sees only its own games, so "
            "N shards would run N separate tests on a part of the data each and stop at different "
            "times; --pool DIR (a folder every shard sees) pools their counts into one test");
    if (!c.pool.empty() && (!c.sprt || c.shard_count == 0))
        throw ConfigError(
            "--pool pools the --sprt of the shards of one tournament: give it with "
            "--sprt and --shard K/N");
}

void store_limits(const Config& c, json::Value& v, Key) {
    const json::Value limits = arbiter::to_json(c.limits);
    for (const auto& [key, limit] : limits.as_object()) v.set(key, limit);
}

void store_tablebase(const Config& c, json::Value& v, Key) {
    const TablebaseSettings& tb = c.game.tablebase;
    if (!tb.enabled()) return;
    v.set("tb", tb.paths);
    if (tb.max_pieces) v.set("tb_pieces", tb.max_pieces);
    if (tb.ignore_50) v.set("tb_ignore_50", true);
    if (tb.results != TablebaseResults::both)
        v.set("tb_adjudicate", tablebase_results_name(tb.results));
}

void identify_tablebase(const Config& c, Hash, json::Value& v, Key key) {
    const TablebaseSettings& tb = c.game.tablebase;
    if (!tb.enabled()) return;
    json::Value tablebase{json::Object{}};
    tablebase.set("pieces", tb.max_pieces);
    tablebase.set("ignore_50", tb.ignore_50);
    tablebase.set("results", tablebase_results_name(tb.results));
    v.set(key, tablebase);
}

void store_opening_policy(const Config& c, json::Value& v, Key k) {
    if (c.opening_policy != OpeningPolicy::all_pairs)
        v.set(k, opening_policy_name(c.opening_policy));
}

void read_bye_points(Config& c, Text t) {
    const std::string points = read_choice("bye_points", t, {"0", "0.5", "1"});
    c.bye_half_points = points == "1" ? 2 : points == "0.5" ? 1 : 0;
}

void store_bye_points(const Config& c, json::Value& v, Key k) {
    if (c.bye_half_points != 2) v.set(k, c.bye_half_points == 1 ? "0.5" : "0");
}

// A knockout draws each round from all results of the round before: no shard of it (--shard,
// --pool) could draw its rounds alone, SPRT has no two-engine match to stop, and a cut
// (--max-games) would end it without a winner. So with a Swiss, each round paired from every
// result of the rounds before; and it has fewer rounds than a round robin.
void check_drawn_rounds(const Config& c) {
    if (!c.knockout && !c.swiss) return;
    const std::string form = c.knockout ? "a knockout" : "a Swiss";
    if (c.shard_count > 0 || !c.pool.empty())
        throw ConfigError(form +
                          " cannot be split into shards (shard/pool): each round is drawn from "
                          "every result of the round before, which no single shard has; play it in "
                          "one process, with more concurrency");
    if (c.sprt)
        throw ConfigError("sprt stops a two-engine match early; " + form +
                          (c.knockout ? " plays to its final" : " plays all its rounds"));
    if (c.max_games > 0)
        throw ConfigError("max_games cuts a fixed schedule; " + form +
                          "'s games follow its results");
    if (c.swiss && c.rounds >= int(c.engines.size()) + int(c.engines.size() % 2))
        throw ConfigError("a Swiss of " + std::to_string(c.engines.size()) +
                          " engines has fewer rounds than a round robin of them (got rounds " +
                          std::to_string(c.rounds) + ")");
}

void check_opening_policy(const Config& c) {
    if (c.knockout && c.opening_policy != OpeningPolicy::all_pairs)
        throw ConfigError("opening_policy " + opening_policy_name(c.opening_policy) +
                          ": a knockout deals its openings as its results draw the encounters; "
                          "give it without opening_policy");
}

}  // namespace arbiter::tournament_rules
