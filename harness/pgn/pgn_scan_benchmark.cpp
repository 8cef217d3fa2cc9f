// Measures how fast the PGN reader gets through a file: `pgn_scan_benchmark FILE [moves]`
// prints games, megabytes and MB/s for the results pass (or the main-line pass with "moves").
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "harness/pgn/pgn_reader.h"

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: pgn_scan_benchmark FILE [moves]\n";
        return 2;
    }
    const std::string path = argv[1];
    const bool moves = argc > 2 && std::string(argv[2]) == "moves";
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::cerr << path << ": cannot open the file\n";
        return 1;
    }
    const auto start = std::chrono::steady_clock::now();
    arbiter::PgnReader reader(in, path,
                              moves ? arbiter::PgnDetail::moves : arbiter::PgnDetail::results);
    if (!moves) reader.keep_only_tags({});
    arbiter::PgnGame game;
    long games = 0;
    try {
        while (reader.next(game)) ++games;
    } catch (const arbiter::PgnError& error) {
        std::cerr << error.what() << "\n";
        return 1;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double megabytes = static_cast<double>(std::filesystem::file_size(path)) / 1e6;
    std::cout << games << " games, " << megabytes << " MB in " << seconds
              << " s: " << megabytes / seconds << " MB/s\n";
    return 0;
}
