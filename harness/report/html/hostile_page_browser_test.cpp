// A page no text can break: a database whose engine names (given and their own), opening names,
// event, termination texts (engine output) and node-run description hold every text that can end or
// bend HTML or a script element (`<!--`, `<script`, `</script>`, `]]>`, quotes, NUL, U+2028/2029,
// 10 kB strings) is written by `arbiter report` and opened in headless Chromium by check_page.js.
// Every game must be a row, every engine a standing, and the texts must read back as they were
// stored. The database is written through the store, as no command line can carry a NUL byte.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "engines/core/board.h"
#include "harness/config/json.h"
#include "harness/report/html/browser_test_support.h"
#include "harness/store/store.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

using namespace std::string_literals;

constexpr const char* START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Each text that could end an element, open a comment or a CDATA section, or end a line of script.
const std::vector<std::string> HOSTILE = {
    "Sicilian <!--<script>",
    "x]]></script><script>document.body.dataset.injected='yes'</script>",
    "nul\0byte"s,
    "line\u2028separator\u2029paragraph",
    std::string(10000, 'w') + "<!--",
    "<svg onload=\"document.title='injected'\">&amp;'\\",
};

// How the browser shows a stored text: a NUL byte as U+FFFD (the page writes it so).
std::string shown(std::string text) {
    for (std::size_t at = 0; (at = text.find('\0', at)) != std::string::npos;)
        text.replace(at, 1, "\uFFFD");
    return text;
}

// A short legal game of `kind` (0: Black mates, 1: a draw, 2: White loses on time) whose move
// comments and termination text are hostile.
GameRecord hostile_game(TournamentId tournament, std::int64_t slot, EngineId white, EngineId black,
                        OpeningId opening, int kind, const std::string& text) {
    static const std::vector<std::vector<std::pair<std::string, std::string>>> MOVES = {
        {{"f2f3", "f3"}, {"e7e5", "e5"}, {"g2g4", "g4"}, {"d8h4", "Qh4#"}},
        {{"g1f3", "Nf3"}, {"g8f6", "Nf6"}, {"f3g1", "Ng1"}, {"f6g8", "Ng8"}},
        {{"e2e4", "e4"}}};
    static const std::pair<const char*, Termination> ENDS[] = {
        {"0-1", Termination::checkmate},
        {"1/2-1/2", Termination::adjudication_draw},
        {"0-1", Termination::time_forfeit}};
    GameRecord g;
    g.tournament_id = tournament;
    g.slot = {slot, 0, int(slot / 2), int(slot % 3), int(slot % 2)};
    g.white_engine_id = white;
    g.black_engine_id = black;
    g.opening_id = opening;
    g.start_fen = START;
    g.result.outcome = *parse_outcome(ENDS[kind].first);
    g.result.termination = ENDS[kind].second;
    g.result.description = text;
    int ply = 0;
    for (const auto& [uci, san] : MOVES[std::size_t(kind)]) {
        MoveRecord m;
        m.ply = ++ply;
        m.uci = uci;
        m.san = san;
        m.time_ms = 10 * ply;
        m.depth = ply;
        m.nodes = 100 * ply;
        m.score = Score::from_centipawns(7 * ply);
        m.pv = uci;
        m.comment = text;
        m.info_lines = {text};
        g.moves.push_back(m);
    }
    return g;
}

