// The archive's copies of the episodes' audio on the pages and in the feeds: the host's file
// first while it lives, the copy named beside it (podcast:alternateEnclosure, with its SHA-256);
// the copy first, and said, once the host's file is gone.
#include <doctest/doctest.h>
#include <openssl/evp.h>
#include <openssl/sha.h>

#include "audio/manifest.hpp"
#include "output/output.hpp"
#include "render/site_check.hpp"
#include "support.hpp"

namespace {

const std::string k_page = "episodes/torch-trace-and-tlparse/index.html";
const std::string k_host_url =
    "https://cdn.simplecast.com/audio/aaa/episodes/003/audio/default_tc.mp3?aid=rss_feed&amp;feed=fixture";
const std::string k_copy_url = "https://archive.example.org/audio/2024-04-29-torch-trace-and-tlparse.mp3";

// A site that serves its copies from archive.example.org, and whose manifest keeps the
// episode's copy, the host's file `host` ("live", "gone"); `more` is added to its site.yaml.
void keep_copy(const test::FixtureSite& site, const std::string& host, const std::string& more = "") {
    test::write(site.dir.path() / "site.yaml",
                test::read(site.dir.path() / "site.yaml") + more +
                    "audio:\n  keep: true\n  mirror_url: https://archive.example.org/audio\n");
    const std::string mp3 = test::read(test::fixture("audio/tone.mp3"));
    unsigned char digest[SHA256_DIGEST_LENGTH];
    SHA256(reinterpret_cast<const unsigned char*>(mp3.data()), mp3.size(), digest);
    std::string hex;
    for (unsigned char b : digest) hex += "0123456789abcdef"[b >> 4], hex += "0123456789abcdef"[b & 15];
    audio::Manifest manifest;
    manifest.put({"2024-04-29-torch-trace-and-tlparse.mp3",
                  "8f2a1c8e-0001-4b7e-9d3a-000000000003",
                  "https://cdn.simplecast.com/audio/aaa/episodes/003/audio/default_tc.mp3",
                  static_cast<long long>(mp3.size()),
                  hex,
                  "audio/mpeg",
                  3.0,
                  928,
                  "2026-12-01T00:00:00Z",
                  "2026-12-01T00:00:00Z",
                  host,
                  0,
                  {"github-release:audio"}});
    std::string error;
    REQUIRE(audio::write_manifest(site.dir.path() / "archive/audio.json", manifest, error));
}

// What podcast:integrity holds for the fixture's MP3: "sha256-" and the digest in base64.
std::string integrity_of_tone() {
    const std::string mp3 = test::read(test::fixture("audio/tone.mp3"));
    unsigned char digest[SHA256_DIGEST_LENGTH];
    SHA256(reinterpret_cast<const unsigned char*>(mp3.data()), mp3.size(), digest);
    unsigned char base64[64] = {};
    EVP_EncodeBlock(base64, digest, SHA256_DIGEST_LENGTH);
    return "sha256-" + std::string(reinterpret_cast<char*>(base64));
}

}  // namespace

TEST_CASE("a kept copy plays after the host's file, and the feed names it with its integrity") {
    test::FixtureSite site;
    keep_copy(site, "live");
    output::MemoryOutput out;
    REQUIRE(site.build(out) == "");
    const std::string& page = test::file_in(out, k_page);
    const auto host_at = page.find("<source src=\"" + k_host_url + "\" type=\"audio/mpeg\">");
    const auto copy_at = page.find("<source src=\"" + k_copy_url + "\" type=\"audio/mpeg\">");
    REQUIRE(host_at != std::string::npos);
    REQUIRE(copy_at != std::string::npos);
    // The copy's source follows the host's with nothing between: Chromium never falls back to a
    // <source> the parser adds after white space once it is loading the one before.
    CHECK(copy_at == page.find('>', host_at) + 1);
    CHECK(page.find("<audio controls preload=\"none\"><source") !=
          std::string::npos);  // (no src: the browser picks among the sources)
    CHECK(page.find("data-served=\"copy\"") == std::string::npos);
    CHECK(test::file_in(out, "episodes/torch-trace-and-tlparse/embed/index.html").find("<source src=\"" + k_copy_url) !=
          std::string::npos);
    // An episode without a copy keeps the plain player.
    CHECK(test::file_in(out, "episodes/higher-order-operators/index.html").find("<source") == std::string::npos);
    const std::string& feed = test::file_in(out, "feed.xml");
    CHECK(feed.find("<enclosure url=\"" + k_host_url + "\"") != std::string::npos);
    CHECK(feed.find("<podcast:alternateEnclosure type=\"audio/mpeg\" length=\"12452\" title=\"Archive copy\">") !=
          std::string::npos);
    CHECK(feed.find("<podcast:source uri=\"" + k_copy_url + "\" />") != std::string::npos);
    CHECK(feed.find("<podcast:integrity type=\"sri\" value=\"" + integrity_of_tone() + "\" />") != std::string::npos);
    CHECK(test::file_in(out, "feed.json").find(k_copy_url) != std::string::npos);
}

