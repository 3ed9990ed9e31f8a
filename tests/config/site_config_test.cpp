#include <doctest/doctest.h>

#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "support.hpp"

namespace {
// Parses YAML as <dir>/site.yaml and returns the first formatted error, or "" when it loads.
std::string first_error(const std::string& yaml, const std::filesystem::path& dir) {
    try {
        config::parse_config(yaml, dir / "site.yaml");
    } catch (const core::InputError& e) {
        return core::format(e.diagnostics().front());
    }
    return "";
}
}  // namespace

TEST_CASE("a valid site.yaml loads with defaults") {
    test::TempDir dir;
    test::write(dir.path() / "feed.xml", "<rss/>");
    auto site = config::parse_config("title: T\nbase_url: https://u.github.io/r\nsources:\n  - path: feed.xml\n    url: https://f.example/x\n",
                                     dir.path() / "site.yaml");
    CHECK(site.title == "T");
    CHECK(site.base_url == "https://u.github.io/r/");
    CHECK(site.output == "public");
    CHECK(site.episodes_per_page == 10);
    REQUIRE(site.sources.size() == 1);
    CHECK(site.sources[0].name == "feed");
    CHECK(site.sources[0].line == 4);
}

TEST_CASE("errors name the file, line, column and the nearest key") {
    test::TempDir dir;
    std::string p = (dir.path() / "site.yaml").string();
    CHECK(first_error("title: T\nbase_url: https://x.y/\ntitel: oops\n", dir.path()) ==
          p + ":3:1: error: unknown key 'titel'; did you mean 'title'?\n    titel: oops\n    ^");
    CHECK(first_error("title: T\nbase_url: https://x.y/\nepisodes_per_page: many\n", dir.path())
              .starts_with(p + ":3:20: error: 'episodes_per_page' must be a whole number"));
    CHECK(first_error("title: [a, b]\nbase_url: https://x.y/\n", dir.path()).starts_with(p + ":1:8: error: 'title' must be a string"));
    CHECK(first_error("title: T\nbase_url: https://x.y/\nsources:\n  - path: missing.xml\n", dir.path())
              .starts_with(p + ":4:11: error: source file 'missing.xml' not found"));
    CHECK(first_error("title: T\nbase_url: https://x.y/\nsources:\n  - pth: a.xml\n", dir.path())
              .starts_with(p + ":4:5: error: unknown key 'pth' in a source entry; did you mean 'path'?"));
    CHECK(first_error("title: T\nbase_url: not a url\n", dir.path()).starts_with(p + ":2:11: error: 'base_url' must be an absolute"));
    CHECK(first_error("title: T\n", dir.path()).find("missing required key 'base_url'") != std::string::npos);
    CHECK(first_error("title: T\nbase_url: https://x.y/\nsources:\n  - path: [unclosed\n", dir.path()).starts_with(p + ":5:1: error: "));
}

TEST_CASE("every problem of one file is reported in one run") {
    test::TempDir dir;
    try {
        config::parse_config("titel: T\nbase_url: 3\nfoo: 1\n", dir.path() / "site.yaml");
        FAIL("expected an error");
    } catch (const core::InputError& e) {
        CHECK(e.diagnostics().size() == 4);  // titel, base_url, foo, missing title
    }
}

TEST_CASE("output folders that would destroy inputs are refused") {
    test::TempDir dir;
    for (const char* out : {"/", ".", "content", "content/public", "..", "themes"}) {
        CAPTURE(out);
        std::string error = first_error(std::string("title: T\nbase_url: https://x.y/\noutput: \"") + out + "\"\n", dir.path());
        CHECK(error.find("output folder") != std::string::npos);
    }
    CHECK(first_error("title: T\nbase_url: https://x.y/\noutput: site-out\n", dir.path()).empty());
}

TEST_CASE("a missing site.yaml is a located error") {
    try {
        config::load_config("/nonexistent/site.yaml");
        FAIL("expected an error");
    } catch (const core::InputError& e) {
        CHECK(core::format(e.diagnostics().front()) == "/nonexistent/site.yaml: error: file not found");
    }
}
