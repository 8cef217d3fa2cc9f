#include "harness/xboard/protocol.h"

#include <cctype>
#include <charconv>

namespace arbiter {

namespace {

std::vector<std::string_view> split_words(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        std::size_t start = i;
        while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        if (i > start) words.push_back(line.substr(start, i - start));
    }
    return words;
}

template <typename T>
bool parse_number(std::string_view text, T& value) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size();
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

bool starts_with(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

// Removes a move-number prefix or suffix marks from a pv word: "12." and "12..." vanish,
// "Nf3+" and "e4!" keep the move.
std::string pv_word(std::string_view w) {
    while (!w.empty() && (w.back() == '!' || w.back() == '?')) w.remove_suffix(1);
    return std::string(w);
}

}  // namespace

std::vector<XboardFeature> parse_features(std::string_view line) {
    std::vector<XboardFeature> features;
    line = trim(line);
    if (!starts_with(line, "feature") ||
        (line.size() > 7 && !std::isspace(static_cast<unsigned char>(line[7]))))
        return features;
    std::size_t i = 7;
    while (true) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        if (i >= line.size()) break;
        std::size_t eq = line.find('=', i);
        if (eq == std::string_view::npos) break;
        XboardFeature f;
        f.name = std::string(trim(line.substr(i, eq - i)));
        i = eq + 1;
        if (i < line.size() && line[i] == '"') {
            std::size_t close = line.find('"', i + 1);
            if (close == std::string_view::npos) break;
            f.value = std::string(line.substr(i + 1, close - i - 1));
            f.quoted = true;
            i = close + 1;
        } else {
            std::size_t start = i;
            while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
            f.value = std::string(line.substr(start, i - start));
        }
        if (f.name.empty()) break;
        features.push_back(std::move(f));
    }
    return features;
}

XboardLine classify_xboard_line(std::string_view raw) {
    XboardLine out;
    std::string_view line = trim(raw);
    std::vector<std::string_view> words = split_words(line);
    if (words.empty()) return out;
    const std::string_view first = words[0];
    if (first == "feature") {
        out.kind = XboardLine::Kind::feature;
        return out;
    }
    if (first == "pong" && words.size() >= 2 && parse_number(words[1], out.number)) {
        out.kind = XboardLine::Kind::pong;
        return out;
    }
    if (first == "move" && words.size() >= 2) {
        out.kind = XboardLine::Kind::move;
        out.text = std::string(words[1]);
        return out;
    }
    // Protocol 1: "1. ... e2e4" (the engine's move as Black) or "1. e2e4".
    if (words.size() >= 3 && words[1] == "..." && !first.empty() &&
        std::isdigit(static_cast<unsigned char>(first[0])) && first.back() == '.') {
        out.kind = XboardLine::Kind::move;
        out.text = std::string(words[2]);
        return out;
    }
    if (first == "1-0" || first == "0-1" || first == "1/2-1/2" || first == "*") {
        out.kind = XboardLine::Kind::result;
        out.text = std::string(first);
        std::size_t open = line.find('{'), close = line.rfind('}');
        if (open != std::string_view::npos && close != std::string_view::npos && close > open)
            out.comment = std::string(trim(line.substr(open + 1, close - open - 1)));
        return out;
    }
    if (first == "resign") {
        out.kind = XboardLine::Kind::resign;
        return out;
    }
    if (line == "offer draw") {
        out.kind = XboardLine::Kind::offer_draw;
        return out;
    }
    if (starts_with(line, "Illegal move")) {
        out.kind = XboardLine::Kind::illegal_move;
        std::size_t colon = line.rfind(':');
        if (colon != std::string_view::npos) out.text = std::string(trim(line.substr(colon + 1)));
        return out;
    }
    if (starts_with(line, "Error")) {
        out.kind = XboardLine::Kind::error;
        out.text = std::string(trim(line.substr(5)));
        return out;
    }
    if (parse_thinking(line)) {
        out.kind = XboardLine::Kind::thinking;
        return out;
    }
    return out;
}

std::optional<XboardThinking> parse_thinking(std::string_view line) {
    std::vector<std::string_view> words = split_words(line);
    if (words.size() < 4) return std::nullopt;
    std::string_view ply = words[0];
    while (!ply.empty() && !std::isdigit(static_cast<unsigned char>(ply.back())))
        ply.remove_suffix(1);
    XboardThinking t;
    if (ply.empty() || !parse_number(ply, t.depth) || t.depth < 0) return std::nullopt;
    if (!parse_number(words[1], t.score) || !parse_number(words[2], t.time_cs) ||
        !parse_number(words[3], t.nodes))
        return std::nullopt;
    for (std::size_t i = 4; i < words.size(); ++i) {
        std::string_view w = words[i];
        if (!w.empty() && std::isdigit(static_cast<unsigned char>(w[0])) && w.back() == '.')
            continue;  // "12."
        if (w == "..." || w.front() == '<' || w.front() == '(' || w.front() == '{' ||
            w.front() == '[')
            continue;
        t.pv.push_back(pv_word(w));
    }
    return t;
}

std::optional<int> xboard_mate_distance(int score) {
    // The protocol's convention: 100000 + N for mate in N moves, -100000 - N when mated.
    std::int64_t magnitude = score < 0 ? -std::int64_t(score) : score;  // -INT_MIN overflows int
    if (magnitude < 100000 || magnitude >= 101000) return std::nullopt;
    int moves = int(magnitude - 100000);
    return score > 0 ? moves : -moves;
}

std::optional<Score> xboard_score(int score, std::string& problem) {
    if (std::optional<int> mate = xboard_mate_distance(score))
        return sane_engine_score(Score::Kind::mate, *mate, Score::Bound::exact, problem);
    return sane_engine_score(Score::Kind::centipawns, score, Score::Bound::exact, problem);
}

std::string level_command(int moves_per_session, std::int64_t base_ms, std::int64_t increment_ms) {
    std::int64_t seconds = base_ms / 1000;
    std::string base = std::to_string(seconds / 60);
    if (seconds % 60)
        base += ":" + std::string(seconds % 60 < 10 ? "0" : "") + std::to_string(seconds % 60);
    std::string increment = std::to_string(increment_ms / 1000);
    if (std::int64_t fraction = increment_ms % 1000; fraction) {
        std::string digits = std::to_string(1000 + fraction).substr(1);
        while (digits.back() == '0') digits.pop_back();
        increment += "." + digits;
    }
    return "level " + std::to_string(moves_per_session) + " " + base + " " + increment;
}

std::string clock_command(std::string_view name, std::int64_t ms) {
    return std::string(name) + " " + std::to_string(ms < 0 ? 0 : ms / 10);
}

}  // namespace arbiter
