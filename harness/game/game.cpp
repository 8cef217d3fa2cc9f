#include "harness/game/game.h"

#include <cstdlib>
#include <regex>
#include <stdexcept>

#include "engines/core/board.h"
#include "engines/core/notation.h"
#include "engines/core/rules.h"
#include "harness/game/adjudicators.h"
#include "harness/game/chess_clock.h"
#include "harness/game/ponder.h"
#include "harness/game/tablebase.h"

namespace arbiter {

namespace {

using std::chrono::milliseconds;

const char* colour_name(Color c) {
    return c == WHITE ? "White" : "Black";
}

// The referee's view of a game in progress: the position with its history, the clocks and the
// adjudication counters.
class Referee {
  public:
    Referee(Player& white, Player& black, const Opening& opening, const GameSettings& settings,
            RefereeClock& clock, GameWatcher* watcher)
        : players_{&white, &black},
          settings_(settings),
          clock_(clock),
          watcher_(watcher),
          draw_tracker_(settings.adjudication),
          resign_tracker_(settings.adjudication) {
        game_.start_fen = opening.start_fen;
        game_.opening_name = opening.name;
        game_.started_at_ms = clock_.now_ms();
        if (std::string error =
                board_.set(opening.start_fen, settings.variant == Variant::chess960);
            !error.empty())
            throw std::invalid_argument("opening " + std::to_string(opening.suite_index + 1) +
                                        ": " + error);
        for (Color c : {WHITE, BLACK}) {
            if (const auto& tc = players_[c]->limits.tc) chess_clock_[c].emplace(*tc);
        }
        // A typical game's plies, so that recording a ply does not grow the vectors.
        game_.moves.reserve(TYPICAL_PLIES);
        uci_moves_.reserve(TYPICAL_PLIES);
        if (watcher_) watcher_->began(game_.start_fen, watched_clocks());
        for (const std::string& text : opening.moves) {
            Move m = move_from_uci(pos_, text);
            if (!m)
                throw std::invalid_argument("opening " + std::to_string(opening.suite_index + 1) +
                                            ": illegal book move " + text);
            MoveRecord book;
            book.book = true;
            play(m, book);
        }
        for (const std::string& pattern : settings.kept_info_lines)
            kept_line_patterns_.emplace_back(pattern);
    }

    PlayedGame run() {
        if (!prepare_engines()) return finish();
        while (!finished_) {
            if (check_rules()) break;
            if (settings_.adjudication.max_plies &&
                int(game_.moves.size()) >= settings_.adjudication.max_plies) {
                end(Result::draw(Termination::max_plies,
                                 "Draw by adjudication: maximum game length"));
                break;
            }
            think();
        }
        return finish();
    }

  private:
    // Step 1. Both engines start a new game and must answer isready.
    bool prepare_engines() {
        for (Color c : {WHITE, BLACK}) {
            EngineSession& engine = *players_[c]->engine;
            bool started = engine.new_game();
            if (started) ponderers_[c].begin_game(engine, players_[c]->ponder);
            EngineStatus status =
                started ? engine.is_ready(settings_.stall_timeout) : EngineStatus::disconnected;
            if (status != EngineStatus::ok) {
                misbehaved(c, status);
                return false;
            }
        }
        return true;
    }

    // Step 2. The rules of chess, decided here and never by an engine's claim.
    bool check_rules() {
        std::optional<Result> ending = rules_ending();
        if (!ending) return false;
        end(std::move(*ending));
        return true;
    }

