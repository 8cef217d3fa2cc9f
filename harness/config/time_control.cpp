#include "harness/config/time_control.h"

#include <charconv>
#include <cmath>
#include <optional>

#include "harness/config/values.h"

namespace arbiter {

namespace {

// The longest period or increment a time control may give: 10 million seconds (115 days).
constexpr std::int64_t MAX_SECONDS = 10'000'000;

// Milliseconds, or nothing when `text` is not a non-negative decimal number of seconds; a number
// of seconds above MAX_SECONDS gives MAX_SECONDS * 1000 + 1 (too large, whatever its size).
std::optional<std::int64_t> seconds_to_ms(std::string_view text) {
    if (text.empty()) return std::nullopt;
    double seconds = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seconds);
    if (end != text.data() + text.size() || text[0] == '-') return std::nullopt;
    if (ec == std::errc::result_out_of_range || seconds > MAX_SECONDS)
        return MAX_SECONDS * 1000 + 1;
    if (ec != std::errc() || !(seconds >= 0)) return std::nullopt;
    return std::int64_t(std::llround(seconds * 1000));
}

std::optional<int> parse_whole(std::string_view text) {
    int value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// Milliseconds as seconds, exactly: "60", "0.6", "19545.07" (never rounded, never an exponent).
std::string format_seconds(std::int64_t ms) {
    std::string text = std::to_string(ms / 1000);
    if (std::int64_t fraction = ms % 1000) {
        std::string digits = std::to_string(1000 + fraction).substr(1);
        text += '.' + digits.substr(0, digits.find_last_not_of('0') + 1);
    }
    return text;
}

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// True if `text` is cutechess's one period with minutes and seconds ("1:30", "40/1:30+0.5"):
// one ':' with no increment before it, followed by two digits that are not 60 or more, then
// possibly a fraction and an increment. Any other ':' separates the PGN standard's periods.
bool is_cutechess_minutes(std::string_view text) {
    std::size_t colon = text.find(':');
    if (colon == std::string_view::npos || text.find(':', colon + 1) != std::string_view::npos)
        return false;
    if (text.substr(0, colon).find('+') != std::string_view::npos) return false;
    std::string_view seconds = text.substr(colon + 1);
    seconds = seconds.substr(0, seconds.find('+'));
    if (seconds.size() < 2 || !is_digit(seconds[0]) || !is_digit(seconds[1]) || seconds[0] > '5')
        return false;
    return seconds.size() == 2 ||
           (seconds[2] == '.' && seconds.find('/') == std::string_view::npos);
}

// Throws ConfigError, `what` in front, if `period` gives no time or too much.
void check_period(const TimePeriod& period, const std::string& what) {
    if (period.base_ms > MAX_SECONDS * 1000 || period.increment_ms > MAX_SECONDS * 1000)
        throw ConfigError(what +
                          " is too large: the period and the increment may each be at most " +
                          std::to_string(MAX_SECONDS) + " seconds (115 days)");
    if (period.base_ms < 0 || period.increment_ms < 0 || period.moves < 0)
        throw ConfigError(what + " has a negative time or move count");
    if (period.base_ms <= 0 && period.increment_ms <= 0) throw ConfigError(what + " gives no time");
}

// One period "MOVES/SECONDS+INC" (each part but SECONDS optional; SECONDS may be cutechess's
// "M:SS"). Throws ConfigError with `what` ("time control 'X'" or "... period 2 'Y'") in front.
TimePeriod parse_period(std::string_view text, const std::string& what) {
    auto fail = [&]() {
        return ConfigError(what + " is not SECONDS+INC, SECONDS, MOVES/SECONDS+INC, " +
                           "MOVES/SECONDS or hgSECONDS");
    };
    TimePeriod period;
    if (auto slash = text.find('/'); slash != std::string_view::npos) {
        auto moves = parse_whole(text.substr(0, slash));
        if (!moves || *moves < 1) throw fail();
        period.moves = *moves;
        text.remove_prefix(slash + 1);
    }
    std::string_view base = text;
    if (auto plus = text.find('+'); plus != std::string_view::npos) {
        base = text.substr(0, plus);
        auto inc_ms = seconds_to_ms(text.substr(plus + 1));
        if (!inc_ms) throw fail();
        period.increment_ms = *inc_ms;
    }
    if (auto colon = base.find(':'); colon != std::string_view::npos) {
        auto minutes = parse_whole(base.substr(0, colon));
        auto seconds = seconds_to_ms(base.substr(colon + 1));
        if (!minutes || *minutes < 0 || !seconds) throw fail();
        period.base_ms = std::int64_t(*minutes) * 60000 + *seconds;
    } else {
        auto base_ms = seconds_to_ms(base);
        if (!base_ms) throw fail();
        period.base_ms = *base_ms;
    }
    check_period(period, what);
    return period;
}

std::string period_text(const TimePeriod& period) {
    std::string text = period.moves ? std::to_string(period.moves) + "/" : "";
    text += format_seconds(period.base_ms);
    if (period.increment_ms) text += '+' + format_seconds(period.increment_ms);
    return text;
}

// The error of a period without moves that another follows.
ConfigError endless_period(const std::string& named, std::size_t number, const TimePeriod& period) {
    return ConfigError(named + ": period " + std::to_string(number) + " '" + period_text(period) +
                       "' has no move count, so it lasts the rest of the game and no period can "
                       "follow it (write MOVES/SECONDS)");
}

}  // namespace

TimeControl parse_time_control(std::string_view text) {
    const std::string original(text);
    const std::string named = "time control '" + original + "'";
    if (text.starts_with("hg")) {
        // cutechess's hourglass: the time itself, with no increment and no periods.
        text.remove_prefix(2);
        if (text.find_first_of("/+") != std::string_view::npos ||
            (text.find(':') != std::string_view::npos && !is_cutechess_minutes(text)))
            throw ConfigError(named + ": an hourglass has no increment and no moves per period");
        TimePeriod period = parse_period(text, named);
        return TimeControl(0, period.base_ms, 0, true);
    }
    if (text.find(':') == std::string_view::npos || is_cutechess_minutes(text))
        return TimeControl({parse_period(text, named)});
    // The PGN standard's periods: each read alone and named by its number.
    std::vector<TimePeriod> periods;
    for (std::size_t start = 0, number = 1; start <= text.size(); ++number) {
        std::size_t end = std::min(text.find(':', start), text.size());
        std::string_view part = text.substr(start, end - start);
        const std::string what =
            named + ": period " + std::to_string(number) + " '" + std::string(part) + "'";
        if (!periods.empty() && periods.back().moves == 0)
            throw endless_period(named, number - 1, periods.back());
        if (part.starts_with("hg")) throw ConfigError(what + ": an hourglass has one period");
        periods.push_back(parse_period(part, what));
        start = end + 1;
    }
    return TimeControl(std::move(periods));
}

void validate(const TimeControl& tc) {
    const std::string named = "time control '" + to_string(tc) + "'";
    if (tc.hourglass && (tc.periods.size() > 1 || tc.first().moves || tc.first().increment_ms))
        throw ConfigError(named + ": an hourglass has no increment and no moves per period");
    for (std::size_t i = 0; i < tc.periods.size(); ++i) {
        const TimePeriod& period = tc.periods[i];
        check_period(period, tc.periods.size() == 1 ? named
                                                    : named + ": period " + std::to_string(i + 1) +
                                                          " '" + period_text(period) + "'");
        if (period.moves == 0 && i + 1 < tc.periods.size())
            throw endless_period(named, i + 1, period);
    }
}

std::string to_string(const TimeControl& tc) {
    if (tc.hourglass) return "hg" + format_seconds(tc.first().base_ms);
    std::string text;
    for (const TimePeriod& period : tc.periods) {
        if (!text.empty()) {
            text += ':';
            // "2/60:30" would read as cutechess's 60 minutes 30 seconds: "2/60:030" does not.
            if (tc.periods.size() == 2 && is_cutechess_minutes(text + period_text(period)))
                text += '0';
        }
        text += period_text(period);
    }
    return text;
}

std::string pgn_time_control(const TimeControl& tc) {
    return tc.hourglass ? "*" + format_seconds(tc.first().base_ms) : to_string(tc);
}

}  // namespace arbiter
