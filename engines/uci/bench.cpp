#include "engines/uci/bench.h"

#include "engines/core/notation.h"

namespace arbiter {

const std::vector<std::string>& bench_positions() {
    static const std::vector<std::string> fens = {
        // Opening: the start position and the position after 1. e4.
        std::string(START_FEN),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        // Middle games with castling, pins, promotions and en passant about.
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        // End games: rook and pawns, a pawn race, king and rook against king.
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "8/5pk1/8/8/8/8/1P4K1/8 w - - 0 1",
        "8/8/8/3k4/8/8/8/R3K3 w Q - 0 1",
    };
    return fens;
}

const std::vector<std::string>& chess960_bench_positions() {
    static const std::vector<std::string> fens = {
        // Starts: Scharnagl's 0 (BBQNNRKR), a DFRC pair with the king on b and on g.
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
        "rbbqnnkr/pppppppp/8/8/8/8/PPPPPPPP/RKNBBQNR w KQkq - 0 1",
        // From the published Chess960 perft suite: king and rook adjacent on both sides.
        "n1rkbqrb/pp1ppp2/2n3p1/2p4p/P5PP/1P6/2PPPP2/NNRKBQRB w GCgc - 0 9",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
    };
    return fens;
}

BenchResult run_bench(const EngineSpec& spec, int depth, const std::vector<std::string>& fens,
                      eval::Kind eval, std::ostream& out, bool chess960) {
    BenchResult total;
    Search search(spec.features);
    search.set_eval(eval);
    SearchLimits limits;
    limits.depth = depth;
    for (std::size_t i = 0; i < fens.size(); ++i) {
        StateInfo root;
        Position pos;
        if (std::string error = pos.set(fens[i], root, chess960); !error.empty()) {
            out << "position " << i + 1 << ": " << error << "; skipped\n";
            continue;
        }
        search.new_game();
        SearchResult r = search.run(pos, limits);
        total.nodes += r.nodes;
        total.leaves += r.leaves;
        total.elapsed_ms += r.elapsed_ms;
        out << "position " << i + 1 << "/" << fens.size() << ": depth " << r.depth << " score "
            << uci_score(r.score) << " nodes " << r.nodes << " leaves " << r.leaves << " bestmove "
            << move_to_uci(r.best_move) << "  [" << fens[i] << "]\n";
    }
    std::int64_t ms = std::max<std::int64_t>(1, total.elapsed_ms);
    out << "===========================\n"
        << "Engine: " << spec.name << ", depth " << depth << ", eval " << eval::kind_name(eval)
        << "\n"
        << "Total time (ms): " << total.elapsed_ms << "\n"
        << "Leaves: " << total.leaves << "\n"
        << "Nodes searched: " << total.nodes << "\n"
        << "Nodes/second: " << total.nodes * 1000 / std::uint64_t(ms) << "\n";
    return total;
}

}  // namespace arbiter
