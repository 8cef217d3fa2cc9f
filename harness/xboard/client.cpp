#include "harness/xboard/client.h"

#include <algorithm>
#include <array>

#include "engines/core/movegen.h"
#include "engines/core/notation.h"

namespace arbiter {

namespace {

// The features arbiter understands; any other is rejected, as the protocol asks.
constexpr std::array<std::string_view, 25> KNOWN_FEATURES = {
    "ping",   "setboard", "playother", "san",     "usermove", "time",     "draw",
    "sigint", "sigterm",  "reuse",     "analyze", "myname",   "variants", "colors",
    "ics",    "name",     "pause",     "nps",     "debug",    "memory",   "smp",
    "egt",    "option",   "exclude",   "setscore"};

// Whether `line` is a protocol-1 engine's answer to `protover 2`: "Error (unknown command):
// protover 2", "Illegal move: protover 2" and the like.
bool refuses_protover(std::string_view line) {
    return (line.rfind("Error", 0) == 0 || line.rfind("Illegal move", 0) == 0) &&
           line.find("protover") != std::string_view::npos;
}

bool is_start(std::string_view fen) {
    return fen.empty() || fen == "startpos" || fen == START_FEN;
}

// The castling move that `text` names as the king's step to its castled square ("e1g1", "b1c1",
// and "g1g1" when the king stays), as engines write Chess960 castling in coordinates; only
// asked once `text` is no legal plain move, so a king step that is legal by itself stays one.
// Move::none() if there is no such castling.
Move castling_by_king_destination(const Position& pos, std::string_view text) {
    if (text.size() != 4 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8' ||
        text[2] < 'a' || text[2] > 'h' || text[3] < '1' || text[3] > '8')
        return Move::none();
    Square from = make_square(text[0] - 'a', text[1] - '1');
    Square to = make_square(text[2] - 'a', text[3] - '1');
    if (from != pos.king_square(pos.side_to_move())) return Move::none();
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        if (m.kind() != Move::CASTLING) continue;
        // The king ends on the g-file castling towards h, on the c-file towards a.
        if (make_square(m.to() > m.from() ? 6 : 2, rank_of(from)) == to) return m;
    }
    return Move::none();
}

// A result line's claim in `reply`. "*" ends nothing: the engine only says it stops playing this
// game, which the referee learns from its missing move.
void take_claim(const XboardLine& line, EngineReply& reply) {
    if (line.text != "*") reply.claimed_result = line.text;
    reply.claim_reason = line.comment;
}

}  // namespace

void XboardClient::start(const std::string& program, const std::vector<std::string>& args,
                         const std::string& working_directory, const std::string& stderr_log_path,
                         std::chrono::milliseconds handshake_timeout) {
    features_.clear();
    protocol_version_ = 1;
    name_.clear();
    on_board_.reset();
    process_.start(program, args, working_directory, stderr_log_path);
    negotiate(handshake_timeout);
}

void XboardClient::negotiate(std::chrono::milliseconds handshake_timeout) {
    // Step 1. Announce the protocol; an engine of protocol 1 ignores `protover`.
    if (!process_.write_line("xboard") || !process_.write_line("protover 2"))
        fail("exited during the xboard handshake", true);
    // Step 2. Accept or reject each feature until done=1, until the engine refuses `protover`,
    // or until the timeout.
    Clock::time_point deadline = deadline_after(Clock::now(), handshake_timeout);
    bool holding = false;  // done=0 seen: a timeout is a failure, not protocol 1
    while (true) {
        EngineProcess::ReadStatus status = process_.read_line(line_, deadline);
        if (status == EngineProcess::ReadStatus::eof)
            fail("exited during the xboard handshake", true);
        if (status == EngineProcess::ReadStatus::timeout) {
            if (holding)
                fail("sent 'feature done=0' but not 'done=1' within " +
                         std::to_string(handshake_timeout.count()) + " ms",
                     false);
            break;  // no feature within the timeout: a protocol-1 engine
        }
        if (protocol_version_ == 1 && refuses_protover(line_)) break;
        std::vector<XboardFeature> features = parse_features(line_);
        bool finished = false;
        for (XboardFeature& f : features) {
            protocol_version_ = 2;
            if (f.name == "done") {
                if (f.value == "0") {
                    holding = true;
                    deadline = deadline_after(Clock::now(), handshake_timeout);
                } else {
                    finished = true;
                }
                continue;
            }
            bool known = std::find(KNOWN_FEATURES.begin(), KNOWN_FEATURES.end(), f.name) !=
                         KNOWN_FEATURES.end();
            process_.write_line((known ? "accepted " : "rejected ") + f.name);
            if (!known) continue;
            if (f.name == "myname") name_ = printable_engine_text(f.value);
            auto same = std::find_if(
                features_.begin(), features_.end(),
                [&](const XboardFeature& g) { return g.name == f.name && f.name != "option"; });
            if (same != features_.end())
                *same = std::move(f);
            else
                features_.push_back(std::move(f));
        }
        if (finished) break;
    }
    // Step 3. Thinking output on, pondering off.
    process_.write_line("post");
    process_.write_line("easy");
}

