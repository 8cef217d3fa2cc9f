// The live hub over generated games: the live PGN reads back (arbiter's PGN reader, SAN replayed
// by the chess core) to the moves, clocks and evaluations played; a hub that follows another's
// snapshots at random moments ends with the same games; the feed keeps every game in progress
// and at most 64 games.
#include "harness/live/live_hub.h"

#include <gtest/gtest.h>

#include <random>
#include <regex>
#include <sstream>

#include "engines/core/board.h"
#include "engines/core/movegen.h"
#include "engines/core/notation.h"
#include "harness/pgn/pgn_reader.h"
#include "harness/report/html/page.h"

namespace arbiter {
namespace {

// One generated game, played into the hub as the referee would.
struct Played {
    std::string start_fen;
    std::vector<MoveRecord> moves;
    std::vector<WatchedClocks> clocks;
};

Played generate(std::mt19937_64& random, int max_plies) {
    Board board;
    // A start position a few random moves in: either side to move, any move number.
    for (int i = int(random() % 5); i > 0; --i) {
        MoveList list;
        generate_legal(board.position(), list);
        if (list.empty()) break;
        board.play(list[random() % list.size()]);
    }
    Played game;
    game.start_fen = board.fen();
    (void)board.set(game.start_fen);
    std::int64_t clock[2] = {60000, 60000};
    for (int ply = 1; ply <= max_plies; ++ply) {
        MoveList list;
        generate_legal(board.position(), list);
        if (list.empty()) break;
        const Move m = list[random() % list.size()];
        MoveRecord record;
        record.ply = ply;
        record.uci = move_to_uci(m);
        record.san = move_to_san(board.position(), m);
        record.book = random() % 7 == 0;
        if (!record.book) {
            record.depth = int(random() % 30);
            record.nodes = std::int64_t(random() % 100000);
            record.time_ms = std::int64_t(random() % 3000);
            record.score = random() % 9 == 0 ? Score::from_mate_moves((int(random() % 9) - 4) | 1)
                                             : Score::from_centipawns(int(random() % 2001) - 1000);
            record.pv = record.uci;
        }
        const Color mover = board.side_to_move();
        clock[mover] -= record.time_ms;
        board.play(m);
        game.moves.push_back(record);
        game.clocks.push_back({clock[WHITE], clock[BLACK]});
    }
    return game;
}

std::size_t count_matches(const std::string& text, const char* pattern) {
    const std::regex regex(pattern);
    return std::size_t(std::distance(std::sregex_iterator(text.begin(), text.end(), regex), {}));
}

ScheduleSlot slot_of(std::int64_t number, int round) {
    ScheduleSlot slot;
    slot.number = number;
    slot.round = round;
    return slot;
}

void play_into(LiveHub& hub, const Played& game, const ScheduleSlot& slot, std::size_t plies) {
    GameWatcher& watcher = hub.begin(slot, "white <b>", "black \"q\"");
    watcher.began(game.start_fen, {60000, 60000});
    Board board;
    (void)board.set(game.start_fen);
    for (std::size_t i = 0; i < plies && i < game.moves.size(); ++i) {
        board.play_uci(game.moves[i].uci);
        watcher.moved(game.moves[i], board.fen(), game.clocks[i]);
    }
}

TEST(LiveHub, LivePgnReadsBackToTheMovesClocksAndEvaluations) {
    std::mt19937_64 random(45);
    for (int trial = 0; trial < 60; ++trial) {
        LiveHub hub("Live \"test\"", "60+0");
        std::vector<Played> games;
        const int count = 1 + int(random() % 6);
        for (int g = 0; g < count; ++g) {
            games.push_back(generate(random, 1 + int(random() % 120)));
            play_into(hub, games.back(), slot_of(g, 0), games.back().moves.size());
        }
        // Some games end; the rest stay in progress.
        std::vector<std::string> results(count, "*");
        for (int g = 0; g < count; ++g) {
            if (random() % 2) continue;
            PlayedGame played;
            played.result = Result::draw(Termination::adjudication_draw, "Draw by adjudication");
            hub.game_over(slot_of(g, 0), played);
            results[g] = "1/2-1/2";
        }
        std::istringstream pgn(hub.live_pgn());
        PgnReader reader(pgn, "live.pgn", PgnDetail::moves);
        PgnGame read;
        const std::string text = hub.live_pgn();
        for (int g = 0; g < count; ++g) {
            ASSERT_TRUE(reader.next(read)) << text;
            EXPECT_EQ(read.termination, results[g]);
            EXPECT_EQ(read.tag("Result"), results[g]);
            EXPECT_EQ(read.tag("White"), "white <b>");
            EXPECT_EQ(read.tag("Black"), "black \"q\"");
            Board board;
            (void)board.set(std::string(read.tag("FEN").value_or(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")));
            EXPECT_EQ(board.fen(), games[g].start_fen);
            ASSERT_EQ(read.moves.size(), games[g].moves.size());
            for (std::size_t i = 0; i < read.moves.size(); ++i) {
                Move m = move_from_san(board.position(), read.moves[i].san);
                ASSERT_TRUE(m) << read.moves[i].san;
                EXPECT_EQ(move_to_uci(m), games[g].moves[i].uci);
                board.play(m);
            }
        }
        EXPECT_FALSE(reader.next(read));
        // Every move's comment: its mover's clock, and its evaluation when it had one.
        std::size_t clocks = 0, evals = 0, expected_evals = 0, moves = 0;
        for (const auto& game : games) {
            moves += game.moves.size();
            for (const auto& m : game.moves) expected_evals += m.score ? 1 : 0;
        }
        clocks = count_matches(text, R"(\[%clk \d+:\d\d:\d\d\])");
        evals = count_matches(text, R"(\[%eval (#-?\d+|-?\d+\.\d\d)\])");
        EXPECT_EQ(clocks, moves);
        EXPECT_EQ(evals, expected_evals);
    }
}

TEST(LiveHub, EvaluationsAreFromWhitesSide) {
    EXPECT_EQ(white_view_eval(Score::from_centipawns(35), WHITE), "0.35");
    EXPECT_EQ(white_view_eval(Score::from_centipawns(35), BLACK), "-0.35");
    EXPECT_EQ(white_view_eval(Score::from_mate_moves(3), BLACK), "#-3");
    EXPECT_EQ(white_view_eval(Score::from_mate_moves(-2), WHITE), "#-2");
    EXPECT_EQ(pgn_clock(3723999), "1:02:03");
    EXPECT_EQ(pgn_clock(-5), "0:00:00");
}

TEST(LiveHub, AFollowerOfSnapshotsEndsWithTheSameGames) {
    std::mt19937_64 random(46);
    for (int trial = 0; trial < 40; ++trial) {
        LiveHub writer("follow", "");
        LiveHub follower("follow", "");
        std::vector<LiveHub::Event> events;
        follower.set_publish([&](const LiveHub::Event& e) { events.push_back(e); });
        writer.started({"a", "b"}, 10, 0);
        const int count = 1 + int(random() % 5);
        std::vector<Played> games;
        std::vector<std::size_t> played(count, 0);
        for (int g = 0; g < count; ++g) games.push_back(generate(random, 1 + int(random() % 60)));
        std::vector<GameWatcher*> watchers;
        std::vector<Board> boards(count);
        for (int g = 0; g < count; ++g) {
            watchers.push_back(&writer.begin(slot_of(g, 0), "a", "b"));
            watchers.back()->began(games[g].start_fen, {});
            (void)boards[g].set(games[g].start_fen);
        }
        // Moves in random order across the games, the follower reading at random moments.
        for (bool more = true; more;) {
            more = false;
            for (int g = 0; g < count; ++g) {
                if (played[g] == games[g].moves.size()) continue;
                more = true;
                if (random() % 2) continue;
                const MoveRecord& m = games[g].moves[played[g]];
                boards[g].play_uci(m.uci);
                watchers[g]->moved(m, boards[g].fen(), games[g].clocks[played[g]]);
                ++played[g];
            }
            if (random() % 3 == 0) follower.follow(writer.snapshot_value());
        }
        follower.follow(writer.snapshot_value());
        json::Value mine = writer.snapshot_value(), theirs = follower.snapshot_value();
        ASSERT_EQ(mine.find("games")->as_array().size(), std::size_t(count));
        for (std::size_t g = 0; g < std::size_t(count); ++g) {
            const auto& a = mine.find("games")->as_array()[g];
            const auto& b = theirs.find("games")->as_array()[g];
            EXPECT_EQ(*a.find("moves"), *b.find("moves"));
            EXPECT_EQ(*a.find("fen"), *b.find("fen"));
        }
        // Every move reached the follower's readers once, in order.
        std::map<std::int64_t, std::int64_t> last_ply;
        std::int64_t last_sequence = 0;
        for (const auto& e : events) {
            EXPECT_GT(e.sequence, last_sequence);
            last_sequence = e.sequence;
            json::Value data = json::parse(e.data);
            const std::int64_t g = data.find("g") ? data.find("g")->as_integer() : -1;
            if (e.type == "game") last_ply[g] = std::int64_t(data.find("moves")->as_array().size());
            if (e.type == "move") {
                const std::int64_t ply = data.find("move")->find("p")->as_integer();
                EXPECT_EQ(ply, last_ply[g] + 1);
                last_ply[g] = ply;
            }
        }
        for (int g = 0; g < count; ++g) EXPECT_EQ(last_ply[g + 1], std::int64_t(played[g]));
    }
}

// snapshot() is snapshot_value() as text, whether a game's text is made anew or kept since it
// was recorded: finished, recorded, in progress, and a slot's game played again.
TEST(LiveHub, TheSnapshotTextIsTheSnapshotValueWithRecordedGamesKept) {
    std::mt19937_64 random(7);
    LiveHub hub("Live <test>", "60+0");
    PlayedGame over;
    over.result = Result::draw(Termination::adjudication_draw, "Draw");
    // The time and the rate differ between two calls: compared without them.
    auto without_time = [](std::string text) {
        return std::regex_replace(text, std::regex("\"(written_ms|per_minute)\":[0-9.e+-]+"), "");
    };
    auto same = [&] {
        const std::string expected = html::script_data(hub.snapshot_value().dump());
        EXPECT_EQ(without_time(hub.snapshot()), without_time(expected));
    };
    for (int g = 0; g < 6; ++g) {
        play_into(hub, generate(random, 1 + int(random() % 40)), slot_of(g, 0), 100);
        same();
        if (g % 3 == 2) continue;  // in progress
        hub.game_over(slot_of(g, 0), over);
        same();
        if (g % 3 == 1) continue;  // over, not recorded
        hub.recorded(slot_of(g, 0), 100 + g);
        same();
        same();  // the kept text
    }
    play_into(hub, generate(random, 5), slot_of(0, 0), 100);  // slot 0 again: a new game
    same();
}

TEST(LiveHub, KeepsTheGamesInProgressAndAtMost64) {
    LiveHub hub("window", "");
    PlayedGame over;
    over.result = Result::draw(Termination::adjudication_draw, "Draw");
    // Round 1: 100 games, all over but two.
    for (int g = 0; g < 100; ++g) {
        hub.begin(slot_of(g, 0), "a", "b").began("8/8/8/8/8/8/8/K6k w - - 0 1", {});
        if (g != 10 && g != 90) hub.game_over(slot_of(g, 0), over);
    }
    auto numbers = [&] {
        std::vector<std::int64_t> out;
        const json::Value snapshot = hub.snapshot_value();
        for (const auto& game : snapshot.find("games")->as_array())
            out.push_back(game.find("g")->as_integer());
        return out;
    };
    std::vector<std::int64_t> held = numbers();
    EXPECT_EQ(held.size(), LiveHub::MAX_GAMES);
    EXPECT_NE(std::find(held.begin(), held.end(), 11), held.end());   // in progress: kept
    EXPECT_NE(std::find(held.begin(), held.end(), 100), held.end());  // the newest finished
    // Round 2 begins: round 1's finished games go, its games in progress stay.
    hub.begin(slot_of(100, 1), "a", "b").began("8/8/8/8/8/8/8/K6k w - - 0 1", {});
    EXPECT_EQ(numbers(), (std::vector<std::int64_t>{11, 91, 101}));
    // A game the stop cut short is dropped at once.
    PlayedGame cut;
    cut.cut_short = true;
    hub.game_over(slot_of(10, 0), cut);
    EXPECT_EQ(numbers(), (std::vector<std::int64_t>{91, 101}));
}

TEST(LiveHub, InfoLinesArePublishedAtMostFourTimesASecondWithTheLatest) {
    LiveHub hub("info", "");
    std::mutex mutex;
    std::vector<json::Value> infos;
    hub.set_publish([&](const LiveHub::Event& e) {
        if (e.type != "info") return;
        std::lock_guard lock(mutex);
        infos.push_back(json::parse(e.data));
    });
    GameWatcher& watcher = hub.begin(slot_of(0, 0), "a", "b");
    watcher.began("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {});
    const auto start = std::chrono::steady_clock::now();
    for (int depth = 1; depth <= 2000; ++depth)
        watcher.thinking(WHITE, "info depth " + std::to_string(depth) +
                                    " score cp 25 nodes 100 pv e2e4 <script>");
    std::this_thread::sleep_for(std::chrono::milliseconds(600));
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::lock_guard lock(mutex);
    ASSERT_FALSE(infos.empty());
    EXPECT_LE(double(infos.size()), seconds * 4 + 1);
    const json::Value& last = infos.back();
    EXPECT_EQ(last.find("d")->as_integer(), 2000);
    EXPECT_EQ(last.find("wv")->as_string(), "0.25");
    EXPECT_EQ(last.find("pv")->as_string(), "e2e4 <script>");
    EXPECT_EQ(last.find("side")->as_string(), "w");
}

}  // namespace
}  // namespace arbiter
