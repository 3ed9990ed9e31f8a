// The feed linter: for each rule, a fixture that fails it and one that passes.
#include <doctest/doctest.h>

#include <set>

#include "feed/lint.hpp"
#include "support.hpp"

namespace {
std::vector<std::string> formatted(const std::vector<feed::LintFinding>& findings) {
    std::vector<std::string> out;
    for (const auto& f : findings) out.push_back(core::format(feed::to_diagnostic("f.xml", f)));
    return out;
}

// The rules the feed fails. Parsing in place must find the same, on the same lines.
std::set<std::string> rules_hit(const std::string& xml) {
    std::set<std::string> out;
    const auto findings = feed::lint_feed(xml);
    for (const auto& f : findings) out.insert(f.rule);
    std::string copy = xml;
    CHECK(formatted(feed::lint_feed_in_place(copy)) == formatted(findings));
    return out;
}
}  // namespace

TEST_CASE("the valid fixture passes every rule") {
    auto findings = feed::lint_feed(test::read(test::fixture("feeds/lint_valid.xml")));
    for (const auto& f : findings) CAPTURE(core::format(feed::to_diagnostic("lint_valid.xml", f)));
    CHECK(findings.empty());
}

TEST_CASE("each rule fails on its own fixture") {
    const std::string valid = test::read(test::fixture("feeds/lint_valid.xml"));
    struct Row { std::string rule, from, to; };
    const Row rows[] = {
        {"rss-wellformed", "</channel>", "</chanel>"},
        {"rss-channel-required", "<title>Valid</title>", "<title></title>"},
        {"rss-self-link", "rel=\"self\"", "rel=\"alternate\""},
        {"rss-item-title", "<title>Two</title>", "<title> </title>"},
        {"rss-item-guid", "<guid isPermaLink=\"false\">g2</guid>", ""},
        {"rss-guid-unique", ">g2</guid>", ">g1</guid>"},
        {"rss-enclosure", " length=\"1000\" type=\"audio/mpeg\"/>\n      <itunes:duration>600", " length=\"lots\" type=\"audio/mpeg\"/>\n      <itunes:duration>600"},
        {"rss-pubdate", "Tue, 02 Jan 2024 10:00:00 +0000", "2024-01-02"},
        {"feed-order", "Tue, 02 Jan 2024 10:00:00 +0000", "Sun, 31 Dec 2023 10:00:00 +0000"},
        {"apple-language", "<language>en</language>", "<language>English</language>"},
        {"apple-artwork", "https://example.com/art.jpg", "https://example.com/art.gif"},
        {"apple-category", "text=\"Technology\"", "text=\"Tech\""},
        {"apple-explicit", "<itunes:explicit>false</itunes:explicit>\n    <itunes:type>", "<itunes:explicit>yes</itunes:explicit>\n    <itunes:type>"},
        {"apple-author", "<itunes:author>Jane Host</itunes:author>", ""},
        {"apple-owner-email", "<itunes:email>jane@example.com</itunes:email>", ""},
        {"apple-type", "<itunes:type>episodic</itunes:type>", "<itunes:type>daily</itunes:type>"},
        {"apple-duration", "<itunes:duration>10:00</itunes:duration>", ""},
        {"apple-duration-format", "<itunes:duration>600</itunes:duration>", "<itunes:duration>ten minutes</itunes:duration>"},
        {"apple-episode-number", "<itunes:episode>2</itunes:episode>", "<itunes:episode>0</itunes:episode>"},
        {"apple-episode-type", "<itunes:episodeType>full</itunes:episodeType>", "<itunes:episodeType>teaser</itunes:episodeType>"},
        {"apple-enclosure-length", "https://example.com/1.mp3\" length=\"1000\"", "https://example.com/1.mp3\" length=\"0\""},
        {"apple-media-type", "https://example.com/1.mp3\" length=\"1000\" type=\"audio/mpeg\"", "https://example.com/1.mp3\" length=\"1000\" type=\"audio/ogg\""},
        {"apple-enclosure-unique", "https://example.com/1.mp3", "https://example.com/2.mp3"},
        {"apple-description-length", "<description>A feed that passes every rule.</description>", "<description>" + std::string(4100, 'x') + "</description>"},
        {"p20-guid", "917393e3-1b1e-5cef-ace4-edaa54e1f810", "not-a-uuid"},
        {"p20-locked", "<podcast:locked>no</podcast:locked>", "<podcast:locked>maybe</podcast:locked>"},
        {"p20-url-type", " type=\"text/vtt\"", ""},
        {"p20-person", ">Guest Name<", "><"},
    };
    std::set<std::string> covered;
    for (const auto& row : rows) {
        CAPTURE(row.rule);
        std::string broken = test::replace_first(valid, row.from, row.to);
        REQUIRE(broken != valid);
        CHECK(rules_hit(broken).count(row.rule));
        covered.insert(row.rule);
    }
    for (const auto& rule : feed::lint_rules()) CHECK_MESSAGE(covered.count(rule.id), "no failing fixture for " << rule.id);
}

TEST_CASE("findings carry the rule, the spec and the line") {
    std::string broken = test::replace_first(test::read(test::fixture("feeds/lint_valid.xml")), "<itunes:type>episodic", "<itunes:type>daily");
    auto findings = feed::lint_feed(broken);
    REQUIRE(findings.size() == 1);
    CHECK(core::format(feed::to_diagnostic("f.xml", findings[0])) ==
          "f.xml:14: error: [apple-type] channel: <itunes:type> must be episodic or serial (https://podcasters.apple.com/support/823-podcast-requirements)");
}
