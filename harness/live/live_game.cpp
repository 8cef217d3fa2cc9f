#include "harness/live/live_game.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "harness/pgn/pgn_writer.h"

namespace arbiter {

std::int64_t wall_clock_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

namespace {

json::Value optional_value(const std::optional<std::int64_t>& value) {
    return value ? json::Value(*value) : json::Value(nullptr);
}

json::Value optional_value(const std::optional<int>& value) {
    return value ? json::Value(*value) : json::Value(nullptr);
}

}  // namespace

// The side that made move `ply` (1-based) of a game starting from `start_fen`.
Color mover_of(const std::string& start_fen, int ply) {
    const bool black_starts = start_fen.find(" b ") != std::string::npos;
    const bool first_side_moves = ply % 2 == 1;
    return (first_side_moves != black_starts) ? WHITE : BLACK;
}

json::Value clocks_json(const WatchedClocks& clocks, std::int64_t at_ms) {
    json::Value value{json::Object{}};
    value.set("w", optional_value(clocks.white_ms));
    value.set("b", optional_value(clocks.black_ms));
    value.set("at", at_ms);
    return value;
}

json::Value move_json(const LiveMove& move, const std::string& start_fen) {
    const MoveRecord& r = move.record;
    json::Value value{json::Object{}};
    value.set("p", r.ply);
    value.set("san", r.san);
    value.set("uci", r.uci);
    value.set("fen", move.fen);
    value.set("book", r.book);
    value.set("d", optional_value(r.depth));
    value.set("sd", optional_value(r.seldepth));
    value.set("n", optional_value(r.nodes));
    value.set("wv", r.score ? json::Value(white_view_eval(*r.score, mover_of(start_fen, r.ply)))
                            : json::Value(nullptr));
    value.set("mt", r.time_ms);
    value.set("wc", optional_value(move.clocks.white_ms));
    value.set("bc", optional_value(move.clocks.black_ms));
    value.set("pv", r.pv);
    return value;
}

json::Value search_json(const LiveSearch& search, Color side) {
    json::Value value{json::Object{}};
    value.set("d", optional_value(search.depth));
    value.set("sd", optional_value(search.seldepth));
    value.set("n", optional_value(search.nodes));
    value.set("nps", optional_value(search.nps));
    value.set("t", optional_value(search.time_ms));
    value.set("wv", search.score ? json::Value(white_view_eval(*search.score, side))
                                 : json::Value(nullptr));
    value.set("pv", search.pv);
    return value;
}

json::Value game_json(const LiveGame& g) {
    json::Value value{json::Object{}};
    value.set("g", g.number);
    value.set("round", g.round);
    value.set("white", g.white);
    value.set("black", g.black);
    value.set("start_fen", g.start_fen);
    value.set("fen", g.fen());
    value.set("result", g.result);
    value.set("termination", g.termination);
    value.set("id", optional_value(g.id));
    value.set("started_ms", g.started_at_ms);
    value.set("clocks", clocks_json(g.clocks, g.clocks_at_ms));
    json::Value moves{json::Array{}};
    for (const LiveMove& m : g.moves) moves.push(move_json(m, g.start_fen));
    value.set("moves", std::move(moves));
    json::Value search{json::Object{}};
    search.set("w", search_json(g.search[WHITE], WHITE));
    search.set("b", search_json(g.search[BLACK], BLACK));
    value.set("search", std::move(search));
    return value;
}

namespace {

std::optional<std::int64_t> optional_integer(const json::Value* value) {
    if (!value || !value->is_integer()) return std::nullopt;
    return value->as_integer();
}

std::string string_of(const json::Value& object, std::string_view key) {
    const json::Value* value = object.find(key);
    return value && value->is_string() ? value->as_string() : std::string();
}

// The inverse of white_view_eval() (pawns or "#N" from White's side), back to the mover's side.
std::optional<Score> score_from_eval(const std::string& text, Color mover) {
    if (text.empty()) return std::nullopt;
    const int sign = mover == WHITE ? 1 : -1;
    if (text[0] == '#') return Score::from_mate_moves(sign * std::stoi(text.substr(1)));
    return Score::from_centipawns(sign * int(std::lround(std::stod(text) * 100)));
}

}  // namespace

// A game as game_json() wrote it (the live file of another process), back into a LiveGame.
LiveGame game_from_json(const json::Value& value) {
    LiveGame g;
    g.number = optional_integer(value.find("g")).value_or(0);
    g.round = int(optional_integer(value.find("round")).value_or(0));
    g.white = string_of(value, "white");
    g.black = string_of(value, "black");
    g.start_fen = string_of(value, "start_fen");
    g.result = string_of(value, "result");
    g.termination = string_of(value, "termination");
    g.id = optional_integer(value.find("id"));
    g.started_at_ms = optional_integer(value.find("started_ms")).value_or(0);
    if (const json::Value* clocks = value.find("clocks"); clocks && clocks->is_object()) {
        g.clocks.white_ms = optional_integer(clocks->find("w"));
        g.clocks.black_ms = optional_integer(clocks->find("b"));
        g.clocks_at_ms = optional_integer(clocks->find("at")).value_or(0);
    }
    if (const json::Value* moves = value.find("moves"); moves && moves->is_array()) {
        for (const json::Value& m : moves->as_array()) {
            LiveMove move;
            move.record.ply = int(optional_integer(m.find("p")).value_or(0));
            move.record.san = string_of(m, "san");
            move.record.uci = string_of(m, "uci");
            move.fen = string_of(m, "fen");
            const json::Value* book = m.find("book");
            move.record.book = book && book->is_bool() && book->as_bool();
            if (auto d = optional_integer(m.find("d"))) move.record.depth = int(*d);
            if (auto d = optional_integer(m.find("sd"))) move.record.seldepth = int(*d);
            move.record.nodes = optional_integer(m.find("n"));
            move.record.score =
                score_from_eval(string_of(m, "wv"), mover_of(g.start_fen, move.record.ply));
            move.record.time_ms = optional_integer(m.find("mt")).value_or(0);
            move.clocks.white_ms = optional_integer(m.find("wc"));
            move.clocks.black_ms = optional_integer(m.find("bc"));
            move.record.pv = string_of(m, "pv");
            g.moves.push_back(std::move(move));
        }
    }
    if (const json::Value* search = value.find("search"); search && search->is_object()) {
        for (Color side : {WHITE, BLACK}) {
            const json::Value* s = search->find(side == WHITE ? "w" : "b");
            if (!s || !s->is_object()) continue;
            LiveSearch& out = g.search[side];
            if (auto d = optional_integer(s->find("d"))) out.depth = int(*d);
            if (auto d = optional_integer(s->find("sd"))) out.seldepth = int(*d);
            out.nodes = optional_integer(s->find("n"));
            out.nps = optional_integer(s->find("nps"));
            out.time_ms = optional_integer(s->find("t"));
            out.score = score_from_eval(string_of(*s, "wv"), side);
            out.pv = string_of(*s, "pv");
        }
    }
    return g;
}

std::string white_view_eval(const Score& score, Color mover) {
    return eval_text(mover == WHITE ? score : score.negated());
}

std::string pgn_clock(std::int64_t ms) {
    const std::int64_t seconds = std::max<std::int64_t>(ms, 0) / 1000;
    char text[32];
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", static_cast<long long>(seconds / 3600),
                  static_cast<long long>(seconds / 60 % 60), static_cast<long long>(seconds % 60));
    return text;
}

