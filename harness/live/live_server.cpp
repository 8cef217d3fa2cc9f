#include "harness/live/live_server.h"

#include <pthread.h>
#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cerrno>
#include <set>
#include <thread>

#include "harness/report/html/page.h"

namespace arbiter {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = boost::beast::http;
using tcp = net::ip::tcp;

namespace {

std::string sse_text(const LiveHub::Event& event) {
    // The data is one line of JSON (json::Value::dump() escapes every line break in strings).
    return "event: " + event.type + "\nid: " + std::to_string(event.sequence) +
           "\ndata: " + event.data + "\n\n";
}

}  // namespace

struct LiveServer::Impl : std::enable_shared_from_this<LiveServer::Impl> {
    class EventsClient;
    class Connection;

    Impl(LiveHub& hub, LivePageSource page, LiveServerSettings settings)
        : hub(hub), page(std::move(page)), settings(std::move(settings)), acceptor(io) {}

    LiveHub& hub;
    LivePageSource page;
    LiveServerSettings settings;
    net::io_context io;
    tcp::acceptor acceptor;
    tcp::endpoint bound;
    std::thread thread;
    std::atomic<std::size_t> open{0};
    std::atomic<std::size_t> dropped{0};
    std::atomic<std::size_t> served{0};
    std::atomic<std::size_t> refused{0};
    std::set<std::shared_ptr<EventsClient>> clients;                     // the io thread's
    std::set<std::weak_ptr<Connection>, std::owner_less<>> connections;  // the io thread's
    bool closing = false;

    net::steady_timer heartbeat{io};
    // Events are written to each client at most every FLUSH_INTERVAL, all queued in one write:
    // a burst of moves costs a client one write, not one each.
    static constexpr std::chrono::milliseconds FLUSH_INTERVAL{50};
    net::steady_timer flush_timer{io};
    bool flush_scheduled = false;
    void schedule_flush();

    void accept();
    void refuse(tcp::socket socket);
    // A comment line to every events client every 15 s, so that a gone client is noticed (its
    // write fails) while no game moves.
    void beat();
};

// One events client: a queue of event texts written in order; dropped when it falls behind.
class LiveServer::Impl::EventsClient
    : public std::enable_shared_from_this<LiveServer::Impl::EventsClient> {
  public:
    EventsClient(Impl& server, beast::tcp_stream stream, std::int64_t after)
        : server_(server), stream_(std::move(stream)), after_(after) {
        ++server_.open;
    }
    ~EventsClient() { --server_.open; }

    // Queues `text` (skipped when it is in the snapshot the client began with); the next flush()
    // writes it. A client with more than max_queued_bytes waiting is dropped.
    void send(const std::string& text, std::int64_t sequence) {
        if (dropped_ || (sequence && sequence <= after_)) return;  // gone, or in its snapshot
        if (pending_.size() + writing_.size() + text.size() > server_.settings.max_queued_bytes) {
            ++server_.dropped;
            return drop();
        }
        pending_ += text;
    }
    // Writes everything queued in one write (what queues meanwhile goes in the next).
    void flush() {
        if (dropped_ || !writing_.empty()) return;
        if (pending_.empty()) {
            if (finishing_) drop();
            return;
        }
        writing_.swap(pending_);
        stream_.expires_after(server_.settings.write_timeout);
        net::async_write(stream_, net::buffer(writing_),
                         [self = shared_from_this()](beast::error_code error, std::size_t) {
                             if (self->dropped_) return;
                             if (error) {
                                 if (error == beast::error::timeout) ++self->server_.dropped;
                                 return self->drop();
                             }
                             self->writing_.clear();
                             self->flush();
                         });
    }
    void drop() {
        if (dropped_) return;
        dropped_ = true;
        pending_.clear();
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
        stream_.close();
        server_.clients.erase(shared_from_this());
    }
    // Closes once everything queued is written.
    void finish() {
        finishing_ = true;
        flush();
    }

  private:
    Impl& server_;
    beast::tcp_stream stream_;
    std::int64_t after_;
    std::string pending_;  // queued, not yet written
    std::string writing_;  // the write in flight
    bool dropped_ = false;
    bool finishing_ = false;
};

// One HTTP connection: requests answered in turn (keep-alive), until one asks for the events.
class LiveServer::Impl::Connection
    : public std::enable_shared_from_this<LiveServer::Impl::Connection> {
  public:
    Connection(Impl& server, tcp::socket socket) : server_(server), stream_(std::move(socket)) {}
    ~Connection() { --server_.open; }

    void start() { read(); }
    void close() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
        stream_.close();
    }

