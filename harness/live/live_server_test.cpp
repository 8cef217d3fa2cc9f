// The live server from outside, over loopback sockets: only its four paths are served (a path
// that climbs out is 404, a write method 405), events arrive in order after the snapshot, a
// client that stops reading is dropped while the others go on, the connection over the limit
// gets 503, and addresses it cannot have are refused with the reason.
#include "harness/live/live_server.h"

#include <gtest/gtest.h>

#include <boost/asio.hpp>
#include <thread>

#include "harness/config/values.h"

namespace arbiter {
namespace {

namespace net = boost::asio;
using tcp = net::ip::tcp;

struct Served {
    LiveHub hub{"served", "10+0.1"};
    std::unique_ptr<LiveServer> server;
    unsigned short port = 0;

    explicit Served(LiveServerSettings settings = {}) {
        settings.address.port = 0;
        server = std::make_unique<LiveServer>(
            hub, [] { return std::make_shared<const std::string>("<p>the page</p>"); }, settings);
        hub.set_publish([this](const LiveHub::Event& e) { server->publish(e); });
        const std::string url = server->url();
        port = static_cast<unsigned short>(std::stoi(url.substr(url.rfind(':') + 1)));
    }
};

tcp::socket connect(unsigned short port) {
    static net::io_context io;
    tcp::socket socket(io);
    socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    return socket;
}

// Sends one request and reads the whole answer (the server closes after it).
std::string request(unsigned short port, const std::string& method, const std::string& target) {
    tcp::socket socket = connect(port);
    const std::string text =
        method + " " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    net::write(socket, net::buffer(text));
    std::string answer;
    boost::system::error_code error;
    char buffer[4096];
    for (std::size_t n; (n = socket.read_some(net::buffer(buffer), error)) > 0 || !error;)
        answer.append(buffer, n);
    return answer;
}

// Reads from `socket` until `text` has arrived (or `seconds` pass); returns what was read.
std::string read_until(tcp::socket& socket, const std::string& text, double seconds = 10) {
    std::string got;
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    socket.non_blocking(true);
    char buffer[8192];
    while (got.find(text) == std::string::npos && std::chrono::steady_clock::now() < until) {
        boost::system::error_code error;
        const std::size_t n = socket.read_some(net::buffer(buffer), error);
        if (error == net::error::would_block) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            continue;
        }
        if (error) break;
        got.append(buffer, n);
    }
    return got;
}

TEST(LiveServer, ServesItsPathsAndNothingElse) {
    Served served;
    EXPECT_NE(request(served.port, "GET", "/").find("<p>the page</p>"), std::string::npos);
    EXPECT_EQ(request(served.port, "GET", "/live.pgn").rfind("HTTP/1.1 200", 0), 0u);
    EXPECT_NE(request(served.port, "GET", "/live.json").find("\"event\":\"served\""),
              std::string::npos);
    for (const char* path : {"/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2fetc/passwd",
                             "//etc/passwd", "/index.html/../../x", "/events/../../etc/passwd",
                             "/live.pgn%00", "/report.css", "/favicon.ico"}) {
        const std::string answer = request(served.port, "GET", path);
        EXPECT_EQ(answer.rfind("HTTP/1.1 404", 0), 0u) << path << "\n" << answer;
        EXPECT_EQ(answer.find("root:"), std::string::npos) << path;
    }
    for (const char* method : {"POST", "PUT", "DELETE", "PATCH"})
        EXPECT_EQ(request(served.port, method, "/").rfind("HTTP/1.1 405", 0), 0u) << method;
}

TEST(LiveServer, EventsFollowTheSnapshotInOrder) {
    Served served;
    ScheduleSlot slot;
    GameWatcher& watcher = served.hub.begin(slot, "<script>alert(1)</script>", "b");
    watcher.began("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {});
    tcp::socket socket = connect(served.port);
    net::write(socket, net::buffer(std::string("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")));
    std::string got = read_until(socket, "event: snapshot");
    ASSERT_NE(got.find("text/event-stream"), std::string::npos);
    MoveRecord move;
    move.ply = 1;
    move.uci = "e2e4";
    move.san = "e4";
    for (int i = 1; i <= 200; ++i) {
        move.ply = i;
        watcher.moved(move, "fen " + std::to_string(i), {});
    }
    got += read_until(socket, "\"p\":200");
    // Each move once, in order, after the snapshot; names are JSON text, never markup.
    std::size_t at = got.find("event: snapshot");
    ASSERT_NE(at, std::string::npos);
    EXPECT_NE(got.find("\\u003cscript\\u003e"), std::string::npos);
    for (int i = 1; i <= 200; ++i) {
        std::size_t next = got.find("\"p\":" + std::to_string(i) + ",", at);
        ASSERT_NE(next, std::string::npos) << i;
        at = next;
    }
    EXPECT_EQ(got.find("<script>"), std::string::npos);
}

TEST(LiveServer, AClientThatStopsReadingIsDroppedAndTheOthersGoOn) {
    LiveServerSettings settings;
    settings.max_queued_bytes = 256 * 1024;
    settings.write_timeout = std::chrono::milliseconds(2000);
    Served served(settings);
    ScheduleSlot slot;
    GameWatcher& watcher = served.hub.begin(slot, "a", "b");
    watcher.began("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {});
    tcp::socket stalled = connect(served.port);
    net::write(stalled, net::buffer(std::string("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")));
    tcp::socket reader = connect(served.port);
    net::write(reader, net::buffer(std::string("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")));
    read_until(reader, "event: snapshot");
    // 20 MB of moves: far more than the socket buffers and the stalled client's queue hold.
    MoveRecord move;
    move.san = "e4";
    move.pv = std::string(2000, 'x');
    std::string got;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 1; i <= 10000; ++i) {
        move.ply = i;
        watcher.moved(move, "fen", {});
        if (i % 100 == 0) got += read_until(reader, "\"p\":" + std::to_string(i) + ",", 20);
    }
    const double publishing =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_NE(got.find("\"p\":10000,"), std::string::npos);
    for (int i = 0; i < 100 && served.server->dropped_clients() == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_EQ(served.server->dropped_clients(), 1u);
    EXPECT_LT(publishing, 60.0);
}

TEST(LiveServer, TheConnectionOverTheLimitGets503) {
    Served served;  // the default limit, 256
    std::vector<tcp::socket> open;
    for (int i = 0; i < 256; ++i) {
        open.push_back(connect(served.port));
        net::write(open.back(),
                   net::buffer(std::string("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")));
        read_until(open.back(), "event: snapshot");
    }
    EXPECT_EQ(served.server->connections(), 256u);
    EXPECT_EQ(request(served.port, "GET", "/").rfind("HTTP/1.1 503", 0), 0u);  // the 257th
    open.pop_back();  // one goes: the next is served
    for (int i = 0; i < 100 && served.server->connections() > 255; ++i) {
        // The server notices the close at its next write: publish something.
        ScheduleSlot slot;
        slot.number = i;
        served.hub.begin(slot, "a", "b").began("8/8/8/8/8/8/8/K6k w - - 0 1", {});
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    EXPECT_EQ(request(served.port, "GET", "/").rfind("HTTP/1.1 200", 0), 0u);
}

TEST(LiveServer, RefusesAddressesItCannotHave) {
    Served first;
    LiveServerSettings settings;
    settings.address.port = first.port;
    LiveHub hub("x", "");
    try {
        LiveServer second(hub, {}, settings);
        FAIL() << "a port in use was taken";
    } catch (const LiveServerError& e) {
        EXPECT_NE(std::string(e.what()).find("in use"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(std::to_string(first.port)), std::string::npos);
    }
    settings.address = {"192.0.2.1", 0};  // TEST-NET-1: never this machine's
    EXPECT_THROW(LiveServer(hub, {}, settings), LiveServerError);
}

TEST(LiveAddress, ReadsAndRefuses) {
    EXPECT_EQ(read_live_address("8080"), (LiveAddress{"127.0.0.1", 8080}));
    EXPECT_EQ(read_live_address("0.0.0.0:9"), (LiveAddress{"0.0.0.0", 9}));
    EXPECT_EQ(read_live_address("[::1]:80"), (LiveAddress{"::1", 80}));
    EXPECT_EQ(read_live_address("localhost:0"), (LiveAddress{"localhost", 0}));
    for (const char* bad : {"", ":80", "1.2.3:80", "example.com:80", "127.0.0.1:", "127.0.0.1:x",
                            "127.0.0.1:65536", "::1:80", "127.0.0.1:-1"})
        EXPECT_THROW(read_live_address(bad), ConfigError) << bad;
    try {
        read_live_address("1.2.3:80");
    } catch (const ConfigError& e) {
        EXPECT_STREQ(e.what(),
                     "--live 1.2.3:80: '1.2.3' is not an IP address (an IPv6 address goes in "
                     "brackets: [::1]:PORT)");
    }
    EXPECT_TRUE(is_loopback_host("127.0.0.1"));
    EXPECT_TRUE(is_loopback_host("127.4.5.6"));
    EXPECT_TRUE(is_loopback_host("::1"));
    EXPECT_TRUE(is_loopback_host("localhost"));
    EXPECT_FALSE(is_loopback_host("0.0.0.0"));
    EXPECT_FALSE(is_loopback_host("10.0.0.1"));
}

}  // namespace
}  // namespace arbiter
