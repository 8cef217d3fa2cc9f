// The live page in a real browser while a run plays: `arbiter tournament --live 127.0.0.1:0`
// plays three mock engines (one named `<script>alert(1)</script>`, whose `id name`, PV and info
// strings are markup too) two games at a time, watch_live.js watches the page in headless
// Chromium, and this test polls /live.pgn meanwhile. The page must show games in progress whose
// move counts grow, follow the game clicked, take in the standings as games end, end as the final
// report, never run an engine's text as markup; every /live.pgn sample must be PGN that
// pgn-extract reads whole, its games in progress marked "*" with [%clk] and [%eval] on the moves.
// `arbiter serve` on a database that another arbiter fills shows the same, and a bad --live is
// refused before anything is played.
#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <chrono>
#include <filesystem>
#include <regex>
#include <thread>

#include "harness/report/html/browser_test_support.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;
using namespace browser;

// `arbiter ...` started in the background; its standard error goes to a file.
struct Background {
    fs::path err;
    int pid = 0;

    Background(const std::string& command, const fs::path& dir, const std::string& name)
        : err(dir / (name + ".err")) {
        const fs::path pid_file = dir / (name + ".pid");
        run(command + " > " + (dir / (name + ".out")).string() + " 2> " + err.string() +
            " & echo $! > " + pid_file.string());
        pid = std::stoi(read_file(pid_file));
    }
    // The URL the program printed ("... live at http://127.0.0.1:PORT/"), within 60 s.
    std::string url() const {
        const std::regex printed(R"(live at http://[0-9.]+:(\d+)/)");
        for (int i = 0; i < 600; ++i) {
            std::smatch m;
            const std::string text = read_file(err);
            if (std::regex_search(text, m, printed)) return "http://127.0.0.1:" + m[1].str() + "/";
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        throw std::runtime_error("no live URL printed:\n" + read_file(err));
    }
    bool running() const { return ::kill(pid, 0) == 0; }
    // Waits for the program to end (at most `seconds`).
    void wait(int seconds) const {
        for (int i = 0; i < seconds * 10 && running(); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
};

// One GET over loopback; the body of the answer ("" if the server cannot be reached).
std::string get(const std::string& url, const std::string& path) {
    namespace net = boost::asio;
    const std::string port = url.substr(url.rfind(':') + 1, url.size() - url.rfind(':') - 2);
    try {
        net::io_context io;
        net::ip::tcp::socket socket(io);
        socket.connect(
            {net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(std::stoi(port))});
        net::write(socket, net::buffer("GET " + path +
                                       " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
        std::string answer;
        boost::system::error_code error;
        char buffer[8192];
        for (std::size_t n; (n = socket.read_some(net::buffer(buffer), error)) > 0 || !error;)
            answer.append(buffer, n);
        const std::size_t body = answer.find("\r\n\r\n");
        return body == std::string::npos ? "" : answer.substr(body + 4);
    } catch (const std::exception&) {
        return "";
    }
}

// What pgn-extract makes of a PGN file: the games it matched (it exits 0 even on a bad game).
int pgn_extract_games(const fs::path& file, std::string& output) {
    RunResult r = run("pgn-extract -o /dev/null " + file.string());
    output = r.output;
    std::smatch m;
    if (!std::regex_search(r.output, m, std::regex(R"((\d+) games? matched)"))) return -1;
    return std::stoi(m[1]);
}

const std::string HOSTILE_NAME = "<script>alert(1)</script>";

std::string mock_engines() {
    const std::string mock = std::string(",cmd=") + MOCK_ENGINE_PATH + ",arg=--think,arg=40";
    return " --engine 'name=" + HOSTILE_NAME + mock +
           ",arg=--name,arg=<script>alert(2)</script>,arg=--info-text,arg=<img src=x "
           "onerror=alert(3)>'"
           " --engine name=walker" +
           mock + ",arg=--seed,arg=3 --engine name=runner" + mock + ",arg=--seed,arg=5";
}

class LiveBrowser : public ::testing::Test {
  protected:
    void SetUp() override {
        ASSERT_TRUE(fs::exists(CHROMIUM)) << CHROMIUM << " is missing: scripts/setup installs it";
        dir = fs::path(LIVE_TEST_FOLDER) /
              ("run-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
    }

    // Watches `url` in the browser while polling /live.pgn every half second; returns what the
    // browser saw. The PGN samples are kept in dir/pgn-N.pgn.
    json::Value watch(const std::string& url, int seconds) {
        std::atomic<bool> done{false};
        std::thread poller([&] {
            for (int n = 0; !done; ++n) {
                const std::string pgn = get(url, "/live.pgn");
                if (!pgn.empty()) {
                    std::ofstream(dir / ("pgn-" + std::to_string(n) + ".pgn")) << pgn;
                    ++pgn_samples;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(500));
            }
        });
        const fs::path out = dir / "watched.json";
        RunResult r = run("CHECK_PAGE_SCRIPT=" + std::string(CHECK_PAGE_SCRIPT) + " node " +
                          std::string(WATCH_LIVE_SCRIPT) + " --url " + url + " --out " +
                          out.string() + " --shots " + (dir / "shots").string() + " --seconds " +
                          std::to_string(seconds) + " --chromium " + CHROMIUM);
        done = true;
        poller.join();
        if (r.exit_code != 0) throw std::runtime_error("watch_live.js failed:\n" + r.output);
        return json::parse(read_file(out));
    }

    // The browser's samples, checked as the issue asks: moves appear on boards during the run.
    void expect_live_page(const json::Value& seen, bool expect_end) {
        const auto& samples = reported(seen, "samples").as_array();
        ASSERT_GT(samples.size(), 4u);
        EXPECT_EQ(reported(seen, "console_errors").as_array().size(), 0u)
            << reported(seen, "console_errors").dump();
        EXPECT_EQ(reported(seen, "dialogs").as_array().size(), 0u)
            << reported(seen, "dialogs").dump();
        // Some game's ply count grows from one sample to a later one while it is in progress.
        std::map<std::int64_t, std::int64_t> first_plies;
        bool grew = false, two_at_once = false, hostile_as_text = false, clocks_shown = false;
        std::int64_t most_done = 0;
        for (const auto& sample : samples) {
            std::size_t playing = 0;
            for (const auto& card : sample.find("cards")->as_array()) {
                const std::int64_t game = card.find("game")->as_integer();
                const std::int64_t plies = card.find("plies")->as_integer();
                if (!card.find("over")->as_bool()) {
                    ++playing;
                    auto [it, fresh] = first_plies.emplace(game, plies);
                    grew = grew || (!fresh && plies > it->second);
                }
                EXPECT_GT(card.find("board_pieces")->as_integer(), 1);
                const std::string title = card.find("title")->as_string();
                hostile_as_text = hostile_as_text || title.find(HOSTILE_NAME) != std::string::npos;
                const std::string clock = card.find("clocks")->as_array()[0].as_string();
                clocks_shown = clocks_shown || std::regex_search(clock, std::regex(R"(\d:\d\d)"));
            }
            two_at_once = two_at_once || playing >= 2;
            EXPECT_EQ(sample.find("injected")->as_integer(), 0);
            const std::string progress = sample.find("progress")->as_string();
            std::smatch m;
            if (std::regex_search(progress, m, std::regex(R"((\d+) of (\d+) games played)")))
                most_done = std::max<std::int64_t>(most_done, std::stoll(m[1]));
        }
        EXPECT_TRUE(grew) << "no game's move count grew on the page";
        EXPECT_TRUE(two_at_once) << "never two games in progress on the page";
        EXPECT_TRUE(hostile_as_text) << "the hostile name is not shown as text";
        EXPECT_TRUE(clocks_shown);
        EXPECT_GT(most_done, 0);
        // A click on a game in progress puts it on the big board.
        ASSERT_TRUE(seen.find("clicked"));
        EXPECT_EQ(seen.find("followed_after_click")->as_integer(),
                  seen.find("clicked")->as_integer());
        // The standings came in as games ended: the report's game list filled during the run.
        std::int64_t first_rows = -1, last_rows = 0, versions = 0;
        for (const auto& sample : samples) {
            if (first_rows < 0) first_rows = sample.find("game_rows")->as_integer();
            last_rows = sample.find("game_rows")->as_integer();
            versions = std::max(versions, sample.find("page_version")->as_integer());
        }
        EXPECT_GT(last_rows, first_rows);
        EXPECT_GT(versions, 0);
        if (expect_end) {
            const std::string status = samples.back().find("status")->as_string();
            EXPECT_NE(status.find("final report"), std::string::npos) << status;
            EXPECT_NE(samples.back().find("standings")->as_string().find(HOSTILE_NAME),
                      std::string::npos);
        }
    }

    // Every /live.pgn sample is PGN pgn-extract reads whole; the games in progress end in "*"
    // and their moves carry [%clk] and [%eval].
    void expect_live_pgn() {
        ASSERT_GT(pgn_samples.load(), 3);
        int with_game_in_progress = 0;
        for (const auto& entry : fs::directory_iterator(dir)) {
            if (entry.path().extension() != ".pgn") continue;
            const std::string pgn = read_file(entry.path());
            const std::regex event(R"(\[Event )");
            const auto games =
                std::distance(std::sregex_iterator(pgn.begin(), pgn.end(), event), {});
            std::string said;
            EXPECT_EQ(pgn_extract_games(entry.path(), said), games) << said << pgn;
            // Every move's comment has its clock (the games are timed).
            const std::regex comment(R"(\{[^}]*\})");
            for (auto it = std::sregex_iterator(pgn.begin(), pgn.end(), comment);
                 it != std::sregex_iterator(); ++it)
                EXPECT_NE(it->str().find("[%clk 0:00:"), std::string::npos) << it->str();
            if (pgn.find("[Result \"*\"]") == std::string::npos) continue;
            with_game_in_progress +=
                pgn.find("[%clk") != std::string::npos && pgn.find("[%eval ") != std::string::npos;
        }
        EXPECT_GT(with_game_in_progress, 0);
    }

    fs::path dir;
    std::atomic<int> pgn_samples{0};
};

TEST_F(LiveBrowser, TournamentLive) {
    const std::string db = (dir / "live.sqlite").string();
    Background run_(std::string(ARBITER_PATH) + " tournament" + mock_engines() +
                        " --openings openings/arbiter-8ply.epd --max-games 12 --maxplies 70"
                        " --tc 30+0.1 --concurrency 2 --bootstrap 50 --live 127.0.0.1:0 --db " +
                        db,
                    dir, "tournament");
    const std::string url = run_.url();
    const json::Value seen = watch(url, 150);
    run_.wait(60);
    EXPECT_FALSE(run_.running());
    expect_live_page(seen, true);
    expect_live_pgn();
    // The events name no engine text as markup either: their JSON escapes < and >.
    EXPECT_FALSE(fs::exists(db + "-live.json")) << "the live file outlived its run";
}

TEST_F(LiveBrowser, ServeFollowsADatabaseAnotherProcessFills) {
    const std::string db = (dir / "served.sqlite").string();
    Background writer(std::string(ARBITER_PATH) + " tournament" + mock_engines() +
                          " --openings openings/arbiter-8ply.epd --max-games 10 --maxplies 70"
                          " --tc 30+0.1 --concurrency 2 --bootstrap 50 --db " +
                          db,
                      dir, "writer");
    for (int i = 0; i < 300 && !fs::exists(db + "-live.json"); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    Background server(
        std::string(ARBITER_PATH) + " serve --bootstrap 50 --listen 127.0.0.1:0 --db " + db, dir,
        "serve");
    const std::string url = server.url();
    // Ten seconds in, while the writer plays on, the server dies: the page says so and keeps
    // the games it showed.
    std::thread killer([&] {
        std::this_thread::sleep_for(std::chrono::seconds(10));
        ::kill(server.pid, SIGKILL);
    });
    const json::Value seen = watch(url, 60);
    killer.join();
    writer.wait(90);
    EXPECT_FALSE(writer.running());
    expect_live_page(seen, false);
    expect_live_pgn();
    const json::Value& last = reported(seen, "samples").as_array().back();
    EXPECT_TRUE(last.find("server_gone")->as_bool());
    EXPECT_NE(last.find("status")->as_string().find("The live server is gone"), std::string::npos);
    EXPECT_FALSE(last.find("cards")->as_array().empty());
    // serve ends on Ctrl-C: a second one on the finished database.
    Background again(std::string(ARBITER_PATH) + " serve --listen 127.0.0.1:0 --db " + db, dir,
                     "serve-again");
    EXPECT_NE(get(again.url(), "/").find("id=\"live\""), std::string::npos);
    ::kill(again.pid, SIGINT);
    again.wait(20);
    EXPECT_FALSE(again.running());
    EXPECT_NE(read_file(again.err).find("the live server stops"), std::string::npos);
}

TEST(LiveRefusals, ABadLiveAddressIsRefusedBeforeAnyGame) {
    const fs::path dir = fs::path(LIVE_TEST_FOLDER) / ("refusals-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string base = std::string(ARBITER_PATH) +
                             " tournament --engine name=a,cmd=" + MOCK_ENGINE_PATH +
                             " --engine name=b,cmd=" + MOCK_ENGINE_PATH +
                             " --depth 1 --openings openings/arbiter-8ply.epd --max-games 2 --db " +
                             (dir / "r.sqlite").string();
    // A port in use: hold one, then ask for it.
    boost::asio::io_context io;
    boost::asio::ip::tcp::acceptor held(io, {boost::asio::ip::make_address("127.0.0.1"), 0});
    const std::string port = std::to_string(held.local_endpoint().port());
    struct Case {
        std::string live, says;
    };
    for (const Case& c :
         {Case{"127.0.0.1:" + port, "in use"}, Case{"1.2.3:80", "'1.2.3' is not an IP address"},
          Case{"127.0.0.1:70000", "the port must be from 0 to 65535"},
          Case{"192.0.2.1:8080", "cannot listen on 192.0.2.1:8080"}}) {
        RunResult r = run(base + " --live " + c.live);
        EXPECT_NE(r.exit_code, 0) << c.live;
        EXPECT_NE(r.output.find(c.says), std::string::npos) << c.live << "\n" << r.output;
        EXPECT_FALSE(fs::exists(dir / "r.sqlite")) << c.live << ": a game was played";
    }
    if (::geteuid() != 0) {
        RunResult r = run(base + " --live 127.0.0.1:80");
        EXPECT_NE(r.output.find("below 1024"), std::string::npos) << r.output;
    }
}

TEST(LiveDoors, TheDialectServesWithLive) {
    const fs::path dir = fs::path(LIVE_TEST_FOLDER) / ("dialect-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string mock = std::string(MOCK_ENGINE_PATH);
    Background run_(std::string(ARBITER_PATH) + " -engine name=a cmd=" + mock +
                        " arg=--think arg=30 -engine name=b cmd=" + mock +
                        " -each depth=1 -openings file=openings/arbiter-8ply.epd format=epd"
                        " -rounds 2 -games 2 -maxmoves 30 -live 127.0.0.1:0 -db " +
                        (dir / "d.sqlite").string(),
                    dir, "dialect");
    const std::string url = run_.url();
    // A game in progress shows in the feed while the match plays.
    bool seen = false;
    for (int i = 0; i < 200 && !seen && run_.running(); ++i) {
        seen = get(url, "/live.pgn").find("[White \"a\"]") != std::string::npos ||
               get(url, "/live.pgn").find("[Black \"a\"]") != std::string::npos;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    EXPECT_TRUE(seen);
    run_.wait(60);
    EXPECT_NE(read_file(run_.err).find("the live server closes"), std::string::npos);
}

// Bound beyond loopback, the page names no local path: not an engine's log in a fault's detail,
// not the database; and standard error says so at start.
TEST(LiveDoors, APublicServerShowsNoLocalPath) {
    const fs::path dir = fs::path(LIVE_TEST_FOLDER) / ("public-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string db = (dir / "p.sqlite").string();
    const std::string mock = std::string(",cmd=") + MOCK_ENGINE_PATH;
    RunResult t =
        run(std::string(ARBITER_PATH) + " tournament --engine name=honest" + mock +
            " --engine name=cheat" + mock + ",arg=--illegal-at,arg=2 --depth 1" +
            " --openings openings/arbiter-8ply.epd --max-games 2 --maxplies 20 --db " + db);
    ASSERT_EQ(t.exit_code, 0) << t.output;
    for (const std::string& listen : {std::string("127.0.0.1:0"), std::string("0.0.0.0:0")}) {
        Background server(
            std::string(ARBITER_PATH) + " serve --bootstrap 20 --listen " + listen + " --db " + db,
            dir, "serve-" + listen.substr(0, 3));
        const std::string url = server.url() == "" ? "" : server.url();
        std::string page;
        for (int i = 0; i < 100 && page.find("id=\"standings\"") == std::string::npos; ++i) {
            page = get(url, "/");
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        ::kill(server.pid, SIGINT);
        server.wait(20);
        ASSERT_NE(page.find("id=\"standings\""), std::string::npos) << page.substr(0, 500);
        const bool loopback = listen.starts_with("127.");
        // The log folder beside the database is named in the cheat's fault, on loopback only.
        EXPECT_EQ(page.find((dir / "logs").string()) != std::string::npos, loopback) << listen;
        EXPECT_EQ(page.find(dir.string()) != std::string::npos, loopback) << listen;
        EXPECT_EQ(read_file(server.err).find("beyond this machine") != std::string::npos,
                  !loopback);
    }
}

// A live file that a killed run left (not rewritten for 15 s) shows no game in play; a fresh one
// does.
TEST(LiveDoors, ServeIgnoresALiveFileLeftByADeadRun) {
    const fs::path dir = fs::path(LIVE_TEST_FOLDER) / ("stale-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string db = (dir / "s.sqlite").string();
    const std::string mock = std::string(",cmd=") + MOCK_ENGINE_PATH;
    RunResult t =
        run(std::string(ARBITER_PATH) + " tournament --engine name=a" + mock + " --engine name=b" +
            mock + " --depth 1 --openings openings/arbiter-8ply.epd" +
            " --max-games 2 --maxplies 10 --db " + db);
    ASSERT_EQ(t.exit_code, 0) << t.output;
    auto live_file = [&](std::int64_t written_ms) {
        std::ofstream(db + "-live.json")
            << R"({"event":"left","names":["a","b"],"games":[{"g":7,"round":1,"white":"a",)"
            << R"("black":"b","start_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",)"
            << R"("result":"*","moves":[]}],"written_ms":)" << written_ms << "}";
    };
    live_file(1000);  // 1970
    Background server(std::string(ARBITER_PATH) + " serve --listen 127.0.0.1:0 --db " + db, dir,
                      "serve");
    const std::string url = server.url();
    std::this_thread::sleep_for(std::chrono::milliseconds(800));
    EXPECT_EQ(get(url, "/live.pgn").find("[White \"a\"]"), std::string::npos);
    const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::system_clock::now().time_since_epoch());
    live_file(now.count());
    std::string pgn;
    for (int i = 0; i < 40 && pgn.find("[White \"a\"]") == std::string::npos; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        pgn = get(url, "/live.pgn");
    }
    EXPECT_NE(pgn.find("[Round \"1.7\"]"), std::string::npos) << pgn;
    ::kill(server.pid, SIGINT);
    server.wait(20);
}

}  // namespace
}  // namespace arbiter
