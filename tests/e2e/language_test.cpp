// The show's language is the feed's: the regenerated feed, every page's lang (and dir for
// right-to-left scripts) and init's site.yaml say it; site.yaml overrides.
#include <doctest/doctest.h>

#include "build/build_site.hpp"
#include "config/site_config.hpp"
#include "support.hpp"

namespace fs = std::filesystem;


TEST_CASE("language: a Hebrew feed makes a Hebrew site, right to left, and stays Hebrew in feed.xml") {
    test::FixtureSite site;
    site.edit_feed("<language>en</language>", "<language>he</language>");
    output::MemoryOutput out;
    REQUIRE(site.build(out) == "");
    CHECK(test::file_in(out, "feed.xml").find("<language>he</language>") != std::string::npos);
    for (const char* page : {"index.html", "episodes/higher-order-operators/index.html", "search/index.html"})
        CHECK(test::file_in(out, page).find("<html lang=\"he\" dir=\"rtl\"") != std::string::npos);
    // site.yaml's language wins; a left-to-right one.
    test::write(site.dir.path() / "site.yaml", test::read(site.dir.path() / "site.yaml") + "language: de-AT\n");
    output::MemoryOutput german;
    REQUIRE(site.build(german) == "");
    CHECK(test::file_in(german, "feed.xml").find("<language>de-AT</language>") != std::string::npos);
    CHECK(test::file_in(german, "index.html").find("<html lang=\"de-AT\" dir=\"ltr\"") != std::string::npos);
}

TEST_CASE("language: a feed's language that is no code is 'en' with a warning; site.yaml's must be a code") {
    test::FixtureSite site;
    site.edit_feed("<language>en</language>", "<language>English</language>");
    output::MemoryOutput out;
    std::string warnings;
    REQUIRE(site.build(out, &warnings) == "");
    CHECK(test::file_in(out, "feed.xml").find("<language>en</language>") != std::string::npos);
    CHECK(warnings.find("the feed's <language> 'English' is not a language code; the site is built as 'en': set `language:` in site.yaml") !=
          std::string::npos);
    test::write(site.dir.path() / "site.yaml", test::read(site.dir.path() / "site.yaml") + "language: Deutsch\n");
    CHECK(site.build(out).find("'language' must be a language code such as en, de-DE, he or zh-Hans (BCP 47), got 'Deutsch'") != std::string::npos);
}

TEST_CASE("language: init writes the feed's language, uncommented") {
    test::TempDir dir;
    test::write(dir.path() / "show.xml", test::replace_first(test::read(test::fixture("site/content/sources/feed.xml")), "<language>en</language>",
                                                             "<language>ar</language>"));
    std::string out;
    REQUIRE(test::run_podarchive("init --feed show.xml", dir.path(), out) == 0);
    CHECK(test::read(dir.path() / "site.yaml").find("\nlanguage: \"ar\"\n") != std::string::npos);
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(test::read(dir.path() / "public/index.html").find("<html lang=\"ar\" dir=\"rtl\"") != std::string::npos);
}

TEST_CASE("feed.xml: no default namespace from the input; a duration with a fraction of a second is read") {
    test::FixtureSite site;
    site.edit_feed("<rss version=\"2.0\"", "<rss version=\"2.0\" xmlns=\"http://backend.userland.com/rss2\"");
    site.edit_feed("<itunes:duration>1030</itunes:duration>", "<itunes:duration>00:17:10.0</itunes:duration>");
    output::MemoryOutput out;
    std::string warnings;
    REQUIRE(site.build(out, &warnings) == "");
    const std::string& feed = test::file_in(out, "feed.xml");
    CHECK(feed.find("xmlns=\"http://backend.userland.com/rss2\"") == std::string::npos);
    CHECK(feed.find("<rss version=\"2.0\" xmlns:") != std::string::npos);
    CHECK(warnings.find("00:17:10.0") == std::string::npos);
    CHECK(test::file_in(out, "episodes/higher-order-operators/index.html").find("<span>17 min</span>") != std::string::npos);
}
