#include "net/url.hpp"

#include <doctest/doctest.h>

TEST_CASE("media URLs compare without tracking prefixes and query strings") {
    const char* plain = "cdn.simplecast.com/audio/a/episodes/b/audio/default_tc.mp3";
    CHECK(net::normalize_media_url(
              "https://cdn.simplecast.com/audio/a/episodes/b/audio/default_tc.mp3?aid=rss_feed&feed=x") == plain);
    CHECK(net::normalize_media_url(
              "https://dts.podtrac.com/redirect.mp3/cdn.simplecast.com/audio/a/episodes/b/audio/default_tc.mp3") ==
          plain);
    CHECK(net::normalize_media_url(
              "https://chtbl.com/track/ABC123/cdn.simplecast.com/audio/a/episodes/b/audio/default_tc.mp3") == plain);
    CHECK(net::normalize_media_url("https://pdst.fm/e/chtbl.com/track/X1/https://CDN.Simplecast.com/audio/a/episodes/b/"
                                   "audio/default_tc.mp3") == plain);
}

TEST_CASE("base paths") {
    CHECK(net::url_path_of("https://user.github.io/repo") == "/repo/");
    CHECK(net::url_path_of("https://user.github.io/repo/sub/") == "/repo/sub/");
    CHECK(net::url_path_of("https://example.com") == "/");
    CHECK(net::with_trailing_slash("https://a.b/c//") == "https://a.b/c/");
    CHECK(net::percent_encode_path("episodes/日本/") == "episodes/%E6%97%A5%E6%9C%AC/");
}

TEST_CASE("link safety") {
    CHECK(net::is_safe_link("https://x.y/"));
    CHECK(net::is_safe_link("/relative/path"));
    CHECK(net::is_safe_link("#fn-1"));
    CHECK(net::is_safe_link("mailto:a@b.c"));
    CHECK_FALSE(net::is_safe_link("javascript:alert(1)"));
    CHECK_FALSE(net::is_safe_link(" vbscript:x"));
    CHECK_FALSE(net::is_safe_link("data:text/html,x"));
    // Schemes as browsers read them: C0 controls and spaces before it, tabs and line breaks in it.
    for (const std::string& bad :
         {std::string("\x01javascript:alert(1)"), std::string("\x1b \tJaVa\nScRipt:x"), std::string("java\r\nscript:x"),
          std::string("javascript\t:x"), std::string(" VBScript:x"), std::string("DATA:x")}) {
        CAPTURE(bad);
        CHECK_FALSE(net::is_safe_link(bad));
        CHECK(net::is_script_link(bad));
    }
    // A space inside a scheme makes none: a relative reference (and a long text is not read whole).
    CHECK(net::is_safe_link("java script:x"));
    CHECK_FALSE(net::is_script_link("java script:x"));
    CHECK_FALSE(net::is_script_link("Higher order operators are a special form of operators in torch.ops: " +
                                    std::string(100000, 'x')));
    CHECK_FALSE(net::is_script_link("https://x.y/javascript:"));
    CHECK_FALSE(net::is_safe_link("itms-podcasts:x"));    // (another scheme is not a link podarchive writes)
    CHECK_FALSE(net::is_script_link("itms-podcasts:x"));  // (but not one that runs code)
    CHECK_FALSE(net::is_http_url("https://"));
    CHECK_FALSE(net::is_http_url("ftp://x.y"));
}

TEST_CASE("tracking prefixes are unwrapped in every form, before the query is cut") {
    // One row per measurement service and form, as real feeds carry them: each wraps the same file.
    const char* plain = "host.example.com/show/ep1.mp3";
    const char* wrapped[] = {
        "https://dts.podtrac.com/redirect.mp3/host.example.com/show/ep1.mp3",
        "https://www.podtrac.com/pts/redirect.mp3/host.example.com/show/ep1.mp3",
        "https://www.podtrac.com/pts/redirect.mp3?http://host.example.com/show/ep1.mp3",  // old Podtrac: the URL is the
                                                                                          // query
        "http://podtrac.com/pts/redirect.mp3/host.example.com/show/ep1.mp3?src=rss",
        "https://chtbl.com/track/ABC12/host.example.com/show/ep1.mp3",
        "https://chrt.fm/track/ABC12/host.example.com/show/ep1.mp3",
        "https://pdst.fm/e/host.example.com/show/ep1.mp3",
        "https://op3.dev/e/host.example.com/show/ep1.mp3",
        "https://op3.dev/e,pg=8a1b2c3d/https://host.example.com/show/ep1.mp3",
        "https://media.blubrry.com/myshow/host.example.com/show/ep1.mp3",
        "https://claritaspod.com/measure/host.example.com/show/ep1.mp3",
        "https://pfx.vpixl.com/6qj4J/host.example.com/show/ep1.mp3",
        "https://verifi.podscribe.com/rss/p/host.example.com/show/ep1.mp3",
        "https://dts.podtrac.com/redirect.mp3/chtbl.com/track/X1/pdst.fm/e/HOST.example.com/show/ep1.mp3#t=10",
    };
    for (const char* url : wrapped) {
        CAPTURE(url);
        CHECK(net::normalize_media_url(url) == plain);
    }
    // Two episodes behind the old query form stay two.
    CHECK(net::normalize_media_url("https://www.podtrac.com/pts/redirect.mp3?http://host/ep1.mp3") !=
          net::normalize_media_url("https://www.podtrac.com/pts/redirect.mp3?http://host/ep2.mp3"));
    // A host whose name merely starts like a service is left alone.
    CHECK(net::normalize_media_url("https://chtbl.com.example.org/track.mp3") == "chtbl.com.example.org/track.mp3");
}

TEST_CASE("relative references resolve as RFC 3986 says, for the cases feeds have") {
    const char* base = "https://www.example.com/podcast/episodes/10/?utm=x";
    struct Row {
        const char* ref;
        const char* out;
    };
    const Row rows[] = {
        {"https://cdn.example.com/a.mp3", "https://cdn.example.com/a.mp3"},
        {"//cdn.example.com/a.mp3", "https://cdn.example.com/a.mp3"},  // protocol-relative: https
        {"/about", "https://www.example.com/about"},
        {"../about", "https://www.example.com/podcast/episodes/about"},
        {"../../", "https://www.example.com/podcast/"},
        {"notes.html", "https://www.example.com/podcast/episodes/10/notes.html"},
        {"./a/./b/../c", "https://www.example.com/podcast/episodes/10/a/c"},
        {"gyrosco.pe", "https://www.example.com/podcast/episodes/10/gyrosco.pe"},
        {"?page=2", "https://www.example.com/podcast/episodes/10/?page=2"},
        {"#notes", "https://www.example.com/podcast/episodes/10/#notes"},
        {"../../../../../x", "https://www.example.com/x"},
        {"  example.mp3 ", "https://www.example.com/podcast/episodes/10/example.mp3"},
        {"mailto:host@example.com", "mailto:host@example.com"},
    };
    for (const auto& row : rows) {
        CAPTURE(row.ref);
        CHECK(net::resolve_url(base, row.ref) == row.out);
    }
    CHECK(net::resolve_url("https://feeds.example.com", "ep.mp3") == "https://feeds.example.com/ep.mp3");
    CHECK(net::resolve_url("", "ep.mp3") == "ep.mp3");  // nothing to resolve against
    CHECK(net::encode_url_spaces("https://h/my episode 1.mp3") == "https://h/my%20episode%201.mp3");
    CHECK(net::encode_url_spaces("https://h/a\n.mp3") == "https://h/a.mp3");
}
