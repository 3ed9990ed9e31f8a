// Hostile input, round three: encodings nothing reads in silence, control characters that never
// reach feed.xml, a show's rights kept, links out of the project refused.
#include <doctest/doctest.h>

#include "config/site_config.hpp"
#include "feed/lint.hpp"
#include "html/escape.hpp"
#include "pipeline/build_site.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {
const std::string k_page = "episodes/higher-order-operators/index.html";
}  // namespace

TEST_CASE("hostile 3: a feed in Shift_JIS or ISO-8859-15 is converted; an unknown encoding is said") {
    struct Case {
        std::string label, bytes, expected;
    };
    const std::vector<Case> cases = {
        {"Shift_JIS", "\x83\x52\x83\x93\x83\x70\x83\x43\x83\x89",
         "\xE3\x82\xB3\xE3\x83\xB3\xE3\x83\x91\xE3\x82\xA4\xE3\x83\xA9"},  // コンパイラ
        {"ISO-8859-15", "\xA4 5 \xBD", "\xE2\x82\xAC 5 \xC5\x93"},         // € 5 œ (Latin-1 would say ¤ and ½)
        {"windows-1251", "\xCF\xF0\xE8\xE2\xE5\xF2", "\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82"}};  // Привет
    for (const auto& c : cases) {
        CAPTURE(c.label);
        test::FixtureSite site;
        std::string feed =
            test::replace_first(test::read(site.feed()), "encoding=\"UTF-8\"", "encoding=\"" + c.label + "\"");
        test::write(site.feed(), test::replace_first(feed, "<title>Higher order operators</title>",
                                                     "<title>Higher order " + c.bytes + "</title>"));
        output::MemoryOutput out;
        std::string warnings;
        REQUIRE(site.build(out, &warnings) == "");
        CHECK(test::file_in(out, "feed.xml").find("Higher order " + c.expected) != std::string::npos);
        CHECK(warnings.find("encoding") == std::string::npos);
    }
    // A label no converter knows: read as UTF-8, and said where.
    test::FixtureSite site;
    site.edit_feed("encoding=\"UTF-8\"", "encoding=\"x-klingon\"");
    site.edit_feed("<title>Higher order operators</title>", "<title>Higher order \xE9\xE8</title>");
    output::MemoryOutput out;
    std::string warnings;
    REQUIRE(site.build(out, &warnings) == "");
    CHECK(warnings.find("content/sources/feed.xml:1:1: warning: declares the encoding \"x-klingon\", which podarchive "
                        "cannot read; it is read as UTF-8") != std::string::npos);
    CHECK(html::find_xml_forbidden(test::file_in(out, "feed.xml")) == std::string::npos);
    // UTF-8 bytes under another declaration are UTF-8, with a warning; the commonest such
    // mistake is a Windows-1252 declaration (read as UTF-8, not as "Ã©tÃ©").
    for (const std::string declared : {"Shift_JIS", "windows-1252"}) {
        CAPTURE(declared);
        test::FixtureSite lying;
        lying.edit_feed("encoding=\"UTF-8\"", "encoding=\"" + declared + "\"");
        lying.edit_feed("<title>Higher order operators</title>", "<title>Higher order \xC3\xA9t\xC3\xA9</title>");
        output::MemoryOutput lied;
        warnings.clear();
        REQUIRE(lying.build(lied, &warnings) == "");
        CHECK(test::file_in(lied, "feed.xml").find("Higher order \xC3\xA9t\xC3\xA9") != std::string::npos);
        CHECK(warnings.find("content/sources/feed.xml:1:1: warning: declares the encoding \"" + declared +
                            "\", but its bytes are UTF-8; it is read as UTF-8") != std::string::npos);
    }
}

TEST_CASE("hostile 3: a server's warning before the XML declaration is dropped, and said") {
    test::FixtureSite site;
    const std::string junk =
        "<br />\n<b>Warning</b>: Cannot modify header information - headers already sent in /var/www/feed.php on line "
        "12<br />\n";
    test::write(site.feed(), junk + test::read(site.feed()));
    output::MemoryOutput out;
    std::string warnings;
    REQUIRE(site.build(out, &warnings) == "");
    CHECK(out.find(k_page));
    CHECK(warnings.find("content/sources/feed.xml:1:1: warning: 117 bytes come before the XML declaration (\"<br /> "
                        "<b>Warning</b>: Cannot modify") != std::string::npos);
    CHECK(warnings.find("the feed is read from the declaration on: ask its host to remove them") != std::string::npos);
}

