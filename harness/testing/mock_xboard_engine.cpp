// mock_xboard_engine: a tiny XBoard (CECP) engine for the client's tests. It plays the first
// legal move in generation order and misbehaves on request:
//
//   --protover1         announce no features (a protocol-1 engine): `protover` is an unknown
//                       command, answered "Error (unknown command): protover 2"
//   --protover1-silent  announce no features and answer `protover` with nothing at all
//   --slow-start MS     print a banner, then read nothing for MS milliseconds, as PolyGlot does
//                       while its UCI engine loads
//   --no-setboard       feature setboard=0 (positions come through edit mode)
//   --usermove          feature usermove=1 (moves must come as "usermove e2e4")
//   --san               feature san=1 (moves come and go in SAN)
//   --no-ping           feature ping=0 (and, as with --protover1, `ping` is an unknown command)
//   --hold              feature done=0 and never done=1
//   --crash-at N        abort() on its Nth go
//   --hang-at N         stop answering for good on its Nth go
//   --illegal-at N      answer its Nth go with an illegal move
//   --resign-at N       answer its Nth go with "resign"
//   --claim-at N        answer its Nth go with a false claim "1-0 {White mates}"
//   --claim-after-move-at N   follow the move of its Nth go with a false claim "1-0 {White mates}"
//   --late-claim-at N   the same claim, but LATE_CLAIM_DELAY after the move, as a slow engine might
//   --offer-draw-at N   send "offer draw" before the move of its Nth go
//   --refuse-moves      answer every move it is sent with "Illegal move: <move>"
//   --no-sd             take `sd N` for a move and call it illegal, as Phalanx does
//   --variants LIST     feature variants="LIST"; after `variant fischerandom` it plays Chess960
//                       (castling read as O-O/O-O-O or as the king taking its rook)
//   --prefer-castling   play a castling move whenever one is legal
//   --upper-promotion   promote to a queen whenever it can, written in upper case (a7a8Q)
//   --castle-as FORM    write its castling moves as `san` (O-O), `king` (the king's step, e1g1)
//                       or `rook` (the king taking its rook, e1h1; the default in Chess960)
//
// Thinking output: "1 <ply count> <go count> <legal moves> <move>" before each move. Every
// command it could not use is answered "Error (unknown command): ...". It logs the commands it
// received, one per line, to the file named by --log.
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>

#include "engines/core/board.h"
#include "engines/core/movegen.h"
#include "engines/core/notation.h"
#include "engines/core/position.h"

namespace {

using namespace arbiter;

struct Settings {
    bool protover1 = false, protover1_silent = false, no_setboard = false, usermove = false,
         san = false, no_ping = false, hold = false, refuse_moves = false, no_sd = false,
         prefer_castling = false, upper_promotion = false;
    int crash_at = 0, hang_at = 0, illegal_at = 0, resign_at = 0, claim_at = 0, offer_draw_at = 0,
        claim_after_move_at = 0, late_claim_at = 0, slow_start = 0;
    std::string log, variants, castle_as;
};

// Long past the client's look for a claim right after a move, so the claim stays in the pipe.
constexpr std::chrono::milliseconds LATE_CLAIM_DELAY{50};

class Engine {
  public:
    explicit Engine(const Settings& s) : s_(s) { reset(std::string(START_FEN)); }

    void reset(const std::string& fen) { (void)board_.set(fen, chess960_); }

    bool apply(const std::string& text) {
        Move m = s_.san ? move_from_san(pos_, text) : move_from_uci(pos_, text);
        if (!m && chess960_) m = move_from_san(pos_, text);  // O-O, O-O-O
        if (!m) return false;
        board_.play(m);
        return true;
    }

    void say(const std::string& line) { std::cout << line << std::endl; }