    // How the rules end the game in the current position, if they do. Under trusted claims (the
    // family tournament's runner) a repetition or the fifty-move rule is the engines' to claim,
    // and the referee draws only where FIDE's rules draw without a claim (9.6): the same position
    // five times, or 75 moves without a capture or pawn move.
    std::optional<Result> rules_ending() const {
        GameStatus status = board_.status();
        if (settings_.draw_claims == DrawClaims::trusted &&
            (status == GameStatus::threefold_repetition || status == GameStatus::fifty_moves)) {
            if (pos_.repetitions() >= 4)
                return Result::draw(Termination::threefold, "Draw by 5-fold repetition");
            if (pos_.rule50() >= 150)
                return Result::draw(Termination::fifty_moves, "Draw by 75 moves rule");
            return std::nullopt;
        }
        switch (status) {
            case GameStatus::ongoing:
                return std::nullopt;
            case GameStatus::checkmate: {
                Color winner = ~pos_.side_to_move();
                return Result::win(winner, Termination::checkmate,
                                   std::string(colour_name(winner)) + " mates");
            }
            case GameStatus::stalemate:
                return Result::draw(Termination::stalemate, "Draw by stalemate");
            case GameStatus::threefold_repetition:
                return Result::draw(Termination::threefold, "Draw by 3-fold repetition");
            case GameStatus::fifty_moves:
                return Result::draw(Termination::fifty_moves, "Draw by fifty moves rule");
            case GameStatus::insufficient_material:
                return Result::draw(Termination::insufficient_material,
                                    "Draw by insufficient mating material");
        }
        return std::nullopt;
    }

    // The limits of the search `us` is about to start, and how long to wait for its move.
    GoLimits go_limits(Color us, milliseconds& timeout) const {
        const SearchLimitConfig& limits = players_[us]->limits;
        GoLimits go;
        if (const auto& own = chess_clock_[us]) {
            for (Color c : {WHITE, BLACK}) {
                const auto& clock = chess_clock_[c];
                std::int64_t remaining =
                    std::max<std::int64_t>(clock ? clock->remaining_ms() : 0, 1);
                std::int64_t increment = clock ? clock->increment_ms() : 0;
                (c == WHITE ? go.wtime_ms : go.btime_ms) = remaining;
                if (increment) (c == WHITE ? go.winc_ms : go.binc_ms) = increment;
            }
            if (own->moves_to_go()) go.movestogo = own->moves_to_go();
            if (limits.tc) go.first_period = limits.tc->first();
            timeout = milliseconds(std::max<std::int64_t>(own->remaining_ms(), 0)) +
                      settings_.time_margin;
        } else {
            if (limits.movetime_ms) {
                go.movetime_ms = *limits.movetime_ms;
                timeout = milliseconds(*limits.movetime_ms) + settings_.stall_timeout;
            }
        }
        // A depth or node limit goes with the clock too (`-each tc=10+0.1 nodes=5000`), as
        // cutechess and fastchess send it: the search stops at whichever comes first.
        go.depth = limits.depth;
        go.nodes = limits.nodes;
        return go;
    }

    // What the engine reported with its move, for the game's record.
    static MoveRecord move_record(const SearchReply& result, std::int64_t elapsed_ms) {
        MoveRecord record;
        record.time_ms = elapsed_ms;
        record.depth = result.depth;
        record.seldepth = result.seldepth;
        if (result.nodes) record.nodes = std::int64_t(*result.nodes);
        record.score = result.score;
        record.pv = pv_text(result.pv);
        // fastchess's latency: the measured wall time beyond the engine's own reported time.
        record.latency_ms = result.wall_time_ms() - result.time_ms.value_or(0);
        record.hashfull = result.hashfull;
        if (result.tbhits) record.tbhits = std::int64_t(*result.tbhits);
        return record;
    }

    // For each -pgnout match_line= pattern, in order, the search's last `info string` line that
    // matches it (matched, and kept, as the whole line "info string TEXT").
    void keep_info_lines(const SearchReply& result, MoveRecord& record) const {
        for (const std::regex& pattern : kept_line_patterns_) {
            for (auto it = result.info_strings.rbegin(); it != result.info_strings.rend(); ++it) {
                std::string line = "info string " + *it;
                if (!std::regex_search(line, pattern)) continue;
                record.info_lines.push_back(printable_engine_text(line));
                break;
            }
        }
    }

