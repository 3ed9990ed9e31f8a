// Hostile and broken input, each with its exact outcome: a located error or escaped output,
// never a crash, never a file outside the output folder.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include "config/site_config.hpp"
#include "pipeline/build_site.hpp"
#include "support.hpp"
#include "text/unicode.hpp"

namespace fs = std::filesystem;

TEST_CASE("hostile: an input larger than the limit is refused with the limit named") {
    test::FixtureSite site;
    int fd = ::open(site.feed().c_str(), O_WRONLY | O_TRUNC);
    REQUIRE(fd >= 0);
    REQUIRE(::ftruncate(fd, 1LL << 30) == 0);  // a 1 GB (sparse) feed: one giant text node
    ::close(fd);
    output::MemoryOutput out;
    std::string error = site.build(out);
    CHECK(error.find("content/sources/feed.xml: error: file is 1073741824 bytes; the limit is 268435456 bytes") !=
          std::string::npos);
    CHECK(out.files().empty());
}

TEST_CASE("hostile: bytes that are not UTF-8 are read as Windows-1252, never reach a page as they are") {
    test::FixtureSite site;
    test::write(site.feed(), test::replace_first(test::read(site.feed()), "<title>Higher order operators</title>",
                                                 "<title>Higher \xff\xfe order \xc3\x28 operators</title>"));
    output::MemoryOutput out;
    REQUIRE(site.build(out).empty());
    for (const auto& [path, content] : out.files()) {
        if (path == "card.png") continue;  // (the link-preview card: an image, not text)
        CAPTURE(path);
        CHECK(text::is_valid_utf8(*content));
    }
    const std::string* page = out.find("episodes/higher-y\xC3\xBE-order-a-operators/index.html");
    REQUIRE(page);
    CHECK(test::contains(*page, "<h1><bdi>Higher \xC3\xBF\xC3\xBE order \xC3\x83( operators</bdi></h1>"));
}

TEST_CASE("hostile: site.yaml, a note and a listing with bytes that are not UTF-8 are read as Windows-1252, and said") {
    // site.yaml's title reached feed.json, whose writer threw ("invalid UTF-8 byte at index 4")
    // with no file named; a note's and a listing's bytes became U+FFFD in silence.
    test::FixtureSite site;
    const std::filesystem::path yaml = site.dir.path() / "site.yaml";
    test::write(yaml, test::replace_first(test::read(yaml), "title: Fixture Archive", "title: Caf\xE9 Archive"));
    test::write(site.dir.path() / "content/episodes/n.md",
                "---\nepisode: strides\ntopics: [Caf\xE9]\n---\nA \x93note\x94.\n");
    const std::filesystem::path listing = site.dir.path() / "content/sources/listings.json";
    test::write(listing, test::replace_first(test::read(listing), "\"title\": \"Strides\"",
                                             "\"title\": \"Str\xEF"
                                             "des\""));
    output::MemoryOutput out;
    std::string warnings;
    REQUIRE(site.build(out, &warnings) == "");
    CHECK(test::contains(warnings, "site.yaml:1: warning: 1 byte is not UTF-8 (the first on this line, 0xE9)"));
    CHECK(test::contains(warnings, "content/episodes/n.md:3: warning: 3 bytes are not UTF-8"));
    CHECK(test::contains(
        warnings, "content/sources/listings.json:8: warning: 1 byte is not UTF-8 (the first on this line, 0xEF)"));
    CHECK(test::contains(*out.find("feed.json"), "\"title\": \"Caf\xC3\xA9 Archive\""));
    REQUIRE(out.find("topics/cafe/index.html"));
    CHECK(test::contains(*out.find("episodes/strides/index.html"), "<p>A \xE2\x80\x9Cnote\xE2\x80\x9D.</p>"));
}

TEST_CASE("hostile: UTF-16 with a BOM is read; an encoding declaration that lies does not crash") {
    test::FixtureSite site;
    std::string utf8 = test::read(site.feed());
    std::string utf16 = "\xFF\xFE";
    for (char32_t cp : std::u32string(utf8.begin(), utf8.end())) {  // the fixture is ASCII
        utf16.push_back(static_cast<char>(cp & 0xFF));
        utf16.push_back(0);
    }
    test::write(site.feed(), test::replace_first(utf16,
                                                 std::string("U\0T\0F\0-\0"
                                                             "8\0",
                                                             10),
                                                 std::string("U\0T\0F\0-\0"
                                                             "1\0"
                                                             "6\0",
                                                             12)));
    output::MemoryOutput out;
    REQUIRE(site.build(out).empty());
    CHECK(out.find("feed.xml")->find("8f2a1c8e-0001-4b7e-9d3a-000000000003") != std::string::npos);

    test::FixtureSite lying;
    test::write(lying.feed(),
                test::replace_first(test::read(lying.feed()), "encoding=\"UTF-8\"", "encoding=\"ISO-8859-1\""));
    output::MemoryOutput out2;
    CHECK(lying.build(out2).empty());
}

TEST_CASE("hostile: a title of 10,000 characters") {
    test::FixtureSite site;
    std::string title(10000, 'x');
    title.replace(5000, 14, "&lt;script&gt;");  // as a feed carries it: escaped in the XML
    test::write(site.feed(), test::replace_first(test::read(site.feed()), "<title>Higher order operators</title>",
                                                 "<title>" + title + "</title>"));
    output::MemoryOutput out;
    REQUIRE(site.build(out).empty());
    bool found = false;
    for (const auto& [path, content] : out.files()) {
        if (!path.starts_with("episodes/xxxx")) continue;
        found = true;
        CHECK(path.size() < 120);  // the slug is cut at 80 bytes
        CHECK(content->find("&lt;script&gt;") != std::string::npos);
        CHECK(content->find("x<script>") == std::string::npos);
    }
    CHECK(found);
}

TEST_CASE("hostile: symbolic links out of the project are not followed") {
    test::FixtureSite site;
    test::TempDir outside;
    test::write(outside.path() / "secret.md", "---\nepisode: strides\ntitle: STOLEN\n---\nsecret\n");
    test::write(outside.path() / "dir/secret.txt", "secret file");
    fs::create_directories(site.dir.path() / "content/episodes");
    fs::create_symlink(outside.path() / "secret.md", site.dir.path() / "content/episodes/link.md");
    fs::create_directories(site.dir.path() / "static");
    fs::create_directory_symlink(outside.path() / "dir", site.dir.path() / "static/linked");
    fs::create_symlink(outside.path() / "dir/secret.txt", site.dir.path() / "static/file.txt");
    output::MemoryOutput out;
    REQUIRE(site.build(out).empty());
    for (const auto& [path, content] : out.files()) {
        CAPTURE(path);
        CHECK(content->find("STOLEN") == std::string::npos);
        CHECK(content->find("secret file") == std::string::npos);
    }
    CHECK_FALSE(out.find("linked/secret.txt"));
    CHECK_FALSE(out.find("file.txt"));
}
