// Fuzz-style robustness: random and mutated strings fed to the FEN, SAN and UCI parsers must
// never crash, hang or trip a sanitizer, and anything accepted must be self-consistent.
#include <gtest/gtest.h>

#include <random>

#include "engines/core/movegen.h"
#include "engines/core/notation.h"
#include "engines/core/perft.h"
#include "engines/core/test_support.h"

namespace arbiter {
namespace {

std::string mutate(std::string s, std::mt19937& rng) {
    static const std::string alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0x=+#()O9 \t\xff";
    int edits = 1 + rng() % 4;
    for (int i = 0; i < edits; ++i) {
        int op = rng() % 4;
        std::size_t at = s.empty() ? 0 : rng() % s.size();
        char c = alphabet[rng() % alphabet.size()];
        if (op == 0 && !s.empty())
            s[at] = c;
        else if (op == 1)
            s.insert(s.begin() + at, c);
        else if (op == 2 && !s.empty())
            s.erase(s.begin() + at);
        else if (op == 3 && !s.empty())
            s = s.substr(0, at);
    }
    return s;
}

TEST(Fuzz, FenParserSurvivesMutations) {
    std::mt19937 rng(7);
    auto suite = testing::load_perft_suite();
    int accepted = 0;
    for (int i = 0; i < 60000; ++i) {
        std::string fen = mutate(suite[rng() % suite.size()].fen, rng);
        Position pos;
        StateInfo st;
        if (!pos.set(fen, st).empty()) continue;
        ++accepted;
        // Whatever was accepted is a position the generator and writer can handle.
        ASSERT_EQ(pos.check_consistency(), "") << fen;
        perft(pos, 2);
        Position again;
        StateInfo st2;
        ASSERT_EQ(again.set(pos.fen(), st2), "") << fen;
        ASSERT_EQ(again.fen(), pos.fen());
    }
    EXPECT_GT(accepted, 1000);
}

TEST(Fuzz, FenParserSurvivesRandomBytes) {
    std::mt19937 rng(11);
    for (int i = 0; i < 20000; ++i) {
        std::string s(rng() % 100, ' ');
        for (char& c : s) c = char(rng() % 256);
        Position pos;
        StateInfo st;
        (void)pos.set(s, st);
        EXPECT_EQ(pos.check_consistency(), "");
    }
}

TEST(Fuzz, MoveParsersSurviveMutations) {
    std::mt19937 rng(13);
    auto suite = testing::load_perft_suite();
    for (const auto& entry : suite) {
        testing::Game game(entry.fen);
        MoveList list;
        generate_legal(game.pos, list);
        for (int i = 0; i < 400; ++i) {
            std::string seed =
                list.empty() ? "e4" : move_to_san(game.pos, list[rng() % list.size()]);
            std::string text = mutate(seed, rng);
            Move m = move_from_san(game.pos, text);
            if (m) {
                EXPECT_TRUE(list.contains(m)) << text;
            }
            Move u = move_from_uci(game.pos,
                                   mutate(move_to_uci(list.empty() ? Move(E2, E4) : list[0]), rng));
            if (u) {
                EXPECT_TRUE(list.contains(u));
            }
        }
        EXPECT_EQ(game.pos.fen(), testing::Game(entry.fen).pos.fen());
    }
}

}  // namespace
}  // namespace arbiter
