// `arbiter check`: a thin shell over harness/check. Engines come as `tournament`'s --engine specs
// (proto=xboard, arg=, option.NAME=...) or as bare programs; each is checked in turn.
#include "harness/cli/check_command.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>

#include "harness/check/check_output.h"
#include "harness/cli/command.h"
#include "harness/config/engine_config.h"

namespace arbiter::cli {

namespace {

struct CheckOptions {
    std::vector<std::string> programs;
    std::vector<std::string> engines;
    std::string format = "text";
    bool verbose = false;
    std::vector<std::string> allowed;  // checks whose failure does not fail the run (--allow)
};

// Checks every engine; true if all passed, a failure of an `allowed` check aside (said on stderr).
bool check_all(const std::vector<EngineConfig>& engines, CheckFormat format, bool verbose,
               const std::vector<std::string>& allowed = {}) {
    std::ostream* progress =
        format == CheckFormat::text && ::isatty(STDERR_FILENO) ? &std::cerr : nullptr;
    std::unique_ptr<CheckOutput> output = make_check_output(format, std::cout, progress, verbose);
    std::vector<EngineCheckReport> reports;
    for (const EngineConfig& engine : engines) {
        output->begin_engine(engine);
        reports.push_back(run_check(engine, *output));
        output->end_engine(reports.back());
    }
    output->end_run(reports);
    bool passed = true;
    for (const EngineCheckReport& report : reports)
        for (const CheckResult& check : report.checks) {
            if (check.outcome != CheckOutcome::failed) continue;
            if (std::find(allowed.begin(), allowed.end(), check.name) == allowed.end())
                passed = false;
            else
                std::cerr << "arbiter: " << report.engine << " fails " << check.name
                          << ", allowed by --allow\n";
        }
    return passed;
}

// An engine given as a bare program: named after its file.
EngineConfig program_engine(const std::string& program, std::vector<std::string> args = {}) {
    EngineConfig engine;
    engine.command = program;
    engine.name = std::filesystem::path(program).filename().string();
    engine.args = std::move(args);
    return engine;
}

void add_check_command(CLI::App& app) {
    auto options = std::make_shared<CheckOptions>();
    CLI::App* command = app.add_subcommand(
        "check",
        "Tell each engine's conformance before it plays: the protocol, legal moves from the "
        "positions that break engines, limits, options, information and robustness; exit 1 "
        "when a check fails");
    command->add_option("programs", options->programs, "Engine programs (UCI), checked in turn");
    command->add_option("--engine", options->engines,
                        "An engine as `arbiter tournament` takes it: "
                        "name=NAME,cmd=PROGRAM[,arg=ARG][,proto=xboard][,option.NAME=VALUE]");
    command->add_option("--format", options->format, "text (a checklist), json or markdown")
        ->capture_default_str();
    command->add_flag("--verbose", options->verbose,
                      "Show the engine's lines under every check, not only the failed ones");
    command->add_option("--allow", options->allowed,
                        "A check (by its name, as `info-score`) whose failure is shown but does "
                        "not make the exit code 1; repeatable");
    command->callback([options] {
        std::vector<EngineConfig> engines;
        for (const std::string& program : options->programs)
            engines.push_back(program_engine(program));
        for (const std::string& spec : options->engines) engines.push_back(parse_engine_spec(spec));
        if (engines.empty())
            throw CLI::ValidationError("check", "give an engine (a program or --engine SPEC)");
        for (const EngineConfig& engine : engines) validate(engine);
        if (!check_all(engines, parse_check_format(options->format), options->verbose,
                       options->allowed))
            throw CLI::RuntimeError(1);
    });
}

Registrar check_registrar{"check", 35, add_check_command};

}  // namespace

int run_compliance(const std::vector<std::string>& arguments) {
    if (arguments.size() < 2) {
        std::cerr << "fastchess: --compliance needs an engine: --compliance ENGINE [ARGS...]\n";
        return 1;
    }
    try {
        EngineConfig engine = program_engine(
            arguments[1], std::vector<std::string>(arguments.begin() + 2, arguments.end()));
        return check_all({engine}, CheckFormat::text, false) ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "fastchess: " << e.what() << '\n';
        return 1;
    }
}

}  // namespace arbiter::cli
