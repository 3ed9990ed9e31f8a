#pragma once
// Which network addresses a URL a feed names may reach: fetch downloads what a feed links to
// (transcripts, chapters, artwork), and a feed is written by someone else. A link to a service
// on the fetching machine or its local network (127.0.0.1:8080/admin, a cloud's metadata
// endpoint at 169.254.169.254) would otherwise be read and published.
#include <sys/socket.h>

#include <string>
#include <string_view>
#include <vector>

namespace fetch {

// Why an address is not on the public internet ("loopback", "private", "link-local", ...), or
// "" when it is. IPv4 and IPv6, IPv4-mapped/-translated IPv6 judged by their IPv4 address.
std::string local_network_kind(const sockaddr* address);

// "203.0.113.7" / "2001:db8::1" for a message.
std::string address_text(const sockaddr* address);

// "127.0.0.1 (loopback)" when `host` resolves to an address of the local network (any of its
// addresses; "localhost" and names under it without asking), else "": for an address judged
// before it is read (through a proxy, which
// connects itself; a feed's announced move, before it is remembered).
std::string resolved_local_address(const std::string& host);

// Whether `host` resolves to any address now.
bool resolves(const std::string& host);

// Who may fetch an address on the local network. A URL the user gave (a source's `url:`,
// `image:`, `--published-feed`) is fetched as given: `guarded` false. A URL from a feed or a
// downloaded file is `guarded`: refused when its host resolves to a local address, unless the
// host is one of `trusted_hosts` (the hosts of the site's own sources and site.yaml's
// `allowed_hosts`), compared lower-cased.
struct AddressPolicy {
    bool guarded = false;
    std::vector<std::string> trusted_hosts;

    bool trusts(std::string_view host) const;
};

// The host of an http(s) URL as a connection names it, lower-cased ("127.0.0.1", "::1",
// "cdn.example.com"); "" when the URL has none.
std::string connection_host(const std::string& url);

}  // namespace fetch
