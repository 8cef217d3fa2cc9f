#include "harness/pgn/pgn_writer.h"

#include <cstdlib>

#include <algorithm>

#include <cstdio>
#include <ctime>

#include "engines/core/board.h"
#include "engines/core/text.h"
#include "harness/text/number_text.h"

namespace arbiter {

std::string pgn_tag_value(const std::string& value) {
    std::string out;
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += (c == '\n' || c == '\r') ? ' ' : c;
    }
    return out;
}

MovetextWriter::MovetextWriter(std::string_view start_fen) {
    white_ = start_fen.find(" b ") == std::string_view::npos;
    if (std::size_t last = start_fen.find_last_of(' '); last != std::string_view::npos)
        fullmove_ = std::max(1, std::atoi(std::string(start_fen.substr(last + 1)).c_str()));
}

void MovetextWriter::word(const std::string& text) {
    if (!line_.empty() && line_.size() + 1 + text.size() > 79) {
        out_ += line_ + "\n";
        line_.clear();
    }
    line_ += (line_.empty() ? "" : " ") + text;
}

void MovetextWriter::move(const std::string& san, const std::string& comment) {
    if (white_)
        word(std::to_string(fullmove_) + ".");
    else if (first_)
        word(std::to_string(fullmove_) + "...");
    word(san);
    if (!comment.empty()) word("{" + comment + "}");
    if (!white_) ++fullmove_;
    white_ = !white_;
    first_ = false;
}

std::string MovetextWriter::finish(const std::string& result) {
    word(result);
    return out_ + line_ + "\n\n";
}

namespace {

std::string escape(const std::string& value) {
    return pgn_tag_value(value);
}

std::string date_of(std::int64_t ms) {
    if (ms <= 0) return "????.??.??";
    std::time_t t = std::time_t(ms / 1000);
    std::tm utc{};
    gmtime_r(&t, &utc);
    char buffer[16];
    std::strftime(buffer, sizeof buffer, "%Y.%m.%d", &utc);
    return buffer;
}

// Comments may not contain '}' in PGN, nor (for any reader) control bytes: an engine's bytes in
// a database written before they were escaped at the source come out escaped.
std::string comment_text(std::string text) {
    text = printable_excerpt(text, std::string::npos);
    for (char& c : text)
        if (c == '}' || c == '{') c = ' ';
    return text;
}

// Milliseconds as seconds with three decimals and an "s" ("0.104s"), as both tools write times.
std::string seconds(std::int64_t ms) {
    return format_fixed(double(ms) / 1000.0, 3) + "s";
}

std::string evaluation_comment(const MoveRecord& m, const PgnMoveFields& fields) {
    if (m.book) return "book";
    std::string text;
    char buffer[64];
    if (m.score && m.score->is_mate()) {
        // fastchess counts a mate in plies (mate in 3 moves is M5 for the winner, M6 for the
        // loser), cutechess in moves.
        int mate = std::abs(fields.fastchess ? m.score->mate_plies() : m.score->mate_moves());
        std::snprintf(buffer, sizeof buffer, "%sM%d", m.score->mate_plies() > 0 ? "+" : "-", mate);
        text = buffer;
    } else if (m.score) {
        // cutechess writes "+0.00" for a level position, fastchess "0.00".
        text = format_fixed(m.score->centipawns() / 100.0, 2,
                            fields.fastchess ? PlusSign::above_zero : PlusSign::always);
    }
    if (m.depth) text.append(1, '/').append(std::to_string(*m.depth));
    text += (text.empty() ? "" : " ") + seconds(m.time_ms);
    // fastchess's order: tl, latency, n, sd, nps, hashfull, tbhits, pv, then the kept lines.
    if (fields.timeleft) text += ", tl=" + seconds(m.clock_left_ms.value_or(0));
    if (fields.latency) text += ", latency=" + seconds(m.latency_ms.value_or(0));
    if (fields.nodes) text += ", n=" + std::to_string(m.nodes.value_or(0));
    if (fields.seldepth) text += ", sd=" + std::to_string(m.seldepth.value_or(0));
    if (fields.nps) {
        std::int64_t nodes = m.nodes.value_or(0);
        text += ", nps=" + std::to_string(m.time_ms > 0 ? nodes * 1000 / m.time_ms : 0);
    }
    if (fields.hashfull) text += ", hashfull=" + std::to_string(m.hashfull.value_or(0));
    if (fields.tbhits) text += ", tbhits=" + std::to_string(m.tbhits.value_or(0));
    if (fields.pv) text += ", pv=\"" + m.pv + "\"";
    if (fields.match_line)
        for (const std::string& line : m.info_lines) text += ", line=\"" + line + "\"";
    if (!m.comment.empty()) text += (fields.fastchess ? ", " : " ") + m.comment;
    return comment_text(text);
}

}  // namespace

const char* pgn_termination(Termination termination, bool fastchess) {
    switch (termination) {
        case Termination::time_forfeit:
            return "time forfeit";
        case Termination::illegal_move:
        case Termination::false_claim:
            return fastchess ? "illegal move" : "rules infraction";
        case Termination::adjudication_draw:
        case Termination::adjudication_resign:
        case Termination::max_plies:
        case Termination::tablebase:
            return "adjudication";
        case Termination::disconnect:
        case Termination::stall:
            return "abandoned";
        case Termination::unchecked_claim:
            return "draw claimed (unchecked)";
        default:
            return "normal";
    }
}

