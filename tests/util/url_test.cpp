#include <doctest/doctest.h>

#include "util/url.hpp"

TEST_CASE("media URLs compare without tracking prefixes and query strings") {
    const char* plain = "cdn.simplecast.com/audio/a/episodes/b/audio/default_tc.mp3";
    CHECK(util::normalize_media_url("https://cdn.simplecast.com/audio/a/episodes/b/audio/default_tc.mp3?aid=rss_feed&feed=x") == plain);
    CHECK(util::normalize_media_url("https://dts.podtrac.com/redirect.mp3/cdn.simplecast.com/audio/a/episodes/b/audio/default_tc.mp3") == plain);
    CHECK(util::normalize_media_url("https://chtbl.com/track/ABC123/cdn.simplecast.com/audio/a/episodes/b/audio/default_tc.mp3") == plain);
    CHECK(util::normalize_media_url("https://pdst.fm/e/chtbl.com/track/X1/https://CDN.Simplecast.com/audio/a/episodes/b/audio/default_tc.mp3") == plain);
}

TEST_CASE("base paths") {
    CHECK(util::url_path_of("https://user.github.io/repo") == "/repo/");
    CHECK(util::url_path_of("https://user.github.io/repo/sub/") == "/repo/sub/");
    CHECK(util::url_path_of("https://example.com") == "/");
    CHECK(util::with_trailing_slash("https://a.b/c//") == "https://a.b/c/");
    CHECK(util::percent_encode_path("episodes/日本/") == "episodes/%E6%97%A5%E6%9C%AC/");
}

TEST_CASE("link safety") {
    CHECK(util::is_safe_link("https://x.y/"));
    CHECK(util::is_safe_link("/relative/path"));
    CHECK(util::is_safe_link("#fn-1"));
    CHECK(util::is_safe_link("mailto:a@b.c"));
    CHECK_FALSE(util::is_safe_link("javascript:alert(1)"));
    CHECK_FALSE(util::is_safe_link(" vbscript:x"));
    CHECK_FALSE(util::is_safe_link("data:text/html,x"));
    CHECK_FALSE(util::is_http_url("https://"));
    CHECK_FALSE(util::is_http_url("ftp://x.y"));
}
