#include "util/url.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "util/strings.hpp"

namespace util {

bool is_http_url(std::string_view url) {
    std::string lower = ascii_lower(url.substr(0, 8));
    std::size_t host_start = lower.starts_with("https://") ? 8 : lower.starts_with("http://") ? 7 : 0;
    if (host_start == 0 || url.size() <= host_start) return false;
    for (char c : url)
        if (static_cast<unsigned char>(c) <= 0x20) return false;
    return url[host_start] != '/';
}

bool is_safe_link(std::string_view raw) {
    std::string_view url = trim(raw);
    // Browsers ignore tabs and newlines inside a scheme ("java\nscript:"), so judge without them.
    std::string compact;
    for (char c : url)
        if (static_cast<unsigned char>(c) > 0x20) compact.push_back(c);
    std::size_t colon = compact.find(':');
    std::size_t first_delim = compact.find_first_of("/?#");
    if (colon == std::string::npos || (first_delim != std::string::npos && first_delim < colon)) return true;
    std::string scheme = ascii_lower(compact.substr(0, colon));
    return scheme == "http" || scheme == "https" || scheme == "mailto";
}

std::string normalize_media_url(std::string_view raw) {
    std::string_view url = trim(raw);
    if (auto pos = url.find('#'); pos != std::string_view::npos) url = url.substr(0, pos);
    if (auto pos = url.find('?'); pos != std::string_view::npos) url = url.substr(0, pos);
    if (auto pos = url.find("://"); pos != std::string_view::npos) url = url.substr(pos + 3);
    // Tracking prefixes wrap the real URL as a path: host/prefix/real-host/real-path.
    static constexpr std::array<std::string_view, 14> k_prefixes = {
        "dts.podtrac.com/redirect.mp3/", "www.podtrac.com/pts/redirect.mp3/", "podtrac.com/pts/redirect.mp3/",
        "chtbl.com/track/", "chrt.fm/track/", "pdst.fm/e/", "op3.dev/e/", "pfx.vpixl.com/",
        "arttrk.com/p/", "verifi.podscribe.com/rss/p/", "mgln.ai/e/", "prfx.byspotify.com/e/",
        "claritaspod.com/measure/", "tracking.swap.fm/track/"};
    bool changed = true;
    while (changed) {
        changed = false;
        for (auto prefix : k_prefixes) {
            if (!starts_with_icase(url, prefix)) continue;
            url.remove_prefix(prefix.size());
            // Some prefixes carry an id segment before the wrapped URL (chtbl.com/track/ABC12/...).
            std::string_view rest = url;
            std::size_t slash = rest.find('/');
            if (slash != std::string_view::npos && rest.substr(0, slash).find('.') == std::string_view::npos)
                url.remove_prefix(slash + 1);
            if (auto pos = url.find("://"); pos != std::string_view::npos && pos < 8) url = url.substr(pos + 3);
            changed = true;
        }
    }
    std::string out(url);
    std::size_t host_end = out.find('/');
    for (std::size_t i = 0; i < (host_end == std::string::npos ? out.size() : host_end); ++i)
        out[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[i])));
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

}  // namespace util
