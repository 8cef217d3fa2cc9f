#include "harness/dialect/command_line/fastchess_saved_config.h"

#include "harness/dialect/command_line/fastchess_saved_keys.h"

#include <numeric>

namespace arbiter {

namespace {

using json::Array;
using json::Object;
using json::Value;

std::int64_t ms(std::chrono::milliseconds duration) {
    return std::int64_t(duration.count());
}

// fastchess's EngineConfiguration: its limit holds the clock (TimeControl::Limits, milliseconds),
// nodes and plies; fastchess keeps the clock margin per engine, arbiter one for the run.
Value engine_value(const EngineConfig& engine, const TournamentConfig& config) {
    SearchLimitConfig limits = engine.limits.or_else(config.limits);
    const TimePeriod first = limits.tc ? limits.tc->first() : TimePeriod{};
    Object tc{{"increment", Value(first.increment_ms)},
              {"fixed_time", Value(limits.movetime_ms.value_or(0))},
              {"time", Value(first.base_ms)},
              {"moves", Value(first.moves)},
              {"timemargin", Value(ms(config.game.time_margin))}};
    // fastchess's clock has one period: arbiter's own key keeps them all (fastchess ignores it).
    if (limits.tc && limits.tc->periods.size() > 1)
        tc.emplace_back("periods", Value(to_string(*limits.tc)));
    Array options;
    for (const auto& [name, value] : engine.options) options.push_back(Array{name, value});
    std::string args;
    for (const std::string& arg : engine.args) args += (args.empty() ? "" : " ") + arg;
    Object limit{{"tc", Value(std::move(tc))},
                 {"nodes", Value(std::uint64_t(limits.nodes.value_or(0)))},
                 {"plies", Value(limits.depth.value_or(0))}};
    return Object{{"name", Value(engine.name)},
                  {"dir", Value(engine.working_dir)},
                  {"cmd", Value(engine.command)},
                  {"args", Value(args)},
                  {"restart", Value(engine.restart_each_game)},
                  {"options", Value(std::move(options))},
                  {"limit", Value(std::move(limit))},
                  {"variant", Value(config.game.variant == Variant::chess960 ? 1 : 0)}};
}

// The suite (fastchess's FormatType EPD=0, PGN=1; OrderType RANDOM=0, SEQUENTIAL=1).
Value opening_value(const TournamentConfig& config) {
    const std::string& path = config.openings_path;
    bool pgn = path.size() >= 4 && path.compare(path.size() - 4, 4, ".pgn") == 0;
    return Object{{"file", Value(path)},
                  {"format", Value(pgn ? 1 : 0)},
                  {"order", Value(config.random_order ? 0 : 1)},
                  {"plies", Value(config.plies.value_or(-1))},
                  {"start", Value(config.openings_start > 0 ? config.openings_start : 1)}};
}

Value pgn_value(const TournamentConfig& config) {
    const PgnMoveFields& f = config.output.pgn_fields;
    return Object{{"file", Value(config.pgn_path)},
                  {"append_file", Value(config.output.pgn_append)},
                  {"event_name", Value(config.event)},
                  {"site", Value(config.site.empty() ? "?" : config.site)},
                  {"track_nodes", Value(f.nodes)},
                  {"track_seldepth", Value(f.seldepth)},
                  {"track_nps", Value(f.nps)},
                  {"track_hashfull", Value(f.hashfull)},
                  {"track_tbhits", Value(f.tbhits)},
                  {"track_timeleft", Value(f.timeleft)},
                  {"track_latency", Value(f.latency)},
                  {"track_pv", Value(f.pv)},
                  {"crc", Value(config.output.crc32)}};
}

// Adjudication and the SPRT, each with fastchess's "enabled".
void add_rules(Object& root, const TournamentConfig& config) {
    const Adjudication& a = config.game.adjudication;
    const TablebaseSettings& tb = config.game.tablebase;
    const SprtParameters sprt = config.sprt.value_or(SprtParameters{});
    root.emplace_back("resign", Object{{"move_count", Value(a.resign_move_count)},
                                       {"score", Value(a.resign_score)},
                                       {"twosided", Value(a.resign_two_sided)},
                                       {"enabled", Value(a.resign_move_count > 0)}});
    root.emplace_back("draw", Object{{"move_number", Value(a.draw_move_number.value_or(0))},
                                     {"move_count", Value(a.draw_move_count)},
                                     {"score", Value(a.draw_score)},
                                     {"enabled", Value(a.draw_move_number.has_value())}});
    root.emplace_back("maxmoves", Object{{"move_count", Value(a.max_plies / 2)},
                                         {"enabled", Value(a.max_plies > 0)}});
    root.emplace_back("tb_adjudication", Object{{"syzygy_dirs", Value(tb.paths)},
                                                {"max_pieces", Value(tb.max_pieces)},
                                                {"ignore_50_move_rule", Value(tb.ignore_50)},
                                                {"enabled", Value(!tb.paths.empty())}});
    root.emplace_back(
        "sprt",
        Object{{"alpha", Value(sprt.alpha)},
               {"beta", Value(sprt.beta)},
               {"elo0", Value(sprt.elo0)},
               {"elo1", Value(sprt.elo1)},
               {"model", Value(sprt.model == SprtModel::logistic ? "logistic" : "normalized")},
               {"enabled", Value(config.sprt.has_value())}});
}

// The schedule and the run's switches, by the table `-config file=` reads them back with.
void add_match(Object& root, const TournamentConfig& config) {
    for (const cutechess::SavedKey& key : cutechess::saved_match_keys())
        if (std::optional<Value> value = key.save(config)) root.emplace_back(key.key, *value);
}

Value stats_value(const std::vector<FastchessPairStats>& stats) {
    Object all;
    for (const FastchessPairStats& s : stats) {
        static constexpr const char* PAIRS[] = {"penta_WW", "penta_WD", "penta_WL",
                                                "penta_DD", "penta_LD", "penta_LL"};
        Object entry{
            {"wins", Value(s.wins)}, {"losses", Value(s.losses)}, {"draws", Value(s.draws)}};
        for (std::size_t k = 0; k < s.pairs.size(); ++k) entry.emplace_back(PAIRS[k], s.pairs[k]);
        all.emplace_back(s.first + " vs " + s.second, Value(std::move(entry)));
    }
    return all;
}

}  // namespace

json::Value fastchess_saved_config(const TournamentConfig& config,
                                   const std::vector<FastchessPairStats>& stats) {
    Object root;
    add_rules(root, config);
    root.emplace_back("opening", opening_value(config));
    root.emplace_back("pgn", pgn_value(config));
    root.emplace_back("epd", Object{{"file", Value(config.output.epd_path)},
                                    {"append_file", Value(config.output.epd_append)}});
    add_match(root, config);
    Array engines;
    for (const EngineConfig& engine : config.engines)
        engines.push_back(engine_value(engine, config));
    root.emplace_back("engines", Value(std::move(engines)));
    root.emplace_back("stats", stats_value(stats));
    return root;
}

}  // namespace arbiter
