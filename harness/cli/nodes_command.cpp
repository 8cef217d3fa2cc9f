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

void run_nodes(const NodesOptions& o, const NodesConfig& config) {
    using namespace arbiter::nodes;
    // Step 1. The outputs asked for.
    auto format = parse_output_format(o.format);
    if (!format) throw ConfigError("--format must be table, markdown, csv, json, report or totals");
    std::vector<std::pair<OutputFormat, std::string>> extra_outputs;
    for (const auto& item : o.writes) {
        std::size_t colon = item.find(':');
        auto extra_format = parse_output_format(item.substr(0, colon));
        if (colon == std::string::npos || !extra_format || colon + 1 == item.size())
            throw ConfigError(
                "--write '" + item +
                "' is not FORMAT:FILE (table, markdown, csv, json, report or totals)");
        extra_outputs.emplace_back(*extra_format, item.substr(colon + 1));
    }
    std::vector<NamedFile> outputs{{o.out, "--out"}};
    for (const auto& [extra_format, path] : extra_outputs) outputs.push_back({path, "--write"});
    std::vector<NamedFile> inputs = database_files(o.db, "--db");
    inputs.push_back({o.positions_file, "--positions"});
    inputs.push_back({o.baseline, "--baseline"});
    refuse_outputs_over_inputs(outputs, inputs);

    // Step 2. The run, checked before any engine starts: settings, programs, and the work.
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
    // Identify the engines before spending time on them: a missing program fails at once.
    for (const auto& engine : settings.engines) (void)engine_identity(engine, false);
    std::optional<NodeResults> baseline;
    if (!o.baseline.empty()) baseline = load_baseline(o.baseline);
    WorkEstimate work = estimate_work(settings);
    if (work.nodes > MAX_ESTIMATED_NODES && !o.force) throw ConfigError(refusal_message(work));
    if (work.nodes > MAX_ESTIMATED_NODES / 100)
        std::cerr << "arbiter nodes: up to " << scientific(work.nodes)
                  << " nodes to search (a full-width estimate from perft growth)"
                  << (o.progress ? "" : "; --progress prints each measurement") << std::endl;

    // Step 3. The measurements. A failed one (a timeout, an engine that exits) ends the run, but
    // the measurements made before it are still shown, written and stored.
    NodeResults results;
    std::string failure;
    try {
        results = run_measurements(settings, &results);
    } catch (const std::exception& e) {
        if (results.cells.empty()) throw;
        failure = e.what();
    }
    NodeTable table = build_table(results);
    InvariantReport invariants = check_invariants(results);
    std::optional<Comparison> comparison;
    if (baseline) comparison = compare_with_baseline(*baseline, results, config.tolerance);

    // Step 4. The record and the outputs.
    if (!o.db.empty()) {
        Store store = Store::open(o.db);
        std::string description = "arbiter nodes --depth " + o.depth + " (" +
                                  std::to_string(settings.engines.size()) + " engines, " +
                                  std::to_string(settings.positions.size()) + " positions)";
        record_run(store, results, settings.engines, description);
    }

    auto render = [&](OutputFormat f) -> std::string {
        switch (f) {
            case OutputFormat::table:
                return format_text_table(table) + "\n" +
                       (comparison ? format_comparison(*comparison, false)
                                   : format_invariants(invariants, false));
            case OutputFormat::markdown:
                return format_markdown_summary(results, table, invariants,
                                               comparison ? &*comparison : nullptr);
            case OutputFormat::csv:
                return format_csv(results);
            case OutputFormat::json:
                return format_json(results);
            case OutputFormat::report:
                return format_markdown_report(table, invariants);
            case OutputFormat::totals:
                return format_depth_totals(table, false);
        }
        return {};
    };
    for (const auto& [extra_format, path] : extra_outputs)
        write_output_file(path, render(extra_format));
    std::string document = render(*format);
    bool report_in_document = *format == OutputFormat::table || *format == OutputFormat::markdown;
    write_output_file(o.out.empty() ? "-" : o.out, document);
    // The verdict must reach the log even when the document went to a file or is data.
    if (comparison && (!report_in_document || !o.out.empty()))
        std::cerr << format_comparison(*comparison, false);
    if (!failure.empty())
        throw std::runtime_error(failure + " (the " + std::to_string(results.cells.size()) +
                                 " measurements that succeeded are in the output)");
    if (comparison && !comparison->passed()) throw CLI::RuntimeError(1);
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
