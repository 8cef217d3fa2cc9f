// Where a live server listens (`arbiter tournament --live ADDR:PORT`, the dialect's `-live`,
// `arbiter serve --listen`): read and checked here, bound by harness/live's server.
#pragma once

#include <string>
#include <string_view>

namespace arbiter {

struct LiveAddress {
    std::string host = "127.0.0.1";
    unsigned short port = 0;

    bool operator==(const LiveAddress&) const = default;
};

// Reads "PORT", "HOST:PORT" or "[IPV6]:PORT" (HOST an IPv4 or IPv6 address, or "localhost"; the
// default 127.0.0.1; port 0: any free port, which the server's printed address then names). Throws
// ConfigError with `flag`, the text and the reason.
LiveAddress read_live_address(std::string_view text, std::string_view flag = "--live");

// Whether `host` is a loopback address (127.0.0.0/8, ::1, localhost).
bool is_loopback_host(const std::string& host);

}  // namespace arbiter
