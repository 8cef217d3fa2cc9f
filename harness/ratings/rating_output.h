#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/ratings/joint_ratings.h"
#include "harness/ratings/pair_statistics.h"

namespace arbiter {

// How a ratings table is written: aligned text for people, CSV and JSON for tools.
enum class OutputFormat { table, csv, json };

// Parses "table", "csv" or "json".
std::optional<OutputFormat> parse_output_format(std::string_view text);

// Options of the ratings table.
struct TableOptions {
    bool show_los = false;  // add the likelihood of superiority over the next player
};

// Writes the ratings: Rank, Name, Elo, +- (95%), Games, Score %, Draw % and optionally LOS.
// Bounds print as "> 512.3" (text) or with a bound column (CSV, JSON); a missing value is
// empty (CSV) or null (JSON). Every format ends with a newline.
std::string format_ratings(const RatingResult& ratings, OutputFormat format,
                           const TableOptions& options = {});

// The statistics of one player against one opponent, by name.
struct NamedPairStatistics {
    std::string player;
    std::string opponent;
    PairStatistics statistics;
};

// Writes pair statistics: W/D/L, trinomial Elo +- 95% and LOS, and when game pairs exist the
// pentanomial counts, pentanomial Elo +- 95% and normalized Elo +- 95%.
std::string format_pair_statistics(const std::vector<NamedPairStatistics>& pairs,
                                   OutputFormat format);

// Escapes text for use inside a JSON string (quotes not included): \" \\ \n \r \t \b \f and other
// control characters as \u00XX; other bytes, UTF-8 included, pass through unchanged.
std::string json_escape(std::string_view text);

// Returns a CSV field, quoted (with doubled quotes) when it holds a comma, quote or line break.
std::string csv_field(std::string_view text);

// Formats a number with `decimals` decimals, without a negative zero; non-finite values print as
// "inf" or "-inf".
std::string format_fixed(double value, int decimals);

}  // namespace arbiter
