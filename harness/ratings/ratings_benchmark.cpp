// Speed of the joint ratings: 1,000,000 games among 20 players, bootstrap of 1,000 samples.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "harness/ratings/joint_ratings.h"
#include "harness/ratings/pair_statistics.h"

namespace arbiter {
namespace {

constexpr int PLAYERS = 20;
constexpr int GAMES = 1000000;

// Players 60 Elo apart (-570 .. +570), White worth 30 Elo, a third of close games drawn.
struct Pool {
    std::vector<std::string> names;
    std::vector<GameResult> games;
};

const Pool& pool() {
    static const Pool generated = [] {
        Pool p;
        for (int i = 0; i < PLAYERS; ++i) p.names.push_back("engine" + std::to_string(i));
        std::mt19937_64 random(2024);
        std::uniform_int_distribution<int> player(0, PLAYERS - 1);
        std::uniform_real_distribution<double> uniform(0.0, 1.0);
        p.games.reserve(GAMES);
        while (static_cast<int>(p.games.size()) < GAMES) {
            const int white = player(random);
            const int black = player(random);
            if (white == black) continue;
            const double expected = score_from_elo(60.0 * (white - black) + 30.0);
            const double draw = 0.7 * std::min(expected, 1.0 - expected);
            const double u = uniform(random);
            const Outcome outcome = u < expected - draw / 2.0   ? Outcome::white_win
                                    : u < expected + draw / 2.0 ? Outcome::draw
                                                                : Outcome::black_win;
            p.games.push_back({white, black, outcome, std::nullopt});
        }
        return p;
    }();
    return generated;
}

void run(benchmark::State& state, const RatingOptions& options) {
    const Pool& p = pool();
    for (auto _ : state) {
        const RatingResult result = compute_ratings(p.names, p.games, options);
        benchmark::DoNotOptimize(result.players.data());
        state.counters["top_elo"] = result.players.front().elo;
        const auto& interval = result.players.front().interval_95;
        state.counters["top_width"] = interval ? interval->high - interval->low : 0.0;
    }
    state.counters["games"] = GAMES;
}

void BM_RatingsNoBootstrap(benchmark::State& state) {
    RatingOptions options;
    options.bootstrap_samples = 0;
    run(state, options);
}

void BM_RatingsBootstrap1000(benchmark::State& state) {
    RatingOptions options;
    options.bootstrap_samples = 1000;
    run(state, options);
}

void BM_RatingsBootstrap1000WhiteAdvantageDavidson(benchmark::State& state) {
    RatingOptions options;
    options.bootstrap_samples = 1000;
    options.fit_white_advantage = true;
    options.draw_model = DrawModel::davidson;
    run(state, options);
}

BENCHMARK(BM_RatingsNoBootstrap)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RatingsBootstrap1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RatingsBootstrap1000WhiteAdvantageDavidson)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace arbiter

BENCHMARK_MAIN();
