// The one PGN reader: tag pairs, movetext with comments ({...} and ; to end of line), recursive
// variations, NAGs and move numbers, % escape lines, game termination markers. It reads a stream
// a game at a time through a fixed buffer, so files of millions of games take constant memory.
// Opening suites read the main line of each game; ratings read only tags and results, in a pass
// that skips movetext without taking it apart.
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter {

// A malformed PGN file; what() reads "file:line: message".
class PgnError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// How much of each game the reader takes apart.
//  results: tags and the game termination marker only; movetext is skipped line by line.
//  moves:   also the SAN moves of the main line (variations, comments and NAGs are skipped).
enum class PgnDetail { results, moves };

// One main-line move as written (move number and !/? suffixes removed), with its line.
struct PgnMove {
    std::string san;
    int line = 0;
};

// A White, Black or Result tag that appeared a second time in one tag section, which the reader
// takes as the start of the next game: its name, its line, and the line of the game it repeated.
struct RepeatedTag {
    std::string name;
    int line = 0;
    int game_line = 0;
};

// One game as read from the file.
struct PgnGame {
    int line = 0;      // where the game's first tag or token is
    int end_line = 0;  // where the reader was when the game ended
    std::vector<std::pair<std::string, std::string>> tags;  // in file order, values unescaped
    std::vector<PgnMove> moves;                             // PgnDetail::moves only
    bool has_movetext = false;
    // The marker that ended the movetext: "1-0", "0-1", "1/2-1/2" or "*"; empty when the game
    // ended without one (at the next tag section or the end of the file).
    std::string termination;
    // Set when a repeated tag ended this game, or opened it (it is then the game's first tag).
    std::optional<RepeatedTag> ended_by_repeated_tag;
    std::optional<RepeatedTag> opened_by_repeated_tag;

    // The value of the first tag with this name, or nullopt.
    std::optional<std::string_view> tag(std::string_view name) const;
    void clear();
};

// True for the four game termination markers.
bool is_pgn_termination(std::string_view token);

// Reads games from a stream. A game ends at its termination marker, at a tag that follows
// movetext or a blank line after the tag section, or at a repeated White, Black or Result tag
// (tag sections without movetext, one after the other). A UTF-8 byte order mark at the start is
// skipped. Errors name the source and line and show the offending text escaped.
class PgnReader {
  public:
    PgnReader(std::istream& in, std::string source, PgnDetail detail);

    // Reads the next game into `game`; returns false at the end of the input. Throws PgnError for
    // a broken tag, an unclosed comment or variation, or a line too long for a PGN file.
    bool next(PgnGame& game);

    // Keeps only the named tags (White, Black and Result always) in the games read; the others
    // are still checked. By default every tag is kept.
    void keep_only_tags(std::vector<std::string> names);

    const std::string& source() const { return source_; }

    // Throws PgnError "source:line: message".
    [[noreturn]] void fail(int line, const std::string& message) const;

  private:
    bool refill();
    void skip_comment();
    void skip_line();
    void read_tag(std::pair<std::string, std::string>& tag);
    void read_escaped_value(std::pair<std::string, std::string>& tag, int line);
    bool scan_results_segment(PgnGame& game);
    bool read_token(PgnGame& game);
    bool starts_new_game(const PgnGame& game, std::string_view name) const;
    bool keeps(std::string_view name) const;
    // The parts of next(): each takes the byte at pos_ (or the carried tag) and says whether
    // it consumed it or ended the game.
    bool resume_carried_game(PgnGame& game);
    void start_game(PgnGame& game, bool& started) const;
    bool skip_space(char c, bool in_tag_section, bool& tags_closed);
    bool skip_comment_start(char c, bool at_line_start);
    bool read_tag_or_end(PgnGame& game, bool& started, bool tags_closed);
    bool read_movetext(PgnGame& game, char c);
    bool end_of_input(PgnGame& game, bool started) const;

    std::istream& in_;
    std::string source_;
    PgnDetail detail_;
    std::vector<char> buffer_;
    std::size_t pos_ = 0;     // next byte to read
    std::size_t limit_ = 0;   // end of the complete lines in the buffer
    std::size_t filled_ = 0;  // end of the bytes read
    std::size_t bytes_read_ = 0;
    bool end_of_input_ = false;
    bool at_start_ = true;
    int line_ = 1;
    bool line_start_ = true;
    bool content_on_line_ = false;
    bool in_comment_ = false;
    int comment_line_ = 0;
    int variation_depth_ = 0;
    int variation_line_ = 0;
    std::vector<std::string> kept_tags_;
    std::pair<std::string, std::string> scratch_tag_;
    // A White, Black or Result tag that repeated within a game: it opens the next one.
    std::optional<std::pair<std::string, std::string>> carried_tag_;
    std::optional<RepeatedTag> carried_repeat_;
};

}  // namespace arbiter
