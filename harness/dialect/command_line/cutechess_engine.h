// One `-engine` or `-each` block of the cutechess-cli / fastchess command line: its keys read onto
// an EngineConfig (cmd, name, dir, arg, args, option.NAME, proto, tc, st, nodes, depth, plies,
// restart, stderr, ...), with the keys arbiter cannot honour refused by name.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/config/engine_config.h"

namespace arbiter {

// What a block sets that is not an EngineConfig field.
struct CutechessEngineExtras {
    std::optional<std::string> time_margin;  // timemargin= (one margin for all engines)
    // The last tc= of the engine's blocks was tc=inf: no clock, another limit must govern.
    bool infinite_clock = false;
    std::string conf;  // cutechess's conf=NAME: the engines.json entry the block starts from
};

// cutechess's initstr / initStrings: each line is written to the engine after its handshake.
// A "setoption name N value V" line becomes the option N=V, sent in its place and in its words;
// any other line is refused (arbiter writes nothing to an engine it did not compose). Throws
// ConfigError.
void read_init_strings(EngineConfig& engine, const std::string& text);

// Reads the key=value tokens of one block onto `engine`. `option` ("-engine" or "-each") names
// the block in messages. Throws ConfigError.
void read_cutechess_engine_block(const std::string& option, const std::vector<std::string>& values,
                                 EngineConfig& engine, CutechessEngineExtras& extras,
                                 std::vector<std::string>& warnings);

// Throws ConfigError for a name with a space or a colon (the output's parsers split on them).
void check_cutechess_engine_name(const EngineConfig& engine);

}  // namespace arbiter
