// `arbiter nodes`: counts the nodes UCI engines search at fixed depths, prints the table with
// the minimal-tree reference, stores the run, and compares it with a baseline for CI.
#include <fstream>
#include <iostream>
#include <mutex>

#include "harness/cli/command.h"
#include "harness/cli/setting_flags.h"
#include "harness/config/engine_config.h"
#include "harness/config/nodes_config.h"
#include "harness/identity/engine_identity.h"
#include "harness/node_counts/baseline.h"
#include "harness/node_counts/estimate.h"
#include "harness/node_counts/output.h"
#include "harness/node_counts/record.h"
#include "harness/node_counts/runner.h"
#include "harness/node_counts/table.h"
#include "harness/store/store.h"
#include "harness/text/output_file.h"

namespace arbiter::cli {

namespace {

struct NodesOptions {
    std::vector<std::string> engines;
    std::string fen;
    std::vector<std::string> moves;
    std::string positions_file;
    std::string depth;
    std::string db;
    std::string format = "table";
    std::string out;
    std::vector<std::string> writes;
    std::string baseline;
    // The text of each setting flag (one per nodes_settings() entry), read into a NodesConfig.
    std::vector<std::string> values = std::vector<std::string>(nodes_settings().size());
    bool progress = false;
    bool force = false;
};

// The NodesConfig of the setting flags given, by the rules of harness/config/nodes_config.h.
NodesConfig build_config(const NodesOptions& o, const CLI::App& app) {
    NodesConfig config;
    apply_settings(config, given_settings(app, nodes_settings(), o.values));
    validate(config);
    return config;
}

// The formats asked for: the document's (--format), and each --write FORMAT:FILE with its file.
struct NodesOutputs {
    nodes::OutputFormat format;
    std::vector<std::pair<nodes::OutputFormat, std::string>> extra;
};

// Reads --format and --write, and refuses an output that would overwrite an input.
NodesOutputs read_outputs(const NodesOptions& o) {
    using namespace arbiter::nodes;
    auto format = nodes::parse_output_format(o.format);
    if (!format) throw ConfigError("--format must be table, markdown, csv, json, report or totals");
    NodesOutputs outputs{*format, {}};
    for (const auto& item : o.writes) {
        std::size_t colon = item.find(':');
        auto extra_format = nodes::parse_output_format(item.substr(0, colon));
        if (colon == std::string::npos || !extra_format || colon + 1 == item.size())
            throw ConfigError(
                "--write '" + item +
                "' is not FORMAT:FILE (table, markdown, csv, json, report or totals)");
        outputs.extra.emplace_back(*extra_format, item.substr(colon + 1));
    }
    std::vector<NamedFile> files{{o.out, "--out"}};
    for (const auto& [extra_format, path] : outputs.extra) files.push_back({path, "--write"});
    std::vector<NamedFile> inputs = database_files(o.db, "--db");
    inputs.push_back({o.positions_file, "--positions"});
    inputs.push_back({o.baseline, "--baseline"});
    refuse_outputs_over_inputs(files, inputs);
    return outputs;
}

// The run's settings: engines, positions, depths and the configuration's limits, validated.
nodes::RunSettings read_run_settings(const NodesOptions& o, const NodesConfig& config) {
    using namespace arbiter::nodes;
    RunSettings settings;
    for (const auto& spec : o.engines) settings.engines.push_back(parse_engine_spec(spec));
    if (!o.positions_file.empty())
        settings.positions = load_epd(o.positions_file);
    else
        settings.positions.push_back(make_position(o.fen, o.moves));
    settings.depths = parse_depths(o.depth);
    settings.concurrency = config.workers();
    settings.search_timeout = config.search_timeout();
    settings.perft_depth = config.perft_depth;
    if (o.progress) settings.progress = [](const std::string& line) { std::cerr << line << '\n'; };
    validate(settings);
    return settings;
}

// Refuses a run estimated above MAX_ESTIMATED_NODES unless forced, and says how big a large one is.
void check_work(const nodes::RunSettings& settings, const NodesOptions& o) {
    using namespace arbiter::nodes;
    WorkEstimate work = estimate_work(settings);
    if (work.nodes > MAX_ESTIMATED_NODES && !o.force) throw ConfigError(refusal_message(work));
    if (work.nodes > MAX_ESTIMATED_NODES / 100)
        std::cerr << "arbiter nodes: up to " << scientific(work.nodes)
                  << " nodes to search (a full-width estimate from perft growth)"
                  << (o.progress ? "" : "; --progress prints each measurement") << std::endl;
}

// The measurements, and the failure that ended them early (empty if none). A failed measurement
// (a timeout, an engine that exits) ends the run, but those made before it are kept; a failure
// before any is thrown.
std::pair<nodes::NodeResults, std::string> measure(const nodes::RunSettings& settings) {
    nodes::NodeResults results;
    try {
        results = nodes::run_measurements(settings, &results);
    } catch (const std::exception& e) {
        if (results.cells.empty()) throw;
        return {std::move(results), e.what()};
    }
    return {std::move(results), ""};
}

// What the run measured, in each form an output may ask for.
struct NodesFindings {
    nodes::NodeResults results;
    nodes::NodeTable table;
    nodes::InvariantReport invariants;
    std::optional<nodes::Comparison> comparison;
};

std::string render(nodes::OutputFormat format, const NodesFindings& found) {
    using namespace arbiter::nodes;
    const auto& comparison = found.comparison;
    switch (format) {
        case nodes::OutputFormat::table:
            return format_text_table(found.table) + "\n" +
                   (comparison ? format_comparison(*comparison, false)
                               : format_invariants(found.invariants, false));
        case nodes::OutputFormat::markdown:
            return format_markdown_summary(found.results, found.table, found.invariants,
                                           comparison ? &*comparison : nullptr);
        case nodes::OutputFormat::csv:
            return format_csv(found.results);
        case nodes::OutputFormat::json:
            return format_json(found.results);
        case nodes::OutputFormat::report:
            return format_markdown_report(found.table, found.invariants);
        case nodes::OutputFormat::totals:
            return format_depth_totals(found.table, false);
    }
    return {};
}

void record_in_database(const NodesOptions& o, const nodes::RunSettings& settings,
                        const nodes::NodeResults& results) {
    Store store = Store::open(o.db);
    std::string description = "arbiter nodes --depth " + o.depth + " (" +
                              std::to_string(settings.engines.size()) + " engines, " +
                              std::to_string(settings.positions.size()) + " positions)";
    nodes::record_run(store, results, settings.engines, description);
}

// Writes each --write file and the document, and tells the log the baseline's verdict when the
// document does not show it.
void write_outputs(const NodesOptions& o, const NodesOutputs& outputs, const NodesFindings& found) {
    using nodes::OutputFormat;
    for (const auto& [extra_format, path] : outputs.extra)
        write_output_file(path, render(extra_format, found));
    std::string document = render(outputs.format, found);
    bool report_in_document =
        outputs.format == OutputFormat::table || outputs.format == OutputFormat::markdown;
    write_output_file(o.out.empty() ? "-" : o.out, document);
    // The verdict must reach the log even when the document went to a file or is data.
    if (found.comparison && (!report_in_document || !o.out.empty()))
        std::cerr << nodes::format_comparison(*found.comparison, false);
}

void run_nodes(const NodesOptions& o, const NodesConfig& config) {
    using namespace arbiter::nodes;
    const NodesOutputs outputs = read_outputs(o);
    // The run is checked before any engine starts: settings, programs, and the work.
    const RunSettings settings = read_run_settings(o, config);
    // Identify the engines before spending time on them: a missing program fails at once.
    for (const auto& engine : settings.engines) (void)engine_identity(engine, false);
    std::optional<NodeResults> baseline;
    if (!o.baseline.empty()) baseline = load_baseline(o.baseline);
    check_work(settings, o);

    auto [results, failure] = measure(settings);
    NodesFindings found{std::move(results), {}, {}, {}};
    found.table = build_table(found.results);
    found.invariants = check_invariants(found.results);
    if (baseline)
        found.comparison = compare_with_baseline(*baseline, found.results, config.tolerance);

    if (!o.db.empty()) record_in_database(o, settings, found.results);
    write_outputs(o, outputs, found);
    if (!failure.empty())
        throw std::runtime_error(failure + " (the " + std::to_string(found.results.cells.size()) +
                                 " measurements that succeeded are in the output)");
    if (found.comparison && !found.comparison->passed()) throw CLI::RuntimeError(1);
}

void add_nodes_command(CLI::App& app) {
    auto options = std::make_shared<NodesOptions>();
    CLI::App* command = app.add_subcommand(
        "nodes",
        "Count the nodes UCI engines search at fixed depths; print the table with the "
        "Knuth-Moore minimal tree, store it, and compare it with a baseline");
    command
        ->add_option("--engine", options->engines,
                     "An engine: name=NAME,cmd=PROGRAM[,arg=ARG][,option.NAME=VALUE][,depth=MAX]")
        ->required();
    auto* fen = command->add_option("--fen", options->fen, "The position to search (or startpos)");
    command->add_option("--moves", options->moves, "UCI moves played from --fen")->needs(fen);
    auto* positions =
        command->add_option("--positions", options->positions_file,
                            "An EPD file of positions (id \"NAME\"; moves M1 M2 ... accepted)");
    fen->excludes(positions);
    command->add_option("--depth", options->depth, "Depths: 6, 1..6 or 1..4,6")->required();
    command->add_option("--db", options->db, "Record the run in this arbiter database");
    command
        ->add_option("--format", options->format,
                     "table, markdown, csv, json, report (Markdown for a results page) or totals "
                     "(totals by depth, plot data)")
        ->capture_default_str();
    command->add_option("--out", options->out, "Write the output to this file");
    command->add_option("--write", options->writes,
                        "Also write FORMAT:FILE, e.g. csv:nodes.csv (repeatable)");
    command->add_option("--baseline", options->baseline,
                        "Compare with this JSON baseline (from --format json); exit 1 on a "
                        "difference or a broken invariant");
    add_setting_flags(*command, nodes_settings(), options->values);
    command->add_flag("--progress", options->progress, "Print each finished measurement to stderr");
    command->add_flag("--force", options->force,
                      "Run even when the full-width estimate of the work is above 1e11 nodes");
    command->callback([options, command] {
        if (options->fen.empty() && options->positions_file.empty())
            throw CLI::ValidationError("--fen or --positions", "give a position to search");
        run_nodes(*options, build_config(*options, *command));
    });
}

Registrar nodes_registrar{"nodes", 30, add_nodes_command};

}  // namespace

}  // namespace arbiter::cli
