// The show's language is the feed's: the regenerated feed, every page's lang (and dir for
// right-to-left scripts) and init's site.yaml say it; site.yaml overrides.
#include <doctest/doctest.h>

#include "config/site_config.hpp"
#include "html/escape.hpp"
#include "i18n/words.hpp"
#include "pipeline/build_site.hpp"
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
    CHECK(warnings.find("the feed's <language> 'English' is not a language code; the site is built as 'en': set "
                        "`language:` in site.yaml") != std::string::npos);
    test::write(site.dir.path() / "site.yaml", test::read(site.dir.path() / "site.yaml") + "language: Deutsch\n");
    CHECK(site.build(out).find(
              "'language' must be a language code such as en, de-DE, he or zh-Hans (BCP 47), got 'Deutsch'") !=
          std::string::npos);
}

TEST_CASE("language: init writes the feed's language, uncommented") {
    test::TempDir dir;
    test::write(dir.path() / "show.xml", test::replace_first(test::read(test::fixture("site/content/sources/feed.xml")),
                                                             "<language>en</language>", "<language>ar</language>"));
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
    CHECK(test::file_in(out, "episodes/higher-order-operators/index.html").find("<span>17\u00a0min</span>") !=
          std::string::npos);
}

namespace {

// The English table's plain words (no placeholder, longer than a code), as pages would show them:
// a text node or an attribute's value.
std::vector<std::string> english_interface_words() {
    std::vector<std::string> words;
    const auto english = i18n::Words::builtin("en");
    for (const auto& [key, message] : english->table()) {
        const std::string& text = message.forms.at("other");
        // (Not a single lower-case word: "description" and "image" are also HTML's and show notes' own.)
        const bool one_lower_word =
            text.find(' ') == std::string::npos && !std::isupper(static_cast<unsigned char>(text[0]));
        if (message.plural || text.find('{') != std::string::npos || text.size() < 4 || key.ends_with("_html") ||
            key == "separator" || text == "GUID" || one_lower_word)
            continue;
        words.push_back(html::html_escape(text));
    }
    return words;
}

}  // namespace

TEST_CASE("language: a Hebrew site has no English interface word left, and its dates and counts are Hebrew") {
    test::FixtureSite site;
    site.edit_feed("<language>en</language>", "<language>he</language>");
    output::MemoryOutput out;
    std::string warnings;
    REQUIRE(site.build(out, &warnings) == "");
    CHECK(warnings.find("i18n") == std::string::npos);
    const std::vector<std::string> english = english_interface_words();
    REQUIRE(english.size() > 100);
    int pages = 0;
    for (const auto& [path, content] : out.files()) {
        if (!path.ends_with(".html")) continue;
        ++pages;
        for (const std::string& word : english) {
            CAPTURE(path);
            CHECK_MESSAGE(content->find(">" + word + "<") == std::string::npos, word);
            CHECK_MESSAGE(content->find("\"" + word + "\"") == std::string::npos, word);
        }
    }
    CHECK(pages > 10);
    const std::string& episode = test::file_in(out, "episodes/higher-order-operators/index.html");
    CHECK(episode.find("<h2 id=\"notes-heading\">תיאור הפרק</h2>") != std::string::npos);
    CHECK(episode.find("<a class=\"skip-link\" href=\"#main\">דילוג לתוכן</a>") != std::string::npos);
    CHECK(episode.find(">21 באפריל 2024</time>") != std::string::npos);  // the long form, in the feed's own zone
    CHECK(test::file_in(out, "archive/index.html").find("<h3>אפריל</h3>") != std::string::npos);
    CHECK(test::file_in(out, "index.html").find("בארכיון הזה: ") != std::string::npos);
    // The scripts' words: the player's in its data-words, the search's in the panel's.
    CHECK(episode.find("&quot;play&quot;:&quot;ניגון&quot;") != std::string::npos);
    CHECK(episode.find("&quot;none&quot;:&quot;אין פרקים מתאימים.&quot;") != std::string::npos);
}

