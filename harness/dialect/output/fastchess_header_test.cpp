// fastchess's header fields, as fastchess 1.8.2 prints them for the same engines and limits.
#include "harness/dialect/output/fastchess_header.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

DeclaredOption spin(const std::string& name, std::int64_t default_value, std::int64_t value) {
    return {name, EngineOptionType::spin, std::to_string(default_value), value};
}

// Stockfish's two options as it declares them, holding `threads` and `hash`.
std::vector<DeclaredOption> stockfish(std::int64_t threads, std::int64_t hash) {
    return {spin("Threads", 1, threads),
            spin("Hash", 16, hash),
            {"Ponder", EngineOptionType::check, "false", false}};
}

EngineConfig engine(const std::string& name) {
    EngineConfig config;
    config.name = name;
    config.command = name;
    return config;
}

TournamentConfig match(const std::string& limit_tc, const std::string& book) {
    TournamentConfig config;
    config.limits.tc = parse_time_control(limit_tc);
    config.openings_path = book;
    return config;
}

TEST(FastchessHeader, StockfishDefaultsAndValuesSet) {
    EngineConfig sf = engine("sf"), eth = engine("eth");
    TournamentConfig config = match("1+0.01", "/books/UHO_Lichess_4852_v1.epd");
    auto defaults = stockfish(1, 16);
    EXPECT_EQ(fastchess_matchup({sf, defaults}, {eth, defaults}, config),
              "sf vs eth (1+0.01, 1t, 16MB, UHO_Lichess_4852_v1.epd)");
    auto small_hash = stockfish(1, 8);
    EXPECT_EQ(fastchess_matchup({sf, small_hash}, {eth, small_hash}, config),
              "sf vs eth (1+0.01, 1t, 8MB, UHO_Lichess_4852_v1.epd)");
    auto two_threads = stockfish(2, 16);
    EXPECT_EQ(fastchess_matchup({sf, defaults}, {eth, two_threads}, config),
              "sf vs eth (1+0.01, 1t - 2t, 16MB, UHO_Lichess_4852_v1.epd)");
    EXPECT_EQ(fastchess_matchup({sf, small_hash}, {eth, defaults}, config),
              "sf vs eth (1+0.01, 1t, 8MB - 16MB, UHO_Lichess_4852_v1.epd)");
}

// An engine that declares neither option (an XBoard engine declares none) gets NULL; one that
// declares Hash only, "NULL" for its threads; no opening suite, no book field.
TEST(FastchessHeader, MissingOptionsAreNull) {
    EngineConfig a = engine("a"), b = engine("b");
    TournamentConfig config = match("10+0.1", "");
    std::vector<DeclaredOption> none, hash_only = {spin("Hash", 16, 16)};
    EXPECT_EQ(fastchess_matchup({a, none}, {b, none}, config), "a vs b (10+0.1, NULL, NULL)");
    EXPECT_EQ(fastchess_matchup({a, hash_only}, {b, none}, config),
              "a vs b (10+0.1, NULL, 16MB - NULL)");
    // Matched exactly, as fastchess matches them: "threads" is not "Threads".
    std::vector<DeclaredOption> lower = {spin("threads", 1, 4), spin("hash", 16, 64)};
    EXPECT_EQ(fastchess_option_field(lower, "Threads", "t"), "NULL");
    EXPECT_EQ(fastchess_option_field(stockfish(3, 16), "Threads", "t"), "3t");
}

TEST(FastchessHeader, LimitsAsFastchessPrintsThem) {
    auto tc = [](const std::string& text) {
        SearchLimitConfig limits;
        limits.tc = parse_time_control(text);
        return fastchess_limit_text(limits);
    };
    EXPECT_EQ(tc("10+0.1"), "10+0.1");
    EXPECT_EQ(tc("40/60+0.6"), "40/60+0.6");
    EXPECT_EQ(tc("60"), "60");
    EXPECT_EQ(tc("0.5+0.125"), "0.5+0.12");  // the increment to two significant digits
    EXPECT_EQ(tc("8+1.5"), "8+1.5");
    SearchLimitConfig limits;
    limits.nodes = 5000;
    EXPECT_EQ(fastchess_limit_text(limits), "5000 nodes");
    limits.depth = 12;
    EXPECT_EQ(fastchess_limit_text(limits), "12 plies");
    limits.movetime_ms = 500;
    EXPECT_EQ(fastchess_limit_text(limits), "0.5/move");
    EXPECT_EQ(fastchess_limit_text(SearchLimitConfig{}), "");
}

}  // namespace
}  // namespace arbiter
