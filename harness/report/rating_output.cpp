#include "harness/report/rating_output.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "harness/config/json.h"
#include "harness/text/number_text.h"
#include "harness/text/text_table.h"

namespace arbiter {

std::string json_escape(std::string_view text) {
    std::string quoted = json::quote(text);
    return quoted.substr(1, quoted.size() - 2);
}

namespace {

// A number in JSON: infinity as the string "+inf" or "-inf" (the one spelling of every format),
// NaN (no value) as null.
std::string json_number(double value, int decimals) {
    if (std::isnan(value)) return "null";
    return std::isinf(value) ? "\"" + rating_text(value, decimals) + "\""
                             : format_fixed(value, decimals);
}

std::string json_optional(const std::optional<double>& value, int decimals) {
    return value ? json_number(*value, decimals) : "null";
}

std::string csv_optional(const std::optional<double>& value, int decimals) {
    return value && !std::isnan(*value) ? rating_text(*value, decimals) : "";
}

// A rating or interval end in JSON: a number, or the string "+inf" or "-inf".
std::string json_rating(double value) {
    return json_number(value, 2);
}

std::string_view bound_name(RatingBound bound) {
    switch (bound) {
        case RatingBound::none:
            return "none";
        case RatingBound::lower:
            return "lower";
        case RatingBound::upper:
            return "upper";
        case RatingBound::fixed:
            return "fixed";
    }
    return "none";
}

std::string ratings_table(const RatingResult& ratings, const TableOptions& options) {
    TextTable table(left_then_right(2, options.show_los ? 7 : 6));
    std::vector<std::string> header = {"Rank",     "Name",  "Elo",   "95% low",
                                       "95% high", "Games", "Score", "Draw"};
    if (options.show_los) header.push_back("LOS");
    table.add_row(header);
    for (std::size_t i = 0; i < ratings.players.size(); ++i) {
        const PlayerRating& p = ratings.players[i];
        std::vector<std::string> row = {std::to_string(p.rank),
                                        p.name,
                                        rating_text(p.elo, 1),
                                        p.interval_95 ? rating_text(p.interval_95->low, 1) : "-",
                                        p.interval_95 ? rating_text(p.interval_95->high, 1) : "-",
                                        std::to_string(p.results.games()),
                                        format_fixed(p.score_percent(), 1) + "%",
                                        format_fixed(p.draw_percent(), 1) + "%"};
        if (options.show_los) {
            row.push_back(p.los_next ? format_fixed(100.0 * *p.los_next, 1) + "%" : "-");
        }
        table.add_row(row);
    }
    std::string out = table.render() + unordered_note(ratings);
    if (ratings.white_advantage_fitted || ratings.white_advantage != 0.0) {
        out += "White advantage: " + format_fixed(ratings.white_advantage, 1);
        if (const auto& interval = ratings.white_advantage_interval_95) {
            out +=
                ", 95% " + rating_text(interval->low, 1) + " to " + rating_text(interval->high, 1);
        }
        out += ratings.white_advantage_fitted ? " (fitted)\n" : " (fixed)\n";
    }
    return out;
}

// The ratings as CSV: the header line, then one line per player (no newlines).
std::vector<std::string> ratings_csv_rows(const RatingResult& ratings,
                                          const TableOptions& options) {
    std::vector<std::string> lines = {
        "rank,name,elo,bound,low_95,high_95,games,wins,draws,losses,score_percent,draw_percent"};
    if (options.show_los) lines[0] += ",los_next";
    for (const PlayerRating& p : ratings.players) {
        std::string out =
            std::to_string(p.rank) + "," + csv_field(p.name) + "," + rating_text(p.elo, 2) + "," +
            std::string(bound_name(p.bound)) + "," +
            (p.interval_95 ? rating_text(p.interval_95->low, 2) : "") + "," +
            (p.interval_95 ? rating_text(p.interval_95->high, 2) : "") + "," +
            std::to_string(p.results.games()) + "," + std::to_string(p.results.wins) + "," +
            std::to_string(p.results.draws) + "," + std::to_string(p.results.losses) + "," +
            format_fixed(p.score_percent(), 2) + "," + format_fixed(p.draw_percent(), 2);
        if (options.show_los) out += "," + csv_optional(p.los_next, 4);
        lines.push_back(std::move(out));
    }
    return lines;
}

std::string pairs_json(const std::vector<NamedPairStatistics>& pairs);

// A row's build in JSON, from ", " on: engine, build, sha256, first game and options.
std::string build_json(const std::map<std::string, PlayerBuild>& builds, const std::string& name) {
    const auto found = builds.find(name);
    if (found == builds.end()) return "";
    const PlayerBuild& b = found->second;
    std::string out = ", \"engine\": \"" + json_escape(b.engine) +
                      "\", \"build\": " + std::to_string(b.build) + ", \"sha256\": \"" +
                      json_escape(b.sha256) + "\", \"first_game\": \"" + json_escape(b.first_game) +
                      "\", \"options\": {";
    for (std::size_t i = 0; i < b.options.size(); ++i)
        out += (i == 0 ? "\"" : ", \"") + json_escape(b.options[i].first) + "\": \"" +
               json_escape(b.options[i].second) + "\"";
    return out + "}";
}

std::string ratings_json(const RatingResult& ratings, const TableOptions& options,
                         const std::vector<NamedPairStatistics>* pairs) {
    std::string out = "{\"draw_model\": \"" + std::string(to_string(ratings.draw_model)) + "\"";
    out += ", \"white_advantage\": " + json_number(ratings.white_advantage, 2);
    out += ", \"white_advantage_fitted\": ";
    out += ratings.white_advantage_fitted ? "true" : "false";
    const auto& advantage = ratings.white_advantage_interval_95;
    out += ", \"white_advantage_low_95\": " + (advantage ? json_rating(advantage->low) : "null");
    out += ", \"white_advantage_high_95\": " + (advantage ? json_rating(advantage->high) : "null");
    if (ratings.draw_propensity) {
        out += ", \"draw_propensity\": " + json_number(*ratings.draw_propensity, 6);
    }
    out += ", \"games\": " + std::to_string(ratings.games);
    out += ", \"bootstrap_samples\": " + std::to_string(ratings.bootstrap_samples);
    out += ", \"seed\": " + std::to_string(ratings.seed);
    out += ", \"players\": [";
    for (std::size_t i = 0; i < ratings.players.size(); ++i) {
        const PlayerRating& p = ratings.players[i];
        out += i == 0 ? "\n  {" : ",\n  {";
        out += "\"rank\": " + std::to_string(p.rank);
        out += ", \"order_proven\": ";
        out += p.order_proven ? "true" : "false";
        out += ", \"name\": \"" + json_escape(p.name) + "\"";
        out += ", \"elo\": " + json_rating(p.elo);
        out += ", \"bound\": \"" + std::string(bound_name(p.bound)) + "\"";
        out += ", \"low_95\": " + (p.interval_95 ? json_rating(p.interval_95->low) : "null");
        out += ", \"high_95\": " + (p.interval_95 ? json_rating(p.interval_95->high) : "null");
        out += ", \"games\": " + std::to_string(p.results.games());
        out += ", \"wins\": " + std::to_string(p.results.wins);
        out += ", \"draws\": " + std::to_string(p.results.draws);
        out += ", \"losses\": " + std::to_string(p.results.losses);
        out += ", \"score_percent\": " + json_number(p.score_percent(), 2);
        out += ", \"draw_percent\": " + json_number(p.draw_percent(), 2);
        if (options.show_los) out += ", \"los_next\": " + json_optional(p.los_next, 4);
        if (options.builds != nullptr) out += build_json(*options.builds, p.name);
        out += "}";
    }
    out += ratings.players.empty() ? "]" : "\n]";
    if (pairs != nullptr) out += ", \"pairs\": " + pairs_json(*pairs);
    return out + "}\n";
}

// "102.1 ± 174.3 (95%)", or where the interval is unbounded on a side, its two ends:
// "511.5 (95% 311.1 to +inf)", as the joint ratings write theirs.
std::string estimate_text(double elo, double error_95, double low_95, double high_95) {
    if (std::isfinite(error_95)) {
        return format_fixed(elo, 1) + " ± " + format_fixed(error_95, 1) + " (95%)";
    }
    return rating_text(elo, 1) + " (95% " + rating_text(low_95, 1) + " to " +
           rating_text(high_95, 1) + ")";
}

std::string estimate_text(const EloEstimate& estimate) {
    return estimate_text(estimate.elo, estimate.error_95, estimate.low_95, estimate.high_95);
}

std::string pentanomial_text(const PentanomialCounts& counts) {
    std::string text = "[";
    for (std::size_t i = 0; i < counts.pairs.size(); ++i) {
        text += (i == 0 ? "" : ", ") + std::to_string(counts.pairs[i]);
    }
    return text + "]";
}

std::string pairs_text(const std::vector<NamedPairStatistics>& pairs) {
    std::string out;
    for (const NamedPairStatistics& pair : pairs) {
        const PairStatistics& s = pair.statistics;
        const WdlCounts& wdl = s.tally.wdl;
        out += pair.player + " vs " + pair.opponent + ": " + std::to_string(wdl.games()) +
               " games, W " + std::to_string(wdl.wins) + " D " + std::to_string(wdl.draws) + " L " +
               std::to_string(wdl.losses) + "\n";
        out += "  Elo " + estimate_text(s.trinomial) + ", LOS " +
               format_fixed(100.0 * s.trinomial.los, 1) + "%\n";
        if (s.pentanomial && s.normalized) {
            out += "  Pentanomial " + pentanomial_text(s.tally.pentanomial) + " (" +
                   std::to_string(s.tally.pentanomial.pair_count()) + " pairs): Elo " +
                   estimate_text(*s.pentanomial) + ", nElo " +
                   (std::isfinite(s.normalized->elo)
                        ? estimate_text(s.normalized->elo, s.normalized->error_95,
                                        s.normalized->elo - s.normalized->error_95,
                                        s.normalized->elo + s.normalized->error_95)
                        : rating_text(s.normalized->elo, 1)) +
                   ", LOS " + format_fixed(100.0 * s.pentanomial->los, 1) + "%\n";
        }
    }
    return out;
}

// The pairs as CSV: the header line, then one line per pair (no newlines).
std::vector<std::string> pairs_csv_rows(const std::vector<NamedPairStatistics>& pairs) {
    std::vector<std::string> lines = {
        "player,opponent,games,wins,draws,losses,elo,low_95,high_95,error_95,los,pairs,ll,ld,"
        "wl_dd,wd,ww,pentanomial_elo,pentanomial_error_95,pentanomial_los,nelo,nelo_error_95"};
    auto number = [](double value, int decimals) { return rating_text(value, decimals); };
    for (const NamedPairStatistics& pair : pairs) {
        const PairStatistics& s = pair.statistics;
        const WdlCounts& wdl = s.tally.wdl;
        std::string out = csv_field(pair.player) + "," + csv_field(pair.opponent) + "," +
                          std::to_string(wdl.games()) + "," + std::to_string(wdl.wins) + "," +
                          std::to_string(wdl.draws) + "," + std::to_string(wdl.losses) + "," +
                          number(s.trinomial.elo, 2) + "," + number(s.trinomial.low_95, 2) + "," +
                          number(s.trinomial.high_95, 2) + "," + number(s.trinomial.error_95, 2) +
                          "," + format_fixed(s.trinomial.los, 4) + "," +
                          std::to_string(s.tally.pentanomial.pair_count());
        for (std::int64_t count : s.tally.pentanomial.pairs) {
            out += ',';
            out += std::to_string(count);
        }
        if (s.pentanomial && s.normalized) {
            out += "," + number(s.pentanomial->elo, 2) + "," + number(s.pentanomial->error_95, 2) +
                   "," + format_fixed(s.pentanomial->los, 4) + "," + number(s.normalized->elo, 2) +
                   "," + number(s.normalized->error_95, 2);
        } else {
            out += ",,,,,";
        }
        lines.push_back(std::move(out));
    }
    return lines;
}

std::string joined_lines(const std::vector<std::string>& lines) {
    std::string out;
    for (const std::string& line : lines) out += line + "\n";
    return out;
}

// Ratings and pairs in one CSV table: a first column "section" ("rating" or "pair"), then the
// ratings' columns, then the pairs'; a row leaves the other section's columns empty.
std::string combined_csv(const std::vector<std::string>& ratings,
                         const std::vector<std::string>& pairs) {
    auto columns = [](const std::string& header) {
        return static_cast<std::size_t>(std::count(header.begin(), header.end(), ',')) + 1;
    };
    const std::string rating_gap(columns(pairs[0]), ',');
    const std::string pair_gap(columns(ratings[0]) + 1, ',');
    std::string out = "section," + ratings[0] + "," + pairs[0] + "\n";
    for (std::size_t i = 1; i < ratings.size(); ++i)
        out += "rating," + ratings[i] + rating_gap + "\n";
    for (std::size_t i = 1; i < pairs.size(); ++i) out += "pair" + pair_gap + pairs[i] + "\n";
    return out;
}

std::string estimate_json(const EloEstimate& e) {
    return "{\"elo\": " + json_number(e.elo, 2) + ", \"low_95\": " + json_number(e.low_95, 2) +
           ", \"high_95\": " + json_number(e.high_95, 2) +
           ", \"error_95\": " + json_number(e.error_95, 2) + ", \"los\": " + json_number(e.los, 4) +
           "}";
}

std::string pairs_json(const std::vector<NamedPairStatistics>& pairs) {
    std::string out = "[";
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const PairStatistics& s = pairs[i].statistics;
        const WdlCounts& wdl = s.tally.wdl;
        out += i == 0 ? "\n  {" : ",\n  {";
        out += "\"player\": \"" + json_escape(pairs[i].player) + "\", \"opponent\": \"" +
               json_escape(pairs[i].opponent) + "\"";
        out += ", \"wins\": " + std::to_string(wdl.wins) +
               ", \"draws\": " + std::to_string(wdl.draws) +
               ", \"losses\": " + std::to_string(wdl.losses);
        out += ", \"trinomial\": " + estimate_json(s.trinomial);
        out += ", \"pentanomial_counts\": " + pentanomial_text(s.tally.pentanomial);
        out += ", \"unpaired_games\": " + std::to_string(s.tally.unpaired_games);
        out += ", \"pentanomial\": " + (s.pentanomial ? estimate_json(*s.pentanomial) : "null");
        out += ", \"normalized\": ";
        out += s.normalized ? "{\"elo\": " + json_number(s.normalized->elo, 2) +
                                  ", \"error_95\": " + json_number(s.normalized->error_95, 2) + "}"
                            : "null";
        out += "}";
    }
    out += pairs.empty() ? "]" : "\n]";
    return out;
}

}  // namespace