TEST_CASE("language: a site's i18n/ table changes words, and a build sees its edit") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    test::write(dir.path() / "i18n/en.yaml", "episode.show_notes: What was said\n");
    std::string out;
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    const fs::path page = dir.path() / "public/episodes/higher-order-operators/index.html";
    CHECK(test::read(page).find("<h2 id=\"notes-heading\">What was said</h2>") != std::string::npos);
    test::write(dir.path() / "i18n/en.yaml", "episode.show_notes: Notes\n");
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(test::read(page).find("<h2 id=\"notes-heading\">Notes</h2>") != std::string::npos);
    // A broken table stops the build, naming its line; the site stays as it was.
    test::write(dir.path() / "i18n/en.yaml", "episode.show_notes:\n  few: x\n");
    CHECK(test::run_podarchive("build", dir.path(), out) != 0);
    CHECK(out.find("i18n/en.yaml:1:1: error: 'episode.show_notes' has plural forms but no `other:`") !=
          std::string::npos);
    CHECK(test::read(page).find("<h2 id=\"notes-heading\">Notes</h2>") != std::string::npos);
}

TEST_CASE("language: a language without a table builds in English, saying which file to add") {
    test::FixtureSite site;
    site.edit_feed("<language>en</language>", "<language>is</language>");
    output::MemoryOutput out;
    std::string warnings;
    REQUIRE(site.build(out, &warnings) == "");
    CHECK(warnings.find(
              "no table has the interface's words in 'is': the pages' own words are in English; add i18n/is.yaml") !=
          std::string::npos);
    CHECK(test::file_in(out, "index.html").find("<html lang=\"is\" dir=\"ltr\"") != std::string::npos);
    CHECK(test::file_in(out, "episodes/higher-order-operators/index.html").find(">Show notes<") != std::string::npos);
}

// In a right-to-left page a Latin title runs left to right, but its base direction is the page's:
// "PyTorch 2.0: What's new?" shows as "?PyTorch 2.0: What's new", "C++" as "++C".
TEST_CASE("language: a title, topic or name from the feed keeps its own direction wherever a page shows it") {
    test::FixtureSite site;
    site.edit_feed("<language>en</language>", "<language>ar</language>");
    site.edit_feed("<title>Higher order operators</title>", "<title>Higher order operators: what's new?</title>");
    site.edit_feed("<title>TORCH_TRACE and tlparse</title>",
                   "<title>TORCH_TRACE and tlparse</title><category>C++</category>");
    output::MemoryOutput out;
    REQUIRE(site.build(out) == "");
    const std::string title = html::html_escape("Higher order operators: what's new?");
    int shown = 0;
    for (const auto& [path, content] : out.files()) {
        if (!path.ends_with(".html")) continue;
        CAPTURE(path);
        // Where the title is an element's whole text (not an attribute, the document's <title> or
        // the words for screen readers), it is isolated in a <bdi>.
        for (auto at = content->find(">" + title + "<"); at != std::string::npos;
             at = content->find(">" + title + "<", at + 1)) {
            ++shown;
            CHECK(content->compare(at - 4, 5, "<bdi>") == 0);
        }
    }
    CHECK(shown > 6);  // its page's heading and player, cards, the archive, a neighbour's link...
    // The show's title, the topics and the people as well.
    const std::string& page = test::file_in(out, "episodes/torch-trace-and-tlparse/index.html");
    CHECK(page.find("<a class=\"site-title\" href=\"/fixture-archive/\"><bdi>") != std::string::npos);
    CHECK(page.find("</span> <bdi>Higher order operators: what&#39;s new?</bdi></a>") != std::string::npos);
    int tags = 0;
    for (auto at = page.find("<a class=\"tag\" href=\""); at != std::string::npos;
         at = page.find("<a class=\"tag\" href=\"", at + 1)) {
        ++tags;
        CHECK(page.compare(page.find("\">", at) + 2, 5, "<bdi>") == 0);
    }
    CHECK(tags > 0);
}

TEST_CASE("language: an image in the show notes without alt text is linked by the site language's word") {
    test::FixtureSite site;
    site.edit_feed("<language>en</language>", "<language>he</language>");
    site.edit_feed("<img src=\"x\" onerror=\"alert(1)\">",
                   "<img src=\"https://example.com/a.png\"><img src=\"https://example.com/b.png\" alt=\"A chart\">");
    output::MemoryOutput out;
    REQUIRE(site.build(out) == "");
    const std::string& page = test::file_in(out, "episodes/torch-trace-and-tlparse/index.html");
    CHECK(page.find("<a href=\"https://example.com/a.png\" rel=\"nofollow "
                    "noopener\">\xD7\xAA\xD7\x9E\xD7\x95\xD7\xA0\xD7\x94</a>") != std::string::npos);  // "תמונה"
    CHECK(page.find("<a href=\"https://example.com/b.png\" rel=\"nofollow noopener\">A chart</a>") !=
          std::string::npos);
    CHECK(page.find(">image<") == std::string::npos);
}
