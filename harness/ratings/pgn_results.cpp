#include "harness/ratings/pgn_results.h"

#include <cctype>
#include <fstream>
#include <optional>

namespace arbiter {
namespace {

// A character source that tracks line numbers.
class Reader {
  public:
    explicit Reader(std::istream& in) : in_(in) {}

    int peek() { return in_.peek(); }
    int get() {
        const int c = in_.get();
        if (c == '\n') {
            ++line_;
            at_line_start_ = true;
        } else if (c != std::char_traits<char>::eof()) {
            at_line_start_ = false;
        }
        return c;
    }
    int line() const { return line_; }
    bool at_line_start() const { return at_line_start_; }

  private:
    std::istream& in_;
    int line_ = 1;
    bool at_line_start_ = true;
};

// The tags of the game being read.
struct PendingGame {
    bool started = false;
    bool has_moves = false;    // movetext seen: the next tag starts a new game
    bool tags_closed = false;  // a blank line followed the tags: so does the next tag
    int line = 0;
    std::optional<std::string> white;
    std::optional<std::string> black;
    std::optional<std::string> result;
    std::optional<std::string> termination;  // the result token at the end of the movetext

    void clear() {
        started = has_moves = tags_closed = false;
        line = 0;
        white.reset();
        black.reset();
        result.reset();
        termination.reset();
    }
};

constexpr int END_OF_INPUT = std::char_traits<char>::eof();

}  // namespace

int GameRecords::player_index(const std::string& name) {
    const auto found = index_.find(name);
    if (found != index_.end()) return found->second;
    const int index = static_cast<int>(players.size());
    players.push_back(name);
    index_.emplace(name, index);
    return index;
}

void read_pgn_results(std::istream& in, std::string_view source, GameRecords& records) {
    Reader reader(in);
    auto fail = [&](int line, const std::string& message) {
        throw PgnError(std::string(source) + ":" + std::to_string(line) + ": " + message);
    };
    PendingGame game;
    auto finish = [&]() {
        if (!game.started) return;
        if (!game.white) fail(game.line, "game has no White tag");
        if (!game.black) fail(game.line, "game has no Black tag");
        const std::string result = game.result ? *game.result : game.termination.value_or("*");
        if (result == "*") {
            ++records.unfinished_games;
        } else {
            const std::optional<Outcome> outcome = parse_outcome(result);
            if (!outcome) fail(game.line, "unknown result '" + result + "'");
            if (*game.white == *game.black) {
                fail(game.line, "player '" + *game.white + "' plays against itself");
            }
            records.games.push_back({records.player_index(*game.white),
                                     records.player_index(*game.black), *outcome, std::nullopt});
        }
        game.clear();
    };

    bool content_on_line = false;
    while (true) {
        const bool line_start = reader.at_line_start();
        const int c = reader.peek();
        if (c == END_OF_INPUT) break;
        if (std::isspace(c)) {
            reader.get();
            if (c == '\n') {
                if (!content_on_line && game.started) game.tags_closed = true;
                content_on_line = false;
            }
            continue;
        }
        content_on_line = true;
        if (c == '%' && line_start) {
            while (reader.peek() != END_OF_INPUT && reader.peek() != '\n') reader.get();
        } else if (c == ';') {
            while (reader.peek() != END_OF_INPUT && reader.peek() != '\n') reader.get();
        } else if (c == '{') {
            const int line = reader.line();
            reader.get();
            while (reader.peek() != END_OF_INPUT && reader.peek() != '}') reader.get();
            if (reader.get() == END_OF_INPUT) fail(line, "comment is not closed");
        } else if (c == '[') {
            // Step 1. A tag pair: [Name "value"]. After movetext it starts the next game.
            const int line = reader.line();
            if (game.has_moves || game.tags_closed) finish();
            if (!game.started) {
                game.started = true;
                game.line = line;
            }
            reader.get();
            while (reader.peek() == ' ' || reader.peek() == '\t') reader.get();
            std::string name;
            while (reader.peek() != END_OF_INPUT &&
                   (std::isalnum(reader.peek()) || reader.peek() == '_')) {
                name += static_cast<char>(reader.get());
            }
            if (name.empty()) fail(line, "tag has no name");
            while (reader.peek() == ' ' || reader.peek() == '\t') reader.get();
            if (reader.get() != '"') fail(line, "tag " + name + " has no quoted value");
            std::string value;
            while (true) {
                const int v = reader.get();
                if (v == END_OF_INPUT || v == '\n')
                    fail(line, "tag " + name + " value is not closed");
                if (v == '"') break;
                if (v == '\\') {
                    const int escaped = reader.get();
                    if (escaped == END_OF_INPUT || escaped == '\n') {
                        fail(line, "tag " + name + " value is not closed");
                    }
                    value += static_cast<char>(escaped);
                } else {
                    value += static_cast<char>(v);
                }
            }
            while (reader.peek() == ' ' || reader.peek() == '\t') reader.get();
            if (reader.get() != ']') fail(line, "tag " + name + " is not closed with ]");
            // A repeated White, Black or Result tag means a new game whose moves were left out.
            std::optional<std::string>* slot = name == "White"    ? &game.white
                                               : name == "Black"  ? &game.black
                                               : name == "Result" ? &game.result
                                                                  : nullptr;
            if (slot != nullptr && slot->has_value()) {
                finish();
                game.started = true;
                game.line = line;
                slot = name == "White" ? &game.white : name == "Black" ? &game.black : &game.result;
            }
            if (slot != nullptr) *slot = value;
        } else {
            // Step 2. Movetext: read one token; a result token ends the game.
            const int line = reader.line();
            std::string token;
            while (reader.peek() != END_OF_INPUT && !std::isspace(reader.peek()) &&
                   reader.peek() != '{' && reader.peek() != ';' && reader.peek() != '[') {
                token += static_cast<char>(reader.get());
            }
            if (token.empty()) token += static_cast<char>(reader.get());
            if (!game.started) {
                game.started = true;
                game.line = line;
            }
            game.has_moves = true;
            if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") {
                game.termination = token;
                finish();
            }
        }
    }
    finish();
}

void read_pgn_file(const std::string& path, GameRecords& records) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw PgnError(path + ":0: cannot open file");
    read_pgn_results(in, path, records);
}

}  // namespace arbiter
