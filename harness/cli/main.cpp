// arbiter: plays UCI engines against each other, records everything in SQLite, rates them and
// counts their nodes. Each subcommand lives in its own *_command.cpp file and registers itself
// (command.h); main() adds them in order, names a mistyped command or flag, and runs one.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "harness/cli/check_command.h"
#include "harness/cli/command.h"
#include "harness/dialect/command_line/cutechess_args.h"
#include "harness/dialect/run/cutechess_command.h"
#include "harness/text/output_file.h"
#include "harness/text/suggest.h"

namespace arbiter::cli {

using text::nearest_word;
using text::unknown_command_message;

std::vector<Command>& command_registry() {
    static std::vector<Command> commands;
    return commands;
}

namespace {

// For "The following arguments were not expected: --nodse": the nearest flag of the command.
std::string suggest_flags(const CLI::App& app) {
    const CLI::App* command = &app;
    for (const CLI::App* sub : app.get_subcommands()) command = sub;
    std::vector<std::string> flags;
    for (const CLI::Option* option : command->get_options())
        for (const std::string& name : option->get_lnames()) flags.push_back("--" + name);
    std::vector<std::string> extras = app.remaining();
    if (command != &app)
        for (const std::string& extra : command->remaining()) extras.push_back(extra);
    std::string hints;
    for (const std::string& extra : extras) {
        if (extra.rfind("--", 0) != 0) continue;
        std::string word = extra.substr(0, extra.find('='));
        if (auto guess = nearest_word(word, flags))
            hints += "arbiter: unknown option '" + word + "'; did you mean '" + *guess + "'?\n";
    }
    return hints;
}

// The exit status of a command line arbiter cannot read (an unknown or repeated flag).
constexpr int USAGE_ERROR = 2;

// CLI11's message for `error`; help and version requests exit 0, a command's own
// CLI::RuntimeError its code (a failed node gate: 1), every other error USAGE_ERROR.
int usage_error(const CLI::App& app, const CLI::ParseError& error) {
    const int code = app.exit(error);
    if (code == 0 || dynamic_cast<const CLI::RuntimeError*>(&error)) return code;
    return USAGE_ERROR;
}

// For CLI11's "--depth: At Most 1 required but received 2": which flag was given twice.
std::optional<std::string> repeated_flag_message(const std::string& what) {
    const std::string marker = ": At Most 1 required but received ";
    const std::size_t at = what.find(marker);
    if (at == std::string::npos) return std::nullopt;
    return what.substr(0, at) + " is given " + what.substr(at + marker.size()) +
           " times; give it once (a later value would silently replace the first)";
}

}  // namespace

}  // namespace arbiter::cli

int main(int argc, char** argv) {
    using namespace arbiter::cli;
    // On a pipe or file, stdout is written line by line: a signal ends arbiter with _exit(), and
    // every line printed before it (games finished, the Database line) must already be out.
    // std::cout is synchronised with stdio, so this covers both.
    if (!::isatty(STDOUT_FILENO)) std::setvbuf(stdout, nullptr, _IOLBF, BUFSIZ);
    // Started through a link named fastchess... or cutechess...: that tool's command line, always.
    // `arbiter -engine ... -each ...`: the cutechess-cli / fastchess dialect, read apart.
    arbiter::SpokenTool spoken_tool = arbiter::tool_called_as(argc > 0 ? argv[0] : "arbiter");
    // fastchess's `--compliance ENGINE [ARGS]`: `arbiter check` of that engine, fastchess's status.
    if (spoken_tool == arbiter::SpokenTool::fastchess && argc > 1 &&
        std::string(argv[1]) == "--compliance")
        return arbiter::cli::run_compliance(std::vector<std::string>(argv + 1, argv + argc));
    if (spoken_tool != arbiter::SpokenTool::arbiter ||
        (argc > 1 && arbiter::is_cutechess_option(argv[1])))
        return run_cutechess_dialect(std::vector<std::string>(argv + 1, argv + argc), spoken_tool);
    CLI::App app{
        "arbiter: tournaments (round-robin, gauntlet, SPRT) of UCI and XBoard chess engines, "
        "recorded in SQLite, rated, reported; node-count tables"};
    app.require_subcommand(1);
    // `arbiter --version` is read before CLI11 (it is the dialect's too); the flag says so here.
    app.set_version_flag("--version", arbiter::version_text(spoken_tool),
                         "Print arbiter's version and exit");
    app.footer(
        "arbiter COMMAND --help says more of each command.\n\n"
        "arbiter also speaks cutechess-cli's and fastchess's command line, read onto the same\n"
        "tournament: arbiter -engine cmd=A -engine cmd=B -each tc=10+0.1 -rounds 100 -repeat\n"
        "-openings file=openings/arbiter-8ply.epd (arbiter -help lists its options). Started\n"
        "through a link named cutechess-cli or fastchess (ln -s arbiter fastchess), it speaks\n"
        "that tool's command line alone, prints its lines, and -help gives its usage.");
    auto& commands = command_registry();
    std::sort(commands.begin(), commands.end(),
              [](const auto& a, const auto& b) { return a.order < b.order; });
    std::vector<std::string> names;
    for (const auto& command : commands) {
        command.add(app);
        names.push_back(command.name);
    }
    if (argc > 1) {
        if (auto message = unknown_command_message(argv[1], names)) {
            std::cerr << "arbiter: " << *message << '\n';
            return 1;
        }
    }
    try {
        app.parse(argc, argv);
        // Output lost to a full disk or a closed pipe is a failure, never a silent success.
        arbiter::flush_standard_output();
    } catch (const CLI::ExtrasError& e) {
        std::cerr << suggest_flags(app);
        return usage_error(app, e);
    } catch (const CLI::ArgumentMismatch& e) {
        if (auto message = repeated_flag_message(e.what())) {
            std::cerr << "arbiter: " << *message << '\n';
            return USAGE_ERROR;
        }
        return usage_error(app, e);
    } catch (const CLI::ParseError& e) {
        return usage_error(app, e);
    } catch (const std::exception& e) {
        std::cerr << "arbiter: " << e.what() << '\n';
        return 1;
    }
    return 0;
}
