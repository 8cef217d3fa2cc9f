// The paired part of the coverage simulation: books whose openings give White an advantage drawn
// from a normal spread (Elo), both games of a pair on one opening. Each simulation is rated twice,
// its games alone (today's rule) and as pairs.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include "harness/ratings/cholesky.h"
#include "harness/ratings/coverage_simulation.h"

namespace arbiter::coverage {

namespace {

// One cell's tallies per player: coverage and widths of its games rated alone and as pairs.
struct PairedTally {
    Tally alone;
    Tally paired;
    std::vector<double> alone_widths;
    std::vector<double> paired_widths;

    static double median(std::vector<double> widths) {
        std::sort(widths.begin(), widths.end());
        return widths.empty() ? 0.0 : widths[widths.size() / 2];
    }
    std::string text(const Tally& tally, const std::vector<double>& widths) const {
        char buffer[96];
        std::snprintf(buffer, sizeof buffer, "%s, %.0f", tally.text().c_str(), median(widths));
        return buffer;
    }
};

// Standard normal by Box-Muller from the stream.
double normal(RandomStream& stream) {
    const double u = 1.0 - stream.uniform();
    const double v = stream.uniform();
    return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * 3.141592653589793 * v);
}

// The ratings the book's expected results give (the limit of the fit over ever more games): an
// opening's advantage compresses the differences the scores show, and the ratings estimate what
// the scores show. Each cell's outcome probabilities are averaged over the spread of openings.
std::vector<double> book_truth(const std::vector<double>& truth, double spread, bool average) {
    const int n = static_cast<int>(truth.size());
    std::vector<std::string> names;
    for (int p = 0; p < n; ++p) names.push_back("p" + std::to_string(p));
    ResultMatrix expected(n);
    for (int white = 0; white < n; ++white)
        for (int black = 0; black < n; ++black) {
            if (white == black) continue;
            double win = 0.0, draw = 0.0, weights = 0.0;
            const int steps = spread == 0.0 ? 0 : 2000;
            for (int k = -steps; k <= steps; ++k) {
                const double z = 8.0 * k / std::max(steps, 1);
                const double weight = std::exp(-z * z / 2.0);
                const auto [w, d] = outcome_probabilities(truth[white] - truth[black] + spread * z);
                win += weight * w;
                draw += weight * d;
                weights += weight;
            }
            constexpr double GAMES = 1e12;
            const auto wins = static_cast<std::int64_t>(std::llround(GAMES * win / weights));
            const auto draws = static_cast<std::int64_t>(std::llround(GAMES * draw / weights));
            expected.add(white, black, Outcome::white_win, wins);
            expected.add(white, black, Outcome::draw, draws);
            expected.add(white, black, Outcome::black_win,
                         static_cast<std::int64_t>(GAMES) - wins - draws);
        }
    RatingOptions options;
    options.bootstrap_samples = 0;
    if (!average) {
        options.anchor_player = "p0";
        options.anchor_elo = truth[0];
    }
    std::vector<double> rated(n);
    for (const auto& p : compute_ratings(names, expected, options).players) rated[p.player] = p.elo;
    return rated;
}

// Rates one simulated pool of `truth` ratings, `pairs_each` pairs between every two players,
// both ways, and counts every player but the first in `tallies`; writes its games to `pgn_path`
// unless that is empty.
void paired_pool(const std::vector<double>& truth, const std::vector<double>& target_of,
                 int pairs_each, double spread, bool average, std::uint64_t seed,
                 const std::string& pgn_path, std::vector<PairedTally>& tallies) {
    const int n = static_cast<int>(truth.size());
    std::vector<std::string> names;
    for (int p = 0; p < n; ++p) names.push_back("p" + std::to_string(p));
    RandomStream stream(seed);
    Games alone{ResultMatrix(n), names, !pgn_path.empty(), {}};
    ResultMatrix paired(n);
    int opening_number = 0;
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b)
            for (int k = 0; k < pairs_each; ++k) {
                const double opening = spread * normal(stream);
                const Outcome first = play(stream, truth[a] - truth[b] + opening);
                const Outcome second = play(stream, truth[b] - truth[a] + opening);
                const std::string name = "opening " + std::to_string(++opening_number);
                alone.add(a, b, first, name);
                alone.add(b, a, second, name);
                paired.add_pair(a, b, first, second);
            }
    alone.write(pgn_path);
    RatingOptions options;
    if (average) {
        options.anchor_elo = 0.0;
    } else {
        options.anchor_player = "p0";
        options.anchor_elo = truth[0];
    }
    options.seed = seed + 1;
    for (int method = 0; method < 2; ++method) {
        const RatingResult result =
            compute_ratings(names, method == 0 ? alone.matrix : paired, options);
        for (const PlayerRating& p : result.players) {
            if (p.player == 0 && !average) continue;
            const double target = target_of[p.player];
            PairedTally& tally = tallies[p.player];
            (method == 0 ? tally.alone : tally.paired).count(target, *p.interval_95);
            (method == 0 ? tally.alone_widths : tally.paired_widths)
                .push_back(p.interval_95->high - p.interval_95->low);
        }
    }
}

