#include "harness/store/test_records.h"

#include <unistd.h>

#include "harness/identity/sha256.h"

namespace arbiter::store_test {

EngineIdentity sample_engine(const std::string& name, const std::string& binary_contents) {
    EngineIdentity engine;
    engine.name = name;
    engine.command = "build/bin/" + name;
    engine.args = {"--quiet", "--log=\"x y\""};
    engine.working_dir = "/tmp";
    engine.options = {{"Hash", "16"}, {"Eval", "material"}};
    engine.binary_sha256 = sha256_hex(binary_contents);
    return engine;
}

GameRecord sample_game(TournamentId tournament, std::int64_t slot, EngineId white, EngineId black,
                       std::optional<OpeningId> opening, int plies) {
    static constexpr const char* FILES = "abcdefgh";
    GameRecord game;
    game.tournament_id = tournament;
    game.slot.number = slot;
    game.slot.round = static_cast<int>(slot / 100);
    game.slot.pair_index = static_cast<int>(slot % 3);
    game.slot.opening_index = static_cast<int>((slot / 2) % 50);
    game.slot.game_in_pair = static_cast<int>(slot % 2);
    game.white_engine_id = white;
    game.black_engine_id = black;
    game.opening_id = opening;
    game.start_fen = std::string(START_FEN);
    game.result.outcome = slot % 3 == 0   ? Outcome::white_win
                          : slot % 3 == 1 ? Outcome::black_win
                                          : Outcome::draw;
    game.result.termination = TERMINATION_CODES[slot % TERMINATION_CODES.size()].first;
    game.result.description = slot % 2 ? "Black makes an illegal move: e1e5" : "White mates";
    game.started_at_ms = 1'700'000'000'000 + slot * 1000;
    game.finished_at_ms = game.started_at_ms + 777 + plies;
    for (int ply = 1; ply <= plies; ++ply) {
        MoveRecord move;
        move.ply = ply;
        const char to_file = FILES[(ply + 3) % 8];
        const char to_rank = static_cast<char>('1' + (ply + 5) % 8);
        const char uci[] = {
            FILES[ply % 8], static_cast<char>('1' + ply % 8), to_file, to_rank, 'q', '\0'};
        move.uci.assign(uci, ply % 17 == 0 ? 5 : 4);
        const char san[] = {'N', to_file, to_rank, '+', '\0'};
        move.san.assign(san, ply % 11 == 0 ? 4 : 3);
        move.time_ms = (slot * 7 + ply * 13) % 250;
        move.book = ply <= 2;
        if (move.book) {
            move.comment = "book";
        } else {
            if (ply % 5 != 0) {
                move.depth = 4 + ply % 9;
                move.seldepth = *move.depth + ply % 4;
                move.nodes = 3'000'000'000LL + ply * 1234 + slot;
            }
            if (ply % 13 == 0) {
                move.score = Score::from_mate_moves((ply % 2 ? 3 : -4));
            } else if (ply % 7 != 0) {
                move.score =
                    Score::from_centipawns((ply * 37 + static_cast<int>(slot)) % 500 - 250);
            }
            // Fail-highs and -lows, kept with their bound (version 8).
            if (move.score && ply % 8 == 3)
                move.score = move.score->with_bound(Score::Bound::lower);
            if (move.score && ply % 8 == 6)
                move.score = move.score->with_bound(Score::Bound::upper);
            move.pv = move.uci + " e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6";
            if (ply % 29 == 0) move.comment = "quote \" backslash \\ newline\n tab\t \xc3\xbc";
            // The referee's clock and what the engine reported besides its search (version 6).
            if (ply % 3 != 0) {
                move.clock_ms = 60000 - ply * 100;
                move.clock_left_ms = *move.clock_ms - move.time_ms + 100;
            }
            move.latency_ms = ply % 4;
            if (ply % 2) move.hashfull = ply * 3 % 1001;
            if (ply % 6 == 0) move.tbhits = 5'000'000'000LL + ply;
            if (ply % 10 == 0) move.info_lines = {"info string pgncomment x=1", ""};
        }
        game.moves.push_back(std::move(move));
    }
    return game;
}

std::filesystem::path temp_database_path(std::string_view tag) {
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() /
        ("arbiter_store_" + std::string(tag) + "_" + std::to_string(::getpid()) + ".sqlite");
    remove_database(path);
    return path;
}

void remove_database(const std::filesystem::path& path) {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
    std::filesystem::remove(path.string() + "-wal", ignored);
    std::filesystem::remove(path.string() + "-shm", ignored);
    std::filesystem::remove(path.string() + "-journal", ignored);
}

}  // namespace arbiter::store_test