  private:
    void read() {
        parser_.emplace();
        parser_->body_limit(4096);
        parser_->header_limit(16 * 1024);
        stream_.expires_after(std::chrono::seconds(30));
        http::async_read(stream_, buffer_, *parser_,
                         [self = shared_from_this()](beast::error_code error, std::size_t) {
                             if (error) return self->close();
                             self->answer(self->parser_->release());
                         });
    }

    template <class Body>
    void reply(http::response<Body> response, bool keep_alive) {
        auto shared = std::make_shared<http::response<Body>>(std::move(response));
        shared->keep_alive(keep_alive);
        shared->prepare_payload();
        stream_.expires_after(std::chrono::seconds(30));
        http::async_write(
            stream_, *shared,
            [self = shared_from_this(), shared, keep_alive](beast::error_code error, std::size_t) {
                if (error || !keep_alive || self->server_.closing) return self->close();
                self->read();
            });
    }

    void answer(http::request<http::string_body> request) {
        const bool keep_alive = request.keep_alive();
        const bool head = request.method() == http::verb::head;
        auto response = [&](http::status status, std::string type, std::string body) {
            http::response<http::string_body> out{status, request.version()};
            out.set(http::field::server, "arbiter");
            out.set(http::field::content_type, type);
            out.set(http::field::cache_control, "no-store");
            out.set("X-Content-Type-Options", "nosniff");
            out.set("Access-Control-Allow-Origin", "*");  // read-only data, for other tools
            if (head) {
                out.content_length(body.size());
            } else {
                out.body() = std::move(body);
            }
            return out;
        };
        if (request.method() != http::verb::get && !head) {
            auto out = response(http::status::method_not_allowed, "text/plain; charset=utf-8",
                                "arbiter's live server is read-only: GET or HEAD only\n");
            out.set(http::field::allow, "GET, HEAD");
            return reply(std::move(out), false);
        }
        std::string_view target(request.target().data(), request.target().size());
        target = target.substr(0, target.find('?'));
        if (target == "/" || target == "/index.html") {
            std::shared_ptr<const std::string> page = server_.page();
            std::string body = page ? *page
                                    : std::string(
                                          "<!DOCTYPE html><title>arbiter live</title>"
                                          "<p>The page is being written.</p>");
            return reply(response(http::status::ok, "text/html; charset=utf-8", std::move(body)),
                         keep_alive);
        }
        if (target == "/live.pgn")
            return reply(response(http::status::ok, "application/x-chess-pgn; charset=utf-8",
                                  server_.hub.live_pgn()),
                         keep_alive);
        if (target == "/live.json")
            return reply(response(http::status::ok, "application/json; charset=utf-8",
                                  server_.hub.snapshot()),
                         keep_alive);
        if (target == "/events" && !head) return start_events();
        reply(response(http::status::not_found, "text/plain; charset=utf-8",
                       "not found: arbiter's live server serves /, /events, /live.pgn and "
                       "/live.json\n"),
              keep_alive);
    }

    // The events: a snapshot first, then each event after it, until the run ends or the client
    // falls behind. The connection becomes an EventsClient.
    void start_events() {
        const json::Value snapshot = server_.hub.snapshot_value();
        const json::Value* sequence = snapshot.find("seq");
        const std::int64_t after = sequence ? sequence->as_integer() : 0;
        beast::error_code ignored;
        stream_.socket().set_option(net::socket_base::send_buffer_size(64 * 1024), ignored);
        stream_.socket().set_option(tcp::no_delay(true), ignored);
        auto client = std::make_shared<EventsClient>(server_, std::move(stream_), after);
        server_.clients.insert(client);
        client->send(
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
            "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
            "Access-Control-Allow-Origin: *\r\nConnection: keep-alive\r\n\r\nretry: 2000\n\n",
            0);
        client->send(sse_text({"snapshot", after, html::script_data(snapshot.dump())}), 0);
        client->flush();
        if (server_.closing) client->finish();
        // This Connection ends here (nothing holds it): the client counts as the connection.
    }

    Impl& server_;
    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
};

void LiveServer::Impl::accept() {
    acceptor.async_accept([self = shared_from_this()](beast::error_code error, tcp::socket socket) {
        if (error) {
            if (error == net::error::operation_aborted || self->closing) return;
            return self->accept();
        }
        if (self->closing) return;
        if (self->open >= self->settings.max_connections) {
            ++self->refused;
            self->refuse(std::move(socket));
        } else {
            ++self->open;
            ++self->served;
            auto connection = std::make_shared<Connection>(*self, std::move(socket));
            std::erase_if(self->connections, [](const auto& weak) { return weak.expired(); });
            self->connections.insert(connection);
            connection->start();
        }
        self->accept();
    });
}

