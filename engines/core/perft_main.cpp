// perft: the core's command-line perft with a divide, for checking the move generator by hand
// and against other programs ("perft 5 --fen FEN").
#include <boost/program_options.hpp>
#include <chrono>
#include <iostream>

#include "engines/core/perft.h"

namespace po = boost::program_options;

int main(int argc, char** argv) {
    int depth = 0;
    std::string fen;
    po::options_description visible("Usage: perft DEPTH [--fen FEN]\nOptions");
    visible.add_options()("help,h", "print this help")(
        "fen", po::value(&fen)->default_value(std::string(arbiter::START_FEN)),
        "position to count from");
    po::options_description all;
    all.add(visible).add_options()("depth", po::value(&depth)->required());
    po::positional_options_description positional;
    positional.add("depth", 1);
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(),
                  vm);
        if (vm.count("help")) {
            std::cout << visible << '\n';
            return 0;
        }
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "perft: " << e.what() << "\n" << visible << '\n';
        return 2;
    }
    arbiter::StateInfo st;
    arbiter::Position pos;
    if (std::string error = pos.set(fen, st); !error.empty()) {
        std::cerr << "perft: " << error << '\n';
        return 2;
    }
    auto start = std::chrono::steady_clock::now();
    std::uint64_t nodes = arbiter::perft_divide(pos, depth, std::cout);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "Time: " << int(seconds * 1000) << " ms, "
              << std::uint64_t(nodes / std::max(seconds, 1e-9)) << " leaves/s\n";
    return 0;
}