// One cell of the paired tables: `matches` simulations of `games` games among the players of
// `truth`, seeded from `seed_base`, their games written as PGN with the cell's truth when a folder
// is given.
std::vector<PairedTally> paired_cell(const std::vector<double>& truth, int games, double spread,
                                     int matches, bool average, std::uint64_t seed_base,
                                     const std::string& pgn_folder) {
    const int n = static_cast<int>(truth.size());
    const int pairs_each = games / (n * (n - 1));
    const std::vector<double> target = book_truth(truth, spread, average);
    std::string prefix;
    if (!pgn_folder.empty()) {
        prefix = pgn_folder + "/pairs-" + (n == 2 ? "two" : "rr") + "-" + std::to_string(games) +
                 "-s" + std::to_string(static_cast<int>(spread)) + "-";
        std::ofstream out(prefix + "truth.csv");
        out << "player,elo\n";
        char line[64];
        for (int p = 0; p < n; ++p) {
            std::snprintf(line, sizeof line, "p%d,%.6f\n", p, target[p]);
            out << line;
        }
        if (!out) {
            std::fprintf(stderr, "ratings_coverage: cannot write %struth.csv\n", prefix.c_str());
            std::exit(1);
        }
    }
    std::vector<PairedTally> tallies(truth.size());
    for (int match = 0; match < matches; ++match)
        paired_pool(truth, target, pairs_each, spread, average,
                    mix_seed(seed_base, static_cast<std::uint64_t>(match)),
                    prefix.empty() ? "" : prefix + std::to_string(match) + ".pgn", tallies);
    return tallies;
}

// The lowest coverage of the rated players and the median of their widths, for each method.
void print_round_robin_cell(const std::vector<PairedTally>& tallies) {
    for (int method = 0; method < 2; ++method) {
        const Tally* worst = nullptr;
        std::vector<double> widths;
        for (const PairedTally& tally : tallies) {
            const Tally& t = method == 0 ? tally.alone : tally.paired;
            if (t.total == 0) continue;
            if (!worst || t.held < worst->held) worst = &t;
            const auto& w = method == 0 ? tally.alone_widths : tally.paired_widths;
            widths.insert(widths.end(), w.begin(), w.end());
        }
        std::printf(" | %s, %.0f", worst->text().c_str(), PairedTally::median(widths));
    }
}

// The spread of one pair's points for its first player, `d` Elo the stronger, over the book's
// openings: the variance of its two games' points one by one (summed) and of their sum.
struct PairSpread {
    double games = 0.0;
    double pair = 0.0;
};

PairSpread pair_spread(double d, double spread) {
    // The mean and variance of one game's points for the side `elo` stronger as White.
    const auto points = [](double elo) {
        const auto [win, draw] = outcome_probabilities(elo);
        const double mean = win + draw / 2.0;
        return std::pair{mean, win + draw / 4.0 - mean * mean};
    };
    double weights = 0.0, within = 0.0, first = 0.0, first_squares = 0.0, sum = 0.0, squares = 0.0;
    const int steps = spread == 0.0 ? 0 : 2000;
    for (int k = -steps; k <= steps; ++k) {
        const double z = 8.0 * k / std::max(steps, 1);
        const double weight = std::exp(-z * z / 2.0);
        // The first game with White at d + opening, the second with Black at d - opening.
        const auto [white_mean, white_variance] = points(d + spread * z);
        const auto [black_mean, black_variance] = points(d - spread * z);
        weights += weight;
        within += weight * (white_variance + black_variance);
        first += weight * white_mean;
        first_squares += weight * white_mean * white_mean;
        sum += weight * (white_mean + black_mean);
        squares += weight * (white_mean + black_mean) * (white_mean + black_mean);
    }
    within /= weights;
    const double mean = first / weights;
    const double pair_mean = sum / weights;
    // Both games have the same distribution of points (the openings' spread is symmetric).
    return {within + 2.0 * (first_squares / weights - mean * mean),
            within + squares / weights - pair_mean * pair_mean};
}

