#include "harness/node_counts/output.h"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "harness/text/text_table.h"

namespace arbiter::nodes {

namespace {

constexpr const char* LEGEND =
    "nodes: the engine's count for `go depth d`; ratio: nodes of the engine on the left / "
    "these nodes; ebf: nodes(d) / nodes(d-1); /min: leaves / minimal tree; minimal tree: "
    "Knuth-Moore b^ceil(d/2) + b^floor(d/2) - 1 leaves with b = perft(d)^(1/d); -: not "
    "measured or not reported.";

std::string count_text(std::optional<std::uint64_t> n) {
    return n ? group_digits(*n) : "-";
}

std::string ratio_text(std::optional<double> r) {
    return r ? format_ratio(*r) : "-";
}

std::string rounded_text(std::optional<double> v) {
    return v ? group_digits(static_cast<std::uint64_t>(std::llround(*v))) : "-";
}

// The table as rows of strings, header first, total last.
std::vector<std::vector<std::string>> table_cells(const NodeTable& table) {
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> header = {"position", "depth", "perft", "minimal tree"};
    for (const auto& engine : table.engines) {
        header.push_back(engine);
        header.push_back("ratio");
        header.push_back("ebf");
        header.push_back("/min");
    }
    rows.push_back(header);
    for (const auto& row : table.rows) {
        std::vector<std::string> line = {table.positions.at(row.position),
                                         std::to_string(row.depth), count_text(row.perft),
                                         rounded_text(row.minimal_leaves)};
        for (const auto& cell : row.cells) {
            line.push_back(count_text(cell.nodes));
            line.push_back(ratio_text(cell.ratio));
            line.push_back(ratio_text(cell.branching));
            line.push_back(ratio_text(cell.vs_minimal));
        }
        rows.push_back(std::move(line));
    }
    std::vector<std::string> total = {"total", "", "", rounded_text(table.total.minimal_leaves)};
    for (std::size_t e = 0; e < table.engines.size(); ++e) {
        total.push_back(group_digits(table.total.nodes[e]));
        total.push_back(ratio_text(table.total.ratio[e]));
        total.push_back("");
        total.push_back("");
    }
    rows.push_back(std::move(total));
    return rows;
}

std::string join(const std::vector<std::string>& words, const std::string& separator) {
    std::string text;
    for (std::size_t i = 0; i < words.size(); ++i) text += (i ? separator : "") + words[i];
    return text;
}

}  // namespace

std::optional<OutputFormat> parse_output_format(std::string_view text) {
    if (text == "table") return OutputFormat::table;
    if (text == "markdown") return OutputFormat::markdown;
    if (text == "csv") return OutputFormat::csv;
    if (text == "json") return OutputFormat::json;
    if (text == "report") return OutputFormat::report;
    if (text == "totals") return OutputFormat::totals;
    return std::nullopt;
}

std::string group_digits(std::uint64_t n) {
    std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::string format_ratio(double value) {
    if (!std::isfinite(value)) return "-";
    int decimals = 0;
    double magnitude = std::fabs(value);
    if (magnitude > 0) {
        int digits_before = static_cast<int>(std::floor(std::log10(magnitude))) + 1;
        decimals = std::max(0, 3 - digits_before);
    }
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string format_text_table(const NodeTable& table) {
    auto rows = table_cells(table);
    TextTable text(left_then_right(1, rows.front().size() - 1));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        text.add_row(rows[r]);
        if (r == 0 || r + 2 == rows.size()) text.add_rule();
    }
    return text.render() + LEGEND + '\n';
}

std::string format_markdown_table(const NodeTable& table) {
    auto rows = table_cells(table);
    for (std::string& cell : rows.back())  // the total row in bold
        if (!cell.empty()) cell = "**" + cell + "**";
    TextTable markdown(left_then_right(1, rows.front().size() - 1));
    for (auto& row : rows) markdown.add_row(std::move(row));
    return markdown.render_markdown() + '\n' + LEGEND + '\n';
}

std::string format_csv(const NodeResults& results) {
    std::ostringstream out;
    out << "position,fen,moves,depth,engine,id_name,nodes,leaves,time_ms,score,bestmove,pv,perft,"
           "minimal_tree\n";
    for (const auto& cell : results.cells) {
        const auto& position = results.positions.at(cell.position);
        const auto& engine = results.engines.at(cell.engine);
        auto perft = results.perft.find({cell.position, cell.depth});
        auto tree = minimal_tree(results, cell.position, cell.depth);
        char tree_text[64] = "";
        if (tree) std::snprintf(tree_text, sizeof tree_text, "%.0f", tree->leaves);
        std::vector<std::string> fields = {
            csv_field(position.name),
            csv_field(position.fen),
            csv_field(join(position.moves, " ")),
            std::to_string(cell.depth),
            csv_field(engine.name),
            csv_field(engine.id_name),
            std::to_string(cell.nodes),
            cell.leaves ? std::to_string(*cell.leaves) : "",
            cell.time_ms ? std::to_string(*cell.time_ms) : "",
            cell.score ? score_text(*cell.score) : "",
            csv_field(cell.bestmove),
            csv_field(join(cell.pv, " ")),
            perft != results.perft.end() ? std::to_string(perft->second) : "",
            tree_text};
        out << join(fields, ",") << '\n';
    }
    return out.str();
}

std::string format_json(const NodeResults& results) {
    return to_json(results).dump(2) + "\n";
}

std::string format_invariants(const InvariantReport& report, bool markdown) {
    std::ostringstream out;
    const char* bullet = markdown ? "- " : "  ";
    if (report.checked.empty()) {
        out << (markdown ? "**Invariants:** " : "Invariants: ")
            << "none apply (no two of minimax, alphabeta, alphabeta-mvvlva, alphabeta-mvvlva-tt "
               "under the same options, and no minimax leaves to check against perft).\n";
        return out.str();
    }
    out << (markdown ? "**Invariants:** " : "Invariants: ")
        << (report.passed() ? "all hold" : std::to_string(report.violations.size()) + " broken")
        << (markdown ? "\n\n" : "\n");
    for (const auto& line : report.violations)
        out << bullet << (markdown ? "❌ " : "BROKEN ") << line << '\n';
    for (const auto& line : report.checked) out << bullet << "checked: " << line << '\n';
    return out.str();
}

std::string format_comparison(const Comparison& comparison, bool markdown) {
    std::ostringstream out;
    std::string tolerance = format_ratio(comparison.tolerance_percent) + "%";
    if (comparison.passed()) {
        out << (markdown ? "**Baseline: passed** ✅ " : "Baseline: passed. ") << comparison.compared
            << (comparison.compared == 1 ? " measurement matches" : " measurements match")
            << " (node tolerance " << tolerance << ") and every invariant holds.\n";
    } else {
        out << (markdown ? "**Baseline: FAILED** ❌ " : "Baseline: FAILED. ");
        if (comparison.compared == 0)
            out << "no measurement of this run is in the baseline.";
        else
            out << comparison.differences.size() << " difference"
                << (comparison.differences.size() == 1 ? "" : "s") << " in " << comparison.compared
                << (comparison.compared == 1 ? " measurement" : " measurements")
                << " (node tolerance " << tolerance << ")"
                << (comparison.invariants.passed()
                        ? ""
                        : ", " + std::to_string(comparison.invariants.violations.size()) +
                              " invariant(s) broken")
                << ".";
        out << '\n';
    }
    if (!comparison.differences.empty()) {
        std::vector<std::vector<std::string>> rows = {
            {"engine", "position", "depth", "what", "baseline", "now", "change"}};
        for (const auto& d : comparison.differences)
            rows.push_back({d.engine, d.position, d.depth ? std::to_string(d.depth) : "", d.what,
                            d.baseline, d.current, d.change});
        out << '\n';
        const auto left = TextColumn{TextColumn::Align::left, 0};
        const auto right = TextColumn{TextColumn::Align::right, 0};
        TextTable text({left, left, right, left, right, right, right});
        for (const auto& row : rows) text.add_row(row);
        out << (markdown ? text.render_markdown() : text.render());
    }
    if (!comparison.unmatched.empty()) {
        out << '\n'
            << (markdown ? "Not compared (" : "Not compared (") << comparison.unmatched.size()
            << "):\n";
        if (markdown) out << '\n';
        for (const auto& line : comparison.unmatched)
            out << (markdown ? "- " : "  ") << line << '\n';
    }
    out << '\n' << format_invariants(comparison.invariants, markdown);
    return out.str();
}

std::string format_markdown_summary(const NodeResults& results, const NodeTable& table,
                                    const InvariantReport& invariants,
                                    const Comparison* comparison) {
    std::ostringstream out;
    out << "## arbiter nodes\n\n";
    out << results.engines.size() << " engine" << (results.engines.size() == 1 ? "" : "s") << ", "
        << results.positions.size() << " position" << (results.positions.size() == 1 ? "" : "s")
        << ", depths "
        << join(
               [&] {
                   std::vector<std::string> d;
                   for (int depth : results.depths) d.push_back(std::to_string(depth));
                   return d;
               }(),
               ", ")
        << ".\n\n";
    if (comparison) {
        out << format_comparison(*comparison, true) << '\n';
        out << "<details><summary>Node counts</summary>\n\n"
            << format_markdown_table(table) << "\n</details>\n";
    } else {
        out << format_markdown_table(table) << '\n' << format_invariants(invariants, true);
    }
    return out.str();
}

std::string format_depth_totals(const NodeTable& table, bool markdown) {
    auto count = [&](std::optional<std::uint64_t> n) -> std::string {
        if (!n) return "-";
        return markdown ? group_digits(*n) : std::to_string(*n);
    };
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> header = {"depth", markdown ? "perft (all leaves)" : "perft",
                                       markdown ? "minimal tree (leaves)" : "minimal_tree"};
    header.insert(header.end(), table.engines.begin(), table.engines.end());
    rows.push_back(header);
    for (const DepthTotal& total : depth_totals(table)) {
        std::vector<std::string> row = {std::to_string(total.depth), count(total.perft),
                                        count(total.minimal_leaves)};
        for (const auto& nodes : total.nodes) row.push_back(count(nodes));
        rows.push_back(std::move(row));
    }
    if (markdown) {
        TextTable text(left_then_right(0, rows.front().size()));
        for (auto& row : rows) text.add_row(std::move(row));
        return text.render_markdown();
    }
    std::string out;
    for (std::size_t r = 0; r < rows.size(); ++r)
        out += (r == 0 ? "# " : "") + join(rows[r], " ") + '\n';
    return out;
}

std::string format_markdown_report(const NodeTable& table, const InvariantReport& invariants) {
    std::ostringstream out;
    out << "Total nodes per engine (perft and the minimal tree count leaves).\n\n"
        << format_depth_totals(table, true) << '\n'
        << format_invariants(invariants, true) << '\n'
        << "<details><summary>Every position and depth</summary>\n\n"
        << format_markdown_table(table) << "\n</details>\n";
    return out.str();
}

}  // namespace arbiter::nodes
