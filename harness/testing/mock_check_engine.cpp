// mock_check_engine: a tiny UCI engine that passes every check of `arbiter check`, and breaks
// exactly one on request, so that each check is shown to fail on its own fault (habit 7):
//
//   --fault en-passant-pinned  plays an en passant capture that its pin makes illegal
//   --fault mate-sign          reports a mate's score with the wrong sign
//   --fault ignore-stop        never answers `stop` after `go infinite` (only `quit` ends it)
//   --fault crash-at-max       aborts when Move Overhead is set to its maximum (5000)
//   --fault illegal-pv         ends each PV with a move that is not legal
//   --fault mate-pv            announces its mate in one with a PV of a move that does not mate
//   --fault nodes              searches past `go nodes N` (reports 10 N nodes)
//   --fault late-movetime      answers every `go movetime T` of T >= 300 after T + 500 ms
//   --fault late-movetime-once answers the first such one late, the others in time (a busy
//                              moment: a check failed on time alone is tried twice)
//
// Its search looks two plies deep: it mates in one when it can, reports `score mate -1` when every
// move allows a mate in one, and otherwise plays the first legal move with `score cp 0`. It
// declares Hash (and holds that many megabytes, touched), Ponder, UCI_Chess960, a combo, a button
// and a string; `go infinite` and `go ponder` wait for `stop` or `ponderhit`, answering `isready`.
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "engines/core/movegen.h"
#include "engines/core/notation.h"
#include "engines/core/position.h"

namespace {

using namespace arbiter;

std::vector<std::string> words_of(const std::string& line) {
    std::vector<std::string> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
        if (i > start) words.push_back(line.substr(start, i - start));
    }
    return words;
}

struct Engine {
    std::string fault;
    bool chess960 = false;
    std::vector<char> hash = std::vector<char>(16u << 20, 1);
    Position position;
    std::vector<StateInfo> states = std::vector<StateInfo>(1);

    void set_hash(std::size_t megabytes) {
        hash = std::vector<char>();  // freed, as a resized table is
        hash = std::vector<char>(megabytes << 20);
        std::memset(hash.data(), 1, hash.size());  // resident, as a real table once cleared
    }

    void set_position(const std::vector<std::string>& words) {
        std::string fen(START_FEN);
        std::size_t i = 2;
        if (words.size() > 1 && words[1] == "fen") {
            fen.clear();
            for (; i < words.size() && words[i] != "moves"; ++i)
                fen += (fen.empty() ? "" : " ") + words[i];
        }
        states.assign(words.size() + 1, StateInfo{});
        if (!position.set(fen, states[0], chess960).empty()) return;
        std::size_t k = 1;
        for (++i; i < words.size(); ++i)
            position.do_move(move_from_uci(position, words[i]), states[k++]);
    }

    // True if the side to move has a move that mates; `mate` is that move.
    bool mates_in_one(Move& mate) {
        MoveList moves;
        generate_legal(position, moves);
        for (Move move : moves) {
            StateInfo state;
            position.do_move(move, state);
            bool mated = position.in_check() && !has_legal_move(position);
            position.undo_move(move);
            if (mated) {
                mate = move;
                return true;
            }
        }
        return false;
    }

    // The pinned en passant capture of the side to move, when there is one.
    std::string pinned_en_passant() {
        Square ep = position.double_push_square();
        if (ep == NO_SQUARE) return {};
        MoveList moves;
        generate_legal(position, moves);
        for (Move move : moves)
            if (move.kind() == Move::EN_PASSANT) return {};
        const int back = position.side_to_move() == WHITE ? -8 : 8;
        for (int side : {-1, 1}) {
            int from = int(ep) + back + side;
            if (from < 0 || from > 63 || std::abs(file_of(Square(from)) - file_of(ep)) != 1)
                continue;
            if (position.piece_on(Square(from)) == make_piece(position.side_to_move(), PAWN))
                return square_name(Square(from)) + square_name(ep);
        }
        return {};
    }