std::optional<std::int64_t> integer_member(const json::Value& object, std::string_view key) {
    return optional_integer(object.find(key));
}

std::string text_member(const json::Value& object, std::string_view key) {
    return string_of(object, key);
}

std::string game_pgn(const LiveGame& g, const std::string& event, const std::string& time_control) {
    // Step 1. The tags.
    const bool standard = g.start_fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    std::string out = "[Event \"" + pgn_tag_value(event) + "\"]\n[Site \"arbiter live\"]\n";
    out += "[Round \"" + std::to_string(g.round) + "." + std::to_string(g.number) + "\"]\n";
    out +=
        "[White \"" + pgn_tag_value(g.white) + "\"]\n[Black \"" + pgn_tag_value(g.black) + "\"]\n";
    out += "[Result \"" + g.result + "\"]\n";
    if (!time_control.empty()) out += "[TimeControl \"" + pgn_tag_value(time_control) + "\"]\n";
    if (!standard) out += "[SetUp \"1\"]\n[FEN \"" + pgn_tag_value(g.start_fen) + "\"]\n";
    if (!g.termination.empty()) out += "[Termination \"" + pgn_tag_value(g.termination) + "\"]\n";
    out += "\n";
    // Step 2. The movetext: each move's clock and evaluation in its comment.
    MovetextWriter movetext(g.start_fen);
    for (const LiveMove& m : g.moves) {
        const Color side = movetext.white_to_move() ? WHITE : BLACK;
        std::string comment;
        const auto& clock = side == WHITE ? m.clocks.white_ms : m.clocks.black_ms;
        if (clock) comment += "[%clk " + pgn_clock(*clock) + "]";
        if (m.record.score)
            comment += std::string(comment.empty() ? "" : " ") + "[%eval " +
                       white_view_eval(*m.record.score, side) + "]";
        if (m.record.book) comment += std::string(comment.empty() ? "" : " ") + "book";
        movetext.move(m.record.san, comment);
    }
    return out + movetext.finish(g.result);
}

}  // namespace arbiter
