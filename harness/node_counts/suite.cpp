#include "harness/node_counts/suite.h"

#include <fstream>
#include <set>
#include <sstream>

#include "engines/core/epd.h"
#include "engines/core/movegen.h"
#include "engines/core/text.h"

namespace arbiter::nodes {

namespace {

std::string_view trim(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

std::string expand_startpos(std::string_view fen) {
    return fen == "startpos" ? std::string(START_FEN) : std::string(fen);
}

}  // namespace

std::string NodePosition::key() const {
    std::string text = fen;
    if (!moves.empty()) {
        text += " moves";
        for (const auto& move : moves) text += " " + move;
    }
    return text;
}

PlayedPosition::PlayedPosition(const NodePosition& position) {
    std::string problem = board_.set(expand_startpos(position.fen));
    if (!problem.empty()) throw PositionError("FEN '" + position.fen + "': " + problem);
    for (const auto& text : position.moves) {
        if (!board_.play_uci(text))
            throw PositionError("move '" + text + "' is not legal in " + board_.fen());
    }
}

NodePosition make_position(std::string_view fen, const std::vector<std::string>& moves,
                           std::string name) {
    NodePosition position{std::move(name), std::string(trim(fen)), moves};
    {
        // Normalise the FEN to the core's six fields, so the same position has one key.
        NodePosition root{{}, position.fen, {}};
        PlayedPosition played(root);
        position.fen = played.position().fen();
    }
    PlayedPosition played(position);
    if (count_legal(played.position()) == 0)
        throw PositionError("position '" + position.key() +
                            "' has no legal move: there is nothing to search");
    if (position.name.empty()) {
        position.name = position.fen == START_FEN ? "startpos" : position.fen;
        for (std::size_t i = 0; i < moves.size(); ++i)
            position.name += (i == 0 ? " + " : " ") + moves[i];
    }
    return position;
}

std::vector<NodePosition> parse_epd(std::string_view text, const std::string& source) {
    std::vector<NodePosition> positions;
    std::set<std::string> names;
    int line_number = 0;
    while (!text.empty()) {
        std::size_t end = text.find('\n');
        std::string_view text_line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_number;
        if (epd_line_is_blank(text_line)) continue;
        const std::string where = source + ":" + std::to_string(line_number);
        EpdLine line;
        if (std::string error = parse_epd_line(text_line, line); !error.empty())
            throw PositionError(where + ": " + error);
        std::string name = line.find("id") ? *line.find("id") : where;
        std::vector<std::string> moves =
            line.find("moves") ? split_words(*line.find("moves")) : std::vector<std::string>{};
        try {
            positions.push_back(make_position(line.fen, moves, name));
        } catch (const PositionError& e) {
            throw PositionError(where + ": " + e.what());
        }
        if (!names.insert(name).second)
            throw PositionError(where + ": the name '" + name + "' is used twice");
    }
    return positions;
}

std::vector<NodePosition> load_epd(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw PositionError("cannot read positions file '" + path + "'");
    std::ostringstream text;
    text << in.rdbuf();
    auto positions = parse_epd(text.str(), path);
    if (positions.empty()) throw PositionError("positions file '" + path + "' holds no position");
    return positions;
}

}  // namespace arbiter::nodes