    // Searches and prints the info line and bestmove.
    void answer(std::uint64_t node_limit, int depth_limit) {
        MoveList moves;
        generate_legal(position, moves);
        std::string score = "cp 0", best, ponder;
        Move mate;
        if (moves.empty()) {
            score = position.in_check() ? "mate 0" : "cp 0";
        } else if (mates_in_one(mate)) {
            best = move_to_uci(mate);
            score = fault == "mate-sign" ? "mate -1" : "mate 1";
        } else {
            bool all_lose = true;
            for (Move move : moves) {
                StateInfo state;
                position.do_move(move, state);
                Move reply;
                bool loses = mates_in_one(reply);
                if (best.empty() || !loses) {
                    best = move_to_uci(move);
                    MoveList replies;
                    generate_legal(position, replies);
                    ponder = loses             ? move_to_uci(reply)
                             : replies.empty() ? ""
                                               : move_to_uci(replies[0]);
                }
                position.undo_move(move);
                all_lose = all_lose && loses;
                if (!loses) break;
            }
            if (all_lose) score = fault == "mate-sign" ? "mate 1" : "mate -1";
        }
        // Its PV stays the search's; only the move it answers is the pinned capture.
        std::string answer = best;
        if (fault == "en-passant-pinned") {
            if (std::string capture = pinned_en_passant(); !capture.empty())
                answer = capture, ponder = "";
        }
        std::uint64_t nodes = std::min<std::uint64_t>(node_limit, 1 + moves.size() * moves.size());
        if (fault == "nodes") nodes = node_limit * 10;
        const int depth = std::min(depth_limit, 2);
        std::cout << "info depth " << depth << " seldepth " << depth << " multipv 1 score " << score
                  << " nodes " << nodes << " nps " << nodes * 1000 << " time 1";
        if (!best.empty()) {
            std::string pv = best;
            if (fault == "mate-pv" && score == "mate 1")
                for (Move move : moves)
                    if (move_to_uci(move) != best) pv = move_to_uci(move);
            std::cout << " pv " << pv << (answer != best || ponder.empty() ? "" : " " + ponder);
            if (fault == "illegal-pv") std::cout << " a1a1";
        }
        std::cout << "\nbestmove " << (answer.empty() ? "(none)" : answer)
                  << (ponder.empty() ? "" : " ponder " + ponder) << std::endl;
    }
};

}  // namespace

int main(int argc, char** argv) {
    Engine engine;
    for (int i = 1; i + 1 < argc; i += 2)
        if (std::string(argv[i]) == "--fault") engine.fault = argv[i + 1];
    std::string line;
    int late = 0;  // the answers made late so far
    while (std::getline(std::cin, line)) {
        std::vector<std::string> words = words_of(line);
        if (words.empty()) continue;
        const std::string& command = words[0];
        if (command == "quit") return 0;
        if (command == "uci") {
            std::cout
                << "id name mock-check\nid author arbiter tests\n"
                << "option name Hash type spin default 16 min 1 max 1024\n"
                << "option name Move Overhead type spin default 10 min 0 max 5000\n"
                << "option name Ponder type check default false\n"
                << "option name UCI_Chess960 type check default false\n"
                << "option name Style type combo default Normal var Solid var Normal var Risky\n"
                << "option name Clear Hash type button\n"
                << "option name Book File type string default <empty>\n"
                << "uciok" << std::endl;
        } else if (command == "isready") {
            std::cout << "readyok" << std::endl;
        } else if (command == "ucinewgame") {
            std::memset(engine.hash.data(), 0, engine.hash.size());
        } else if (command == "setoption" && words.size() >= 5) {
            const std::string name =
                line.substr(line.find("name ") + 5, line.find(" value ") - line.find("name ") - 5);
            const std::string value = words.back();
            if (name == "Hash") engine.set_hash(std::stoul(value));
            if (name == "UCI_Chess960") engine.chess960 = value == "true";
            if (name == "Move Overhead" && value == "5000" && engine.fault == "crash-at-max")
                std::abort();
        } else if (command == "position") {
            engine.set_position(words);
        } else if (command == "go") {
            std::uint64_t nodes = 1000000;
            int depth = 64;
            bool wait = false;
            for (std::size_t i = 1; i < words.size(); ++i) {
                const int movetime =
                    words[i] == "movetime" && i + 1 < words.size() ? std::stoi(words[i + 1]) : 0;
                if (movetime >= 300 && (engine.fault == "late-movetime" ||
                                        (engine.fault == "late-movetime-once" && late++ == 0)))
                    std::this_thread::sleep_for(std::chrono::milliseconds(movetime + 500));
                if (words[i] == "infinite" || words[i] == "ponder") wait = true;
                if (words[i] == "nodes" && i + 1 < words.size()) nodes = std::stoull(words[i + 1]);
                if (words[i] == "depth" && i + 1 < words.size()) depth = std::stoi(words[i + 1]);
            }
            const bool infinite = words.size() > 1 && words[1] == "infinite";
            while (wait && std::getline(std::cin, line)) {
                if (line == "quit") return 0;
                if (line == "isready") std::cout << "readyok" << std::endl;
                if (line == "ponderhit" ||
                    (line == "stop" && !(infinite && engine.fault == "ignore-stop")))
                    wait = false;
            }
            engine.answer(nodes, depth);
        }
    }
    return 0;
}