    void think() {
        ++goes_;
        if (goes_ == s_.crash_at) std::abort();
        if (goes_ == s_.hang_at)
            for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
        if (goes_ == s_.resign_at) return say("resign");
        if (goes_ == s_.claim_at) return say("1-0 {White mates}");
        MoveList list;
        generate_legal(pos_, list);
        if (list.size() == 0) return say(pos_.in_check() ? "0-1 {mated}" : "1/2-1/2 {Stalemate}");
        Move m = *list.begin();
        if (s_.prefer_castling)
            for (Move c : list)
                if (c.kind() == Move::CASTLING) {
                    m = c;
                    break;
                }
        if (s_.upper_promotion)
            for (Move p : list)
                if (p.kind() == Move::PROMOTION && p.promotion() == QUEEN) {
                    m = p;
                    break;
                }
        std::string text = move_text(m);
        say("1 " + std::to_string(board_.moves().size() + 1) + " " + std::to_string(goes_) + " " +
            std::to_string(list.size()) + " " + text);
        if (goes_ == s_.illegal_at) return say("move a1a1");
        if (goes_ == s_.offer_draw_at) say("offer draw");
        board_.play(m);
        say("move " + text);
        if (goes_ == s_.claim_after_move_at) say("1-0 {White mates}");
        if (goes_ == s_.late_claim_at) {
            std::this_thread::sleep_for(LATE_CLAIM_DELAY);
            say("1-0 {White mates}");
        }
    }

    void run() {
        std::ofstream log;
        if (!s_.log.empty()) log.open(s_.log, std::ios::app);
        bool force = false;
        if (s_.slow_start > 0) {
            say("mock xboard, loading");
            std::this_thread::sleep_for(std::chrono::milliseconds(s_.slow_start));
        }
        for (std::string line; std::getline(std::cin, line);) {
            if (log) log << line << std::endl;
            std::string word = line.substr(0, line.find(' '));
            std::string rest =
                line.size() > word.size() ? line.substr(word.size() + 1) : std::string();
            if (word == "protover") {
                if (s_.protover1_silent) continue;
                if (s_.protover1) {
                    say("Error (unknown command): " + line);
                    continue;
                }
                say(std::string("feature myname=\"mock xboard\" ping=") + (s_.no_ping ? "0" : "1") +
                    " setboard=" + (s_.no_setboard ? "0" : "1") +
                    " usermove=" + (s_.usermove ? "1" : "0") + " san=" + (s_.san ? "1" : "0") +
                    " colors=0 frobnicate=1" +
                    (s_.variants.empty() ? "" : " variants=\"" + s_.variants + "\""));
                say(s_.hold ? "feature done=0" : "feature done=1");
            } else if (word == "new") {
                chess960_ = false;  // `new` is standard chess until a `variant` follows
                reset(std::string(START_FEN));
                force = false;
            } else if (word == "variant") {
                chess960_ = rest == "fischerandom";
                reset(std::string(START_FEN));
            } else if (word == "force") {
                force = true;
            } else if (word == "setboard") {
                if (s_.no_setboard)
                    say("Error (unknown command): " + line);
                else
                    reset(rest);
            } else if (word == "edit") {
                edit(log);
            } else if (word == "sd" && s_.no_sd) {
                say("Illegal move: " + line);
            } else if (word == "go") {
                force = false;
                think();
            } else if (word == "ping" && !s_.no_ping && !s_.protover1 && !s_.protover1_silent) {
                say("pong " + rest);
            } else if (word == "quit") {
                return;
            } else if (word == "?" || word == "xboard" || word == "post" || word == "easy" ||
                       word == "hard" || word == "accepted" || word == "rejected" ||
                       word == "level" || word == "time" || word == "otim" || word == "st" ||
                       word == "sd" || word == "option" || word == "result") {
            } else {
                std::string move = word == "usermove" ? rest : line;
                if ((word == "usermove") != s_.usermove) {
                    say("Error (unknown command): " + line);
                } else if (s_.refuse_moves || !apply(move)) {
                    say("Illegal move: " + move);
                } else if (!force) {
                    think();
                }
            }
        }
    }

