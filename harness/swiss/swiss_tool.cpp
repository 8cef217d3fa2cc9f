// swiss_tool: generate SEED PLAYERS ROUNDS [BYE_HALF_POINTS [PLAYED]] writes the TRF of a
// tournament paired by pair_dutch with seeded random results; pair FILE prints the pairing of a
// TRF's next round; time PLAYERS ROUNDS SEED prints the pairing time of each round.
#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>

#include "harness/swiss/dutch.h"
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

}  // namespace

int main(int argc, char** argv) {
    std::string mode = argc > 1 ? argv[1] : "";
    try {
        if (mode == "generate" && argc >= 5) return generate(argc, argv);
        if (mode == "pair" && argc == 3) return pair(argv[2]);
        if (mode == "time" && argc == 5)
            return time_rounds(std::stoi(argv[2]), std::stoi(argv[3]), std::stoull(argv[4]));
    } catch (const std::exception& e) {
        std::cerr << "swiss_tool: " << e.what() << "\n";
        return 1;
    }
    std::cerr << "usage: swiss_tool generate SEED PLAYERS ROUNDS [BYE_HALF_POINTS [PLAYED]] | pair "
                 "FILE | "
                 "time PLAYERS ROUNDS SEED\n";
    return 2;
}
