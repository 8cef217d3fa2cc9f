// swiss_tool: generate SEED PLAYERS ROUNDS [BYE_HALF_POINTS [PLAYED]] writes the TRF of a
// tournament paired by pair_dutch with seeded random results; pair FILE prints the pairing of a
// TRF's next round; time PLAYERS ROUNDS SEED prints the pairing time of each round; simulate
// PLAYERS ROUNDS TRIALS SEED compares a seeded Swiss with a round robin cut to as many rounds,
// both played by true ratings (README's table).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>

#include "harness/swiss/dutch.h"
#include "harness/swiss/tie_breaks.h"
#include "harness/swiss/trf.h"

namespace {

using namespace arbiter::swiss;

SwissTournament random_players(std::mt19937_64& random, int players, int rounds) {
    SwissTournament t;
    std::uniform_int_distribution<int> rating(1400, 2700);
    std::vector<SwissEntrant> entrants;
    for (int i = 0; i < players; ++i)
        entrants.push_back({"Player " + std::to_string(i + 1), rating(random)});
    t.players = initial_ranking(entrants);
    t.planned_rounds = rounds;
    return t;
}

GameResult random_result(std::mt19937_64& random, int white_rating, int black_rating) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    double draw = 0.3;
    double expected = 1.0 / (1.0 + std::pow(10.0, (black_rating - white_rating) / 400.0));
    double white_win = std::max(0.0, expected - draw / 2);
    double x = unit(random);
    if (x < white_win) return GameResult::white_wins;
    return x < white_win + draw ? GameResult::draw : GameResult::black_wins;
}

void play_round(SwissTournament& t, std::mt19937_64& random) {
    RoundPairing pairing = pair_dutch(t);
    SwissRound round;
    round.bye = pairing.bye;
    for (auto [white, black] : pairing.boards) {
        GameResult result = random_result(random, t.players[static_cast<std::size_t>(white)].rating,
                                          t.players[static_cast<std::size_t>(black)].rating);
        round.games.push_back({white, black, result});
    }
    t.rounds.push_back(round);
}

int generate(int argc, char** argv) {
    std::mt19937_64 random(std::stoull(argv[2]));
    SwissTournament t = random_players(random, std::stoi(argv[3]), std::stoi(argv[4]));
    if (argc > 5) t.bye_half_points = std::stoi(argv[5]);
    int played = argc > 6 ? std::stoi(argv[6]) : t.planned_rounds;
    try {
        for (int r = 0; r < played; ++r) play_round(t, random);
    } catch (const NoValidPairing& e) {
        std::cerr << "stopped: " << e.what() << "\n";
    }
    std::cout << write_trf(t, "swiss_tool " + std::string(argv[2]));
    return 0;
}

int pair(const char* path) {
    std::ifstream in(path);
    if (!in) {
        std::cerr << path << ": cannot open\n";
        return 1;
    }
    std::stringstream text;
    text << in.rdbuf();
    RoundPairing pairing = pair_dutch(read_trf(text.str(), path));
    for (auto [white, black] : pairing.boards) std::cout << white + 1 << " " << black + 1 << "\n";
    if (pairing.bye) std::cout << *pairing.bye + 1 << " 0\n";
    return 0;
}

int time_rounds(int players, int rounds, unsigned long long seed) {
    std::mt19937_64 random(seed);
    SwissTournament t = random_players(random, players, rounds);
    for (int r = 0; r < rounds; ++r) {
        auto start = std::chrono::steady_clock::now();
        play_round(t, random);
        std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        std::cout << "round " << r + 1 << " of " << players << " players: " << took.count()
                  << " s\n";
    }
    return 0;
}

// A result drawn from the true ratings: expected score e, draws 30% of games where possible.
GameResult true_result(std::mt19937_64& random, double white_elo, double black_elo) {
    double e = 1.0 / (1.0 + std::pow(10.0, (black_elo - white_elo) / 400.0));
    double draw = std::min(0.3, 2 * std::min(e, 1 - e));
    double x = std::uniform_real_distribution<double>(0.0, 1.0)(random);
    if (x < e - draw / 2) return GameResult::white_wins;
    return x < e + draw / 2 ? GameResult::draw : GameResult::black_wins;
}

// How well a final table orders players by true strength (player i is the i-th strongest):
// whether the strongest is first, and Spearman's rank correlation.
std::pair<bool, double> table_quality(const SwissTournament& t) {
    std::vector<SwissStanding> table = swiss_standings(t);
    double n = double(table.size());
    double squares = 0;
    for (std::size_t place = 0; place < table.size(); ++place) {
        double d = double(place) - double(table[place].player);
        squares += d * d;
    }
    return {table[0].player == 0, 1 - 6 * squares / (n * (n * n - 1))};
}