// The normal approximation's width of each player's interval from pairs over that from games one
// by one, when the ratings are fitted as now (every game alone, so the same estimates) and their
// spread is the sandwich H^-1 J H^-1: H the fit's information at the book's ratings, J the
// variance of each player's points counted by pairs or by games. Anchored: p1.. against p0;
// `average`: each against the pool's average.
std::vector<double> normal_width_ratios(const std::vector<double>& truth, double spread,
                                        bool average) {
    const int n = static_cast<int>(truth.size());
    const std::vector<double> rated = book_truth(truth, spread, false);
    const int k = n - 1;  // the free ratings: all but p0's
    std::vector<double> information(static_cast<std::size_t>(k * k), 0.0);
    std::vector<double> by_games = information;
    std::vector<double> by_pairs = information;
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b) {
            const PairSpread s = pair_spread(truth[a] - truth[b], spread);
            const double expected = 1.0 / (1.0 + std::pow(10.0, -(rated[a] - rated[b]) / 400.0));
            const double slope = 2.0 * expected * (1.0 - expected);  // two games, natural units
            for (const auto& [i, j, sign] : {std::tuple{a, a, 1.0}, std::tuple{b, b, 1.0},
                                             std::tuple{a, b, -1.0}, std::tuple{b, a, -1.0}}) {
                if (i == 0 || j == 0) continue;
                const auto at = static_cast<std::size_t>((i - 1) * k + (j - 1));
                information[at] += sign * slope;
                by_games[at] += sign * s.games;
                by_pairs[at] += sign * s.pair;
            }
        }
    if (!rating_fit::cholesky(information, k)) return {};
    // The variance of c^T theta for the contrast c of each player: c^T H^-1 J H^-1 c.
    std::vector<double> ratios;
    for (int p = average ? 0 : 1; p < n; ++p) {
        std::vector<double> c(static_cast<std::size_t>(k), average ? -1.0 / n : 0.0);
        if (p > 0) c[static_cast<std::size_t>(p - 1)] += 1.0;
        rating_fit::cholesky_solve(information, k, c);
        double games = 0.0, pairs = 0.0;
        for (int i = 0; i < k; ++i)
            for (int j = 0; j < k; ++j) {
                const auto at = static_cast<std::size_t>(i * k + j);
                games += c[i] * by_games[at] * c[j];
                pairs += c[i] * by_pairs[at] * c[j];
            }
        ratios.push_back(std::sqrt(pairs / games));
    }
    return ratios;
}

// A table's header: the row label and two columns a spread.
void print_header(const char* rows, const std::vector<double>& spreads) {
    std::printf("| %s", rows);
    for (double spread : spreads) std::printf(" | spread %.0f: games alone | pairs", spread);
    std::printf(" |\n|---:");
    for (std::size_t s = 0; s < spreads.size(); ++s) std::printf("|---:|---:");
    std::printf("|\n");
}

}  // namespace

void paired_tables(int matches, bool average, const PairedSelection& selection) {
    const std::vector<double> spreads =
        selection.spreads.empty() ? std::vector<double>{0.0, 100.0, 300.0} : selection.spreads;
    const std::vector<double> two = {0.0, 50.0};
    const std::vector<double> pool = {-250, -150, -50, 50, 150, 250};
    for (double spread : spreads) {
        std::printf("spread %.0f: the book's ratings of 0, 50:", spread);
        for (double t : book_truth(two, spread, average)) std::printf(" %.1f", t);
        std::printf("; of -250..250:");
        for (double t : book_truth(pool, spread, average)) std::printf(" %.1f", t);
        std::printf("\n  normal approximation, width from pairs over games: two players");
        for (double r : normal_width_ratios(two, spread, average)) std::printf(" %.3f", r);
        std::printf("; round robin");
        for (double r : normal_width_ratios(pool, spread, average)) std::printf(" %.3f", r);
        std::printf("\n");
    }
    const auto rows = [&](std::vector<int> defaults) {
        return selection.games.empty() ? defaults : selection.games;
    };
    if (selection.two_players) {
        print_header("two players, games", spreads);
        for (int games : rows({100, 300, 1000, 3000})) {
            std::printf("| %d", games);
            for (double spread : spreads) {
                const auto tallies = paired_cell(two, games, spread, matches, average,
                                                 static_cast<std::uint64_t>(games * 1000 + spread),
                                                 selection.pgn_folder);
                std::printf(" | %s | %s",
                            tallies[1].text(tallies[1].alone, tallies[1].alone_widths).c_str(),
                            tallies[1].text(tallies[1].paired, tallies[1].paired_widths).c_str());
                std::fflush(stdout);
            }
            std::printf(" |\n");
        }
        std::printf("\n");
    }
    if (!selection.round_robin) return;
    print_header("round robin, games", spreads);
    for (int games : rows({90, 300, 990, 3000})) {
        std::printf("| %d", games);
        for (double spread : spreads) {
            print_round_robin_cell(paired_cell(
                pool, games, spread, matches, average,
                static_cast<std::uint64_t>(7 + games * 1000 + spread), selection.pgn_folder));
            std::fflush(stdout);
        }
        std::printf(" |\n");
    }
}

}  // namespace arbiter::coverage
