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
// ELO (each repeatable) choose the rows and columns, and --pgn DIR writes those simulations with
// each cell's truth (coverage_simulation.h; scripts/ordo-coverage runs Ordo on them).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "harness/ratings/coverage_simulation.h"

namespace {

using arbiter::Outcome;
using arbiter::coverage::Games;
using arbiter::coverage::play;
using arbiter::coverage::Tally;

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

}  // namespace

int main(int argc, char** argv) {
    int matches = 100;
    bool round_robin_only = false;
    bool paired = false;
    bool average = false;
    arbiter::coverage::PairedSelection selection;
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
        selection.pgn_folder = pgn_folder;
        arbiter::coverage::paired_tables(matches, average, selection);
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
