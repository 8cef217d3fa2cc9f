// A chess clock's setting: one or more periods in the PGN standard's TimeControl form
// ("40/5400+30:1800+30", "40/7200:20/3600:900"), cutechess's one-period form ("40/1:30+0.5",
// "10+0.1") and its hourglass ("hg60"). The referee's ChessClock (harness/game/chess_clock.h)
// plays it; this header only says what it is and how it is written.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

// One period of a time control: the moves a side plays in it (0: the rest of the game), the time
// added to the side's clock when the period begins, and the increment each of its moves earns.
struct TimePeriod {
    int moves = 0;
    std::int64_t base_ms = 0;
    std::int64_t increment_ms = 0;

    bool operator==(const TimePeriod&) const = default;
};

// A chess clock setting: its periods, in order. Every period but the last has a move count; the
// last repeats while it has one (the PGN standard's "40/7200:20/3600" is 20 moves in an hour again
// and again after move 40), else it lasts the rest of the game. An hourglass (cutechess's tc=hg60)
// has one period without moves or increment: the time a side uses is added to its opponent's.
struct TimeControl {
    std::vector<TimePeriod> periods{TimePeriod{}};  // never empty
    bool hourglass = false;

    TimeControl() = default;
    // One period: `moves` in `base_ms` (0 moves: the whole game), `increment_ms` a move.
    TimeControl(int moves, std::int64_t base_ms, std::int64_t increment_ms, bool hourglass = false)
        : periods{{moves, base_ms, increment_ms}}, hourglass(hourglass) {}
    explicit TimeControl(std::vector<TimePeriod> all) : periods(std::move(all)) {
        if (periods.empty()) periods.emplace_back();
    }

    const TimePeriod& first() const { return periods.front(); }
    // The setting of the period with this number (0 for the first); numbers past the list are
    // the last period repeated.
    const TimePeriod& period(std::size_t number) const {
        return periods[number < periods.size() ? number : periods.size() - 1];
    }

    bool operator==(const TimeControl&) const = default;
};

// Parses a time control: periods separated by ':' (the PGN standard's form), each
// "MOVES/SECONDS+INC", "MOVES/SECONDS", "SECONDS+INC" or "SECONDS"; cutechess's minutes
// "M:SS" in a one-period text (one ':' before two digits, as in "1:30+1" or "40/1:30"); or the
// hourglass "hgSECONDS". Seconds may be fractional. Throws ConfigError naming the bad period
// ("time control '40/5400+30:x': period 2 'x' is not ...").
TimeControl parse_time_control(std::string_view text);
// Checks a time control built in code against parse_time_control()'s rules (the same messages).
void validate(const TimeControl& tc);
// The text of a time control, which parse_time_control() reads back to the same value:
// "40/60+0.6", "10+0.1", "40/5400+30:1800+30", "hg60".
std::string to_string(const TimeControl& tc);
// The PGN standard's TimeControl tag value: to_string()'s periods, and an hourglass (the
// standard's sandclock) as "*SECONDS".
std::string pgn_time_control(const TimeControl& tc);

}  // namespace arbiter
