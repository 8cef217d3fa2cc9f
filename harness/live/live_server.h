// arbiter's live server: one thread of Boost.Beast serving a run as it plays, read-only. It
// serves the live page (/), the events (/events, Server-Sent Events), the live PGN (/live.pgn) and
// the live snapshot (/live.json); every other path is 404, every method but GET and HEAD 405.
// The run never waits for it: events are queued per client, and a client whose queue grows past
// its bound or whose writes stall is dropped. At most `max_connections` connections are served at
// once; the next is answered 503 and closed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "harness/config/live_address.h"
#include "harness/live/live_hub.h"

namespace arbiter {

class LiveServerError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct LiveServerSettings {
    LiveAddress address;
    std::size_t max_connections = 256;
    // An events client is dropped when this many bytes wait for it, or when one write has not
    // finished after write_timeout.
    std::size_t max_queued_bytes = 1 << 20;
    std::chrono::milliseconds write_timeout{5000};
};

// The page the server sends for "/": the latest, or null before the first.
using LivePageSource = std::function<std::shared_ptr<const std::string>()>;

class LiveServer {
  public:
    // Binds now (throws LiveServerError naming the address and the reason: in use, not this
    // machine's, a port below 1024 without the privilege) and serves from its own thread.
    LiveServer(LiveHub& hub, LivePageSource page, LiveServerSettings settings);
    ~LiveServer();
    LiveServer(const LiveServer&) = delete;
    LiveServer& operator=(const LiveServer&) = delete;

    // The page's address, "http://127.0.0.1:PORT/".
    std::string url() const;
    // True when bound to an address other than loopback (the page then hides local paths).
    bool is_public() const;
    // Queues an event for every events client; returns at once. Thread-safe.
    void publish(const LiveHub::Event& event);
    // Sends what is queued, then closes every connection and stops (the run has ended).
    void close();
    // Connections open now, and events clients dropped for not reading.
    std::size_t connections() const;
    std::size_t dropped_clients() const;
    // Connections accepted and answered 503, since the start.
    std::size_t served_connections() const;
    std::size_t refused_connections() const;

    struct Impl;

  private:
    std::shared_ptr<Impl> impl_;
};

}  // namespace arbiter
