#include "harness/pgn/pgn_reader.h"

#include <algorithm>
#include <array>
#include <cstring>

#include "engines/core/text.h"

namespace arbiter {

namespace {

// Bytes read from the stream at a time.
constexpr std::size_t CHUNK_BYTES = std::size_t{1} << 20;
// The first read.
constexpr std::size_t FIRST_READ_BYTES = 4096;
// No PGN line is this long; a file that has one is not PGN.
constexpr std::size_t MAX_LINE_BYTES = std::size_t{16} << 20;

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

// A table of the bytes at which a scan over movetext stops.
using ByteSet = std::array<bool, 256>;

constexpr ByteSet byte_set(std::string_view bytes) {
    ByteSet set{};
    for (char c : bytes) set[static_cast<unsigned char>(c)] = true;
    return set;
}

// Where the results pass stops: comments, tags, variations, line ends, and the '-' or '*' that
// every termination marker holds.
constexpr ByteSet RESULTS_STOP = byte_set("{;[()\n-*");
// The characters of a tag name.
constexpr ByteSet TAG_NAME =
    byte_set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
// What ends a movetext token.
constexpr ByteSet TOKEN_END = byte_set(" \t\r\v\f\n{};[()");

// Removes a move number ("12.", "12...") from the front of a token, glued to a move or alone.
std::string_view strip_move_number(std::string_view token) {
    const std::size_t digits = token.find_first_not_of("0123456789");
    if (digits == std::string_view::npos) return {};
    if (digits == 0 || token[digits] != '.') return token;
    const std::size_t rest = token.find_first_not_of('.', digits);
    return rest == std::string_view::npos ? std::string_view{} : token.substr(rest);
}

}  // namespace

std::optional<std::string_view> PgnGame::tag(std::string_view name) const {
    for (const auto& [tag_name, value] : tags)
        if (tag_name == name) return value;
    return std::nullopt;
}

void PgnGame::clear() {
    line = end_line = 0;
    tags.clear();
    moves.clear();
    has_movetext = false;
    termination.clear();
    ended_by_repeated_tag.reset();
    opened_by_repeated_tag.reset();
}

bool is_pgn_termination(std::string_view token) {
    return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
}

PgnReader::PgnReader(std::istream& in, std::string source, PgnDetail detail)
    : in_(in), source_(std::move(source)), detail_(detail) {}

void PgnReader::fail(int line, const std::string& message) const {
    throw PgnError(source_ + ":" + std::to_string(line) + ": " + message);
}

// Makes [pos_, limit_) the next run of complete lines (the last may lack its newline at the end
// of the input). Returns false when nothing is left.
bool PgnReader::refill() {
    const std::size_t tail = filled_ - limit_;
    if (tail > 0) std::memmove(buffer_.data(), buffer_.data() + limit_, tail);
    filled_ = tail;
    pos_ = limit_ = 0;
    while (true) {
        if (end_of_input_) {
            limit_ = filled_;
            return limit_ > 0;
        }
        // Reads start small and double up to CHUNK_BYTES, so that short inputs stay cheap.
        const std::size_t want = std::min(CHUNK_BYTES, std::max(FIRST_READ_BYTES, bytes_read_));
        if (buffer_.size() < filled_ + want) buffer_.resize(filled_ + want);
        in_.read(buffer_.data() + filled_, static_cast<std::streamsize>(want));
        const std::size_t got = static_cast<std::size_t>(in_.gcount());
        bytes_read_ += got;
        if (in_.bad()) fail(line_, "read error");
        if (!in_) end_of_input_ = true;
        const std::size_t start = filled_;
        filled_ += got;
        if (at_start_ && filled_ >= BYTE_ORDER_MARK.size()) {
            at_start_ = false;
            if (std::string_view(buffer_.data(), BYTE_ORDER_MARK.size()) == BYTE_ORDER_MARK) {
                std::memmove(buffer_.data(), buffer_.data() + BYTE_ORDER_MARK.size(),
                             filled_ - BYTE_ORDER_MARK.size());
                filled_ -= BYTE_ORDER_MARK.size();
            }
        }
        for (std::size_t i = filled_; i > start; --i) {
            if (buffer_[i - 1] == '\n') {
                limit_ = i;
                return true;
            }
        }
        if (filled_ > MAX_LINE_BYTES) {
            fail(line_, "a line longer than 16 MiB starting '" +
                            printable_excerpt(std::string_view(buffer_.data(), 40)) +
                            "': this is not a PGN file");
        }
    }
}

void PgnReader::skip_comment() {
    const char* begin = buffer_.data() + pos_;
    const char* end = buffer_.data() + limit_;
    const char* close = static_cast<const char*>(std::memchr(begin, '}', end - begin));
    const char* stop = close != nullptr ? close : end;
    line_ += static_cast<int>(std::count(begin, stop, '\n'));
    if (close != nullptr) {
        in_comment_ = false;
        pos_ = static_cast<std::size_t>(close + 1 - buffer_.data());
        line_start_ = false;
    } else {
        pos_ = limit_;
        line_start_ = stop > begin && stop[-1] == '\n';
    }
    content_on_line_ = true;
}

// Leaves pos_ at the newline that ends the current line (or at the end of the input).
void PgnReader::skip_line() {
    const char* begin = buffer_.data() + pos_;
    const char* newline = static_cast<const char*>(std::memchr(begin, '\n', limit_ - pos_));
    pos_ = newline != nullptr ? static_cast<std::size_t>(newline - buffer_.data()) : limit_;
}

// Reads [Name "value"] at pos_; a tag never spans lines.
void PgnReader::read_tag(std::pair<std::string, std::string>& tag) {
    const int line = line_;
    const char* data = buffer_.data();
    auto skip_blanks = [&] {
        while (pos_ < limit_ && (data[pos_] == ' ' || data[pos_] == '\t')) ++pos_;
    };
    ++pos_;  // '['
    skip_blanks();
    const std::size_t name_start = pos_;
    while (pos_ < limit_ && TAG_NAME[static_cast<unsigned char>(data[pos_])]) ++pos_;
    tag.first.assign(data + name_start, pos_ - name_start);
    if (tag.first.empty()) {
        fail(line, "tag has no name");
    }
    skip_blanks();
    if (pos_ >= limit_ || data[pos_] != '"')
        fail(line, "tag " + tag.first + " has no quoted value");
    ++pos_;
    // Most values have no escapes: take them whole up to the closing quote.
    const char* value = data + pos_;
    const auto* quote = static_cast<const char*>(std::memchr(value, '"', limit_ - pos_));
    if (quote != nullptr && std::memchr(value, '\\', quote - value) == nullptr &&
        std::memchr(value, '\n', quote - value) == nullptr) {
        tag.second.assign(value, static_cast<std::size_t>(quote - value));
        pos_ = static_cast<std::size_t>(quote + 1 - data);
    } else {
        read_escaped_value(tag, line);
    }
    skip_blanks();
    if (pos_ >= limit_ || data[pos_] != ']')
        fail(line, "tag " + tag.first + " is not closed with ]");
    ++pos_;
}

// Reads a tag value with \" and \\ escapes from pos_ (after the opening quote) to its closing
// quote.
void PgnReader::read_escaped_value(std::pair<std::string, std::string>& tag, int line) {
    const char* data = buffer_.data();
    tag.second.clear();
    while (true) {
        if (pos_ >= limit_ || data[pos_] == '\n')
            fail(line, "tag " + tag.first + " value is not closed");
        const char c = data[pos_++];
        if (c == '"') break;
        if (c == '\\') {
            if (pos_ >= limit_ || data[pos_] == '\n')
                fail(line, "tag " + tag.first + " value is not closed");
            tag.second += data[pos_++];
        } else {
            tag.second += c;
        }
    }
}

// The results pass over movetext: skips to the next comment, tag, variation or line end, and
// looks only at the tokens with a '-' or '*' on the way, since every termination marker has one
// (the only moves that do are castling). Returns true when a marker ends the game; pos_ is then
// just after it.
bool PgnReader::scan_results_segment(PgnGame& game) {
    const char* data = buffer_.data();
    const char* begin = data + pos_;
    const char* end = data + limit_;
    game.has_movetext = true;
    const char* p = begin;
    while (true) {
        while (p < end && !RESULTS_STOP[static_cast<unsigned char>(*p)]) ++p;
        if (p == end || (*p != '-' && *p != '*')) break;
        const char* token_start = p;
        while (token_start > begin && !is_blank(token_start[-1])) --token_start;
        const char* token_end = p;
        while (token_end < end && !TOKEN_END[static_cast<unsigned char>(*token_end)]) ++token_end;
        const std::string_view token(token_start,
                                     static_cast<std::size_t>(token_end - token_start));
        if (variation_depth_ == 0 && is_pgn_termination(token)) {
            game.termination = token;
            pos_ = static_cast<std::size_t>(token_end - data);
            return true;
        }
        p = token_end;
    }
    pos_ = static_cast<std::size_t>(p - data);
    return false;
}

// Reads one movetext token at pos_. Returns true when it ends the game.
bool PgnReader::read_token(PgnGame& game) {
    const char* data = buffer_.data();
    std::size_t end = pos_;
    while (end < limit_ && !TOKEN_END[static_cast<unsigned char>(data[end])]) ++end;
    std::string_view token(data + pos_, end - pos_);
    game.has_movetext = true;
    if (token.empty()) {
        const char c = data[pos_++];
        if (c == '(') {
            if (variation_depth_++ == 0) variation_line_ = line_;
        } else if (c == ')') {
            if (variation_depth_ == 0) fail(line_, "')' closes no variation");
            --variation_depth_;
        } else {
            fail(line_, "unexpected '" + printable_excerpt(std::string_view(&c, 1)) + "'");
        }
        return false;
    }
    pos_ = end;
    if (variation_depth_ > 0) return false;
    if (is_pgn_termination(token)) {
        game.termination = token;
        return true;
    }
    if (token.front() == '$') return false;  // a NAG
    token = strip_move_number(token);
    while (!token.empty() && (token.back() == '!' || token.back() == '?')) token.remove_suffix(1);
    if (token.empty()) return false;
    if (detail_ == PgnDetail::moves) game.moves.push_back({std::string(token), line_});
    return false;
}

// A tag opens the next game after movetext, after a blank line that closed the tag section, or
// when it repeats one of the Seven Tag Roster's players or result.
bool PgnReader::starts_new_game(const PgnGame& game, std::string_view name) const {
    if (name != "White" && name != "Black" && name != "Result") return false;
    return game.tag(name).has_value();
}

void PgnReader::keep_only_tags(std::vector<std::string> names) {
    for (const char* name : {"White", "Black", "Result"}) names.emplace_back(name);
    kept_tags_ = std::move(names);
}

bool PgnReader::keeps(std::string_view name) const {
    return kept_tags_.empty() ||
           std::find(kept_tags_.begin(), kept_tags_.end(), name) != kept_tags_.end();
}

// A game opened by the repeated tag that ended the one before: it starts with that tag.
// Returns whether there was one.
bool PgnReader::resume_carried_game(PgnGame& game) {
    if (!carried_tag_) return false;
    game.line = carried_repeat_->line;
    game.opened_by_repeated_tag = carried_repeat_;
    game.tags.push_back(std::move(*carried_tag_));
    carried_tag_.reset();
    return true;
}

// The game starts on the current line unless it has already started.
void PgnReader::start_game(PgnGame& game, bool& started) const {
    if (started) return;
    started = true;
    game.line = line_;
}

// Line ends and blanks; a blank line in the tag section closes it.
bool PgnReader::skip_space(char c, bool in_tag_section, bool& tags_closed) {
    if (c == '\n') {
        ++pos_;
        if (!content_on_line_ && in_tag_section) tags_closed = true;
        ++line_;
        line_start_ = true;
        content_on_line_ = false;
        return true;
    }
    if (!is_blank(c)) return false;
    ++pos_;
    line_start_ = false;
    return true;
}

// An escape line (% at a line's start), a rest-of-line comment, or the start of a brace comment.
bool PgnReader::skip_comment_start(char c, bool at_line_start) {
    if ((c == '%' && at_line_start) || c == ';') {
        skip_line();
        return true;
    }
    if (c != '{') return false;
    ++pos_;
    in_comment_ = true;
    comment_line_ = line_;
    return true;
}

// A tag pair, unless it opens the next game: returns true when the game ended before it.
bool PgnReader::read_tag_or_end(PgnGame& game, bool& started, bool tags_closed) {
    if (variation_depth_ > 0) fail(variation_line_, "variation is not closed");
    if (game.has_movetext || tags_closed) {
        game.end_line = line_;
        return true;
    }
    const int line = line_;
    read_tag(scratch_tag_);
    if (started && starts_new_game(game, scratch_tag_.first)) {
        carried_tag_ = scratch_tag_;
        carried_repeat_ = RepeatedTag{scratch_tag_.first, line, game.line};
        game.ended_by_repeated_tag = carried_repeat_;
        game.end_line = line;
        return true;
    }
    start_game(game, started);
    if (keeps(scratch_tag_.first)) game.tags.push_back(scratch_tag_);
    return false;
}

// A token of movetext (or a segment of it when only results are read): true at the game's
// termination.
bool PgnReader::read_movetext(PgnGame& game, char c) {
    const bool ended = detail_ == PgnDetail::results && c != '(' && c != ')'
                           ? scan_results_segment(game)
                           : read_token(game);
    if (ended) game.end_line = line_;
    return ended;
}

// The input ended: whatever is open is an error; a started game ends here.
bool PgnReader::end_of_input(PgnGame& game, bool started) const {
    if (in_comment_) fail(comment_line_, "comment is not closed");
    if (variation_depth_ > 0) fail(variation_line_, "variation is not closed");
    if (!started) return false;
    game.end_line = line_;
    return true;
}

bool PgnReader::next(PgnGame& game) {
    game.clear();
    bool started = resume_carried_game(game);
    bool tags_closed = false;
    while (pos_ != limit_ || refill()) {
        if (in_comment_) {
            skip_comment();
            continue;
        }
        const char c = buffer_[pos_];
        if (skip_space(c, started && !game.has_movetext, tags_closed)) continue;
        const bool at_line_start = line_start_;
        line_start_ = false;
        content_on_line_ = true;
        if (skip_comment_start(c, at_line_start)) continue;
        if (c == '[') {
            if (read_tag_or_end(game, started, tags_closed)) return true;
            continue;
        }
        start_game(game, started);
        if (read_movetext(game, c)) return true;
    }
    return end_of_input(game, started);
}

}  // namespace arbiter