std::string rating_text(double elo, int decimals) {
    if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
    return format_fixed(elo, decimals);
}

std::optional<OutputFormat> parse_output_format(std::string_view text) {
    if (text == "table") return OutputFormat::table;
    if (text == "csv") return OutputFormat::csv;
    if (text == "json") return OutputFormat::json;
    return std::nullopt;
}

std::string format_ratings(const RatingResult& ratings, OutputFormat format,
                           const TableOptions& options,
                           const std::vector<NamedPairStatistics>* pairs) {
    switch (format) {
        case OutputFormat::table:
            return ratings_table(ratings, options) +
                   (pairs != nullptr ? "\n" + pairs_text(*pairs) : "");
        case OutputFormat::csv:
            return pairs != nullptr
                       ? combined_csv(ratings_csv_rows(ratings, options), pairs_csv_rows(*pairs))
                       : joined_lines(ratings_csv_rows(ratings, options));
        case OutputFormat::json:
            return ratings_json(ratings, options, pairs);
    }
    return {};
}

std::string unordered_note(const RatingResult& ratings) {
    const bool shared = std::any_of(ratings.players.begin(), ratings.players.end(),
                                    [](const PlayerRating& p) { return !p.order_proven; });
    if (!shared) return {};
    return "A shared rank: the results do not order those players (they never met, directly or "
           "through players who won every game between them); the table's order there is not a "
           "result.\n";
}

std::string format_pair_statistics(const std::vector<NamedPairStatistics>& pairs,
                                   OutputFormat format) {
    switch (format) {
        case OutputFormat::table:
            return pairs_text(pairs);
        case OutputFormat::csv:
            return joined_lines(pairs_csv_rows(pairs));
        case OutputFormat::json:
            return pairs_json(pairs) + "\n";
    }
    return {};
}

}  // namespace arbiter
