// A settings table (harness/config: tournament_settings(), nodes_settings()) as a command's flags:
// each entry once, --FLAG VALUE_NAME with its help, and the flags given read back as the
// (key, text) pairs the table's apply_settings() takes. The tournament and nodes commands share it.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "harness/config/values.h"

namespace arbiter::cli {

// Adds each entry as --FLAG with its help, its text read into values[i]: an entry without a value
// name is a flag, one whose name is in brackets ("[CPUS]") takes an optional value ("" when
// absent).
template <typename Setting>
void add_setting_flags(CLI::App& command, const std::vector<Setting>& settings,
                       std::vector<std::string>& values) {
    for (std::size_t i = 0; i < settings.size(); ++i) {
        const std::string flag = "--" + std::string(settings[i].flag), help(settings[i].help);
        if (settings[i].value_name.empty()) {
            command.add_flag(flag, help);
            continue;
        }
        CLI::Option* option = command.add_option(flag, values[i], help)
                                  ->type_name(std::string(settings[i].value_name))
                                  ->allow_extra_args(false);
        if (settings[i].value_name.starts_with('[')) option->expected(0, 1);
    }
}

// The entries given on `app`'s command line, in the table's order, as (key, text); "true" for a
// flag.
template <typename Setting>
KeyValues given_settings(const CLI::App& app, const std::vector<Setting>& settings,
                         const std::vector<std::string>& values) {
    KeyValues given;
    for (std::size_t i = 0; i < settings.size(); ++i)
        if (app.count("--" + std::string(settings[i].flag)) > 0)
            given.emplace_back(std::string(settings[i].key),
                               settings[i].value_name.empty() ? "true" : values[i]);
    return given;
}

}  // namespace arbiter::cli
