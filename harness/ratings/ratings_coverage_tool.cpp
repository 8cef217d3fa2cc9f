// ratings_coverage: how often the joint ratings' 95% interval holds the truth, by simulation.
// Two players at a known difference (0, 100 and 400 Elo; 30% draws where the expected score
// allows, else as many as the weaker side's score allows), colours alternating, 10 to 10,000
// games, MATCHES matches a cell; then a six-player round robin (ratings -250..250 in steps of
// 100, 10 games a pair). The interval of the stronger player with the weaker anchored at 0 is
// the interval of the difference. Prints README's coverage tables (Markdown). With --pgn DIR it
// also writes every simulated match as DIR/<games>-<elo>-<match>.pgn and every round robin as
// DIR/rr-<match>.pgn, for other rating programs to be measured on the same games. Not installed;
// run `build/bin/ratings_coverage MATCHES [--pgn DIR]`. With --paired: README's game-pair tables
// (--average for the pool-average form); --two-players or --round-robin, --games N and --spread
// ELO (each repeatable) choose the rows and columns.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "harness/ratings/joint_ratings.h"
#include "harness/ratings/sampling.h"

namespace {

using arbiter::Outcome;

// Win and draw probabilities of the stronger side at `elo` Elo.
std::pair<double, double> outcome_probabilities(double elo) {
    const double expected = 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
    // 30% draws, or where the weaker side's expected score is lower, that score (9% at 400 Elo).
    const double draw = std::min(0.3, std::min(expected, 1.0 - expected));
    return {expected - draw / 2.0, draw};
}

Outcome play(arbiter::RandomStream& stream, double elo) {
    const auto [win, draw] = outcome_probabilities(elo);
    const double u = stream.uniform();
    return u < win ? Outcome::white_win : u < win + draw ? Outcome::draw : Outcome::black_win;
}

// The games of one simulated match or tournament: the matrix that is rated and, when asked
// for, the same games as PGN.
struct Games {
    arbiter::ResultMatrix matrix;
    const std::vector<std::string>& names;
    bool keep_pgn = false;
    std::string pgn;

    // Records one game of white against black ending in `outcome`.
    void add(int white, int black, Outcome outcome) {
        matrix.add(white, black, outcome);
        if (!keep_pgn) return;
        const char* result = outcome == Outcome::white_win   ? "1-0"
                             : outcome == Outcome::black_win ? "0-1"
                                                             : "1/2-1/2";
        pgn += "[White \"" + names[white] + "\"]\n[Black \"" + names[black] + "\"]\n[Result \"" +
               result + "\"]\n\n" + result + "\n\n";
    }

    // Writes the PGN to `path` (when kept).
    void write(const std::string& path) const {
        if (!keep_pgn) return;
        std::ofstream out(path);
        out << pgn;
        if (!out) {
            std::fprintf(stderr, "ratings_coverage: cannot write %s\n", path.c_str());
            std::exit(1);
        }
    }
};

// Adds one game between a and b where a is `elo` stronger; colours alternate with `number`.
void add_game(Games& games, arbiter::RandomStream& stream, int a, int b, double elo, int number) {
    const Outcome result = play(stream, elo);  // from a's side
    if (number % 2 == 0) {
        games.add(a, b, result);
    } else {
        const Outcome mirrored = result == Outcome::white_win   ? Outcome::black_win
                                 : result == Outcome::black_win ? Outcome::white_win
                                                                : Outcome::draw;
        games.add(b, a, mirrored);
    }
}

struct Tally {
    int held = 0;
    int below = 0;  // the truth fell below the low end
    int above = 0;
    int total = 0;
    void count(double truth, const arbiter::RatingInterval& interval) {
        ++total;
        if (truth < interval.low) {
            ++below;
        } else if (truth > interval.high) {
            ++above;
        } else {
            ++held;
        }
    }
    std::string text() const {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%.1f%% (%d/%d/%d)", 100.0 * held / total, below, held,
                      above);
        return buffer;
    }
};

// Where --pgn writes the simulated games ("" for nowhere).
std::string pgn_folder;

Tally two_player_cell(double elo, int games, int matches, std::uint64_t seed) {
    static const std::vector<std::string> names = {"stronger", "weaker"};
    Tally tally;
    for (int match = 0; match < matches; ++match) {
        arbiter::RandomStream stream(arbiter::mix_seed(seed, static_cast<std::uint64_t>(match)));
        Games played{arbiter::ResultMatrix(2), names, !pgn_folder.empty(), {}};
        for (int g = 0; g < games; ++g) add_game(played, stream, 0, 1, elo, g);
        played.write(pgn_folder + "/" + std::to_string(games) + "-" +
                     std::to_string(static_cast<int>(elo)) + "-" + std::to_string(match) + ".pgn");
        arbiter::RatingOptions options;
        options.anchor_player = "weaker";
        options.seed = static_cast<std::uint64_t>(match) + 1;
        const arbiter::RatingResult result =
            arbiter::compute_ratings(names, played.matrix, options);
        for (const arbiter::PlayerRating& p : result.players) {
            if (p.name == "stronger") tally.count(elo, *p.interval_95);
        }
    }
    return tally;
}

