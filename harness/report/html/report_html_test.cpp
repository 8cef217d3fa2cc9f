// The HTML report without a browser: what collect_report reads from a small database, the FENs
// the chess core supplies, the page being self-contained and escaped, and the atomic write.
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "harness/config/json.h"
#include "harness/report/html/page.h"
#include "harness/report/html/report_data.h"
#include "harness/report/rating_output.h"
#include "harness/testing/run_program.h"

namespace arbiter::html {
namespace {

namespace fs = std::filesystem;

constexpr const char* START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

GameRecord game(TournamentId tournament, std::int64_t slot, EngineId white, EngineId black,
                std::optional<OpeningId> opening,
                std::vector<std::pair<std::string, std::string>> moves, std::string result,
                Termination termination, std::string text) {
    GameRecord g;
    g.tournament_id = tournament;
    g.slot = {slot, 0, int(slot / 2), 0, int(slot % 2)};
    g.white_engine_id = white;
    g.black_engine_id = black;
    g.opening_id = opening;
    g.start_fen = START;
    g.result.outcome = *parse_outcome(result);
    g.result.termination = termination;
    g.result.description = std::move(text);
    int ply = 0;
    for (auto& [uci, san] : moves) {
        MoveRecord m;
        m.ply = ++ply;
        m.uci = uci;
        m.san = san;
        m.time_ms = 10 * ply;
        m.depth = ply;
        m.nodes = 100 * ply;
        m.score = Score::from_centipawns(5 * ply);
        g.moves.push_back(m);
    }
    return g;
}

// Three engines, five games: a mate, draws, a time loss and a win, and one odd engine name.
class Report : public ::testing::Test {
  protected:
    void SetUp() override {
        auto engine = [&](const std::string& name) {
            return store.get_or_create_engine(
                {name, "/bin/" + name, {}, "", {}, std::string(64, 'a')});
        };
        a = engine("alpha");
        b = engine("beta");
        c = engine("gamma</script><b>");
        store.set_engine_own_identity(a, {"Alpha 2.0 <b>", "A. Author", ""});
        t = store.get_or_create_tournament("key", R"({"event":"Unit cup","nodes":100})");
        OpeningId open = store.get_or_create_opening({0, "suite.epd", START, {}, "Start"});
        ids.push_back(store.record_game(game(
            t, 0, a, b, open, {{"f2f3", "f3"}, {"e7e5", "e5"}, {"g2g4", "g4"}, {"d8h4", "Qh4#"}},
            "0-1", Termination::checkmate, "Black mates")));
        ids.push_back(store.record_game(game(
            t, 1, b, a, open, {{"g1f3", "Nf3"}, {"g8f6", "Nf6"}, {"f3g1", "Ng1"}, {"f6g8", "Ng8"}},
            "1/2-1/2", Termination::adjudication_draw, "Draw by adjudication")));
        ids.push_back(store.record_game(game(t, 2, c, b, open, {{"e2e4", "e4"}}, "0-1",
                                             Termination::time_forfeit, "White loses on time")));
        ids.push_back(
            store.record_game(game(t, 3, a, c, open, {{"d2d4", "d4"}, {"d7d5", "d5"}}, "1-0",
                                   Termination::adjudication_resign, "Black resigns")));
        ids.push_back(store.record_game(game(t, 4, c, a, open, {{"e2e3", "e3"}, {"e7e6", "e6"}},
                                             "1/2-1/2", Termination::max_plies, "Draw")));
    }
    Store store = Store::open(":memory:");
    EngineId a = 0, b = 0, c = 0;
    TournamentId t = 0;
    std::vector<GameId> ids;
};

std::string inflate_base64(const std::string& text) {
    std::string bytes;
    int bits = 0, value = 0;
    for (char ch : text) {
        auto at = std::string("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
                      .find(ch);
        if (at == std::string::npos) continue;
        value = (value << 6) | int(at), bits += 6;
        if (bits >= 8) bits -= 8, bytes += char((value >> bits) & 255);
    }
    std::string out(1 << 20, '\0');
    uLongf size = out.size();
    if (uncompress(reinterpret_cast<Bytef*>(out.data()), &size,
                   reinterpret_cast<const Bytef*>(bytes.data()), uLong(bytes.size())) != Z_OK)
        return "not zlib data";
    out.resize(size);
    return out;
}

TEST(Fens, ComeFromTheChessCoreAfterEachPly) {
    GameRecord g = game(1, 0, 1, 2, std::nullopt,
                        {{"f2f3", "f3"}, {"e7e5", "e5"}, {"g2g4", "g4"}, {"d8h4", "Qh4#"}}, "0-1",
                        Termination::checkmate, "Black mates");
    auto fens = fens_after_each_ply(g, 7);
    ASSERT_EQ(fens.size(), 4u);
    EXPECT_EQ(fens[0], "rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(fens[3], "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    g.moves[2].uci = "g2g5";
    try {
        fens_after_each_ply(g, 7);
        FAIL() << "an illegal stored move must be reported";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "game 7, ply 3: g2g5 is not legal");
    }
}

TEST(Fens, DrawChess960CastlingWithKingAndRookWhereTheyEnd) {
    // From the standard position under Chess960 (castling stored as e1h1), and from a start
    // where the king on b1 castles long towards the rook on a1.
    GameRecord g = game(1, 0, 1, 2, std::nullopt,
                        {{"g1f3", "Nf3"},
                         {"g8f6", "Nf6"},
                         {"e2e3", "e3"},
                         {"e7e6", "e6"},
                         {"f1e2", "Be2"},
                         {"f8e7", "Be7"},
                         {"e1h1", "O-O"},
                         {"e8h8", "O-O"}},
                        "1/2-1/2", Termination::adjudication_draw, "Draw by adjudication");
    auto fens = fens_after_each_ply(g, 7);
    ASSERT_EQ(fens.size(), 8u);
    EXPECT_EQ(fens[7], "rnbq1rk1/ppppbppp/4pn2/8/8/4PN2/PPPPBPPP/RNBQ1RK1 w - - 4 5");
    g.start_fen = "rk2qb1r/pppppppp/8/8/8/8/PPPPPPPP/RK2QB1R w HAha - 0 1";
    g.moves.resize(1);
    g.moves[0].uci = "b1a1";
    EXPECT_EQ(fens_after_each_ply(g, 7)[0], "rk2qb1r/pppppppp/8/8/8/8/PPPPPPPP/2KRQB1R b ha - 1 1");
}

TEST_F(Report, CollectsStandingsCrosstableTerminationsAndOpenings) {
    ReportData data = collect_report(store, {});
    EXPECT_EQ(data.event, "Unit cup");
    EXPECT_EQ(data.limits, "nodes 100");
    ASSERT_EQ(data.names, (std::vector<std::string>{"alpha", "beta", "gamma</script><b>"}));
    ASSERT_EQ(data.games.size(), 5u);
    ASSERT_TRUE(data.ratings);
    // beta: 2.5 of 3, alpha 2 of 4, gamma 0.5 of 3.
    EXPECT_EQ(data.order, (std::vector<int>{1, 0, 2}));
    EXPECT_EQ(data.cross[1][0], (WdlCounts{1, 1, 0}));
    EXPECT_EQ(data.cross[0][2], (WdlCounts{1, 1, 0}));
    EXPECT_EQ(data.cross[2][1], (WdlCounts{0, 0, 1}));
    EXPECT_EQ(data.terminations[2].at("time-forfeit"), 1);
    // A fault is counted in the row of the engine that made it, not in its opponent's.
    EXPECT_EQ(data.terminations[1].count("time-forfeit"), 0u);
    EXPECT_EQ(data.faults[2].at("time-forfeit"), 1);  // against the engine that lost on time
    EXPECT_TRUE(data.faults[1].empty());
    ASSERT_EQ(data.openings.size(), 1u);
    EXPECT_EQ(data.openings[0].name, "Start");
    EXPECT_EQ(data.openings[0].games, 5);
    EXPECT_DOUBLE_EQ(data.openings[0].white_points, 2.0);
    EXPECT_TRUE(data.openings[0].unbalanced);  // White scored 40%
    // One opening is one line, not a table of one row.
    const std::string page = render_page(data);
    EXPECT_NE(page.find("<p id=\"one-opening\">Every game started from Start; White scored 40.0% "
                        "over 5 games.</p>"),
              std::string::npos);
    EXPECT_EQ(page.find("openings-table"), std::string::npos);
    // Phases: every move here is in moves 1-10; alpha chose plies 1 and 3 of game 1 (depths 1
    // and 3), plies 2 and 4 of game 2 (depths 2 and 4), ply 1 of game 4 (depth 1) and ply 2 of
    // game 5 (depth 2).
    EXPECT_EQ(data.phases[0][0].moves, 6);
    EXPECT_DOUBLE_EQ(data.phases[0][0].depth_sum, 13);
    ASSERT_EQ(data.viewer_games.size(), 5u);
    EXPECT_EQ(data.viewer_games[0].fens.back(),
              "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    EXPECT_FALSE(data.viewer_sampled);
}

TEST_F(Report, PageIsSelfContainedEscapedAndHoldsEveryGame) {
    std::string page = render_page(collect_report(store, {}));
    for (const char* outside : {"http:", "https:", "<link", " src=", "@import", "url("})
        EXPECT_EQ(page.find(outside), std::string::npos) << outside;
    EXPECT_EQ(page.find("</script><b>"), std::string::npos);
    EXPECT_NE(page.find("gamma&lt;/script&gt;&lt;b&gt;"), std::string::npos);
    // Standings rows in rating order.
    auto beta = page.find("<tr data-engine=\"beta\">");
    auto alpha = page.find("<tr data-engine=\"alpha\">");
    auto gamma = page.find("<tr data-engine=\"gamma&lt;/script&gt;&lt;b&gt;\">");
    ASSERT_NE(gamma, std::string::npos);
    EXPECT_LT(beta, alpha);
    EXPECT_LT(alpha, gamma);
    // The name and author an engine gave itself, under the given name.
    EXPECT_NE(page.find("<th scope=\"row\">alpha<br><small class=\"own-name\">Alpha 2.0 &lt;b&gt; "
                        "by A. Author</small></th>"),
              std::string::npos);
    // The game list and each game's compressed positions.
    std::smatch list;
    ASSERT_TRUE(std::regex_search(page, list, std::regex(R"(id="game-list">(.*?)</script>)")));
    json::Value games = json::parse(list[1].str());
    ASSERT_EQ(games.as_array().size(), 5u);
    for (std::size_t i = 0; i < 5; ++i)
        EXPECT_EQ(games.as_array()[i].as_array()[0].as_integer(), ids[i]);
    std::smatch plies;
    ASSERT_TRUE(std::regex_search(page, plies, std::regex(R"(id="game-plies">(.*?)</script>)")));
    json::Value viewer = json::parse(plies[1].str());
    json::Value first =
        json::parse(inflate_base64(viewer.find(std::to_string(ids[0]))->as_string()));
    EXPECT_EQ(first.find("f")->as_array().front().as_string(), START);
    EXPECT_EQ(first.find("f")->as_array().back().as_string(),
              "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    EXPECT_EQ(first.find("m")->as_array()[3].dump(), R"(["Qh4#","d8h4","+0.20",4,400,40,false])");
    // The fault links to its game.
    EXPECT_NE(page.find("<a href=\"#game-" + std::to_string(ids[2]) + "\">"), std::string::npos);
}

// Text in the page's script data can neither end the element nor open a comment in it nor end a
// line of script: `<`, `>`, `&`, U+2028 and U+2029 become JSON escapes, and the value is the same.
TEST(ScriptData, EscapesEveryCharacterTheScriptElementReads) {
    json::Value value{json::Array{}};
    value.push("Sicilian <!--<script>");
    value.push("</script><b>]]>&amp;\u2028\u2029");
    value.push(std::string("nul\0byte", 8));
    const std::string safe = script_data(value.dump());
    for (const char* raw : {"<", ">", "&", "\u2028", "\u2029"})
        EXPECT_EQ(safe.find(raw), std::string::npos) << raw;
    EXPECT_NE(safe.find("Sicilian \\u003c!--\\u003cscript\\u003e"), std::string::npos) << safe;
    EXPECT_NE(safe.find("\\u0026amp;\\u2028\\u2029"), std::string::npos) << safe;
    EXPECT_EQ(json::parse(safe), value);
}

TEST_F(Report, LargeDatabasesGiveTheViewerAnEvenSampleAndSaySo) {
    ReportOptions options;
    options.max_viewer_games = 2;
    ReportData data = collect_report(store, options);
    EXPECT_TRUE(data.viewer_sampled);
    ASSERT_EQ(data.viewer_games.size(), 2u);
    EXPECT_EQ(data.viewer_games[0].id, ids[2]);
    EXPECT_EQ(data.viewer_games[1].id, ids[4]);
    std::string page = render_page(data);
    EXPECT_NE(page.find("holds an even sample of 2 of the 5 games"), std::string::npos);
}

// The clock figures are the referee's clocks stored with the moves: present for engines on their
// own tc= (the tournament has no global one), and counting the engines' own book moves in a period
// as the referee does (White's 1.e4 from its book refilled its 2-move period after its first
// engine move, which no replay of the time control from the moves alone can know).
TEST(Clock, FiguresAreTheRefereesClocksForEnginesWithTheirOwnTimeControl) {
    Store store = Store::open(":memory:");
    EngineId w = store.get_or_create_engine({"w", "/bin/w", {}, "", {}, std::string(64, 'b')});
    EngineId b = store.get_or_create_engine({"b", "/bin/b", {}, "", {}, std::string(64, 'c')});
    TournamentId t = store.get_or_create_tournament(
        "own clocks", R"({"engines":[{"name":"w","tc":"2/1"},{"name":"b","tc":"5+0.05"}]})");
    GameRecord g =
        game(t, 0, w, b, std::nullopt,
             {{"e2e4", "e4"}, {"e7e5", "e5"}, {"g1f3", "Nf3"}, {"b8c6", "Nc6"}, {"f1c4", "Bc4"}},
             "1/2-1/2", Termination::adjudication_draw, "Draw");
    g.moves[0].book = true;  // White's own book: no clock recorded
    const std::int64_t clocks[] = {0, 5000, 1000, 4990, 1970};
    for (std::size_t i = 1; i < g.moves.size(); ++i) g.moves[i].clock_ms = clocks[i];
    store.record_game(g);
    ReportData data = collect_report(store, {});
    EXPECT_TRUE(data.clocked);
    const PhaseStatistics& white = data.phases[0][0];
    EXPECT_EQ(white.clock_moves, 2);
    EXPECT_DOUBLE_EQ(white.clock_left_ms_sum, 1000 + 1970);
    EXPECT_DOUBLE_EQ(white.clock_share_sum, 30.0 / 1000 + 50.0 / 1970);
    const PhaseStatistics& black = data.phases[1][0];
    EXPECT_EQ(black.clock_moves, 2);
    EXPECT_DOUBLE_EQ(black.clock_left_ms_sum, 5000 + 4990);
    EXPECT_DOUBLE_EQ(black.clock_share_sum, 20.0 / 5000 + 40.0 / 4990);
    const std::string page = render_page(data);
    EXPECT_NE(page.find("Share of the clock a move used"), std::string::npos);
    EXPECT_NE(page.find("the clock is the referee's, recorded before each move"),
              std::string::npos);
}

// Issue 41: the clock charts mark the first move of each period of the controls played (an
// engine's own, or the tournament's for an engine without one); a last period with a move count
// repeats up to the charts' last phase.
TEST(Clock, ChartsMarkWhereEachPeriodBegins) {
    Store store = Store::open(":memory:");
    EngineId w = store.get_or_create_engine({"w", "/bin/w", {}, "", {}, std::string(64, 'b')});
    EngineId b = store.get_or_create_engine({"b", "/bin/b", {}, "", {}, std::string(64, 'c')});
    TournamentId t = store.get_or_create_tournament(
        "periods", R"({"engines":[{"name":"w","cmd":"/bin/w","tc":"40/5400+30:1800+30"},)"
                   R"({"name":"b","cmd":"/bin/b"}],)"
                   R"("tc":"30/60"})");
    GameRecord g = game(t, 0, w, b, std::nullopt, {{"e2e4", "e4"}, {"e7e5", "e5"}}, "1/2-1/2",
                        Termination::adjudication_draw, "Draw");
    g.moves[0].clock_ms = 5430000;
    g.moves[1].clock_ms = 60000;
    store.record_game(g);
    ReportData data = collect_report(store, {});
    EXPECT_EQ(data.period_starts,
              (std::vector<std::pair<int, std::string>>{
                  {31, "period 2"}, {41, "period 2"}, {61, "period 3"}, {91, "period 4"}}));
    EXPECT_EQ(data.period_controls, "40/5400+30:1800+30, 30/60");
    EXPECT_NE(render_page(data).find("dashed lines on its charts mark the first move of each "
                                     "period of 40/5400+30:1800+30, 30/60"),
              std::string::npos);
    // A chart draws the marks within its moves, each a dashed line with its label.
    data.phases[0][2].clock_moves = data.phases[0][4].clock_moves = 1;  // moves 21 and 61
    data.phases[0][2].clock_left_ms_sum = data.phases[0][4].clock_left_ms_sum = 1000;
    const std::string page = render_page(data);
    for (const char* label : {">period 2</text>", ">period 3</text>"}) {
        std::size_t first = page.find(label);
        ASSERT_NE(first, std::string::npos) << label;
        EXPECT_NE(page.find(label, first + 1), std::string::npos) << "in both clock charts";
    }
    EXPECT_EQ(page.find(">period 4</text>"), std::string::npos);  // move 91: beyond the moves
}

TEST(Clock, UntimedOrOlderMovesGiveNoClockFigures) {
    Store store = Store::open(":memory:");
    EngineId w = store.get_or_create_engine({"w", "/bin/w", {}, "", {}, std::string(64, 'b')});
    EngineId b = store.get_or_create_engine({"b", "/bin/b", {}, "", {}, std::string(64, 'c')});
    // A global tc, but moves without a stored clock (written before version 6): nothing replayed.
    TournamentId t = store.get_or_create_tournament("timed", R"({"tc":"1+0.1"})");
    store.record_game(game(t, 0, w, b, std::nullopt, {{"e2e4", "e4"}, {"e7e5", "e5"}}, "1/2-1/2",
                           Termination::adjudication_draw, "Draw"));
    ReportData data = collect_report(store, {});
    EXPECT_FALSE(data.clocked);
    EXPECT_EQ(data.phases[0][0].clock_moves, 0);
    EXPECT_EQ(render_page(data).find("Share of the clock a move used"), std::string::npos);
}

// Issue 21, item 4: the page reads the stored configuration as every reader does
// (stored_tournament_config, through tournament_config_from_json), not by a parser of its own: an
// SPRT stored as --sprt text counts, and a member this machine cannot read (tables not here, a
// value this arbiter does not know) leaves the rest readable.
TEST(StoredConfiguration, IsReadAsTheTournamentReadsIt) {
    Store store = Store::open(":memory:");
    TournamentId t = store.get_or_create_tournament(
        "mixed", R"({"event":"Mixed","tb":"/no/such/tables","colours":"sideways","depth":3,)"
                 R"("tc":"40/60+0.5","sprt":"elo0=0,elo1=5"})");
    (void)t;
    ReportData data = collect_report(store, {});
    EXPECT_EQ(data.event, "Mixed");
    EXPECT_EQ(data.limits, "depth 3, tc 40/60+0.5");
    ASSERT_TRUE(data.sprt);
    EXPECT_EQ(data.sprt->elo1, 5);
}

TEST(Match, ShowsPentanomialPairsAndTheLlrAgainstItsBounds) {
    Store store = Store::open(":memory:");
    EngineId x = store.get_or_create_engine({"x", "/bin/x", {}, "", {}, std::string(64, 'd')});
    EngineId y = store.get_or_create_engine({"y", "/bin/y", {}, "", {}, std::string(64, 'e')});
    TournamentId t = store.get_or_create_tournament(
        "sprt", R"({"nodes":10,"sprt":{"elo0":0,"elo1":10,"alpha":0.05,"beta":0.05}})");
    const std::vector<std::pair<std::string, std::string>> moves = {{"e2e4", "e4"}};
    // Pair 0: x wins both; pair 1: x wins one and draws one; pair 2 is incomplete.
    store.record_game(
        game(t, 0, x, y, std::nullopt, moves, "1-0", Termination::adjudication_resign, "r"));
    store.record_game(
        game(t, 1, y, x, std::nullopt, moves, "0-1", Termination::adjudication_resign, "r"));
    store.record_game(
        game(t, 2, x, y, std::nullopt, moves, "1-0", Termination::adjudication_resign, "r"));
    store.record_game(
        game(t, 3, y, x, std::nullopt, moves, "1/2-1/2", Termination::adjudication_draw, "d"));
    store.record_game(
        game(t, 4, x, y, std::nullopt, moves, "1-0", Termination::adjudication_resign, "r"));
    ReportData data = collect_report(store, {});
    ASSERT_TRUE(data.match);
    EXPECT_EQ(data.match->tally.pentanomial.pairs, (std::array<std::int64_t, 5>{0, 0, 0, 1, 1}));
    ASSERT_TRUE(data.sprt);
    ASSERT_EQ(data.llr.size(), 2u);
    Sprt expected(*data.sprt);
    PentanomialCounts totals;
    totals.add_pair(4);
    expected.update(totals);
    EXPECT_EQ(data.llr[0], std::make_pair(std::int64_t(1), expected.llr()));
    totals.add_pair(3);
    expected.update(totals);
    EXPECT_EQ(data.llr[1], std::make_pair(std::int64_t(2), expected.llr()));
    std::string page = render_page(data);
    EXPECT_NE(page.find("id=\"pentanomial-table\""), std::string::npos);
    EXPECT_NE(page.find("<title>SPRT log-likelihood ratio</title>"), std::string::npos);
    EXPECT_NE(page.find("H1 accepted"), std::string::npos);  // the upper bound's label
}

TEST_F(Report, DrawsTheLatestNodeCountRunPerEngine) {
    store.begin_node_run("an older run");
    NodeRunId run = store.begin_node_run("arbiter nodes --depth 1..2");
    auto count = [&](EngineId engine, const char* fen, int depth, std::int64_t nodes) {
        NodeCountRecord r;
        r.engine_id = engine;
        r.fen = fen;
        r.depth = depth;
        r.nodes = nodes;
        r.bestmove = "e2e4";
        store.record_node_count(run, r);
    };
    count(a, START, 1, 20);
    count(a, START, 2, 400);
    count(a, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 2, 30);
    count(b, START, 1, 21);
    ReportData data = collect_report(store, {});
    ASSERT_TRUE(data.node_run);
    EXPECT_EQ(data.node_run->id, run);
    ASSERT_EQ(data.node_series.size(), 2u);
    EXPECT_EQ(data.node_series[0].engine, "alpha");
    EXPECT_EQ(data.node_series[0].nodes_by_depth, (std::map<int, std::int64_t>{{1, 20}, {2, 430}}));
    EXPECT_EQ(data.node_series[0].positions_by_depth.at(2), 2);
    EXPECT_EQ(data.node_series[1].nodes_by_depth, (std::map<int, std::int64_t>{{1, 21}}));
    std::string page = render_page(data);
    EXPECT_NE(page.find("<title>Nodes against depth</title>"), std::string::npos);
    EXPECT_NE(page.find("<td class=\"num\">430</td>"), std::string::npos);
}

TEST(EmptyDatabase, HasNoReportAndAnEmptyTournamentAPageAnyway) {
    Store store = Store::open(":memory:");
    EXPECT_THROW(collect_report(store, {}), std::runtime_error);
    store.get_or_create_tournament("nothing yet", "{}");
    ReportData data = collect_report(store, {});
    EXPECT_TRUE(data.games.empty());
    std::string page = render_page(data);
    EXPECT_NE(page.find("0 games between 0 engines"), std::string::npos);
    EXPECT_NE(page.find("Ratings: "), std::string::npos);
}

// The page and the terminal's ratings table round through one formatter: 12.25, 4.25, 20.25
// and 6.25 are ties in binary, which the page's printf used to round to even ("12.2", "4.2",
// "6.2%") and the terminal away from zero ("12.3", "4.3", "6.3%").
TEST(Numbers, ThePageRoundsAsTheTerminalDoes) {
    RatingResult ratings;
    ratings.games = 8;
    ratings.bootstrap_samples = 10;
    PlayerRating player;
    player.name = "alpha";
    player.elo = 12.25;
    player.interval_95 = RatingInterval{4.25, 20.25};
    player.results = {0, 1, 7};  // 0.5 points out of 8: 6.25%
    ratings.players = {player};
    ReportData data;
    data.ratings = ratings;
    const std::string terminal = format_ratings(ratings, OutputFormat::table);
    const std::string page = standings_section(data);
    EXPECT_NE(terminal.find("12.3"), std::string::npos) << terminal;
    EXPECT_NE(terminal.find("    4.3      20.3"), std::string::npos) << terminal;
    EXPECT_NE(terminal.find("6.3%"), std::string::npos) << terminal;
    EXPECT_NE(page.find("<td class=\"num\">12.3</td>"), std::string::npos) << page;
    EXPECT_NE(page.find("<td class=\"num\">4.3</td><td class=\"num\">20.3</td>"), std::string::npos)
        << page;
    EXPECT_NE(page.find("<td class=\"num\">6.3%</td>"), std::string::npos) << page;
}

// The stylesheet and the script are real files, embedded at build time byte for byte.
TEST(Assets, ThePageHoldsReportCssAndReportJsByteForByte) {
    const std::string css = arbiter_test::read_text(REPORT_CSS_PATH),
                      js = arbiter_test::read_text(REPORT_JS_PATH);
    ASSERT_NE(css.find(":root {"), std::string::npos);
    ASSERT_NE(js.find("'use strict';"), std::string::npos);
    EXPECT_EQ(PAGE_STYLE, css);
    EXPECT_EQ(PAGE_SCRIPT, js);
    const std::string page = render_page(ReportData{});
    EXPECT_NE(page.find("<style>\n" + css + "</style>"), std::string::npos);
    EXPECT_NE(page.find("<script>\n" + js + "</script></body></html>\n"), std::string::npos);
}

TEST(WritePage, ReplacesTheFileAtomically) {
    fs::path dir = fs::temp_directory_path() / ("arbiter-html-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::path page = dir / "sub" / "report.html";
    write_page("old page", page);
    std::ifstream reader(page);  // a browser in the middle of reading the old page
    write_page("new page", page);
    std::stringstream old_text, new_text;
    old_text << reader.rdbuf();
    new_text << std::ifstream(page).rdbuf();
    EXPECT_EQ(old_text.str(), "old page");  // the old file was replaced, not overwritten
    EXPECT_EQ(new_text.str(), "new page");
    EXPECT_EQ(std::distance(fs::directory_iterator(dir / "sub"), fs::directory_iterator{}), 1);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace arbiter::html
