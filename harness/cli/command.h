// How `arbiter` subcommands register themselves: each *_command.cpp file adds one CLI11
// subcommand through a static Registrar, so main() stays a few lines and a new command is a new
// file (listed in harness/cli/CMakeLists.txt). Settings are read and checked by harness/config:
// a command lays its flags over those structs and calls the rooms below. A command's callback
// throws CLI::RuntimeError(code) to exit with a non-zero code, or any std::exception for a fatal
// error, which main() prints as "arbiter: MESSAGE".
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

namespace arbiter::cli {

struct Command {
    std::string name;
    int order;  // position in `arbiter --help`
    std::function<void(CLI::App&)> add;
};

std::vector<Command>& command_registry();

// Registers a command at static-initialisation time.
struct Registrar {
    Registrar(std::string name, int order, std::function<void(CLI::App&)> add) {
        command_registry().push_back({std::move(name), order, std::move(add)});
    }
};

}  // namespace arbiter::cli
