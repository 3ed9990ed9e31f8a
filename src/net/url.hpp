#pragma once
// URL helpers: what we accept in links, and the comparison form of enclosure URLs.
#include <string>
#include <string_view>

namespace net {

// True for an absolute http:// or https:// URL with a host.
bool is_http_url(std::string_view url);

// True when a link target is safe to put in an href/src: http(s), mailto, a relative or
// fragment reference; never javascript:, vbscript:, data: or any other scheme.
bool is_safe_link(std::string_view url);

// True for an http(s) URL or a reference without a scheme (relative, "//host/x"): what may name
// a file a web client fetches.
bool is_web_reference(std::string_view url);

// True for a link that runs code where it is opened: javascript:, vbscript: or data: (judged
// as browsers read a scheme, tabs and line breaks ignored).
bool is_script_link(std::string_view url);

// The comparison form of a media URL: scheme, query, fragment and known tracking prefixes
// (podtrac, chartable, podsights, op3, ...) removed, host lower-cased.
// "https://dts.podtrac.com/redirect.mp3/cdn.simplecast.com/a.mp3?aid=rss" -> "cdn.simplecast.com/a.mp3"
std::string normalize_media_url(std::string_view url);

// `ref` resolved against `base` (RFC 3986's common cases): an absolute http(s) URL as it is,
// "//host/x" as "https://host/x", "/x", "x", "../x", "?q" against the base's origin and folder.
// A reference that cannot be resolved (no http(s) base, another scheme) comes back trimmed.
std::string resolve_url(std::string_view base, std::string_view ref);

// Trimmed, spaces percent-encoded and control characters dropped ("a b.mp3" -> "a%20b.mp3"),
// as browsers and feed readers fetch a URL written with them.
std::string encode_url_spaces(std::string_view url);

// `segment` as one segment of a URL's path: every byte but RFC 3986's unreserved characters
// percent-encoded ("2024-05-01-café.mp3" -> "2024-05-01-caf%C3%A9.mp3").
std::string encode_path_segment(std::string_view segment);

// The last segment of a URL's path, without query, fragment or trailing slashes:
// "https://h/e/x-AbCdEfGh/?a=1" -> "x-AbCdEfGh".
std::string_view last_path_segment(std::string_view url);

// The host a URL names, lower-cased, tracking prefixes and "www." removed ("podbean.com").
std::string url_host(std::string_view url);

// The path of a base URL, always starting and ending with '/': "https://u.github.io/repo" -> "/repo/".
std::string url_path_of(std::string_view base_url);

// The base URL with exactly one trailing '/'.
std::string with_trailing_slash(std::string_view base_url);

// Percent-encodes the bytes of a path that are not unreserved or '/' (for UTF-8 slugs in URLs).
std::string percent_encode_path(std::string_view path);

// Each "%XX" as the byte it stands for ("kitapl%C4%B1klar" -> "kitaplıklar"); a '%' not followed
// by two hex digits stays as it is.
std::string percent_decode(std::string_view text);

}  // namespace net
