#include "harness/tournament/openings.h"

#include <deque>
#include <fstream>
#include <sstream>

#include "engines/core/epd.h"
#include "engines/core/notation.h"
#include "engines/core/position.h"

namespace arbiter {

namespace {

[[noreturn]] void fail(const std::string& source, int line, const std::string& what) {
    throw OpeningError(source + ":" + std::to_string(line) + ": " + what);
}

}  // namespace

std::vector<Opening> parse_epd(const std::string& text, const std::string& source) {
    std::vector<Opening> openings;
    std::istringstream in(text);
    int line_number = 0;
    for (std::string text_line; std::getline(in, text_line);) {
        ++line_number;
        if (epd_line_is_blank(text_line)) continue;
        EpdLine line;
        if (std::string error = parse_epd_line(text_line, line); !error.empty())
            fail(source, line_number, error);
        Position pos;
        StateInfo st;
        if (std::string error = pos.set(line.fen, st); !error.empty())
            fail(source, line_number, error);
        Opening opening;
        opening.suite_index = int(openings.size());
        opening.source_file = source;
        opening.start_fen = pos.fen();
        if (const std::string* id = line.find("id")) opening.name = *id;
        openings.push_back(std::move(opening));
    }
    if (openings.empty()) throw OpeningError(source + ": no positions in the file");
    return openings;
}

std::vector<Opening> parse_pgn(const std::string& text, const std::string& source, int plies) {
    std::vector<Opening> openings;
    std::size_t i = 0;
    int line = 1;
    auto advance = [&](std::size_t n = 1) {
        for (std::size_t k = 0; k < n && i < text.size(); ++k, ++i)
            if (text[i] == '\n') ++line;
    };

    // The game being read.
    std::string fen(START_FEN), name, event;
    bool in_game = false;
    std::deque<StateInfo> states;
    Position pos;
    std::vector<std::string> moves;
    int game_start_line = 0;

    auto begin_moves = [&]() {
        if (in_game) return;
        in_game = true;
        states.clear();
        if (std::string error = pos.set(fen, states.emplace_back()); !error.empty())
            fail(source, game_start_line, "FEN tag: " + error);
    };
    auto finish_game = [&]() {
        begin_moves();
        Opening opening;
        opening.suite_index = int(openings.size());
        opening.source_file = source;
        StateInfo st;
        Position start;
        (void)start.set(fen, st);
        opening.start_fen = start.fen();
        opening.moves = moves;
        opening.name = !name.empty() ? name : event;
        openings.push_back(std::move(opening));
        fen = std::string(START_FEN);
        name.clear();
        event.clear();
        moves.clear();
        in_game = false;
        game_start_line = 0;
    };

    while (i < text.size()) {
        char c = text[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            advance();
        } else if (c == '[' && !in_game) {  // a tag pair
            if (!game_start_line) game_start_line = line;
            std::size_t end = text.find(']', i);
            std::size_t newline = text.find('\n', i);
            if (end == std::string::npos || (newline != std::string::npos && newline < end))
                fail(source, line, "unterminated tag");
            std::string tag = text.substr(i + 1, end - i - 1);
            std::size_t space = tag.find(' ');
            std::size_t open = tag.find('"'), close = tag.rfind('"');
            if (space == std::string::npos || open == std::string::npos || close <= open)
                fail(source, line, "malformed tag [" + tag + "]");
            std::string key = tag.substr(0, space), value = tag.substr(open + 1, close - open - 1);
            if (key == "FEN")
                fen = value;
            else if (key == "Opening" || key == "Variation")
                name += (name.empty() ? "" : ", ") + value;
            else if (key == "Event" && value != "?")
                event = value;
            advance(end - i + 1);
        } else if (c == '{') {  // comment
            std::size_t end = text.find('}', i);
            if (end == std::string::npos) fail(source, line, "unterminated comment");
            advance(end - i + 1);
        } else if (c == ';') {  // rest-of-line comment
            while (i < text.size() && text[i] != '\n') advance();
        } else if (c == '(') {  // variation, possibly nested
            int depth = 0, start_line = line;
            do {
                if (i >= text.size()) fail(source, start_line, "unterminated variation");
                if (text[i] == '(') ++depth;
                if (text[i] == ')') --depth;
                advance();
            } while (depth > 0);
        } else {
            std::size_t end = i;
            while (end < text.size() &&
                   std::string_view(" \t\r\n{}();[").find(text[end]) == std::string_view::npos)
                ++end;
            std::string token = text.substr(i, end - i);
            if (token.empty()) fail(source, line, std::string("unexpected '") + c + "'");
            int token_line = line;
            advance(end - i);
            if (!game_start_line) game_start_line = token_line;
            if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") {
                finish_game();
                continue;
            }
            if (token[0] == '$') continue;  // NAG
            // Strip a move number ("12." or "12...") alone or glued to the move.
            std::size_t digits = token.find_first_not_of("0123456789");
            if (digits == std::string::npos) continue;
            if (digits > 0 && token[digits] == '.') {
                std::size_t rest = token.find_first_not_of('.', digits);
                if (rest == std::string::npos) continue;
                token = token.substr(rest);
            }
            begin_moves();
            if (plies >= 0 && int(moves.size()) >= plies) continue;
            Move m = move_from_san(pos, token);
            if (!m)
                fail(source, token_line,
                     "illegal or ambiguous move '" + token + "' (ply " +
                         std::to_string(moves.size() + 1) + ")");
            moves.push_back(move_to_uci(m));
            pos.do_move(m, states.emplace_back());
        }
    }
    if (in_game || !moves.empty() || game_start_line)
        fail(source, line, "the last game has no result (1-0, 0-1, 1/2-1/2 or *)");
    if (openings.empty()) throw OpeningError(source + ": no games in the file");
    return openings;
}

std::vector<Opening> read_openings(const std::string& path, int plies) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw OpeningError(path + ": cannot read the file");
    std::ostringstream text;
    text << in.rdbuf();
    std::string extension = path.size() >= 4 ? path.substr(path.size() - 4) : "";
    for (char& ch : extension) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    if (extension == ".pgn") return parse_pgn(text.str(), path, plies);
    if (extension == ".epd" || extension == ".fen") return parse_epd(text.str(), path);
    throw OpeningError(path + ": unknown opening format (use .epd or .pgn)");
}

}  // namespace arbiter