// Player i has the i-th highest true rating (normal, 200 Elo deviation), listed in that order.
std::vector<double> true_ratings(std::mt19937_64& random, int players) {
    std::normal_distribution<double> elo(0.0, 200.0);
    std::vector<double> ratings;
    for (int i = 0; i < players; ++i) ratings.push_back(elo(random));
    std::sort(ratings.rbegin(), ratings.rend());
    return ratings;
}

// Rounds of the circle method over a random order of the players (a round robin cut short).
SwissTournament partial_round_robin(std::mt19937_64& random, const std::vector<double>& elo,
                                    int rounds) {
    int n = int(elo.size());
    std::vector<int> order(elo.size());
    for (int i = 0; i < n; ++i) order[std::size_t(i)] = i;
    std::shuffle(order.begin(), order.end(), random);
    SwissTournament t;
    for (int i = 0; i < n; ++i) t.players.push_back({"P" + std::to_string(i), 0});
    t.planned_rounds = rounds;
    for (int r = 0; r < rounds; ++r) {
        SwissRound round;
        for (int i = 0; i < n / 2; ++i) {
            int a = (r + i) % (n - 1);
            int b = i == 0 ? n - 1 : (r + n - 1 - i) % (n - 1);
            int w = order[std::size_t(a)];
            int k = order[std::size_t(b)];
            round.games.push_back(
                {w, k, true_result(random, elo[std::size_t(w)], elo[std::size_t(k)])});
        }
        t.rounds.push_back(round);
    }
    return t;
}

SwissTournament seeded_swiss(std::mt19937_64& random, const std::vector<double>& elo, int rounds) {
    SwissTournament t;
    for (std::size_t i = 0; i < elo.size(); ++i) t.players.push_back({"P" + std::to_string(i), 0});
    t.planned_rounds = rounds;
    for (int r = 0; r < rounds; ++r) {
        RoundPairing pairing = pair_dutch(t);
        SwissRound round;
        round.bye = pairing.bye;
        for (auto [w, b] : pairing.boards)
            round.games.push_back(
                {w, b, true_result(random, elo[std::size_t(w)], elo[std::size_t(b)])});
        t.rounds.push_back(round);
    }
    return t;
}

// The README's table: a seeded Swiss of ROUNDS rounds against as many rounds of a round robin.
int simulate(int players, int rounds, int trials, unsigned long long seed) {
    std::mt19937_64 random(seed);
    int swiss_first = 0;
    int robin_first = 0;
    double swiss_rho = 0;
    double robin_rho = 0;
    for (int i = 0; i < trials; ++i) {
        std::vector<double> elo = true_ratings(random, players);
        auto [sf, sr] = table_quality(seeded_swiss(random, elo, rounds));
        auto [rf, rr] = table_quality(partial_round_robin(random, elo, rounds));
        swiss_first += sf ? 1 : 0;
        robin_first += rf ? 1 : 0;
        swiss_rho += sr;
        robin_rho += rr;
    }
    std::cout << players << " players, " << rounds << " rounds, " << trials
              << " trials: Swiss strongest first " << 100.0 * swiss_first / trials
              << "%, rank correlation " << swiss_rho / trials << "; round robin cut to " << rounds
              << " rounds strongest first " << 100.0 * robin_first / trials
              << "%, rank correlation " << robin_rho / trials << "\n";
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::string mode = argc > 1 ? argv[1] : "";
    try {
        if (mode == "generate" && argc >= 5) return generate(argc, argv);
        if (mode == "pair" && argc == 3) return pair(argv[2]);
        if (mode == "simulate" && argc == 6)
            return simulate(std::stoi(argv[2]), std::stoi(argv[3]), std::stoi(argv[4]),
                            std::stoull(argv[5]));
        if (mode == "time" && argc == 5)
            return time_rounds(std::stoi(argv[2]), std::stoi(argv[3]), std::stoull(argv[4]));
    } catch (const std::exception& e) {
        std::cerr << "swiss_tool: " << e.what() << "\n";
        return 1;
    }
    std::cerr << "usage: swiss_tool generate SEED PLAYERS ROUNDS [BYE_HALF_POINTS [PLAYED]] | pair "
                 "FILE | "
                 "time PLAYERS ROUNDS SEED | simulate PLAYERS ROUNDS TRIALS SEED\n";
    return 2;
}
