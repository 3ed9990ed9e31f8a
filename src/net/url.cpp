#include "net/url.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "text/strings.hpp"

namespace net {

bool is_http_url(std::string_view url) {
    std::string lower = text::ascii_lower(url.substr(0, 8));
    std::size_t host_start = lower.starts_with("https://") ? 8 : lower.starts_with("http://") ? 7 : 0;
    if (host_start == 0 || url.size() <= host_start) return false;
    for (char c : url)
        if (static_cast<unsigned char>(c) <= 0x20) return false;
    return url[host_start] != '/';
}

namespace {
// A link's scheme, lower-cased, as browsers read it (the URL standard): C0 controls and spaces
// around it trimmed, tabs and line breaks inside it ignored ("java\nscript:"); "" for a relative
// reference. It stops at the first character a scheme cannot have, so a long text is not read
// to its end.
std::string scheme_of(std::string_view raw) {
    std::size_t start = 0;
    while (start < raw.size() && static_cast<unsigned char>(raw[start]) <= 0x20)
        ++start;  // (every C0 control too, as browsers do)
    std::string scheme;
    for (char c : raw.substr(start)) {
        if (c == '\t' || c == '\n' || c == '\r') continue;
        if (c == ':') return text::ascii_lower(scheme);
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (!letter && (scheme.empty() || !((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.'))) return "";
        scheme.push_back(c);
    }
    return "";
}
}  // namespace

bool is_safe_link(std::string_view raw) {
    const std::string scheme = scheme_of(raw);
    return scheme.empty() || scheme == "http" || scheme == "https" || scheme == "mailto";
}

bool is_web_reference(std::string_view raw) {
    const std::string scheme = scheme_of(raw);
    return scheme.empty() || scheme == "http" || scheme == "https";
}

bool is_script_link(std::string_view raw) {
    const std::string scheme = scheme_of(raw);
    return scheme == "javascript" || scheme == "vbscript" || scheme == "data";
}

namespace {

// Measurement services that wrap the real media URL: host/prefix[/id]/real-host/real-path, or
// (old Podtrac) host/prefix?real-url. Each is followed by '/' or '?' in a URL.
constexpr std::array<std::string_view, 22> k_tracking_prefixes = {"dts.podtrac.com/redirect.mp3",
                                                                  "dts.podtrac.com/redirect.m4a",
                                                                  "dts.podtrac.com/redirect.mp4",
                                                                  "www.podtrac.com/pts/redirect.mp3",
                                                                  "www.podtrac.com/pts/redirect.m4a",
                                                                  "podtrac.com/pts/redirect.mp3",
                                                                  "chtbl.com/track",
                                                                  "chrt.fm/track",
                                                                  "pdst.fm/e",
                                                                  "op3.dev/e",
                                                                  "pfx.vpixl.com",
                                                                  "arttrk.com/p",
                                                                  "verifi.podscribe.com/rss/p",
                                                                  "pscrb.fm/rss/p",
                                                                  "mgln.ai/e",
                                                                  "prfx.byspotify.com/e",
                                                                  "claritaspod.com/measure",
                                                                  "clrtpod.com/m",
                                                                  "tracking.swap.fm/track",
                                                                  "media.blubrry.com",
                                                                  "injector.simplecastaudio.com",
                                                                  "growx.podkite.com"};

std::string_view without_scheme(std::string_view url) {
    if (auto pos = url.find("://"); pos != std::string_view::npos && pos < 8) return url.substr(pos + 3);
    if (url.starts_with("//")) return url.substr(2);
    return url;
}

// The URL a tracking prefix wraps (scheme removed), or `url` itself when none does.
std::string_view unwrap_tracking(std::string_view url) {
    url = without_scheme(url);
    for (bool changed = true; changed;) {
        changed = false;
        for (auto prefix : k_tracking_prefixes) {
            if (!text::starts_with_icase(url, prefix)) continue;
            std::string_view rest = url.substr(prefix.size());
            // "op3.dev/e,pg=ID/host/..." carries its options in the prefix's last segment.
            if (!rest.empty() && rest.front() == ',') rest = rest.substr(std::min(rest.size(), rest.find('/')));
            if (rest.empty() || (rest.front() != '/' && rest.front() != '?')) continue;
            rest.remove_prefix(1);
            // Some carry an id segment before the wrapped URL (chtbl.com/track/ABC12/..., a Blubrry show).
            std::size_t slash = rest.find('/');
            std::string_view first = rest.substr(0, slash);
            if (slash != std::string_view::npos && first.find('.') == std::string_view::npos &&
                first.find(':') == std::string_view::npos)
                rest.remove_prefix(slash + 1);
            url = without_scheme(rest);
            changed = true;
        }
    }
    return url;
}

}  // namespace

std::string normalize_media_url(std::string_view raw) {
    // Unwrapped before the query is cut: an old Podtrac URL carries the real one as its query.
    std::string_view url = unwrap_tracking(text::trim(raw));
    url = url.substr(0, std::min(url.find('#'), url.find('?')));
    std::string out(url);
    std::size_t host_end = out.find('/');
    for (std::size_t i = 0; i < (host_end == std::string::npos ? out.size() : host_end); ++i)
        out[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[i])));
    return out;
}

namespace {

// resolve_url's work: the URL `ref` names from `base` (not always a valid one).
std::string resolve_reference(std::string_view base, std::string_view ref) {
    if (ref.empty() || is_http_url(ref)) return std::string(ref);
    if (ref.starts_with("//"))
        return "https:" + std::string(ref);  // protocol-relative: feed readers fetch it over https
    std::size_t colon = ref.find(':');
    if (colon != std::string_view::npos && ref.find_first_of("/?#") > colon) return std::string(ref);  // another scheme
    if (!is_http_url(base)) return std::string(ref);
    std::size_t host_start = base.find("://") + 3;
    std::size_t path_start = std::min(base.size(), base.find_first_of("/?#", host_start));
    std::string origin(base.substr(0, path_start));
    std::string_view base_path = base.substr(path_start);
    base_path = base_path.substr(0, std::min(base_path.size(), base_path.find_first_of("?#")));
    if (ref.front() == '/') return origin + std::string(ref);
    if (ref.front() == '?' || ref.front() == '#') return origin + std::string(base_path) + std::string(ref);
    // Relative to the base's folder, with "." and ".." segments resolved.
    std::string_view folder =
        base_path.substr(0, base_path.rfind('/') == std::string_view::npos ? 0 : base_path.rfind('/') + 1);
    std::vector<std::string_view> segments;
    std::string_view joined_ref = ref.substr(0, std::min(ref.size(), ref.find_first_of("?#")));
    std::string_view tail = ref.substr(joined_ref.size());
    for (std::string_view part : {folder, joined_ref}) {
        for (auto segment : text::split(part, '/')) {
            if (segment == ".") continue;
            if (segment == "..") {
                if (!segments.empty()) segments.pop_back();
                continue;
            }
            if (!segment.empty()) segments.push_back(segment);
        }
    }
    std::string out = origin;
    for (auto segment : segments) out += "/" + std::string(segment);
    if (joined_ref.ends_with("/") || joined_ref.ends_with("/.") || joined_ref.ends_with("/..") || joined_ref == "." ||
        joined_ref == "..")
        out += "/";
    if (segments.empty() && !out.ends_with("/")) out += "/";
    return out + std::string(tail);
}

}  // namespace

std::string resolve_url(std::string_view base, std::string_view raw) {
    std::string_view ref = text::trim(raw);
    std::string resolved = resolve_reference(base, ref);
    return is_http_url(resolved) ? resolved : std::string(ref);  // (a reference that makes no URL stays as it was)
}

std::string encode_url_spaces(std::string_view url) {
    std::string out;
    for (char c : text::trim(url)) {
        if (c == ' ')
            out += "%20";
        else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            continue;  // a stray line break or tab is no part of a URL
        else
            out.push_back(c);
    }
    return out;
}

std::string_view last_path_segment(std::string_view url) {
    url = url.substr(0, url.find_first_of("?#"));
    while (url.ends_with("/")) url.remove_suffix(1);
    return url.substr(url.rfind('/') + 1);
}

std::string url_host(std::string_view url) {
    std::string host = normalize_media_url(url);
    host.resize(std::min(host.size(), host.find('/')));
    if (host.starts_with("www.")) host.erase(0, 4);
    return host;
}

std::string url_path_of(std::string_view base_url) {
    std::string_view rest = base_url;
    if (auto pos = rest.find("://"); pos != std::string_view::npos) {
        rest = rest.substr(pos + 3);
        auto slash = rest.find('/');
        rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash);
    }
    std::string path(rest);
    if (path.empty() || path.front() != '/') path.insert(path.begin(), '/');
    if (path.back() != '/') path.push_back('/');
    return path;
}

std::string with_trailing_slash(std::string_view base_url) {
    std::string out(base_url);
    while (!out.empty() && out.back() == '/') out.pop_back();
    out.push_back('/');
    return out;
}

std::string percent_encode_path(std::string_view path) {
    static constexpr char k_hex[] = "0123456789ABCDEF";
    // ASCII letters and digits whatever the locale (std::isalnum follows it).
    auto plain = [](unsigned char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
               c == '.' || c == '~' || c == '/';
    };
    if (std::all_of(path.begin(), path.end(), [&](char c) { return plain(static_cast<unsigned char>(c)); }))
        return std::string(path);  // slugs always are: every link on every page
    std::string out;
    out.reserve(path.size() + 16);
    for (unsigned char c : path) {
        if (plain(c)) {
            out.push_back(static_cast<char>(c));
        } else {
            out.push_back('%');
            out.push_back(k_hex[c >> 4]);
            out.push_back(k_hex[c & 15]);
        }
    }
    return out;
}

std::string percent_decode(std::string_view text) {
    auto hex = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size() && hex(text[i + 1]) >= 0 && hex(text[i + 2]) >= 0) {
            out.push_back(static_cast<char>(hex(text[i + 1]) * 16 + hex(text[i + 2])));
            i += 2;
        } else {
            out.push_back(text[i]);
        }
    }
    return out;
}

std::string encode_path_segment(std::string_view segment) {
    static constexpr char k_hex[] = "0123456789ABCDEF";
    std::string out;
    for (char c : segment) {
        const auto b = static_cast<unsigned char>(c);
        const bool unreserved = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') ||
                                c == '-' || c == '.' || c == '_' || c == '~';
        if (unreserved)
            out += c;
        else
            out += '%', out += k_hex[b >> 4], out += k_hex[b & 15];
    }
    return out;
}

}  // namespace net
