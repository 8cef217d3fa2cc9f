#include <map>
#include <sstream>

#include "harness/swiss/trf.h"

namespace arbiter::swiss {

namespace {

// The reader's position in the text, for its messages.
struct Where {
    std::string_view source;
    int line = 0;
    [[noreturn]] void fail(const std::string& field, const std::string& message) const {
        throw TrfError(std::string(source) + ":" + std::to_string(line) + ": " + field + ": " +
                       message);
    }
};

std::string trimmed(std::string_view text) {
    std::size_t begin = text.find_first_not_of(' ');
    if (begin == std::string_view::npos) return "";
    std::size_t end = text.find_last_not_of(' ');
    return std::string(text.substr(begin, end - begin + 1));
}

int number(std::string_view text, const Where& where, const std::string& field) {
    std::string t = trimmed(text);
    if (t.empty()) return 0;
    int value = 0;
    for (char c : t) {
        if (c < '0' || c > '9') where.fail(field, "'" + t + "' is not a number");
        value = value * 10 + (c - '0');
    }
    return value;
}

int half_points(std::string_view text, const Where& where, const std::string& field) {
    std::string t = trimmed(text);
    std::size_t dot = t.find('.');
    int whole = number(t.substr(0, dot), where, field);
    std::string fraction = dot == std::string::npos ? "" : t.substr(dot + 1);
    if (fraction.empty() || fraction == "0") return 2 * whole;
    if (fraction == "5") return 2 * whole + 1;
    return where.fail(field, "'" + t + "' is not a whole or half point"), 0;
}

// One player's round entries: (opponent or -1 for the bye, colour, result character).
struct Entry {
    int opponent = -1;
    char colour = '-';
    char result = ' ';
};

std::vector<Entry> entries(const std::string& line, const Where& where) {
    std::vector<Entry> result;
    for (std::size_t at = 91; at < line.size(); at += 10) {
        std::string field = "round " + std::to_string(result.size() + 1);
        std::string block = line.substr(at, 8);
        block.resize(8, ' ');
        Entry e;
        e.opponent = number(block.substr(0, 4), where, field + " opponent") - 1;
        e.colour = block[5];
        e.result = block[7];
        if (e.opponent < 0 && e.result != 'U')
            where.fail(field, "only the pairing-allocated bye (0000 - U) has no opponent");
        result.push_back(e);
    }
    return result;
}

}  // namespace

SwissTournament read_trf(std::string_view text, std::string_view source) {
    SwissTournament t;
    std::vector<std::vector<Entry>> rows;
    std::istringstream in{std::string(text)};
    std::string line;
    Where where{source, 0};
    while (std::getline(in, line)) {
        ++where.line;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::string code = line.substr(0, 3);
        if (code == "XXR") t.planned_rounds = number(line.substr(3), where, "XXR");
        if (code == "BBU") t.bye_half_points = half_points(line.substr(3), where, "BBU");
        if (code != "001") continue;
        line.resize(std::max<std::size_t>(line.size(), 89), ' ');
        int rank = number(line.substr(4, 4), where, "starting rank");
        if (rank != static_cast<int>(rows.size()) + 1)
            where.fail("starting rank", "expected " + std::to_string(rows.size() + 1));
        t.players.push_back(
            {trimmed(line.substr(14, 33)), number(line.substr(48, 4), where, "rating")});
        rows.push_back(entries(line, where));
    }
    std::size_t rounds = 0;
    for (const auto& row : rows) rounds = std::max(rounds, row.size());
    t.rounds.resize(rounds);
    for (std::size_t p = 0; p < rows.size(); ++p) {
        for (std::size_t r = 0; r < rows[p].size(); ++r) {
            const Entry& e = rows[p][r];
            if (e.opponent >= static_cast<int>(rows.size()))
                throw TrfError(std::string(source) + ": player " + std::to_string(p + 1) +
                               ", round " + std::to_string(r + 1) + ": opponent " +
                               std::to_string(e.opponent + 1) + " is not a player");
            if (e.opponent < 0) t.rounds[r].bye = static_cast<int>(p);
            if (e.colour != 'w' || e.opponent < 0) continue;
            GameResult result = e.result == '1'   ? GameResult::white_wins
                                : e.result == '=' ? GameResult::draw
                                : e.result == '0' ? GameResult::black_wins
                                                  : GameResult::unfinished;
            t.rounds[r].games.push_back({static_cast<int>(p), e.opponent, result});
        }
    }
    if (t.planned_rounds == 0) t.planned_rounds = static_cast<int>(rounds);
    return t;
}

}  // namespace arbiter::swiss
