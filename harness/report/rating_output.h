// The ratings of `arbiter ratings` and the pair statistics of a match, as an aligned table for
// people, CSV and JSON for tools. Display only: the numbers come from harness/ratings.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/ratings/joint_ratings.h"
#include "harness/ratings/pair_statistics.h"
#include "harness/text/text_table.h"

namespace arbiter {

// How a ratings table is written: aligned text for people, CSV and JSON for tools.
enum class OutputFormat { table, csv, json };

// Parses "table", "csv" or "json".
std::optional<OutputFormat> parse_output_format(std::string_view text);

// Which build of an engine a row of a rating list over many tournaments is (`ratings --all`):
// the JSON adds these to the player's object.
struct PlayerBuild {
    std::string engine;      // the engine's name in the databases (the row's, without " (2)")
    int build = 1;           // 1 for the first identity of that name, 2 for the next, ...
    std::string sha256;      // the program's SHA-256
    std::string first_game;  // "2026-12-07 06:40 UTC"
    std::vector<std::pair<std::string, std::string>> options;
};

// Options of the ratings table.
struct TableOptions {
    bool show_los = false;  // add the likelihood of superiority over the next player
    // By row name: the builds the JSON names (absent: the rows are names alone).
    const std::map<std::string, PlayerBuild>* builds = nullptr;
};

// A rating or an end of its 95% interval as every output writes it (terminal, CSV, JSON, the
// page's table and charts): `decimals` decimals, or "+inf" / "-inf" where it is unbounded.
std::string rating_text(double elo, int decimals);

// Escapes text for use inside a JSON string (quotes not included): \" \\ \n \r \t \b \f and other
// control characters as \u00XX; other bytes, UTF-8 included, pass through unchanged.
std::string json_escape(std::string_view text);

// The statistics of one player against one opponent, by name.
struct NamedPairStatistics {
    std::string player;
    std::string opponent;
    PairStatistics statistics;
};

// Writes the ratings: Rank, Name, Elo, the 95% interval's low and high ends, Games, Score %,
// Draw % and optionally LOS; CSV and JSON add the bound ("none", "lower", "upper": why an
// estimate is unbounded, or "fixed": the anchor), JSON whether the results order the row below
// the one before (order_proven; a shared rank otherwise). An unbounded estimate or end is "+inf"
// or "-inf" in every format (a string in JSON); a missing value is "-" (text), empty (CSV) or
// null (JSON). With `pairs`, the pair statistics join the one document: after the table (text),
// as "pairs" (JSON), or as rows of one CSV table whose first column names the section ("rating"
// or "pair"). Every format ends with a newline.
std::string format_ratings(const RatingResult& ratings, OutputFormat format,
                           const TableOptions& options = {},
                           const std::vector<NamedPairStatistics>* pairs = nullptr);

// The line under a ratings table where rows share a rank because the results do not order them;
// empty when they order every row.
std::string unordered_note(const RatingResult& ratings);

// Writes pair statistics: W/D/L, trinomial Elo +- 95% and LOS, and when game pairs exist the
// pentanomial counts, pentanomial Elo +- 95% and normalized Elo +- 95%.
std::string format_pair_statistics(const std::vector<NamedPairStatistics>& pairs,
                                   OutputFormat format);

}  // namespace arbiter