TEST_CASE("once the host's file is gone, the copy comes first, is downloaded, is the enclosure, and the page says so") {
    for (const std::string language : {"en", "he"}) {
        CAPTURE(language);
        test::FixtureSite site;
        keep_copy(site, "gone", "language: " + language + "\n");
        output::MemoryOutput out;
        REQUIRE(site.build(out) == "");  // (the identity guard knows the copy for the host's file)
        const std::string& page = test::file_in(out, k_page);
        const auto host_at = page.find("<source src=\"" + k_host_url);
        const auto copy_at = page.find("<source src=\"" + k_copy_url);
        REQUIRE(copy_at != std::string::npos);
        CHECK(copy_at < host_at);
        CHECK(page.find("<a href=\"" + k_copy_url + "\" download>") != std::string::npos);
        CHECK(page.find(language == "en"
                            ? "The host no longer serves this episode: it plays from the archive&#39;s own copy."
                            : "\xD7\x94\xD7\x9E\xD7\x90\xD7\xA8\xD7\x97 \xD7\x9B\xD7\x91\xD7\xA8 \xD7\x9C\xD7\x90 "
                              "\xD7\x9E\xD7\x92\xD7\x99\xD7\xA9") != std::string::npos);
        const std::string& feed = test::file_in(out, "feed.xml");
        CHECK(feed.find("<enclosure url=\"" + k_copy_url + "\" length=\"12452\" type=\"audio/mpeg\"") !=
              std::string::npos);
        CHECK(feed.find(k_host_url) == std::string::npos);
        CHECK(feed.find("<guid isPermaLink=\"false\">8f2a1c8e-0001-4b7e-9d3a-000000000003</guid>") !=
              std::string::npos);
        CHECK(feed.find("alternateEnclosure") == std::string::npos);
    }
}

TEST_CASE("the site lists what the archive keeps of each episode's audio, linked from every page's footer") {
    test::FixtureSite site;
    keep_copy(site, "gone");
    output::MemoryOutput out;
    REQUIRE(site.build(out) == "");
    const std::string& page = test::file_in(out, "audio/index.html");
    CHECK(page.find("<h1>The archive&#39;s audio</h1>") != std::string::npos);
    CHECK(page.find("1 episode kept, of 3 with audio; 1 of them play from the archive&#39;s copy alone.") !=
          std::string::npos);
    // One row an episode with audio: the kept one with its date, size, length and where it plays from.
    CHECK(page.find("<td><a href=\"/fixture-archive/episodes/torch-trace-and-tlparse/\"><bdi>TORCH_TRACE and "
                    "tlparse</bdi></a></td>"
                    "<td><time datetime=\"2026-12-01T00:00:00+00:00\">December 1, "
                    "2026</time></td><td><bdi>1\u00A0MB</bdi></td><td>0\u00A0min</td>"
                    "<td class=\"from-copy\">the archive&#39;s copy</td></tr>") != std::string::npos);
    CHECK(page.find("<td>the host (no copy yet)</td>") != std::string::npos);
    CHECK(test::file_in(out, "index.html").find("<a href=\"/fixture-archive/audio/\">The archive&#39;s audio</a>") !=
          std::string::npos);
    CHECK(test::file_in(out, "sitemap.xml").find("https://example.github.io/fixture-archive/audio/") !=
          std::string::npos);
    CHECK(render::check_site(out, "https://example.github.io/fixture-archive/").empty());
    // Without copies, no such page and no link.
    test::FixtureSite plain;
    output::MemoryOutput none;
    REQUIRE(plain.build(none) == "");
    CHECK_FALSE(none.find("audio/index.html"));
    CHECK(test::file_in(none, "index.html").find("/audio/") == std::string::npos);
}
