#include "harness/config/live_address.h"

#include <arpa/inet.h>

#include "harness/config/values.h"

namespace arbiter {

namespace {

bool is_ipv4(const std::string& host, in_addr* address = nullptr) {
    in_addr ignored;
    return inet_pton(AF_INET, host.c_str(), address ? address : &ignored) == 1;
}

bool is_ipv6(const std::string& host, in6_addr* address = nullptr) {
    in6_addr ignored;
    return inet_pton(AF_INET6, host.c_str(), address ? address : &ignored) == 1;
}

}  // namespace

LiveAddress read_live_address(std::string_view text, std::string_view flag) {
    auto refuse = [&](const std::string& why) {
        return ConfigError(std::string(flag) + " " + std::string(text) + ": " + why);
    };
    LiveAddress address;
    std::string_view port_text = text;
    if (std::size_t colon = text.rfind(':'); colon != std::string_view::npos) {
        std::string_view host = text.substr(0, colon);
        port_text = text.substr(colon + 1);
        const bool bracketed = host.size() >= 2 && host.front() == '[' && host.back() == ']';
        if (bracketed) host = host.substr(1, host.size() - 2);
        if (host.empty()) throw refuse("no address before the port (say 127.0.0.1:PORT)");
        address.host = std::string(host);
        const bool valid = address.host == "localhost" || is_ipv4(address.host) ||
                           (bracketed && is_ipv6(address.host));
        if (!valid)
            throw refuse("'" + address.host +
                         "' is not an IP address (an IPv6 address goes in brackets: [::1]:PORT)");
    }
    if (port_text.empty() || port_text.size() > 5 ||
        port_text.find_first_not_of("0123456789") != std::string_view::npos)
        throw refuse("the port must be a number from 0 to 65535 (ADDR:PORT or PORT)");
    const int port = std::stoi(std::string(port_text));
    if (port > 65535) throw refuse("the port must be from 0 to 65535 (0: any free port)");
    address.port = static_cast<unsigned short>(port);
    return address;
}

bool is_loopback_host(const std::string& host) {
    if (host == "localhost") return true;
    in_addr v4;
    if (is_ipv4(host, &v4)) return (ntohl(v4.s_addr) >> 24) == 127;
    in6_addr v6;
    return is_ipv6(host, &v6) && IN6_IS_ADDR_LOOPBACK(&v6);
}

}  // namespace arbiter
