// `rating_pool_generate FILE GAMES TOURNAMENTS NAMES BUILDS [SEED]`: writes a database of
// generated history for timing `ratings --all` (README): NAMES engines rebuilt BUILDS times each
// (NAMES x BUILDS identities, each build a new program hash), TOURNAMENTS tournaments in time
// order, each of 8 to 40 of the builds that exist by then (those that have not played first),
// played as colour-reversed pairs, GAMES games in all. A game's outcome follows the logistic model
// from the two builds' true ratings (spread 300 Elo; a build is its previous one plus 0 to 40),
// White 30 Elo, draws where the game is close. Games carry no moves. Not a test: a generator of
// data nobody commits.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "harness/store/store.h"
#include "harness/store/test_records.h"

namespace arbiter {
namespace {

struct Build {
    EngineId id = 0;
    double elo = 0;
    int appears = 0;  // the first tournament it may play in
    mutable bool played = false;
};

// The builds: each name's first from a normal spread, every later one a little stronger, the
// k-th build of every name appearing k/BUILDS of the way through the tournaments.
std::vector<Build> make_builds(Store& store, int names, int builds, int tournaments,
                               std::mt19937_64& random) {
    std::normal_distribution<double> spread(0.0, 300.0);
    std::uniform_real_distribution<double> step(0.0, 40.0);
    std::vector<Build> made;
    for (int n = 0; n < names; ++n) {
        double elo = spread(random);
        for (int b = 0; b < builds; ++b) {
            const std::string name = "engine" + std::to_string(n);
            const EngineIdentity identity =
                store_test::sample_engine(name, name + " build " + std::to_string(b));
            made.push_back({store.get_or_create_engine(identity), elo, b * tournaments / builds});
            elo += step(random);
        }
    }
    return made;
}

Outcome play(double white_elo, double black_elo, std::mt19937_64& random) {
    const double expected = 1.0 / (1.0 + std::pow(10.0, -(white_elo + 30.0 - black_elo) / 400.0));
    const double draw = 0.6 * std::min(expected, 1.0 - expected);
    const double u = std::uniform_real_distribution<double>(0.0, 1.0)(random);
    return u < expected - draw / 2   ? Outcome::white_win
           : u < expected + draw / 2 ? Outcome::draw
                                     : Outcome::black_win;
}

// One tournament: a random field of the builds that exist by then, pairs between random two of
// them, `games` games.
void write_tournament(Store& store, int t, std::int64_t games, const std::vector<Build>& builds,
                      std::mt19937_64& random) {
    const TournamentId id = store.get_or_create_tournament("generated-" + std::to_string(t), "{}");
    std::vector<const Build*> field, played;
    for (const Build& b : builds)
        if (b.appears <= t) (b.played ? played : field).push_back(&b);
    // The builds that have not played yet come first, so that every build plays.
    std::shuffle(field.begin(), field.end(), random);
    std::shuffle(played.begin(), played.end(), random);
    field.insert(field.end(), played.begin(), played.end());
    field.resize(std::min<std::size_t>(field.size(), 8 + random() % 33));
    for (const Build* b : field) b->played = true;
    GameRecord game;
    game.tournament_id = id;
    game.start_fen = std::string(store_test::START_FEN);
    game.result.termination = Termination::adjudication_draw;
    for (std::int64_t slot = 0; slot < games; slot += 2) {
        const std::size_t a = random() % field.size();
        std::size_t b = random() % (field.size() - 1);
        if (b >= a) ++b;
        for (int g = 0; g < 2 && slot + g < games; ++g) {
            const Build& white = *field[g == 0 ? a : b];
            const Build& black = *field[g == 0 ? b : a];
            game.slot = {slot + g, 0, static_cast<int>(slot / 2), 0, g};
            game.white_engine_id = white.id;
            game.black_engine_id = black.id;
            game.result.outcome = play(white.elo, black.elo, random);
            game.started_at_ms = 1'790'000'000'000 + t * 86'400'000LL + slot * 1000;
            game.finished_at_ms = game.started_at_ms + 500;
            store.record_game(game);
        }
    }
}

}  // namespace
}  // namespace arbiter

int main(int argc, char** argv) {
    using namespace arbiter;
    if (argc < 6) {
        std::fprintf(stderr, "usage: %s FILE GAMES TOURNAMENTS NAMES BUILDS [SEED]\n", argv[0]);
        return 2;
    }
    const std::int64_t games = std::stoll(argv[2]);
    const int tournaments = std::stoi(argv[3]);
    const int names = std::stoi(argv[4]);
    const int builds = std::stoi(argv[5]);
    std::mt19937_64 random(argc > 6 ? std::stoull(argv[6]) : 1);
    remove_database_files(argv[1]);
    Store store = Store::open(argv[1]);
    const std::vector<Build> made = make_builds(store, names, builds, tournaments, random);
    for (int t = 0; t < tournaments; ++t) {
        const std::int64_t share = games * (t + 1) / tournaments - games * t / tournaments;
        write_tournament(store, t, share, made, random);
        std::fprintf(stderr, "\rtournament %d of %d", t + 1, tournaments);
    }
    store.checkpoint();
    std::fprintf(stderr, "\n");
    return 0;
}
