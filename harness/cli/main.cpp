// arbiter: plays UCI engines against each other, records everything in SQLite, rates them and
// counts their nodes. Each subcommand lives in its own *_command.cpp file.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "harness/cli/command.h"

namespace arbiter::cli {

std::vector<Command>& command_registry() {
    static std::vector<Command> commands;
    return commands;
}

}  // namespace arbiter::cli

int main(int argc, char** argv) {
    // On a pipe or file, stdout is written line by line: a signal ends arbiter with _exit(), and
    // every line printed before it (games finished, the Database line) must already be out.
    // std::cout is synchronised with stdio, so this covers both.
    if (!::isatty(STDOUT_FILENO)) std::setvbuf(stdout, nullptr, _IOLBF, BUFSIZ);
    CLI::App app{
        "arbiter: round-robin tournaments, ratings and node-count tables for UCI chess engines"};
    app.require_subcommand(1);
    auto& commands = arbiter::cli::command_registry();
    std::sort(commands.begin(), commands.end(),
              [](const auto& a, const auto& b) { return a.order < b.order; });
    for (const auto& command : commands) command.add(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    } catch (const std::exception& e) {
        std::cerr << "arbiter: " << e.what() << '\n';
        return 1;
    }
    return 0;
}
