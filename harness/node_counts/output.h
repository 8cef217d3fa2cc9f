// How a node-count run is shown: an aligned text table for the terminal, Markdown for READMEs
// and CI job summaries, CSV (one measurement per line) for spreadsheets and plots, and JSON (the
// baseline format). The comparison with a baseline and the invariants come in text or Markdown.
#pragma once

#include <cstdint>
#include <string>

#include "harness/node_counts/baseline.h"
#include "harness/node_counts/invariants.h"
#include "harness/node_counts/results.h"
#include "harness/node_counts/table.h"

namespace arbiter::nodes {

// `report` is the Markdown of a results page (totals by depth, invariants, the whole table
// folded away), `totals` the totals by depth as plot data.
enum class OutputFormat { table, markdown, csv, json, report, totals };

// Parses "table", "markdown", "csv", "json", "report" or "totals"; nothing for anything else.
std::optional<OutputFormat> parse_output_format(std::string_view text);

// 309478263 -> "309,478,263".
std::string group_digits(std::uint64_t n);
// Three significant digits, no exponent: 208, 20.8, 2.08, 0.208, 0.0208.
std::string format_ratio(double value);

// The table with a legend line, as aligned text columns.
std::string format_text_table(const NodeTable& table);
// The table with its legend as a Markdown table.
std::string format_markdown_table(const NodeTable& table);
// Header "position,fen,moves,depth,engine,id_name,nodes,leaves,time_ms,score,bestmove,pv,perft,
// minimal_tree" and one line per measurement in the results' order; fields with commas or
// quotes are quoted. Empty fields mean "not reported".
std::string format_csv(const NodeResults& results);
// The JSON document of results.h, pretty-printed, ending in a newline.
std::string format_json(const NodeResults& results);

// The invariants checked and those broken.
std::string format_invariants(const InvariantReport& report, bool markdown);
// The verdict, the differences as a table, and what could not be matched.
std::string format_comparison(const Comparison& comparison, bool markdown);

// The totals by depth: a Markdown table ("| depth | perft (all leaves) | minimal tree (leaves) |"
// then one column per engine), or plot data (a "# depth perft minimal_tree ENGINE..." header,
// then whitespace-separated columns); "-" where nothing was measured.
std::string format_depth_totals(const NodeTable& table, bool markdown);

// The `--format report` document: a results page's section for one run. The totals by depth,
// the invariants, and the node table folded under <details>.
std::string format_markdown_report(const NodeTable& table, const InvariantReport& invariants);

// The whole `--format markdown` document: a verdict when there is a comparison, the
// differences, the invariants and the node table (folded away under <details> when there is
// a comparison, so a CI job summary shows the verdict first).
std::string format_markdown_summary(const NodeResults& results, const NodeTable& table,
                                    const InvariantReport& invariants,
                                    const Comparison* comparison);

}  // namespace arbiter::nodes
