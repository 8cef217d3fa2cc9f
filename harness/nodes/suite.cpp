#include "harness/nodes/suite.h"

#include <fstream>
#include <set>
#include <sstream>

#include "engines/core/movegen.h"
#include "engines/core/notation.h"

namespace arbiter::nodes {

namespace {

std::string_view trim(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

std::vector<std::string> split_words(std::string_view text) {
    std::vector<std::string> words;
    std::istringstream in{std::string(text)};
    for (std::string word; in >> word;) words.push_back(word);
    return words;
}

bool all_digits(std::string_view word) {
    if (word.empty()) return false;
    for (char c : word)
        if (c < '0' || c > '9') return false;
    return true;
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
    states_.emplace_back();
    std::string problem = position_.set(expand_startpos(position.fen), states_.back());
    if (!problem.empty()) throw PositionError("FEN '" + position.fen + "': " + problem);
    for (const auto& text : position.moves) {
        Move move = move_from_uci(position_, text);
        if (move == Move::none())
            throw PositionError("move '" + text + "' is not legal in " + position_.fen());
        states_.emplace_back();
        position_.do_move(move, states_.back());
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
        std::string_view line = trim(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_number;
        if (line.empty() || line.front() == '#') continue;
        const std::string where = source + ":" + std::to_string(line_number);

        // The four position fields, then optional clocks, then the operations as written.
        std::string_view rest = line;
        auto take_word = [&rest]() {
            while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t'))
                rest.remove_prefix(1);
            std::size_t end = 0;
            while (end < rest.size() && rest[end] != ' ' && rest[end] != '\t' && rest[end] != ';')
                ++end;
            std::string word(rest.substr(0, end));
            rest.remove_prefix(end);
            return word;
        };
        std::vector<std::string> fields;
        for (int i = 0; i < 4; ++i) {
            fields.push_back(take_word());
            if (fields.back().empty())
                throw PositionError(where + ": expected at least four FEN fields");
        }
        std::string fen = fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3];
        {
            std::string_view before_clocks = rest;
            std::string halfmove = take_word(), fullmove = take_word();
            if (all_digits(halfmove) && all_digits(fullmove))
                fen += " " + halfmove + " " + fullmove;
            else
                rest = before_clocks;
        }

        std::string name;
        std::vector<std::string> moves;
        while (!rest.empty()) {
            // Split at ';' outside double quotes.
            std::size_t i = 0;
            bool quoted = false;
            for (; i < rest.size(); ++i) {
                if (rest[i] == '"') quoted = !quoted;
                if (rest[i] == ';' && !quoted) break;
            }
            std::string_view operation = trim(rest.substr(0, i));
            rest = i < rest.size() ? rest.substr(i + 1) : std::string_view{};
            if (operation.empty()) continue;
            std::size_t space = operation.find(' ');
            std::string_view opcode = operation.substr(0, space);
            std::string_view operand = space == std::string_view::npos
                                           ? std::string_view{}
                                           : trim(operation.substr(space));
            if (opcode == "id") {
                if (operand.size() >= 2 && operand.front() == '"' && operand.back() == '"')
                    operand = operand.substr(1, operand.size() - 2);
                name = std::string(operand);
            } else if (opcode == "moves") {
                moves = split_words(operand);
            }
        }
        if (name.empty()) name = where;
        try {
            positions.push_back(make_position(fen, moves, name));
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