TEST_CASE("hostile 3: control characters never reach feed.xml or a page, and check fails a feed that has them") {
    test::FixtureSite site;
    site.edit_feed("<title>Higher order operators</title>", "<title>Higher &#x1b;[31morder operators\x01</title>");
    site.edit_feed("<description>Higher order operators are",
                   "<description><![CDATA[Higher \x1b order\x0b operators are]]>");
    output::MemoryOutput out;
    std::string warnings;
    REQUIRE(site.build(out, &warnings) == "");
    const std::string& feed = test::file_in(out, "feed.xml");
    CHECK(html::find_xml_forbidden(feed) == std::string::npos);
    CHECK(feed.find("Higher [31morder operators") != std::string::npos);
    CHECK(warnings.find("control characters (such as U+001B or U+0000) in the input's text are left out of feed.xml: "
                        "XML forbids them") != std::string::npos);
    for (const auto& [path, content] : out.files()) {
        if (!path.ends_with(".html")) continue;
        CAPTURE(path);
        for (char c : *content)
            CHECK_FALSE(((static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t' && c != '\r' && c != '\f') ||
                         c == 0x7F));
    }
    // `check` (the linter) fails a feed that holds one, raw or as a reference.
    for (const std::string& bad : std::vector<std::string>{"<title>a&#27;b</title>", "<title>a&#x1B;b</title>",
                                                           std::string("<title>a\x1b") + "b</title>"}) {
        CAPTURE(bad);
        const auto findings = feed::lint_feed(test::replace_first(feed, "<title>Fixture Archive</title>", bad));
        REQUIRE_FALSE(findings.empty());
        CHECK(findings[0].rule == "xml-characters");
        CHECK(findings[0].level == feed::LintLevel::error);
    }
}

TEST_CASE("hostile 3: the input feed's podcast:locked and its owner stand unless site.yaml says otherwise") {
    test::FixtureSite site;
    site.edit_feed("<podcast:guid>",
                   "<podcast:locked owner=\"rights@example.com\">yes</podcast:locked>\n    <podcast:guid>");
    output::MemoryOutput out;
    REQUIRE(site.build(out) == "");
    CHECK(test::file_in(out, "feed.xml").find("<podcast:locked owner=\"rights@example.com\">yes</podcast:locked>") !=
          std::string::npos);
    // site.yaml decides when it says: its email is the owner.
    test::write(site.dir.path() / "site.yaml",
                test::read(site.dir.path() / "site.yaml") + "locked: no\nemail: me@example.org\n");
    output::MemoryOutput opened;
    REQUIRE(site.build(opened) == "");
    CHECK(test::file_in(opened, "feed.xml").find("<podcast:locked owner=\"me@example.org\">no</podcast:locked>") !=
          std::string::npos);
    // A feed without one is "no", as before.
    test::FixtureSite plain;
    output::MemoryOutput none;
    REQUIRE(plain.build(none) == "");
    CHECK(test::file_in(none, "feed.xml").find("<podcast:locked>no</podcast:locked>") != std::string::npos);
}

TEST_CASE("hostile 3: a folder or a source that a link takes out of the project is refused, located") {
    test::TempDir outside;
    test::write(outside.path() / "episodes/secret.md",
                "---\nepisode: higher-order-operators\nsummary: STOLEN\n---\nsecret\n");
    test::write(outside.path() / "feed.xml", "<rss version=\"2.0\"><channel><title>STOLEN</title></channel></rss>");
    {
        test::FixtureSite site;
        fs::remove_all(site.dir.path() / "content/episodes");
        fs::create_directory_symlink(outside.path() / "episodes", site.dir.path() / "content/episodes");
        output::MemoryOutput out;
        const std::string error = site.build(out);
        CHECK(error.find("content/episodes: error: is a symbolic link out of the project (to " +
                         fs::canonical(outside.path()).string() + "/episodes)") != std::string::npos);
        CHECK(out.files().empty());
    }
    {
        test::FixtureSite site;
        fs::remove(site.feed());
        fs::create_symlink(outside.path() / "feed.xml", site.feed());
        output::MemoryOutput out;
        const std::string error = site.build(out);
        CHECK(error.find(
                  "site.yaml:9:11: error: source 'content/sources/feed.xml' is a symbolic link out of the project") !=
              std::string::npos);
    }
    {  // A link that stays inside the project is read.
        test::FixtureSite site;
        fs::rename(site.feed(), site.dir.path() / "content/real-feed.xml");
        fs::create_symlink("../real-feed.xml", site.feed());
        output::MemoryOutput out;
        CHECK(site.build(out) == "");
        CHECK(out.find(k_page));
    }
}

TEST_CASE("hostile 3: a file planted as a link in a folder the build reads is not read out of the project") {
    test::TempDir outside;
    test::write(outside.path() / "secret.vtt", "WEBVTT\n\n00:00.000 --> 00:04.000\nSTOLEN-SECRET words.\n");
    test::FixtureSite site("listening_site");
    const fs::path& dir = site.dir.path();
    const auto attachments = dir / "content/sources/attachments";
    // Each downloaded transcript replaced by a link to a file elsewhere.
    for (const auto& entry : fs::directory_iterator(attachments))
        if (entry.path().extension() == ".vtt") {
            fs::remove(entry.path());
            fs::create_symlink(outside.path() / "secret.vtt", entry.path());
        }
    // A note's transcript file reached through a linked folder.
    fs::remove_all(dir / "content/transcripts");
    fs::create_directory_symlink(outside.path(), dir / "content/transcripts");
    fs::copy_file(outside.path() / "secret.vtt", outside.path() / "note.vtt");
    output::MemoryOutput out;
    const std::string errors = site.build(out);
    CHECK(errors.find("content/episodes/note-transcript.md:3:") != std::string::npos);
    CHECK(errors.find("is a symbolic link out of the project") != std::string::npos);
    for (const auto& [path, content] : out.files()) {
        CAPTURE(path);
        CHECK(content->find("STOLEN-SECRET") == std::string::npos);
    }
    // Without the note's link, the build goes on and publishes nothing from elsewhere.
    fs::remove(dir / "content/transcripts");
    fs::remove(dir / "content/episodes/note-transcript.md");
    output::MemoryOutput built;
    REQUIRE(site.build(built) == "");
    CHECK(built.find("episodes/captions-in-webvtt/index.html"));
    for (const auto& [path, content] : built.files()) {
        CAPTURE(path);
        CHECK(content->find("STOLEN-SECRET") == std::string::npos);
    }
}

TEST_CASE("hostile 3: links that run code are never republished in feed.xml") {
    test::FixtureSite site;
    site.edit_feed("<title>Higher order operators</title>",
                   "<title>Higher order operators</title><comments>java\tscript:alert(1)</comments>"
                   "<itunes:image href=\"JavaScript:alert(document.domain)\"/><podcast:funding "
                   "url=\"data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;\">Support</podcast:funding>");
    site.edit_feed("<podcast:guid>", "<docs>vbscript:msgbox(1)</docs>\n    <podcast:guid>");
    output::MemoryOutput out;
    std::string warnings;
    REQUIRE(site.build(out, &warnings) == "");
    const std::string& feed = test::file_in(out, "feed.xml");
    for (const char* scheme : {"javascript:", "JavaScript:", "vbscript:", "data:text", "script:alert"}) {
        CAPTURE(scheme);
        CHECK(feed.find(scheme) == std::string::npos);
    }
    CHECK(feed.find("<podcast:funding>Support</podcast:funding>") !=
          std::string::npos);  // (the element stays; its link does not)
    // (the episode's own image, which podarchive reads and writes, is never such a link: three are the input's)
    CHECK(warnings.find("3 links of the input's that would run code where opened (javascript:, vbscript:, data:) are "
                        "left out of feed.xml") != std::string::npos);
}