std::string format_pgn(const GameRecord& game, const PgnHeader& header, const PgnMoveFields& fields,
                       const std::vector<PgnMoveAnnotation>* annotations) {
    std::string out;
    auto tag = [&](std::string_view name, const std::string& value) {
        out.append(1, '[').append(name).append(" \"").append(escape(value)).append("\"]\n");
    };
    tag("Event", header.event);
    tag("Site", header.site);
    tag("Date", date_of(game.started_at_ms));
    tag("Round", header.round);
    tag("White", header.white);
    tag("Black", header.black);
    tag("Result", std::string(to_pgn(game.result.outcome)));
    for (const auto& [side, own] : {std::pair{std::string("White"), &header.white_engine},
                                    std::pair{std::string("Black"), &header.black_engine}}) {
        if (!own->name.empty()) tag(side + "EngineName", own->name);
        if (!own->author.empty()) tag(side + "EngineAuthor", own->author);
    }
    if (!header.variant.empty()) tag("Variant", header.variant);
    if (game.start_fen != START_FEN || !header.variant.empty()) {
        tag("SetUp", "1");
        tag("FEN", game.start_fen);
    }
    if (!header.opening.empty()) tag("Opening", header.opening);
    if (!header.time_control.empty()) tag("TimeControl", header.time_control);
    if (!header.white_time_control.empty()) tag("WhiteTimeControl", header.white_time_control);
    if (!header.black_time_control.empty()) tag("BlackTimeControl", header.black_time_control);
    tag("PlyCount", std::to_string(game.moves.size()));
    tag("Termination", pgn_termination(game.result.termination, fields.fastchess));
    out += '\n';

    // Movetext, wrapped at 80 columns.
    std::string line;
    auto emit = [&](const std::string& token) {
        if (!line.empty() && line.size() + 1 + token.size() > 80) {
            out.append(line).append(1, '\n');
            line.clear();
        }
        line += (line.empty() ? "" : " ") + token;
    };
    // The move number of the first move follows from the start position (white's first move
    // number 1 if the chess core cannot read it).
    FenTurn turn;
    (void)read_fen_turn(game.start_fen, turn);
    bool white_first = turn.side_to_move == WHITE;
    int fullmove = turn.fullmove_number;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        bool white_moves = (i % 2 == 0) == white_first;
        if (white_moves)
            emit(std::to_string(fullmove) + ".");
        else if (i == 0)
            emit(std::to_string(fullmove) + "...");
        const PgnMoveAnnotation* note =
            annotations && i < annotations->size() ? &(*annotations)[i] : nullptr;
        emit(note ? game.moves[i].san + note->nag : game.moves[i].san);
        // A comment stays whole (PGN allows lines of up to 255 characters).
        std::string comment = evaluation_comment(game.moves[i], fields);
        const auto add = [&comment](const std::string& part) {
            comment += (comment.empty() ? "" : " ") + part;
        };
        if (note && !note->eval.empty()) add("[%eval " + note->eval + "]");
        if (note && !note->better.empty()) add("better: " + note->better);
        if (fields.fastchess && i + 1 == game.moves.size() && !game.result.description.empty())
            comment += ", " + comment_text(game.result.description);
        emit(comment.insert(0, 1, '{').append(1, '}'));
        if (!white_moves) ++fullmove;
    }
    if (!game.result.description.empty() && !(fields.fastchess && !game.moves.empty())) {
        std::string comment = comment_text(game.result.description);
        emit(comment.insert(0, 1, '{').append(1, '}'));
    }
    // Why an engine's fault happened, in a comment of its own (fastchess's form has no place).
    if (!game.result.fault_detail.empty() && !fields.fastchess) {
        std::string comment = comment_text(game.result.fault_detail);
        emit(comment.insert(0, 1, '{').append(1, '}'));
    }
    emit(std::string(to_pgn(game.result.outcome)));
    return out.append(line).append("\n\n");
}

TournamentPgn::TournamentPgn(TournamentConfig config, PgnMoveFields fields)
    : config_(std::move(config)), fields_(fields) {}

std::string TournamentPgn::game_text(const GameRecord& game, const std::string& white,
                                     const std::string& black,
                                     const std::vector<PgnMoveAnnotation>* annotations) {
    PgnHeader header;
    header.event = config_.event;
    if (!config_.site.empty()) header.site = config_.site;
    header.round = std::to_string(game.slot.round + 1) + "." + std::to_string(game.slot.number + 1);
    header.white = white;
    header.black = black;
    if (auto it = own_.find(game.white_engine_id); it != own_.end())
        header.white_engine = it->second;
    if (auto it = own_.find(game.black_engine_id); it != own_.end())
        header.black_engine = it->second;
    if (config_.game.variant == Variant::chess960) header.variant = "Chess960";
    header.opening = game.opening_name;
    const std::string white_clock = time_control(white), black_clock = time_control(black);
    if (white_clock == black_clock) {
        header.time_control = white_clock;
    } else {
        header.white_time_control = white_clock.empty() ? "-" : white_clock;
        header.black_time_control = black_clock.empty() ? "-" : black_clock;
    }
    return format_pgn(game, header, fields_, annotations);
}

// The time control an engine plays on: its own limits, else the tournament's; empty without one.
std::string TournamentPgn::time_control(const std::string& engine) const {
    SearchLimitConfig limits = config_.limits;
    for (const auto& configured : config_.engines)
        if (configured.name == engine) limits = configured.limits.or_else(config_.limits);
    return limits.tc ? pgn_time_control(*limits.tc) : "";
}

TournamentConfig stored_tournament_config(const StoredTournament& tournament) {
    return stored_tournament_config(tournament.config_json);
}

}  // namespace arbiter