std::vector<Tally> round_robin(int games, int matches) {
    const std::vector<double> truth = {-250, -150, -50, 50, 150, 250};
    static const std::vector<std::string> names = {"p0", "p1", "p2", "p3", "p4", "p5"};
    std::vector<Tally> tallies(truth.size());
    for (int match = 0; match < matches; ++match) {
        arbiter::RandomStream stream(arbiter::mix_seed(99, static_cast<std::uint64_t>(match)));
        Games played{arbiter::ResultMatrix(6), names, !pgn_folder.empty(), {}};
        for (int a = 0; a < 6; ++a)
            for (int b = a + 1; b < 6; ++b)
                for (int g = 0; g < games; ++g)
                    add_game(played, stream, b, a, truth[b] - truth[a], g);
        played.write(pgn_folder + "/rr-" + std::to_string(match) + ".pgn");
        arbiter::RatingOptions options;
        options.anchor_player = "p0";
        options.anchor_elo = truth[0];
        options.seed = static_cast<std::uint64_t>(match) + 1;
        const arbiter::RatingResult result =
            arbiter::compute_ratings(names, played.matrix, options);
        for (const arbiter::PlayerRating& p : result.players) {
            if (p.player != 0) tallies[p.player].count(truth[p.player], *p.interval_95);
        }
    }
    return tallies;
}

// The paired simulation: books whose openings give White an advantage drawn from a normal
// spread (Elo), both games of a pair on one opening. Each simulation is rated twice, its games
// alone (today's rule) and as pairs; `average` rates relative to the pool's average (the default
// form) instead of anchoring the weakest.
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

// White's outcome of one game at `elo`, White's rating minus Black's plus the opening's advantage.
Outcome white_outcome(arbiter::RandomStream& stream, double elo) {
    return play(stream, elo);
}

// Standard normal by Box-Muller from the stream.
double normal(arbiter::RandomStream& stream) {
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
    arbiter::ResultMatrix expected(n);
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
    arbiter::RatingOptions options;
    options.bootstrap_samples = 0;
    if (!average) {
        options.anchor_player = "p0";
        options.anchor_elo = truth[0];
    }
    std::vector<double> rated(n);
    for (const auto& p : arbiter::compute_ratings(names, expected, options).players)
        rated[p.player] = p.elo;
    return rated;
}

// Rates one simulated pool of `truth` ratings, `pairs_each` pairs between every two players,
// both ways, and counts every player but the first in `tallies`.
void paired_pool(const std::vector<double>& truth, const std::vector<double>& target_of,
                 int pairs_each, double spread, bool average, std::uint64_t seed,
                 std::vector<PairedTally>& tallies) {
    const int n = static_cast<int>(truth.size());
    std::vector<std::string> names;
    for (int p = 0; p < n; ++p) names.push_back("p" + std::to_string(p));
    arbiter::RandomStream stream(seed);
    arbiter::ResultMatrix alone(n);
    arbiter::ResultMatrix paired(n);
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b)
            for (int k = 0; k < pairs_each; ++k) {
                const double opening = spread * normal(stream);
                const Outcome first = white_outcome(stream, truth[a] - truth[b] + opening);
                const Outcome second = white_outcome(stream, truth[b] - truth[a] + opening);
                alone.add(a, b, first);
                alone.add(b, a, second);
                paired.add_pair(a, b, first, second);
            }
    arbiter::RatingOptions options;
    if (average) {
        options.anchor_elo = 0.0;
    } else {
        options.anchor_player = "p0";
        options.anchor_elo = truth[0];
    }
    options.seed = seed + 1;
    for (int method = 0; method < 2; ++method) {
        const arbiter::RatingResult result =
            arbiter::compute_ratings(names, method == 0 ? alone : paired, options);
        for (const arbiter::PlayerRating& p : result.players) {
            if (p.player == 0 && !average) continue;
            const double target = target_of[p.player];
            PairedTally& tally = tallies[p.player];
            (method == 0 ? tally.alone : tally.paired).count(target, *p.interval_95);
            (method == 0 ? tally.alone_widths : tally.paired_widths)
                .push_back(p.interval_95->high - p.interval_95->low);
        }
    }
}

// Which rows and columns of the paired tables to simulate (empty: all).
struct PairedSelection {
    std::vector<int> games;
    std::vector<double> spreads;
    bool two_players = true;
    bool round_robin = true;

    bool has_games(int g) const {
        return games.empty() || std::find(games.begin(), games.end(), g) != games.end();
    }
};

