#include "engines/uci/engine.h"

#include <boost/program_options.hpp>
#include <iostream>

#include "engines/core/perft.h"
#include "engines/uci/bench.h"
#include "engines/uci/uci.h"

namespace arbiter {

namespace po = boost::program_options;

bool has_seed_option(const SearchFeatures& f) {
    return f.random_mover || f.seeded_ties;
}
bool has_eval_option(const SearchFeatures& f) {
    return !f.random_mover;
}
bool has_overhead_option(const SearchFeatures& f) {
    return !f.random_mover && f.max_depth > 1;
}

namespace {

// Reads a whole positive decimal number no larger than max; false otherwise.
bool parse_depth(const std::string& text, int max, int& depth) {
    try {
        std::size_t used = 0;
        int d = std::stoi(text, &used);
        if (used != text.size() || d < 1 || d > max) return false;
        depth = d;
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

}  // namespace

int run_engine(const EngineSpec& spec, int argc, char** argv) {
    std::string command, fen, eval_name;
    std::vector<std::string> arguments;
    // Step 1. The options: the visible ones for --help, the command and its arguments hidden.
    po::options_description visible(
        "Usage: " + spec.name +
        " [bench [DEPTH] [--fen FEN] [--eval EVAL] | perft DEPTH [--fen FEN]] [--chess960]\n"
        "Without a command the engine speaks UCI on standard input and output.\n"
        "  bench [DEPTH]   search the bench positions (or --fen) to DEPTH (default " +
        std::to_string(spec.bench_depth) +
        ") and print 'Nodes searched: N'\n"
        "  perft DEPTH     count the leaves of the legal move tree, with a divide\n"
        "Options");
    visible.add_options()("help,h", "print this help")(
        "fen", po::value(&fen),
        "the position for bench or perft (default: the bench suite, or "
        "the start position for perft)")("eval", po::value(&eval_name)->default_value("simplified"),
                                         "the evaluation for bench: simplified or material")(
        "chess960", "bench or perft in Chess960 (bench: the Chess960 bench positions)");
    po::options_description hidden;
    hidden.add_options()("command", po::value(&command))("arguments",
                                                         po::value(&arguments)->multitoken());
    po::options_description all;
    all.add(visible).add(hidden);
    po::positional_options_description positional;
    positional.add("command", 1).add("arguments", -1);

    // Step 2. Read the command line.
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(),
                  vm);
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << spec.name << ": " << e.what() << "\n\n" << visible << '\n';
        return 2;
    }
    auto usage_error = [&](const std::string& message) {
        std::cerr << spec.name << ": " << message << "\n\n" << visible << '\n';
        return 2;
    };
    if (vm.count("help")) {
        std::cout << visible << '\n';
        return 0;
    }

    // Step 3. No command: speak UCI.
    if (command.empty()) {
        if (vm.count("fen") || !vm["eval"].defaulted() || vm.count("chess960"))
            return usage_error("--fen, --eval and --chess960 belong to bench or perft");
        // C++ streams apart from stdio: whole-buffer reads instead of a locked getc per byte
        // (a `position ... moves` line of a long game is thousands of bytes). std::cin must not
        // be tied to std::cout then: every read would flush std::cout from the input thread,
        // racing with the search thread's output (which UciEngine::say() serialises and
        // flushes itself), and could send a line twice.
        std::ios::sync_with_stdio(false);
        std::cin.tie(nullptr);
        UciEngine engine(spec, std::cout);
        engine.loop(std::cin);
        return 0;
    }
    // Step 4. bench [DEPTH] [--fen FEN] [--eval EVAL].
    if (command == "bench") {
        int depth = spec.bench_depth;
        if (arguments.size() > 1) return usage_error("bench takes at most one DEPTH");
        if (!arguments.empty() && !parse_depth(arguments[0], MAX_PLY - 1, depth))
            return usage_error("bench: DEPTH must be a number from 1 to " +
                               std::to_string(MAX_PLY - 1) + ", not '" + arguments[0] + "'");
        auto kind = eval::parse_kind(eval_name);
        if (!kind)
            return usage_error("--eval must be simplified or material, not '" + eval_name + "'");
        bool chess960 = vm.count("chess960");
        std::vector<std::string> fens = chess960 ? chess960_bench_positions() : bench_positions();
        if (vm.count("fen")) {
            StateInfo root;
            Position pos;
            if (std::string error = pos.set(fen, root, chess960); !error.empty())
                return usage_error("bench: " + error);
            fens = {fen};
        }
        run_bench(spec, depth, fens, *kind, std::cout, chess960);
        return 0;
    }
    // Step 5. perft DEPTH [--fen FEN].
    if (command == "perft") {
        int depth = 0;
        if (arguments.size() != 1 || !parse_depth(arguments[0], 20, depth))
            return usage_error("perft needs one DEPTH from 1 to 20");
        StateInfo root;
        Position pos;
        if (std::string error = pos.set(vm.count("fen") ? fen : std::string(START_FEN), root,
                                        vm.count("chess960") > 0);
            !error.empty())
            return usage_error("perft: " + error);
        perft_divide(pos, depth, std::cout);
        return 0;
    }
    return usage_error("unknown command '" + command + "'");
}

}  // namespace arbiter