    // Step 3. The side to move searches; its answer is timed, checked and played.
    void think() {
        Color us = pos_.side_to_move();
        Player& player = *players_[us];
        if (play_from_book(us)) return;
        EngineSession& engine = *player.engine;
        const SearchLimitConfig& limits = player.limits;
        milliseconds timeout = settings_.stall_timeout;
        GoLimits go = go_limits(us, timeout);

        // Pondering: ours on the move just played ends, the opponent's begins (ponder.h).
        EngineStatus pondered = ponderers_[us].resolve(uci_moves_.empty() ? "" : uci_moves_.back(),
                                                       settings_.stall_timeout);
        if (pondered != EngineStatus::ok) return misbehaved(us, pondered);
        milliseconds unused;
        ponderers_[~us].start(game_.start_fen, uci_moves_, go_limits(~us, unused));
        EngineReply reply = ponderers_[us].answer(game_.start_fen, uci_moves_, go, timeout);
        const SearchReply& result = reply.search;
        for (const std::string& error : reply.errors) note(us, printable_engine_text(error));
        if (!result.protocol_error.empty() && !protocol_error_noted_[us]) {
            protocol_error_noted_[us] = true;  // once per game and engine
            note(us, "protocol error: " + result.protocol_error);
        }
        if (result.status == EngineStatus::timeout && limits.tc) {
            // Out of time: ask for a move anyway so the engine can be reused, else kill it.
            engine.stop();
            EngineReply late =
                engine.wait_reply(timeout + settings_.time_margin + milliseconds(1000));
            if (late.search.status != EngineStatus::ok) {
                engine.kill();
                restart(us);
            }
            return lose_on_time(us, late.search.info_strings.empty() ? &result : &late.search);
        }
        if (result.status != EngineStatus::ok) return misbehaved(us, result.status, &result);

        // Rounded, not truncated: sub-millisecond moves of fast engines average out right.
        std::int64_t elapsed = (clock_.move_time_us(us, result) + 500) / 1000;
        std::optional<ChessClock>& chess_clock = chess_clock_[us];
        const std::int64_t clock_before = chess_clock ? chess_clock->remaining_ms() : 0;
        if (chess_clock) {
            if (elapsed > clock_before + settings_.time_margin.count()) return lose_on_time(us);
            chess_clock->charge(elapsed);
            // Both clocks hourglasses (cutechess's tc=hg60): the time used runs into the other.
            if (auto& theirs = chess_clock_[~us];
                theirs && theirs->hourglass() && chess_clock->hourglass())
                theirs->add_opponent_time(elapsed);
        }

        // Step 3b. What only some protocols say: a resignation, a claim with no move (a draw
        // claimed in place of a move ends the game only when claims are trusted).
        if (reply.resigned)
            return end(Result::loss(us, Termination::resignation,
                                    std::string(colour_name(us)) + " resigns"));
        if (reply.draw_claim && settings_.draw_claims == DrawClaims::trusted)
            return end(unchecked_claim_draw(pos_, us, *reply.draw_claim));
        if (reply.claimed_result && result.bestmove.empty())
            return check_claim(us, *reply.claimed_result, reply.claim_reason);

        Move m = move_from_uci(pos_, result.bestmove);
        if (!m) return illegal_move(us, result);
        MoveRecord record = move_record(result, elapsed);
        if (ponderers_[us].answered_after_ponderhit()) record.latency_ms.reset();
        if (chess_clock) {
            record.clock_ms = clock_before;
            record.clock_left_ms = chess_clock->remaining_ms();
        }
        keep_info_lines(result, record);
        if (reply.offered_draw) {
            record.comment = "draw offer";
            note(us, "offers a draw (ignored)");
        }
        play(m, record);
        ponderers_[us].expect(result, board_);
        if (reply.claimed_result) return check_claim(us, *reply.claimed_result, reply.claim_reason);
        if (tablebase_ending()) return;
        adjudicate(us, game_.moves.back());
    }

    // An engine's claim of the result, after its move if it made one: true if the rules end the
    // game here with that result (the next check_rules() ends it), else the claimant loses, as
    // cutechess scores a false claim.
    void check_claim(Color us, const std::string& claimed, const std::string& reason) {
        std::string said =
            printable_engine_text(claimed + (reason.empty() ? "" : " {" + reason + "}"));
        std::optional<Result> ending = rules_ending();
        if (ending && parse_outcome(claimed) == ending->outcome)
            return note(us, "claims " + said + ": right");
        note(us, "claims " + said + ": false");
        end(Result::loss(us, Termination::false_claim,
                         std::string(colour_name(us)) + " makes a false claim: " + said));
    }

