#include "fetch/address_guard.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <array>
#include <cstdint>
#include <memory>

#include "fetch/libcurl.hpp"
#include "text/strings.hpp"

namespace fetch {

namespace {

// IANA's special-purpose IPv4 ranges that are not the public internet (RFC 6890 and later).
std::string ipv4_kind(std::uint32_t a) {
    auto in = [a](std::uint32_t net, int bits) { return bits == 0 || (a >> (32 - bits)) == (net >> (32 - bits)); };
    if (in(0x7F000000, 8)) return "loopback";
    if (in(0x0A000000, 8) || in(0xAC100000, 12) || in(0xC0A80000, 16)) return "private";
    if (in(0xA9FE0000, 16)) return "link-local";
    if (in(0x64400000, 10)) return "shared (carrier-grade NAT)";
    if (in(0xE0000000, 4)) return "multicast";
    if (in(0x00000000, 8)) return "\"this network\"";
    if (in(0xF0000000, 4)) return "reserved";  // (255.255.255.255 included)
    if (in(0xC0000000, 24) || in(0xC0000200, 24) || in(0xC6336400, 24) || in(0xCB007100, 24) || in(0xC6120000, 15) ||
        in(0xC0586300, 24))
        return "reserved";  // protocol assignments, documentation, benchmarking, 6to4 relay
    return "";
}

std::uint32_t ipv4_at(const unsigned char* b) {
    return (std::uint32_t{b[0]} << 24) | (std::uint32_t{b[1]} << 16) | (std::uint32_t{b[2]} << 8) | std::uint32_t{b[3]};
}

std::string ipv6_kind(const unsigned char* b) {
    static constexpr std::array<unsigned char, 12> mapped{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF};
    static constexpr std::array<unsigned char, 12> nat64{0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0};
    bool zero_prefix = true;
    for (int i = 0; i < 15; ++i) zero_prefix &= b[i] == 0;
    if (zero_prefix && b[15] == 1) return "loopback";
    if (zero_prefix && b[15] == 0) return "unspecified";
    // An IPv4 address carried in IPv6 is the IPv4 address: ::ffff:127.0.0.1 is loopback.
    if (std::equal(mapped.begin(), mapped.end(), b) || std::equal(nat64.begin(), nat64.end(), b))
        return ipv4_kind(ipv4_at(b + 12));
    if (b[0] == 0x20 && b[1] == 0x02) return ipv4_kind(ipv4_at(b + 2));  // 6to4 (2002::/16)
    if (b[0] == 0xFF) return "multicast";
    if (b[0] == 0xFE && (b[1] & 0xC0) == 0x80) return "link-local";
    if (b[0] == 0xFE && (b[1] & 0xC0) == 0xC0) return "site-local";
    if ((b[0] & 0xFE) == 0xFC) return "private (unique local)";
    if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0D && b[3] == 0xB8) return "reserved (documentation)";
    if (b[0] == 0x20 && b[1] == 0x01 && b[2] < 0x02) return "reserved (protocol assignments, Teredo)";  // 2001::/23
    if ((b[0] & 0xE0) != 0x20) return "reserved";  // only 2000::/3 is global unicast
    return "";
}

}  // namespace

std::string local_network_kind(const sockaddr* address) {
    if (address->sa_family == AF_INET)
        return ipv4_kind(ntohl(reinterpret_cast<const sockaddr_in*>(address)->sin_addr.s_addr));
    if (address->sa_family == AF_INET6)
        return ipv6_kind(reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr.s6_addr);
    return "not an internet address";
}

std::string address_text(const sockaddr* address) {
    char text[INET6_ADDRSTRLEN] = "";
    if (address->sa_family == AF_INET)
        ::inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(address)->sin_addr, text, sizeof text);
    else if (address->sa_family == AF_INET6)
        ::inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr, text, sizeof text);
    return text;
}

std::string resolved_local_address(const std::string& host) {
    // (RFC 6761: curl and browsers take these to be loopback without asking, and a machine
    // without an /etc/hosts may not resolve them at all.)
    const std::string lower = text::ascii_lower(host);
    if (lower == "localhost" || lower.ends_with(".localhost")) return "127.0.0.1 (loopback)";
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (::getaddrinfo(host.c_str(), nullptr, &hints, &found) != 0) return "";
    std::string refused;
    for (addrinfo* a = found; a && refused.empty(); a = a->ai_next)
        if (std::string kind = local_network_kind(a->ai_addr); !kind.empty())
            refused = address_text(a->ai_addr) + " (" + kind + ")";
    ::freeaddrinfo(found);
    return refused;
}

bool resolves(const std::string& host) {
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (::getaddrinfo(host.c_str(), nullptr, &hints, &found) != 0) return false;
    ::freeaddrinfo(found);
    return true;
}

bool AddressPolicy::trusts(std::string_view host) const {
    const std::string lower = text::ascii_lower(host);
    for (const auto& trusted : trusted_hosts)
        if (text::ascii_lower(trusted) == lower) return true;
    return false;
}

std::string connection_host(const std::string& url) {
    const LibCurl& lib = libcurl();
    if (!lib.error.empty()) return "";
    std::unique_ptr<CURLU, void (*)(CURLU*)> parsed(lib.curl_url(), lib.curl_url_cleanup);
    if (!parsed || lib.curl_url_set(parsed.get(), CURLUPART_URL, url.c_str(), 0) != CURLUE_OK) return "";
    char* host = nullptr;
    if (lib.curl_url_get(parsed.get(), CURLUPART_HOST, &host, 0) != CURLUE_OK || !host) return "";
    std::string text = text::ascii_lower(host);
    lib.curl_free(host);
    if (text.size() > 2 && text.front() == '[' && text.back() == ']') text = text.substr(1, text.size() - 2);
    return text;
}

}  // namespace fetch
