// Helpers for the search tests: a position that owns its history, the engines' feature sets and
// a fixed-depth search in one call.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engines/core/board.h"
#include "engines/core/notation.h"
#include "engines/search/search.h"

namespace arbiter::testing {

// A position set from FEN, then the given UCI moves played: the chess core's Board, with the
// position as `pos`. `valid` is false (and a test failure recorded) if the FEN or a move is
// wrong.
struct Board : arbiter::Board {
    Position& pos = position();
    bool valid = true;
    explicit Board(std::string_view fen, const std::vector<std::string>& moves = {}) {
        std::string error = set(fen);
        EXPECT_EQ(error, "") << fen;
        valid = error.empty();
        for (const std::string& text : moves) {
            Move m = play_uci(text);
            EXPECT_TRUE(m) << text << " in " << pos.fen();
            valid = valid && m;
        }
    }
};

// The feature sets of the engine binaries (engines/*.cpp).
inline SearchFeatures greedy_features() {
    return {.seeded_ties = true, .max_depth = 1};
}
inline SearchFeatures minimax_features() {
    return {};
}
inline SearchFeatures alphabeta_features() {
    return {.alpha_beta = true};
}
inline SearchFeatures mvvlva_features() {
    return {.alpha_beta = true, .mvv_lva = true};
}
inline SearchFeatures tt_features() {
    return {.alpha_beta = true, .mvv_lva = true, .transposition_table = true};
}

struct Variant {
    const char* name;
    SearchFeatures features;
};
// The four full searchers, from no pruning to the most pruning.
inline std::vector<Variant> searching_variants() {
    return {{"minimax", minimax_features()},
            {"alphabeta", alphabeta_features()},
            {"alphabeta-mvvlva", mvvlva_features()},
            {"alphabeta-mvvlva-tt", tt_features()}};
}

// Searches fen (+ moves) to `depth` with a fresh engine.
inline SearchResult search_to_depth(const SearchFeatures& features, std::string_view fen, int depth,
                                    eval::Kind kind = eval::Kind::simplified,
                                    const std::vector<std::string>& moves = {}) {
    auto search = std::make_unique<Search>(features);
    search->set_eval(kind);
    Board board(fen, moves);
    if (!board.valid) return {};
    SearchLimits limits;
    limits.depth = depth;
    return search->run(board.pos, limits);
}

constexpr std::string_view AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

}  // namespace arbiter::testing
