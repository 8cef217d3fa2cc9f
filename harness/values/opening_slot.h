// Two plain values below both the referee (harness/game) and the store (harness/store): the
// opening a game starts from and the slot it fills in a tournament's schedule. No behaviour.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace arbiter {

// One entry of an opening suite: the position the suite gives and the moves played into it.
// All fields together identify an opening row.
struct Opening {
    int suite_index = 0;             // 0-based position of the entry in its file
    std::string source_file;         // the EPD or PGN file as the user named it
    std::string start_fen;           // position before `moves`
    std::vector<std::string> moves;  // UCI moves leading into the game (PGN suites), may be empty
    std::string name;  // e.g. the EPD "id" opcode or the PGN Opening tag; may be empty

    bool operator==(const Opening&) const = default;
};

// Where a game sits in a tournament's schedule. `number` is the stable slot number the
// tournament derives from the other fields; resume works on it.
struct ScheduleSlot {
    std::int64_t number = 0;
    int round = 0;
    int pair_index = 0;
    int opening_index = 0;
    int game_in_pair = 0;  // 0 or 1: the second game of a pair (colours reversed unless the
                           // tournament plays -noswap, TournamentConfig::colours)

    // The number the two games of a colour-reversed pair share (for pentanomial statistics
    // and SPRT): slots 2k and 2k+1 form pair k.
    std::int64_t pair_number() const { return number / 2; }

    bool operator==(const ScheduleSlot&) const = default;
};

}  // namespace arbiter
