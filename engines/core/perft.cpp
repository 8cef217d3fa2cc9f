#include "engines/core/perft.h"

#include "engines/core/movegen.h"
#include "engines/core/notation.h"

namespace arbiter {

std::uint64_t perft(Position& pos, int depth) {
    MoveList list;
    generate_legal(pos, list);
    if (depth <= 1) return depth == 1 ? list.size() : 1;
    std::uint64_t nodes = 0;
    StateInfo st;
    for (Move m : list) {
        pos.do_move(m, st);
        nodes += perft(pos, depth - 1);
        pos.undo_move(m);
    }
    return nodes;
}

std::uint64_t perft_divide(Position& pos, int depth, std::ostream& out) {
    std::uint64_t total = 0;
    if (depth >= 1) {
        MoveList list;
        generate_legal(pos, list);
        StateInfo st;
        for (Move m : list) {
            pos.do_move(m, st);
            std::uint64_t n = perft(pos, depth - 1);
            pos.undo_move(m);
            out << move_to_uci(m) << ": " << n << '\n';
            total += n;
        }
    } else {
        total = 1;
    }
    out << "\nNodes searched: " << total << '\n';
    return total;
}

}  // namespace arbiter