void XboardClient::fail(const std::string& why, bool exited) {
    std::string message = "engine " + process_.program() + " " + why;
    if (exited && process_.wait_for_exit(std::chrono::milliseconds(1000)))
        message += " (" + process_.exit_status().text() + ")";
    process_.kill();
    throw XboardError(message);
}

bool XboardClient::has_feature(std::string_view name) const {
    return std::any_of(features_.begin(), features_.end(),
                       [&](const XboardFeature& f) { return f.name == name; });
}

std::string XboardClient::feature(std::string_view name, std::string_view default_value) const {
    for (const XboardFeature& f : features_)
        if (f.name == name) return f.value;
    return std::string(default_value);
}

std::string XboardClient::display_name() const {
    return name_.empty() ? process_.program() : name_;
}

bool XboardClient::enable_chess960() {
    std::string variants = "," + feature("variants") + ",";
    if (variants.find(",fischerandom,") == std::string::npos)
        throw XboardError("engine " + display_name() +
                          " does not list fischerandom in its feature variants (\"" +
                          feature("variants") + "\"), so it cannot play Chess960");
    chess960_ = true;
    return process_.alive();
}

bool XboardClient::set_option(std::string_view name, std::string_view value) {
    return process_.write_line("option " + std::string(name) + "=" + std::string(value));
}

bool XboardClient::new_game() {
    on_board_.reset();
    level_sent_ = false;
    result_due_ = false;
    return process_.alive();
}

EngineStatus XboardClient::is_ready(std::chrono::milliseconds timeout) {
    Clock::time_point deadline = deadline_after(Clock::now(), timeout);
    if (feature("ping") != "1") {
        // No ping: drop what the engine said already (a late claim of the last game, say),
        // looking briefly into the pipe too, not only at what was read from it: a claim that
        // follows the last game's move (GNU Chess 6.2.7 makes one, and is taken for an engine
        // without ping when its features come too late) would otherwise open the next game.
        // A closed pipe is a dead engine even before the process is reaped.
        Clock::time_point until = Clock::now() + NO_PING_DRAIN;
        EngineProcess::ReadStatus status;
        while ((status = process_.read_line(line_, until)) == EngineProcess::ReadStatus::line) {}
        if (status == EngineProcess::ReadStatus::eof || !process_.alive())
            return EngineStatus::disconnected;
        return EngineStatus::ok;
    }
    int n = ++ping_counter_;
    if (!process_.write_line("ping " + std::to_string(n))) return EngineStatus::disconnected;
    while (true) {
        switch (process_.read_line(line_, deadline)) {
            case EngineProcess::ReadStatus::timeout:
                return EngineStatus::timeout;
            case EngineProcess::ReadStatus::eof:
                return EngineStatus::disconnected;
            case EngineProcess::ReadStatus::line:
                break;
        }
        XboardLine line = classify_xboard_line(line_);
        if (line.kind == XboardLine::Kind::pong && line.number == n) return EngineStatus::ok;
    }
}

bool XboardClient::position(std::string_view fen, std::span<const std::string> moves) {
    wanted_.fen = is_start(fen) ? std::string() : std::string(fen);
    wanted_.moves.assign(moves.begin(), moves.end());
    std::string error =
        board_.set(wanted_.fen.empty() ? START_FEN : std::string_view(wanted_.fen), chess960_);
    if (!error.empty()) throw XboardError("engine " + display_name() + ": " + error);
    if (!wanted_.fen.empty() && feature("setboard") != "1" && pos_.side_to_move() == BLACK)
        throw XboardError(
            "engine " + display_name() +
            " has no setboard, and its edit mode cannot set up a position with Black to move: " +
            wanted_.fen);
    for (const std::string& text : wanted_.moves)
        if (!board_.play_uci(text)) return false;
    return process_.alive();
}

bool XboardClient::send_edit(const Position& pos) {
    bool ok = process_.write_line("edit") && process_.write_line("#");
    for (Color c : {WHITE, BLACK}) {
        if (c == BLACK) ok = ok && process_.write_line("c");
        for (Bitboard b = pos.pieces(c); b;) {
            Square s = pop_lsb(b);
            char piece =
                char(std::toupper(static_cast<unsigned char>(piece_char(pos.piece_on(s)))));
            ok = ok && process_.write_line(std::string(1, piece) + square_name(s));
        }
    }
    return ok && process_.write_line(".");
}

