#include "harness/tournament/openings.h"

#include <deque>
#include <fstream>
#include <sstream>

#include "engines/core/epd.h"
#include "engines/core/notation.h"
#include "engines/core/position.h"
#include "engines/core/text.h"
#include "harness/pgn/pgn_reader.h"

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

// True if a PGN game's Variant tag names Chess960 (as cutechess, lichess and others write it).
bool is_chess960_tag(std::string_view variant) {
    std::string lower;
    for (char c : variant) lower += char(std::tolower(static_cast<unsigned char>(c)));
    return lower == "chess960" || lower == "fischerandom" || lower == "fischer random" ||
           lower == "chess 960" || lower == "frc" || lower == "dfrc";
}

std::vector<Opening> read_pgn_openings(std::istream& in, const std::string& source, int plies,
                                       bool chess960) {
    std::vector<Opening> openings;
    try {
        PgnReader reader(in, source, PgnDetail::moves);
        PgnGame game;
        while (reader.next(game)) {
            if (game.termination.empty())
                reader.fail(game.end_line, "the game has no result (1-0, 0-1, 1/2-1/2 or *)");
            // Step 1. The start position: the FEN tag, or the standard one.
            const std::string fen(game.tag("FEN").value_or(START_FEN));
            std::deque<StateInfo> states;
            Position pos;
            bool game_chess960 = chess960 || is_chess960_tag(game.tag("Variant").value_or(""));
            if (std::string error = pos.set(fen, states.emplace_back(), game_chess960);
                !error.empty())
                reader.fail(game.line, "FEN tag: " + error);
            Opening opening;
            opening.suite_index = int(openings.size());
            opening.source_file = source;
            opening.start_fen = pos.fen();
            // Step 2. The name: Opening and Variation tags, else a meaningful Event.
            for (const auto& [tag, value] : game.tags)
                if (tag == "Opening" || tag == "Variation")
                    opening.name += (opening.name.empty() ? "" : ", ") + value;
            if (opening.name.empty() && game.tag("Event").value_or("?") != "?")
                opening.name = *game.tag("Event");
            // Step 3. The first `plies` moves, each checked by the chess core.
            for (const PgnMove& move : game.moves) {
                if (plies >= 0 && int(opening.moves.size()) >= plies) break;
                Move m = move_from_san(pos, move.san);
                if (!m)
                    reader.fail(move.line, "illegal or ambiguous move '" +
                                               printable_excerpt(move.san) + "' (ply " +
                                               std::to_string(opening.moves.size() + 1) + ")");
                opening.moves.push_back(move_to_uci(m));
                pos.do_move(m, states.emplace_back());
            }
            openings.push_back(std::move(opening));
        }
    } catch (const PgnError& error) {
        throw OpeningError(error.what());
    }
    if (openings.empty()) throw OpeningError(source + ": no games in the file");
    return openings;
}

std::vector<Opening> parse_pgn(const std::string& text, const std::string& source, int plies,
                               bool chess960) {
    std::istringstream in(text);
    return read_pgn_openings(in, source, plies, chess960);
}

std::vector<Opening> read_openings(const std::string& path, int plies, bool chess960) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw OpeningError(path + ": cannot read the file");
    std::string extension = path.size() >= 4 ? path.substr(path.size() - 4) : "";
    for (char& ch : extension) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    if (extension == ".pgn") return read_pgn_openings(in, path, plies, chess960);
    std::ostringstream text;
    text << in.rdbuf();
    if (extension == ".epd" || extension == ".fen") return parse_epd(text.str(), path);
    throw OpeningError(path + ": unknown opening format (use .epd or .pgn)");
}

}  // namespace arbiter
