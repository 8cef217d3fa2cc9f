// The TRF: exact columns of a small tournament, the reader taking back whatever the writer wrote
// over generated tournaments, and messages naming the line and field of a bad file.
#include "harness/swiss/trf.h"

#include <gtest/gtest.h>

#include <random>

#include "harness/swiss/dutch.h"
#include "harness/swiss/generated_test.h"

namespace arbiter::swiss {
namespace {

TEST(SwissTrf, WritesTheColumnsOfTrf16) {
    SwissTournament t;
    t.players = {{"Alpha", 2500}, {"Beta", 2400}, {"Gamma", 0}};
    t.planned_rounds = 3;
    t.bye_half_points = 1;
    t.rounds = {{{{0, 1, GameResult::draw}}, 2}, {{{2, 0, GameResult::black_wins}}, 1}};
    std::string expected =
        "012 Event\n"
        "001    1      Alpha                             2500                             1.5    1"
        "     2 w =     3 b 1\n"
        "001    2      Beta                              2400                             1.0    2"
        "     1 b =  0000 - U\n"
        "001    3      Gamma                                                              0.5    3"
        "  0000 - U     1 w 0\n"
        "XXR 3\n"
        "BBU  0.5\n";
    EXPECT_EQ(write_trf(t, "Event"), expected);
}

bool same(const SwissTournament& a, const SwissTournament& b) {
    if (a.players.size() != b.players.size() || a.rounds.size() != b.rounds.size() ||
        a.planned_rounds != b.planned_rounds || a.bye_half_points != b.bye_half_points)
        return false;
    for (std::size_t p = 0; p < a.players.size(); ++p)
        if (a.players[p].name != b.players[p].name || a.players[p].rating != b.players[p].rating)
            return false;
    for (std::size_t r = 0; r < a.rounds.size(); ++r) {
        if (a.rounds[r].bye != b.rounds[r].bye) return false;
        auto x = a.rounds[r].games;
        auto y = b.rounds[r].games;
        auto order = [](const SwissGame& g, const SwissGame& h) { return g.white < h.white; };
        std::sort(x.begin(), x.end(), order);
        std::sort(y.begin(), y.end(), order);
        if (x.size() != y.size()) return false;
        for (std::size_t i = 0; i < x.size(); ++i)
            if (x[i].white != y[i].white || x[i].black != y[i].black || x[i].result != y[i].result)
                return false;
    }
    return true;
}

TEST(SwissTrf, ReadsBackWhatItWrites) {
    for (unsigned seed = 1; seed <= 40; ++seed) {
        std::mt19937_64 random(seed);
        SwissTournament t = random_field(random, 30, 9);
        for (int r = 0; r < t.planned_rounds; ++r) {
            RoundPairing pairing;
            try {
                pairing = pair_dutch(t);
            } catch (const NoValidPairing&) {
                break;
            }
            play_round(t, pairing, random);
        }
        EXPECT_TRUE(same(read_trf(write_trf(t, "x"), "x"), t)) << "seed " << seed;
    }
}

TEST(SwissTrf, NamesTheLineAndFieldOfABadValue) {
    std::string text =
        "012 Event\n"
        "001    1      Alpha                             2500                             1.0    1"
        "     2 w 1\n"
        "001    2      Beta                              24x0                             0.0    2"
        "     1 b 0\n";
    try {
        read_trf(text, "bad.trf");
        FAIL() << "read a bad rating";
    } catch (const TrfError& e) {
        EXPECT_EQ(std::string(e.what()), "bad.trf:3: rating: '24x0' is not a number");
    }
    std::string missing =
        "001    1      Alpha                             2500                             1.0    1"
        "     7 w 1\n";
    EXPECT_THROW(read_trf(missing, "m.trf"), TrfError);
}

}  // namespace
}  // namespace arbiter::swiss