bool XboardClient::setup_from_scratch() {
    bool ok = process_.write_line("new") &&
              (!chess960_ || process_.write_line("variant fischerandom")) &&
              process_.write_line("force");
    level_sent_ = false;
    result_due_ = true;
    if (!wanted_.fen.empty()) {
        if (feature("setboard") == "1") {
            ok = ok && process_.write_line("setboard " + wanted_.fen);
        } else {
            Board start;
            (void)start.set(wanted_.fen, chess960_);
            ok = ok && send_edit(start.position());
        }
    }
    on_board_ = Game{wanted_.fen, {}};
    return ok;
}

bool XboardClient::send_move(const std::string& uci) {
    // The move is the next one of wanted_ after what the engine holds: replay to find its SAN
    // (or, in Chess960, whether it castles: that is sent as O-O or O-O-O).
    std::string text = uci;
    if (feature("san") == "1" || chess960_) {
        Board board;
        (void)board.set(wanted_.fen.empty() ? START_FEN : std::string_view(wanted_.fen), chess960_);
        for (const std::string& played : on_board_->moves) board.play_uci(played);
        Position& pos = board.position();
        Move m = move_from_uci(pos, uci);
        if (feature("san") == "1")
            text = move_to_san(pos, m);
        else if (m.kind() == Move::CASTLING)
            text = m.to() > m.from() ? "O-O" : "O-O-O";
    }
    on_board_->moves.push_back(uci);
    sent_texts_.push_back(text);
    return process_.write_line((feature("usermove") == "1" ? "usermove " : "") + text);
}

bool XboardClient::send_limits(const GoLimits& limits) {
    bool white = pos_.side_to_move() == WHITE;
    std::optional<std::int64_t> own = white ? limits.wtime_ms : limits.btime_ms;
    std::optional<std::int64_t> other = white ? limits.btime_ms : limits.wtime_ms;
    std::optional<std::int64_t> increment = white ? limits.winc_ms : limits.binc_ms;
    bool ok = true;
    if (own) {
        if (!level_sent_) {
            // XBoard's `level` holds one period: the first, whatever the control's later ones;
            // `time` and `otim` below give the clocks as they are.
            TimePeriod period = limits.first_period.value_or(
                TimePeriod{limits.movestogo.value_or(0), *own, increment.value_or(0)});
            ok = ok && process_.write_line(
                           level_command(period.moves, period.base_ms, period.increment_ms));
            level_sent_ = true;
        }
        if (feature("time", "1") == "1") {
            ok = ok && process_.write_line(clock_command("time", *own));
            ok = ok && process_.write_line(clock_command("otim", other.value_or(*own)));
        }
    }
    if (limits.movetime_ms)
        ok = ok && process_.write_line("st " + std::to_string(std::max<std::int64_t>(
                                                   1, (*limits.movetime_ms + 999) / 1000)));
    if (limits.depth) ok = ok && process_.write_line("sd " + std::to_string(*limits.depth));
    return ok;
}

EngineReply XboardClient::go(const GoLimits& limits, std::chrono::milliseconds timeout) {
    if (limits.nodes)
        throw XboardError("engine " + display_name() +
                          " speaks XBoard, whose protocol has no node limit");
    // Step 1. Bring the engine's board up to date: the new moves in force mode, or a new game.
    sent_texts_.clear();
    bool follows =
        on_board_ && on_board_->fen == wanted_.fen &&
        on_board_->moves.size() <= wanted_.moves.size() &&
        std::equal(on_board_->moves.begin(), on_board_->moves.end(), wanted_.moves.begin());
    bool ok = follows ? process_.write_line("force") : setup_from_scratch();
    for (std::size_t i = on_board_->moves.size(); ok && i < wanted_.moves.size(); ++i)
        ok = send_move(wanted_.moves[i]);
    // Step 2. The limits, then go.
    ok = ok && send_limits(limits) && process_.write_line("go");
    go_sent_ = Clock::now();
    if (!ok) {
        EngineReply reply;
        reply.search.status = EngineStatus::disconnected;
        return reply;
    }
    return wait_reply(timeout);
}

bool XboardClient::stop() {
    return process_.write_line("?");
}

void XboardClient::handle_thinking(std::string_view line, EngineReply& reply) {
    std::optional<XboardThinking> t = parse_thinking(line);
    if (!t) return;
    SearchReply& s = reply.search;
    ++s.info_lines;
    s.depth = t->depth;
    s.score = xboard_score(t->score, s.protocol_error);
    s.time_ms = t->time_cs * 10;
    s.nodes = t->nodes;
    s.pv = t->pv;  // translated once the search ends
}