void LiveServer::Impl::beat() {
    heartbeat.expires_after(std::chrono::seconds(15));
    heartbeat.async_wait([self = shared_from_this()](beast::error_code error) {
        if (error || self->closing) return;
        auto clients = self->clients;
        for (const auto& client : clients) {
            client->send(": keep-alive\n\n", 0);
            client->flush();
        }
        self->beat();
    });
}

void LiveServer::Impl::refuse(tcp::socket socket) {
    static const std::string body = "arbiter's live server has all the viewers it takes\n";
    static const std::string busy =
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
        "Content-Length: " +
        std::to_string(body.size()) + "\r\nRetry-After: 10\r\nConnection: close\r\n\r\n" + body;
    auto shared = std::make_shared<tcp::socket>(std::move(socket));
    net::async_write(*shared, net::buffer(busy), [shared](beast::error_code, std::size_t) {
        beast::error_code ignored;
        shared->shutdown(tcp::socket::shutdown_both, ignored);
        shared->close(ignored);
    });
}

LiveServer::LiveServer(LiveHub& hub, LivePageSource page, LiveServerSettings settings)
    : impl_(std::make_shared<Impl>(hub, std::move(page), std::move(settings))) {
    const LiveAddress& address = impl_->settings.address;
    const std::string where = address.host + ":" + std::to_string(address.port);
    try {
        tcp::resolver resolver(impl_->io);
        auto endpoints = resolver.resolve(address.host, std::to_string(address.port),
                                          tcp::resolver::numeric_service);
        const tcp::endpoint endpoint = endpoints.begin()->endpoint();
        impl_->acceptor.open(endpoint.protocol());
        impl_->acceptor.set_option(tcp::acceptor::reuse_address(true));
        impl_->acceptor.bind(endpoint);
        impl_->acceptor.listen(net::socket_base::max_listen_connections);
        impl_->bound = impl_->acceptor.local_endpoint();
    } catch (const boost::system::system_error& e) {
        std::string why = e.code().message();
        if (e.code().value() == EACCES && address.port < 1024)
            why += " (a port below 1024 needs root's privilege; choose one from 1024 up)";
        if (e.code().value() == EADDRNOTAVAIL) why += " (not an address of this machine)";
        throw LiveServerError("the live server cannot listen on " + where + ": " + why);
    }
    impl_->accept();
    impl_->beat();
    impl_->thread = std::thread([impl = impl_] {
        pthread_setname_np(pthread_self(), "live-server");  // its CPU time, in /proc's tasks
        impl->io.run();
    });
}

LiveServer::~LiveServer() {
    close();
    if (impl_->thread.joinable()) impl_->thread.join();
}

void LiveServer::close() {
    net::post(impl_->io, [impl = impl_] {
        if (impl->closing) return;
        impl->closing = true;
        beast::error_code ignored;
        impl->acceptor.close(ignored);
        impl->heartbeat.cancel();
        impl->flush_timer.cancel();
        for (const auto& weak : impl->connections)
            if (auto connection = weak.lock()) connection->close();
        auto clients = impl->clients;
        for (const auto& client : clients) client->finish();
    });
    // Whatever is queued is written (a stalled client's write times out), then io.run() returns.
    if (impl_->thread.joinable() && impl_->thread.get_id() != std::this_thread::get_id())
        impl_->thread.join();
}

std::string LiveServer::url() const {
    const auto address = impl_->bound.address();
    const std::string host =
        address.is_v6() ? "[" + address.to_string() + "]" : address.to_string();
    return "http://" + host + ":" + std::to_string(impl_->bound.port()) + "/";
}

bool LiveServer::is_public() const {
    return !impl_->bound.address().is_loopback();
}

void LiveServer::publish(const LiveHub::Event& event) {
    auto text = std::make_shared<const std::string>(sse_text(event));
    net::post(impl_->io, [impl = impl_, text, sequence = event.sequence] {
        auto clients = impl->clients;  // a send may drop a client
        for (const auto& client : clients) client->send(*text, sequence);
        impl->schedule_flush();
    });
}

void LiveServer::Impl::schedule_flush() {
    if (flush_scheduled) return;
    flush_scheduled = true;
    flush_timer.expires_after(FLUSH_INTERVAL);
    flush_timer.async_wait([self = shared_from_this()](beast::error_code) {
        self->flush_scheduled = false;
        auto clients = self->clients;
        for (const auto& client : clients) client->flush();
    });
}

std::size_t LiveServer::connections() const {
    return impl_->open;
}

std::size_t LiveServer::dropped_clients() const {
    return impl_->dropped;
}

std::size_t LiveServer::served_connections() const {
    return impl_->served;
}

std::size_t LiveServer::refused_connections() const {
    return impl_->refused;
}

}  // namespace arbiter
