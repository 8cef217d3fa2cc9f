#include "harness/tournament/openings.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engines/core/board.h"
#include "engines/core/epd.h"
#include "engines/core/notation.h"
#include "engines/core/position.h"
#include "engines/core/text.h"
#include "harness/pgn/pgn_reader.h"

namespace arbiter {

namespace {

const std::string OPENING_FORMATS = "(use .epd, .pgn or a Polyglot book .bin)";

[[noreturn]] void fail(const std::string& source, int line, const std::string& what) {
    throw OpeningError(source + ":" + std::to_string(line) + ": " + what);
}

// The opening an EPD line gives, or the message of what is wrong with it.
std::string read_epd_line(const std::string& text_line, Opening& opening) {
    EpdLine line;
    if (std::string error = parse_epd_line(text_line, line); !error.empty()) return error;
    Position pos;
    StateInfo st;
    if (std::string error = pos.set(line.fen, st); !error.empty()) return error;
    opening.start_fen = pos.fen();
    if (const std::string* id = line.find("id")) opening.name = *id;
    return {};
}

// Calls `each(opening, line start)` for every position of the EPD text in `in`, checked.
template <class Each>
void scan_epd(std::istream& in, const std::string& source, Each&& each) {
    int line_number = 0, count = 0;
    std::int64_t line_start = 0;
    for (std::string text_line; std::getline(in, text_line);) {
        ++line_number;
        const std::int64_t start = line_start;
        line_start += std::int64_t(text_line.size()) + 1;
        if (epd_line_is_blank(text_line)) continue;
        Opening opening;
        if (std::string error = read_epd_line(text_line, opening); !error.empty())
            fail(source, line_number, error);
        opening.suite_index = count++;
        opening.source_file = source;
        each(std::move(opening), start);
    }
    if (in.bad()) throw OpeningError(source + ": cannot read the file");
    if (count == 0) throw OpeningError(source + ": no positions in the file");
}

}  // namespace

std::vector<Opening> parse_epd(const std::string& text, const std::string& source) {
    std::vector<Opening> openings;
    std::istringstream in(text);
    scan_epd(in, source,
             [&](Opening opening, std::int64_t) { openings.push_back(std::move(opening)); });
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
            Board board;
            Position& pos = board.position();
            bool game_chess960 = chess960 || is_chess960_tag(game.tag("Variant").value_or(""));
            if (std::string error = board.set(fen, game_chess960); !error.empty())
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
                board.play(m);
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

namespace {

// The suite file at `path`, opened, with its extension in lower case; throws OpeningError for
// a path that is not a readable regular file or has no known extension.
std::ifstream open_suite(const std::string& path, std::string& extension) {
    refuse_directory(path, "an opening file " + OPENING_FORMATS);
    std::ifstream in(path, std::ios::binary);
    if (!in) throw OpeningError(path + ": cannot read the file");
    extension = std::filesystem::path(path).extension().string();
    for (char& ch : extension) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    if (extension != ".pgn" && extension != ".epd" && extension != ".fen")
        throw OpeningError(path + ": unknown opening format " + OPENING_FORMATS);
    return in;
}

// The size and modification time of the file at `path` (zeros when it cannot be read).
std::pair<std::int64_t, std::int64_t> file_version(const std::string& path) {
    std::error_code error;
    const auto size = std::filesystem::file_size(path, error);
    if (error) return {0, 0};
    const auto time = std::filesystem::last_write_time(path, error);
    if (error) return {0, 0};
    return {std::int64_t(size), std::int64_t(time.time_since_epoch().count())};
}

}  // namespace

void refuse_directory(const std::string& path, const std::string& what) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
        throw OpeningError(path + ": is a directory, not " + what);
}

std::vector<Opening> read_openings(const std::string& path, int plies, bool chess960) {
    std::string extension;
    std::ifstream in = open_suite(path, extension);
    if (extension == ".pgn") return read_pgn_openings(in, path, plies, chess960);
    std::vector<Opening> openings;
    scan_epd(in, path,
             [&](Opening opening, std::int64_t) { openings.push_back(std::move(opening)); });
    return openings;
}

OpeningSuite OpeningSuite::read(const std::string& path, int plies, bool chess960) {
    std::string extension;
    std::ifstream in = open_suite(path, extension);
    if (extension == ".pgn") return OpeningSuite(read_pgn_openings(in, path, plies, chess960));
    OpeningSuite suite;
    suite.epd_path_ = path;
    suite.epd_version_ = file_version(path);
    scan_epd(in, path,
             [&](const Opening&, std::int64_t start) { suite.line_starts_.push_back(start); });
    suite.line_starts_.shrink_to_fit();
    return suite;
}

OpeningSuite::OpeningSuite(std::vector<Opening> openings) : openings_(std::move(openings)) {}

std::int64_t OpeningSuite::size() const {
    return epd_path_.empty() ? std::int64_t(openings_.size()) : std::int64_t(line_starts_.size());
}

Opening OpeningSuite::at(std::int64_t index) const {
    if (epd_path_.empty()) return openings_.at(std::size_t(index));
    Opening opening;
    opening.suite_index = int(index);
    opening.source_file = epd_path_;
    std::ifstream in(epd_path_, std::ios::binary);
    in.seekg(line_starts_.at(std::size_t(index)));
    std::string text_line;
    if (file_version(epd_path_) != epd_version_ || !std::getline(in, text_line) ||
        epd_line_is_blank(text_line) || !read_epd_line(text_line, opening).empty())
        throw OpeningError(epd_path_ + ": the file changed while the tournament ran (entry " +
                           std::to_string(index + 1) + " is no longer the position checked)");
    return opening;
}

}  // namespace arbiter