    // An engine's own explanation of its fault: the last `info string` of its search (the
    // Python host's "no legal move gives the returned board ...", a traceback's last line), else
    // how its process ended, if `engine` is given and it has ended; empty if neither is known.
    static std::string engine_reason(const SearchReply* reply, EngineSession* engine = nullptr) {
        if (reply && !reply->info_strings.empty())
            return printable_engine_text(reply->info_strings.back());
        if (engine && engine->exit_status().kind != ExitStatus::Kind::running)
            return "the engine " + engine->exit_status().text();
        return {};
    }

    // `us` sent a move that is not legal here (or none): it loses, with its explanation and the
    // position as the fault's detail.
    void illegal_move(Color us, const SearchReply& result) {
        end(Result::illegal(
            us, result.bestmove.empty() ? "(none)" : printable_engine_text(result.bestmove)));
        const std::string why = engine_reason(&result);
        game_.result.fault_detail = (why.empty() ? "" : why + "; ") + "position " + pos_.fen();
    }

    // Records what an engine said that decides nothing, for the caller's log.
    void note(Color c, const std::string& what) {
        game_.events.push_back(std::string(colour_name(c)) + " (" + players_[c]->name +
                               "): " + what);
    }

    // The player's own book (book=FILE bookdepth=N) moves for it while it knows the position;
    // the first miss ends it for the game. Book moves cost no clock time but count towards the
    // moves of a time-control period. True if a move was played.
    bool play_from_book(Color us) {
        const Player& player = *players_[us];
        if (!player.book || out_of_book_[us] || book_moves_[us] >= player.book_depth) return false;
        std::uint64_t random = mix(player.book_seed + std::uint64_t(game_.moves.size()));
        Move m = player.book->choose(pos_, random);
        if (!m) {
            out_of_book_[us] = true;
            return false;
        }
        ++book_moves_[us];
        if (chess_clock_[us]) chess_clock_[us]->count_book_move();
        MoveRecord record;
        record.book = true;
        play(m, record);
        return true;
    }

    // SplitMix64's finaliser: neighbouring seeds give unrelated choices.
    static std::uint64_t mix(std::uint64_t x) {
        x += 0x9E3779B97F4A7C15ULL;
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
        x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
        return x ^ (x >> 31);
    }

    void play(Move m, MoveRecord& record) {
        record.ply = int(game_.moves.size()) + 1;
        record.uci = move_to_uci(m);
        record.san = move_to_san(pos_, m);
        board_.play(m);
        uci_moves_.push_back(record.uci);
        game_.moves.push_back(std::move(record));
        if (watcher_) watcher_->moved(game_.moves.back(), pos_.fen(), watched_clocks());
    }

    // Both clocks as they stand, for the watcher.
    WatchedClocks watched_clocks() const {
        WatchedClocks clocks;
        if (chess_clock_[WHITE]) clocks.white_ms = chess_clock_[WHITE]->remaining_ms();
        if (chess_clock_[BLACK]) clocks.black_ms = chess_clock_[BLACK]->remaining_ms();
        return clocks;
    }

    // Step 4a. After an engine's move (never in the book), a position a Syzygy table holds ends
    // the game with the table's result, unless the rules end it there themselves.
    bool tablebase_ending() {
        if (!settings_.tablebase.enabled() || rules_ending()) return false;
        std::optional<Result> verdict = adjudicate_by_tablebase(pos_, settings_.tablebase);
        if (!verdict) return false;
        end(std::move(*verdict));
        return true;
    }

    // Step 4. Adjudication from the engines' own scores.
    void adjudicate(Color us, const MoveRecord& move) {
        std::optional<int> score = adjudication_score(move);
        if (draw_tracker_.update(us, score, pos_.fullmove_number()))
            return end(Result::draw(Termination::adjudication_draw, "Draw by adjudication"));
        if (resign_tracker_.update(us, score))
            return end(Result::loss(us, Termination::adjudication_resign,
                                    std::string(colour_name(~us)) + " wins by adjudication"));
    }

    // `loser`'s flag fell; `reply` (if any) is what it said meanwhile, for the fault's detail.
    void lose_on_time(Color loser, const SearchReply* reply = nullptr) {
        // FIDE: a flag fall draws when the opponent cannot mate by any series of legal moves.
        if (cannot_mate(pos_, ~loser))
            end(Result::draw(Termination::time_forfeit, std::string("Draw: ") + colour_name(loser) +
                                                            " loses on time, but " +
                                                            colour_name(~loser) + " cannot mate"));
        else
            end(Result::loss(loser, Termination::time_forfeit,
                             std::string(colour_name(loser)) + " loses on time"));
        game_.result.fault_detail = engine_reason(reply);
    }