  private:
    // How the engine writes `m`: SAN when asked for, castling as --castle-as says.
    std::string move_text(Move m) {
        if (s_.san || (m.kind() == Move::CASTLING && s_.castle_as == "san"))
            return move_to_san(pos_, m);
        if (m.kind() == Move::CASTLING && s_.castle_as == "king") {
            int file = m.to() > m.from() ? 6 : 2;
            return square_name(m.from()) + square_name(make_square(file, rank_of(m.from())));
        }
        std::string text = move_to_uci(m);
        if (m.kind() == Move::PROMOTION && s_.upper_promotion)
            text.back() = char(std::toupper(static_cast<unsigned char>(text.back())));
        return text;
    }

    // Edit mode: '#' clears, 'c' switches colour, "Pe4" places, '.' leaves; White to move.
    void edit(std::ofstream& log) {
        Color colour = WHITE;
        char board[64];
        std::fill(board, board + 64, '.');
        for (std::string line; std::getline(std::cin, line) && line != ".";) {
            if (log) log << line << std::endl;
            if (line == "#")
                std::fill(board, board + 64, '.');
            else if (line == "c")
                colour = BLACK;
            else if (line.size() == 3) {
                char piece = colour == WHITE ? line[0] : char(std::tolower(line[0]));
                board[(line[2] - '1') * 8 + (line[1] - 'a')] = piece;
            }
        }
        std::string fen;
        for (int rank = 7; rank >= 0; --rank) {
            int empty = 0;
            for (int file = 0; file < 8; ++file) {
                char c = board[rank * 8 + file];
                if (c == '.') {
                    ++empty;
                    continue;
                }
                if (empty) fen += char('0' + empty), empty = 0;
                fen += c;
            }
            if (empty) fen += char('0' + empty);
            if (rank) fen += '/';
        }
        reset(fen + " w - - 0 1");
    }

    Settings s_;
    Board board_;
    Position& pos_ = board_.position();
    int goes_ = 0;
    bool chess960_ = false;  // after `variant fischerandom`
};

}  // namespace

int main(int argc, char** argv) {
    Settings s;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto number = [&] { return i + 1 < argc ? std::atoi(argv[++i]) : 0; };
        if (a == "--protover1")
            s.protover1 = true;
        else if (a == "--protover1-silent")
            s.protover1_silent = true;
        else if (a == "--slow-start")
            s.slow_start = number();
        else if (a == "--no-setboard")
            s.no_setboard = true;
        else if (a == "--usermove")
            s.usermove = true;
        else if (a == "--san")
            s.san = true;
        else if (a == "--no-ping")
            s.no_ping = true;
        else if (a == "--hold")
            s.hold = true;
        else if (a == "--crash-at")
            s.crash_at = number();
        else if (a == "--hang-at")
            s.hang_at = number();
        else if (a == "--illegal-at")
            s.illegal_at = number();
        else if (a == "--resign-at")
            s.resign_at = number();
        else if (a == "--claim-at")
            s.claim_at = number();
        else if (a == "--claim-after-move-at")
            s.claim_after_move_at = number();
        else if (a == "--late-claim-at")
            s.late_claim_at = number();
        else if (a == "--offer-draw-at")
            s.offer_draw_at = number();
        else if (a == "--refuse-moves")
            s.refuse_moves = true;
        else if (a == "--no-sd")
            s.no_sd = true;
        else if (a == "--prefer-castling")
            s.prefer_castling = true;
        else if (a == "--upper-promotion")
            s.upper_promotion = true;
        else if (a == "--variants" && i + 1 < argc)
            s.variants = argv[++i];
        else if (a == "--castle-as" && i + 1 < argc)
            s.castle_as = argv[++i];
        else if (a == "--log" && i + 1 < argc)
            s.log = argv[++i];
    }
    Engine(s).run();
}