class HostilePage : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        if (!fs::exists(browser::CHROMIUM)) return;
        dir = fs::path(BROWSER_TEST_FOLDER) / ("hostile-" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir);
        const std::string db = (dir / "hostile.sqlite").string();
        const fs::path page = dir / "hostile.html";
        // Step 1. Six engines named by the hostile texts, every ordered pair playing one game
        // from an opening with a hostile name, ending with a hostile text.
        {
            Store store = Store::open(db);
            std::vector<EngineId> engines;
            for (const std::string& name : HOSTILE) {
                engines.push_back(store.get_or_create_engine(
                    {name, "/bin/true", {}, "", {}, std::string(64, 'a')}));
                // What the engine says of itself (its `id name` and `id author`) is hostile too.
                store.set_engine_own_identity(engines.back(),
                                              {HOSTILE[engines.size() % HOSTILE.size()],
                                               HOSTILE[(engines.size() + 1) % HOSTILE.size()],
                                               HOSTILE[(engines.size() + 2) % HOSTILE.size()]});
            }
            json::Value config{json::Object{}};
            config.set("event", HOSTILE[0] + HOSTILE[2] + HOSTILE[3]);
            event = HOSTILE[0] + HOSTILE[2] + HOSTILE[3];
            const TournamentId t = store.get_or_create_tournament("hostile", config.dump());
            std::vector<OpeningId> openings;
            for (std::size_t i = 0; i < HOSTILE.size(); ++i)
                openings.push_back(
                    store.get_or_create_opening({int(i), "hostile.epd", START, {}, HOSTILE[i]}));
            std::int64_t slot = 0;
            for (std::size_t w = 0; w < engines.size(); ++w)
                for (std::size_t b = 0; b < engines.size(); ++b) {
                    if (w == b) continue;
                    const std::size_t text = std::size_t(slot) % HOSTILE.size();
                    ids.insert(store.record_game(hostile_game(t, slot, engines[w], engines[b],
                                                              openings[text], int(slot % 3),
                                                              HOSTILE[text])));
                    ++slot;
                }
            first_game = *ids.begin();
            viewed = store.load_game(first_game);
            // Step 2. A node run with a hostile description, for the node-count chart's labels.
            const NodeRunId run = store.begin_node_run(HOSTILE[1] + HOSTILE[2]);
            for (std::size_t e = 0; e < engines.size(); ++e) {
                NodeCountRecord count;
                count.engine_id = engines[e];
                count.fen = START;
                count.depth = 1;
                count.nodes = 20 + std::int64_t(e);
                count.bestmove = "e2e4";
                store.record_node_count(run, count);
            }
        }
        // Step 3. The page, then the browser.
        browser::RunResult r = browser::run(std::string(ARBITER_PATH) + " report --db " + db +
                                            " --out " + page.string() + " --bootstrap 20");
        if (r.exit_code != 0) {
            setup_error = "report failed:\n" + r.output;
            return;
        }
        try {
            seen = browser::check_page(page, dir, first_game);
        } catch (const std::exception& e) {
            setup_error = e.what();
        }
    }
    static void TearDownTestSuite() {
        if (!dir.empty() && !std::getenv("ARBITER_KEEP_BROWSER_TEST")) fs::remove_all(dir);
    }
    void SetUp() override {
        if (!fs::exists(browser::CHROMIUM)) {
            if (std::getenv("CI")) FAIL() << browser::CHROMIUM << " is missing: run scripts/setup";
            GTEST_SKIP() << browser::CHROMIUM << " is not installed (scripts/setup installs it)";
        }
        ASSERT_TRUE(setup_error.empty()) << setup_error;
    }
    const json::Value& saw(std::string_view key) { return browser::reported(seen, key); }

    static inline fs::path dir;
    static inline std::string setup_error, event;
    static inline std::set<GameId> ids;
    static inline GameId first_game = 0;
    static inline GameRecord viewed;
    static inline json::Value seen;
};

TEST_F(HostilePage, ShowsEveryGameAsARow) {
    ASSERT_EQ(ids.size(), 30u);
    std::set<GameId> listed;
    for (const auto& id : saw("games").as_array()) listed.insert(id.as_integer());
    EXPECT_EQ(listed, ids);
    EXPECT_EQ(saw("games").as_array().size(), ids.size());  // each once
}

TEST_F(HostilePage, ShowsEveryEngineAndPairWithTheirNames) {
    std::set<std::string> expected, standings;
    for (const std::string& name : HOSTILE) expected.insert(shown(name));
    for (const auto& name : saw("standings").as_array()) standings.insert(name.as_string());
    EXPECT_EQ(standings, expected);
    EXPECT_EQ(saw("standings").as_array().size(), HOSTILE.size());
    EXPECT_EQ(saw("crosstable").as_array().size(), HOSTILE.size() * (HOSTILE.size() - 1));
}

TEST_F(HostilePage, RunsOnlyItsOwnScriptsAndLogsNoError) {
    EXPECT_EQ(saw("scripts").as_integer(), 3);  // the game list, the positions, the page's script
    EXPECT_TRUE(saw("console_errors").as_array().empty()) << saw("console_errors").dump();
    EXPECT_TRUE(saw("requests").as_array().empty()) << saw("requests").dump();
    EXPECT_EQ(saw("heading").as_string(), shown(event));
    EXPECT_EQ(saw("charts").as_integer(), 7);  // the labels of every chart hold the names too
    EXPECT_LE(saw("phone_overflow").as_number(), 0) << "a 10 kB name widens the page on a phone";
}

TEST_F(HostilePage, ViewerShowsTheGameWithItsNamesAsStored) {
    Store store = Store::open((dir / "hostile.sqlite").string(), Store::Access::read_only);
    const std::string white = store.load_engine(viewed.white_engine_id).name;
    const std::string black = store.load_engine(viewed.black_engine_id).name;
    EXPECT_EQ(saw("viewer_title").as_string(), "Game " + std::to_string(first_game) + ": " + white +
                                                   " \u2013 " + black + " " +
                                                   std::string(to_pgn(viewed.result.outcome)) +
                                                   " (" + viewed.result.description + ")");
    EXPECT_EQ(saw("viewer_plies").as_integer(), std::int64_t(viewed.moves.size()));
    Board board;
    ASSERT_TRUE(board.set(START).empty());
    for (const auto& move : viewed.moves) ASSERT_TRUE(board.play_uci(move.uci)) << move.uci;
    EXPECT_EQ(saw("viewer_final_fen").as_string(), board.fen());
}

}  // namespace
}  // namespace arbiter