std::string XboardClient::to_uci(std::string_view text) {
    std::string word(text);
    if (word == "0-0" || word == "o-o") word = "O-O";
    if (word == "0-0-0" || word == "o-o-o") word = "O-O-O";
    // Coordinates first: a legal plain move ("f1g1" with g1 free) is that move, and "e1h1", the
    // king taking its own rook, is Chess960 castling in the core's own form.
    Move m = move_from_uci(pos_, word);
    if (!m && chess960_) m = castling_by_king_destination(pos_, word);
    if (!m) m = move_from_san(pos_, word);
    return m ? move_to_uci(m) : std::string();
}

EngineReply XboardClient::wait_reply(std::chrono::milliseconds timeout) {
    EngineReply reply;
    Clock::time_point deadline = deadline_after(go_sent_, timeout);
    auto finish = [&](EngineStatus status) {
        reply.search.status = status;
        reply.search.wall_time = Clock::now() - go_sent_;
        // Thinking output in the engine's notation becomes UCI moves, as far as they are legal.
        std::vector<std::string> pv;
        for (const std::string& word : reply.search.pv) {
            std::string uci = to_uci(word);
            if (uci.empty()) break;
            board_.play_uci(uci);
            pv.push_back(uci);
        }
        for (std::size_t i = 0; i < pv.size(); ++i) board_.undo();
        reply.search.pv = std::move(pv);
        return reply;
    };
    while (true) {
        switch (process_.read_line(line_, deadline)) {
            case EngineProcess::ReadStatus::timeout:
                return finish(EngineStatus::timeout);
            case EngineProcess::ReadStatus::eof:
                return finish(EngineStatus::disconnected);
            case EngineProcess::ReadStatus::line:
                break;
        }
        XboardLine line = classify_xboard_line(line_);
        switch (line.kind) {
            case XboardLine::Kind::move: {
                std::string uci = to_uci(line.text);
                reply.search.bestmove = uci.empty() ? line.text : uci;
                if (!uci.empty() && on_board_) on_board_->moves.push_back(uci);
                // The engine's time ends with its move; the short look for a claim after it is
                // not charged.
                Clock::time_point moved_at = Clock::now();
                read_after_move(reply, moved_at + AFTER_MOVE_WAIT);
                EngineReply done = finish(EngineStatus::ok);
                done.search.wall_time = moved_at - go_sent_;
                return done;
            }
            case XboardLine::Kind::thinking:
                handle_thinking(line_, reply);
                break;
            case XboardLine::Kind::resign:
                reply.resigned = true;
                return finish(EngineStatus::ok);
            case XboardLine::Kind::result:
                take_claim(line, reply);
                return finish(EngineStatus::ok);
            case XboardLine::Kind::offer_draw:
                reply.offered_draw = true;
                break;
            case XboardLine::Kind::illegal_move:
                // Some engines call an unknown command an illegal move ("Illegal move: sd 3"):
                // only a move we sent is a refusal.
                if (!on_board_ || std::find(sent_texts_.begin(), sent_texts_.end(), line.text) ==
                                      sent_texts_.end()) {
                    keep_recent_line(reply.errors, line_);
                    break;
                }
                // Its board no longer follows the game: the search failed as a broken
                // connection does.
                reply.errors.push_back("Illegal move: " + line.text + " (a legal move of ours)");
                on_board_.reset();
                return finish(EngineStatus::disconnected);
            case XboardLine::Kind::error:
                keep_recent_line(reply.errors, line_);
                break;
            default:
                break;
        }
    }
}

void XboardClient::read_after_move(EngineReply& reply, Clock::time_point deadline) {
    // What the engine wrote right after its move: engines claim a result after the move that
    // ends the game ("move d8h4" then "0-1 {Black mates}").
    while (process_.read_line(line_, deadline) == EngineProcess::ReadStatus::line) {
        XboardLine line = classify_xboard_line(line_);
        if (line.kind == XboardLine::Kind::result) {
            take_claim(line, reply);
        } else if (line.kind == XboardLine::Kind::offer_draw) {
            reply.offered_draw = true;
        } else if (line.kind == XboardLine::Kind::error) {
            keep_recent_line(reply.errors, line_);
        }
    }
}

bool XboardClient::end_game(std::string_view result, std::string_view comment) {
    if (!result_due_) return process_.alive();
    result_due_ = false;
    return process_.write_line("result " + std::string(result) + " {" + std::string(comment) + "}");
}

bool XboardClient::quit(std::chrono::milliseconds grace) {
    process_.write_line("quit");
    bool exited = process_.wait_for_exit(grace);
    if (!exited) process_.kill();
    return exited;
}

}  // namespace arbiter
