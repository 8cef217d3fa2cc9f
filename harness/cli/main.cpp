// arbiter: plays UCI engines against each other, records everything in SQLite, rates them and
// counts their nodes. Each subcommand lives in its own *_command.cpp file.
#include <algorithm>
#include <iostream>

#include "harness/cli/command.h"
#include "harness/report/output_file.h"

namespace arbiter::cli {

std::vector<Command>& command_registry() {
    static std::vector<Command> commands;
    return commands;
}

}  // namespace arbiter::cli

int main(int argc, char** argv) {
    CLI::App app{
        "arbiter: round-robin tournaments, ratings and node-count tables for UCI chess engines"};
    app.require_subcommand(1);
    auto& commands = arbiter::cli::command_registry();
    std::sort(commands.begin(), commands.end(),
              [](const auto& a, const auto& b) { return a.order < b.order; });
    for (const auto& command : commands) command.add(app);
    try {
        app.parse(argc, argv);
        // Output lost to a full disk or a closed pipe is a failure, never a silent success.
        arbiter::flush_standard_output();
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    } catch (const std::exception& e) {
        std::cerr << "arbiter: " << e.what() << '\n';
        return 1;
    }
    return 0;
}
