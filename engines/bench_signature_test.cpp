// Each engine binary's `bench` node count, and its `bench --chess960` count, must match its
// committed signature in results/bench.txt, so that a change of search behaviour (or of Chess960
// castling) cannot pass unnoticed.
#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "engines/engine_test_support.h"

namespace arbiter {
namespace {

std::map<std::string, std::uint64_t> committed_signatures() {
    std::map<std::string, std::uint64_t> signatures;
    std::ifstream in(std::string(ARBITER_SOURCE_DIR) + "/results/bench.txt");
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string name;
        std::uint64_t nodes = 0;
        if (words >> name >> nodes) signatures[name] = nodes;
    }
    return signatures;
}

TEST(BenchSignature, EveryBinaryMatchesResultsBenchTxt) {
    std::map<std::string, std::uint64_t> signatures = committed_signatures();
    ASSERT_FALSE(signatures.empty()) << "results/bench.txt is missing or empty";
    for (const auto& [binary, path] : testing::engine_binaries()) {
        // Each binary twice: the standard bench, and `bench --chess960` under "<binary>-chess960".
        for (bool chess960 : {false, true}) {
            std::string name = chess960 ? binary + "-chess960" : binary;
            std::vector<std::string> args = {"bench"};
            if (chess960) args.push_back("--chess960");
            testing::ChildProcess bench(path, args);
            std::string output = testing::read_all(bench, 120000);
            EXPECT_EQ(bench.wait_exit(), 0) << name;
            std::size_t at = output.find("Nodes searched: ");
            ASSERT_NE(at, std::string::npos) << name << " bench printed no node count:\n" << output;
            std::uint64_t nodes = std::stoull(output.substr(at + 16));
            auto committed = signatures.find(name);
            ASSERT_NE(committed, signatures.end()) << "results/bench.txt has no line for " << name
                                                   << "; add '" << name << " " << nodes << "'";
            EXPECT_EQ(nodes, committed->second)
                << name << ": `" << binary << " " << (chess960 ? "bench --chess960" : "bench")
                << "` now gives Nodes searched: " << nodes << " but results/bench.txt says "
                << committed->second
                << ". If the change of search behaviour is intended, update that line to '" << name
                << " " << nodes << "'.";
        }
    }
}

}  // namespace
}  // namespace arbiter