    // `c` stalled or disconnected; `reply` (if any) is what it said before, for the detail.
    void misbehaved(Color c, EngineStatus status, const SearchReply* reply = nullptr) {
        EngineSession& engine = *players_[c]->engine;
        const bool gone = status == EngineStatus::disconnected;
        engine.kill();
        restart(c);
        if (status == EngineStatus::timeout)
            end(Result::loss(c, Termination::stall,
                             std::string(colour_name(c)) + "'s connection stalls"));
        else
            end(Result::loss(c, Termination::disconnect,
                             std::string(colour_name(c)) + " disconnects"));
        game_.result.fault_detail = engine_reason(reply, gone ? &engine : nullptr);
    }

    void restart(Color c) {
        (c == WHITE ? game_.white_needs_restart : game_.black_needs_restart) = true;
    }

    void end(Result result) {
        game_.result = std::move(result);
        finished_ = true;
    }

    // Step 5. Each engine still running stops pondering and hears the result (XBoard's
    // `result`); one that was killed for misbehaving, or fails to stop, is restarted instead.
    PlayedGame finish() {
        for (Color c : {WHITE, BLACK}) {
            bool killed = c == WHITE ? game_.white_needs_restart : game_.black_needs_restart;
            if (!killed && ponderers_[c].end(settings_.stall_timeout) != EngineStatus::ok) {
                players_[c]->engine->kill();
                restart(c);
                killed = true;
            }
            if (!killed)
                players_[c]->engine->end_game(std::string(to_pgn(game_.result.outcome)),
                                              game_.result.description);
        }
        game_.final_fen = game_.moves.empty() ? game_.start_fen : pos_.fen();
        game_.finished_at_ms = clock_.now_ms();
        return std::move(game_);
    }

    static constexpr std::size_t TYPICAL_PLIES = 256;
    Player* players_[COLOR_NB];
    const GameSettings& settings_;
    RefereeClock& clock_;
    GameWatcher* watcher_;  // may be null
    PlayedGame game_;
    Board board_;  // the game from its start position, with the history repetition walks
    Position& pos_ = board_.position();
    std::vector<std::string> uci_moves_;
    std::optional<ChessClock> chess_clock_[COLOR_NB];  // in timed games only
    DrawTracker draw_tracker_;
    ResignTracker resign_tracker_;
    int book_moves_[COLOR_NB] = {0, 0};
    bool out_of_book_[COLOR_NB] = {false, false};
    std::vector<std::regex> kept_line_patterns_;  // settings_.kept_info_lines, compiled
    bool protocol_error_noted_[COLOR_NB] = {false, false};
    Ponderer ponderers_[COLOR_NB];
    bool finished_ = false;
};

}  // namespace

std::optional<int> adjudication_score(const MoveRecord& move) {
    if (!move.score) return std::nullopt;
    if (!move.score->is_mate()) return move.score->centipawns();
    const int moves = move.score->mate_moves();
    return moves > 0 ? 100000 - moves : -100000 - moves;
}

std::int64_t RefereeClock::move_time_us(Color, const SearchReply& reply) {
    return reply.wall_time_us();
}

std::int64_t RefereeClock::now_ms() {
    return std::chrono::duration_cast<milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

RefereeClock& real_clock() {
    static RefereeClock clock;
    return clock;
}

PlayedGame play_game(Player& white, Player& black, const Opening& opening,
                     const GameSettings& settings, RefereeClock& clock, GameWatcher* watcher) {
    PlayedGame played = Referee(white, black, opening, settings, clock, watcher).run();
    // A stopping run ends the engines' reads (stop_engine_reads()): a game that then ran out of
    // time, stalled or disconnected was ended by the stop, not by its engines.
    const Termination end = played.result.termination;
    played.cut_short =
        engine_reads_stopped() && (end == Termination::time_forfeit || end == Termination::stall ||
                                   end == Termination::disconnect);
    return played;
}

}  // namespace arbiter