// README's paired table: two-player matches (A 50 Elo stronger) and a six-player round robin
// (-250..250), 100 to 3,000 games, spreads 0, 100 and 300 Elo.
void paired_tables(int matches, bool average, const PairedSelection& selection) {
    const std::vector<double> spreads =
        selection.spreads.empty() ? std::vector<double>{0.0, 100.0, 300.0} : selection.spreads;
    for (double spread : spreads) {
        std::printf("spread %.0f: the book's ratings of 0, 50:", spread);
        for (double t : book_truth({0.0, 50.0}, spread, average)) std::printf(" %.1f", t);
        std::printf("; of -250..250:");
        for (double t : book_truth({-250, -150, -50, 50, 150, 250}, spread, average))
            std::printf(" %.1f", t);
        std::printf("\n");
    }
    std::printf("| two players, games | %s |\n|---:|---:|---:|---:|---:|---:|---:|\n",
                "spread 0: games alone | pairs | spread 100: games alone | pairs | spread 300: "
                "games alone | pairs");
    for (int games : {100, 300, 1000, 3000}) {
        if (!selection.two_players || !selection.has_games(games)) continue;
        std::printf("| %d", games);
        for (double spread : spreads) {
            std::vector<PairedTally> tallies(2);
            const std::vector<double> truth = {0.0, 50.0};
            const std::vector<double> target = book_truth(truth, spread, average);
            for (int match = 0; match < matches; ++match)
                paired_pool(truth, target, games / 2, spread, average,
                            arbiter::mix_seed(static_cast<std::uint64_t>(games * 1000 + spread),
                                              static_cast<std::uint64_t>(match)),
                            tallies);
            std::printf(" | %s | %s",
                        tallies[1].text(tallies[1].alone, tallies[1].alone_widths).c_str(),
                        tallies[1].text(tallies[1].paired, tallies[1].paired_widths).c_str());
            std::fflush(stdout);
        }
        std::printf(" |\n");
    }
    std::printf("\n| round robin, games | %s |\n|---:|---:|---:|---:|---:|---:|---:|\n",
                "spread 0: games alone | pairs | spread 100: games alone | pairs | spread 300: "
                "games alone | pairs");
    const std::vector<double> truth = {-250, -150, -50, 50, 150, 250};
    for (int games : {90, 300, 990, 3000}) {
        if (!selection.round_robin || !selection.has_games(games)) continue;
        std::printf("| %d", games);
        for (double spread : spreads) {
            std::vector<PairedTally> tallies(6);
            const std::vector<double> target = book_truth(truth, spread, average);
            for (int match = 0; match < matches; ++match)
                paired_pool(truth, target, games / 30, spread, average,
                            arbiter::mix_seed(static_cast<std::uint64_t>(7 + games * 1000 + spread),
                                              static_cast<std::uint64_t>(match)),
                            tallies);
            // The lowest coverage of the rated players and the median of their widths.
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
            std::fflush(stdout);
        }
        std::printf(" |\n");
    }
}

}  // namespace

int main(int argc, char** argv) {
    int matches = 100;
    bool round_robin_only = false;
    bool paired = false;
    bool average = false;
    PairedSelection selection;
    for (int a = 1; a < argc; ++a) {
        const std::string argument = argv[a];
        if (argument == "--pgn" && a + 1 < argc) {
            pgn_folder = argv[++a];
        } else if (argument == "--round-robin") {
            round_robin_only = true;
            selection.two_players = false;
        } else if (argument == "--paired") {
            paired = true;
        } else if (argument == "--average") {
            average = true;
        } else if (argument == "--games" && a + 1 < argc) {
            selection.games.push_back(std::atoi(argv[++a]));
        } else if (argument == "--spread" && a + 1 < argc) {
            selection.spreads.push_back(std::atof(argv[++a]));
        } else if (argument == "--two-players") {
            selection.round_robin = false;
        } else if (!argument.empty() && argument[0] != '-' && std::atoi(argv[a]) > 0) {
            matches = std::atoi(argv[a]);
        } else {
            std::fprintf(stderr,
                         "usage: ratings_coverage [MATCHES] [--round-robin] [--pgn DIR] "
                         "[--paired [--average] [--two-players | --round-robin] [--games N]... "
                         "[--spread ELO]...]\n");
            return 2;
        }
    }
    if (paired) {
        paired_tables(matches, average, selection);
        return 0;
    }
    if (!round_robin_only) {
        std::printf("| games | 0 Elo | 100 Elo | 400 Elo |\n|---:|---:|---:|---:|\n");
        for (int games : {10, 30, 100, 300, 1000, 3000, 10000}) {
            std::printf("| %d", games);
            for (double elo : {0.0, 100.0, 400.0}) {
                const Tally tally = two_player_cell(elo, games, matches,
                                                    static_cast<std::uint64_t>(games * 1000 + elo));
                std::printf(" | %s", tally.text().c_str());
            }
            std::printf(" |\n");
            std::fflush(stdout);
        }
        std::printf("\n");
    }
    const int pair_games = 10;
    const std::vector<Tally> tallies = round_robin(pair_games, matches);
    std::printf(
        "| six-player round robin | p1 (-150) | p2 (-50) | p3 (50) | p4 (150) | p5 (250) "
        "|\n|---|---:|---:|---:|---:|---:|\n| %d games a pair, p0 (-250) anchored",
        pair_games);
    for (std::size_t p = 1; p < tallies.size(); ++p)
        std::printf(" | %s", tallies[p].text().c_str());
    std::printf(" |\n");
    return 0;
}
