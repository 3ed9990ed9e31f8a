// The feed linter: for each rule, a fixture that fails it and one that passes.
#include "feed/lint.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "support.hpp"

namespace {
std::vector<std::string> formatted(const std::vector<feed::LintFinding>& findings) {
    std::vector<std::string> out;
    for (const auto& f : findings) out.push_back(core::format(feed::to_diagnostic("f.xml", f)));
    return out;
}

// Where each item of `xml` begins (its line's start) and where the last one ends (after its
// line), as write_feed records them.
std::vector<std::size_t> item_offsets(const std::string& xml) {
    std::vector<std::size_t> out;
    for (std::size_t at = xml.find("<item>"); at != std::string::npos; at = xml.find("<item>", at + 1))
        out.push_back(xml.rfind('\n', at) + 1);
    if (!out.empty()) out.push_back(xml.find('\n', xml.rfind("</item>")) + 1);
    return out;
}

// The findings without the lines of those about the input's values, which a check item by item
// leaves unlocated (unless it read the text whole).
std::vector<feed::LintFinding> unlocated(std::vector<feed::LintFinding> findings) {
    for (auto& f : findings)
        if (feed::about_input(f)) f.line = 0;
    return findings;
}

// The rules the feed fails. Read item by item, it must give the same findings, on the same lines
// (those it locates).
std::set<std::string> rules_hit(const std::string& xml) {
    std::set<std::string> out;
    const auto findings = feed::lint_feed(xml);
    for (const auto& f : findings) out.insert(f.rule);
    CHECK(formatted(unlocated(feed::lint_feed_by_item(xml, item_offsets(xml)))) == formatted(unlocated(findings)));
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
    struct Row {
        std::string rule, from, to;
    };
    const Row rows[] = {
        {"rss-wellformed", "</channel>", "</chanel>"},
        {"rss-channel-required", "<title>Valid</title>", "<title></title>"},
        {"rss-self-link", "rel=\"self\"", "rel=\"alternate\""},
        {"rss-item-title", "<title>Two</title>", "<title> </title>"},
        {"rss-item-guid", "<guid isPermaLink=\"false\">g2</guid>", ""},
        {"rss-guid-unique", ">g2</guid>", ">g1</guid>"},
        {"rss-guid-permalink", "<guid isPermaLink=\"false\">g2</guid>", "<guid>g2</guid>"},
        {"rss-enclosure", " length=\"1000\" type=\"audio/mpeg\"/>\n      <itunes:duration>600",
         " length=\"lots\" type=\"audio/mpeg\"/>\n      <itunes:duration>600"},
        {"rss-pubdate", "Tue, 02 Jan 2024 10:00:00 +0000", "2024-01-02"},
        {"feed-order", "Tue, 02 Jan 2024 10:00:00 +0000", "Sun, 31 Dec 2023 10:00:00 +0000"},
        {"apple-language", "<language>en</language>", "<language>English</language>"},
        {"apple-artwork", "https://example.com/art.jpg", "https://example.com/art.gif"},
        {"apple-category", "text=\"Technology\"", "text=\"Tech\""},
        {"apple-explicit", "<itunes:explicit>false</itunes:explicit>\n    <itunes:type>",
         "<itunes:explicit>yes</itunes:explicit>\n    <itunes:type>"},
        {"apple-author", "<itunes:author>Jane Host</itunes:author>", ""},
        {"apple-owner-email", "<itunes:email>jane@example.com</itunes:email>", ""},
        {"apple-type", "<itunes:type>episodic</itunes:type>", "<itunes:type>daily</itunes:type>"},
        {"apple-duration", "<itunes:duration>10:00</itunes:duration>", ""},
        {"apple-duration-format", "<itunes:duration>600</itunes:duration>",
         "<itunes:duration>ten minutes</itunes:duration>"},
        {"apple-episode-number", "<itunes:episode>2</itunes:episode>", "<itunes:episode>0</itunes:episode>"},
        {"apple-episode-type", "<itunes:episodeType>full</itunes:episodeType>",
         "<itunes:episodeType>teaser</itunes:episodeType>"},
        {"apple-enclosure-length", "https://example.com/1.mp3\" length=\"1000\"",
         "https://example.com/1.mp3\" length=\"0\""},
        {"apple-media-type", "https://example.com/1.mp3\" length=\"1000\" type=\"audio/mpeg\"",
         "https://example.com/1.mp3\" length=\"1000\" type=\"audio/ogg\""},
        {"apple-enclosure-unique", "https://example.com/1.mp3", "https://example.com/2.mp3"},
        {"apple-description-length", "<description>A feed that passes every rule.</description>",
         "<description>" + std::string(4100, 'x') + "</description>"},
        {"p20-guid", "917393e3-1b1e-5cef-ace4-edaa54e1f810", "not-a-uuid"},
        {"p20-locked", "<podcast:locked>no</podcast:locked>", "<podcast:locked>maybe</podcast:locked>"},
        {"p20-url-type", " type=\"text/vtt\"", ""},
        {"p20-person", ">Guest Name<", "><"},
        {"xml-characters", "<title>Two</title>", "<title>Two&#x1b;[0m</title>"},
    };
    std::set<std::string> covered;
    for (const auto& row : rows) {
        CAPTURE(row.rule);
        std::string broken = test::replace_first(valid, row.from, row.to);
        REQUIRE(broken != valid);
        CHECK(rules_hit(broken).count(row.rule));
        covered.insert(row.rule);
    }
    for (const auto& rule : feed::lint_rules())
        CHECK_MESSAGE(covered.count(rule.id), "no failing fixture for " << rule.id);
}

TEST_CASE("findings carry the rule, the spec and the line") {
    std::string broken = test::replace_first(test::read(test::fixture("feeds/lint_valid.xml")), "<itunes:type>episodic",
                                             "<itunes:type>daily");
    auto findings = feed::lint_feed(broken);
    REQUIRE(findings.size() == 1);
    CHECK(core::format(feed::to_diagnostic("f.xml", findings[0])) ==
          "f.xml:14: error: [apple-type] channel: <itunes:type> must be episodic or serial "
          "(https://podcasters.apple.com/support/823-podcast-requirements)");
}

// `check` on a feed whose elements do not nest: each fault is an error where it is (a strict
// parser stops far below it), and the rest of the feed is still checked as lenient apps read it.
TEST_CASE("elements that do not nest are errors where they are, and the rest is still checked") {
    std::string broken =
        test::replace_first(test::read(test::fixture("feeds/lint_valid.xml")), "<itunes:category text=\"Technology\"/>",
                            "<itunes:category text=\"Technology\">");
    broken = test::replace_first(broken, "<itunes:episodeType>full", "<itunes:episodeType>teaser");
    const auto findings = formatted(feed::lint_feed(broken));
    // (Read so, the channel's <itunes:explicit> below the category is inside it: missing.)
    CHECK(findings == std::vector<std::string>{
                          "f.xml:12: error: [rss-wellformed] feed: malformed XML: <itunes:category> is not closed: "
                          "read as closed before the <item> at line 17 (podcast apps that recover read it so; "
                          "Apple's and other strict parsers reject the feed) "
                          "(https://www.rssboard.org/rss-specification)",
                          "f.xml: error: [apple-explicit] channel: <itunes:explicit> is missing "
                          "(https://podcasters.apple.com/support/823-podcast-requirements)",
                          "f.xml:24: error: [apple-episode-type] item 1 'Two': <itunes:episodeType> must be full, "
                          "trailer or bonus (https://podcasters.apple.com/support/823-podcast-requirements)"});
    CHECK(formatted(feed::lint_feed_by_item(broken, item_offsets(broken))) == findings);

    // Seven stray end tags: five said, the rest counted from the sixth's line.
    std::string strays = test::read(test::fixture("feeds/lint_valid.xml"));
    for (const char* line : {"<title>Valid</title>", "<language>en</language>", "<itunes:type>episodic</itunes:type>",
                             "<title>Two</title>", "<guid isPermaLink=\"false\">g2</guid>",
                             "<itunes:episode>2</itunes:episode>", "<itunes:duration>600</itunes:duration>"})
        strays = test::replace_first(strays, line, std::string(line) + "</b>");
    const auto counted = formatted(feed::lint_feed(strays));
    REQUIRE(counted.size() == 6);
    CHECK(counted[5].find("malformed XML: 2 more elements that do not nest (from this line on)") != std::string::npos);
    // A fault that is not one of nesting stays the parser's error where it stopped.
    const auto unquoted = formatted(feed::lint_feed(test::replace_first(broken, "rel=\"self\"", "rel=self")));
    REQUIRE(unquoted.size() == 1);
    CHECK(unquoted[0].starts_with("f.xml:4: error: [rss-wellformed] feed: malformed XML: "));
}

TEST_CASE("a build judges what podarchive writes: a value copied from the input is a warning naming the fix") {
    const std::string valid = test::read(test::fixture("feeds/lint_valid.xml"));
    // The host's own flaw: located where the input has it, saying what fixes it.
    auto inherited =
        feed::lint_feed(test::replace_first(valid, "917393e3-1b1e-5cef-ace4-edaa54e1f810", "y0ur-gu1d-g035-h3r3"));
    REQUIRE(inherited.size() == 1);
    CHECK(core::format(feed::to_build_diagnostic(inherited[0], {"in/feed.xml", 9, 0})) ==
          "in/feed.xml:9: warning: [p20-guid] channel: <podcast:guid> must be a lowercase UUID; set `podcast_guid:` in "
          "site.yaml "
          "(the namespace's rule: the UUIDv5 of the feed's URL) "
          "(https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md#guid)");
    // What podarchive alone writes stays an error of feed.xml: a fault of ours is never waved through.
    auto ours = feed::lint_feed(test::replace_first(valid, "<itunes:explicit>false</itunes:explicit>",
                                                    "<itunes:explicit>no</itunes:explicit>"));
    REQUIRE(ours.size() == 1);
    CHECK(core::format(feed::to_build_diagnostic(ours[0], {"in/feed.xml", 9, 0}))
              .starts_with("feed.xml:13: error: [apple-explicit]"));
    // Every rule says which it is: a fix for what the host wrote, or none for what podarchive writes.
    std::set<std::string> ours_alone;
    for (const auto& rule : feed::lint_rules())
        if (rule.fix.empty()) ours_alone.insert(rule.id);
    CHECK(ours_alone == std::set<std::string>{"rss-wellformed", "rss-channel-required", "rss-self-link",
                                              "apple-explicit", "apple-duration-format", "apple-episode-number",
                                              "apple-episode-type", "p20-locked", "xml-characters"});
}

TEST_CASE("a feed read item by item: offsets that are not its items read it whole") {
    const std::string valid = test::read(test::fixture("feeds/lint_valid.xml"));
    const std::string broken = test::replace_first(valid, "<title>Two</title>", "<title> </title>");
    const auto whole = formatted(feed::lint_feed(broken));
    REQUIRE(whole.size() == 1);
    const std::vector<std::size_t> items = item_offsets(broken);
    REQUIRE(items.size() == 3);
    // Two items given as one, an item cut in two, the channel given as an item, none, backwards.
    const std::vector<std::vector<std::size_t>> wrong = {{items[0], items[2]},    {items[0], items[0] + 40, items[2]},
                                                         {0, items[0], items[2]}, {},
                                                         {items[2], items[0]},    {items[0], broken.size() + 1}};
    for (const auto& offsets : wrong) {
        CAPTURE(offsets.size());
        CHECK(formatted(feed::lint_feed_by_item(broken, offsets)) == whole);
    }
    // An item that does not parse is malformed XML, on its own line (the rest is then read as
    // lenient apps read it: the <title> left open holds the rest of the item).
    const std::string bad = test::replace_first(valid, "<title>Two</title>", "<title>Two</titel>");
    const auto found = feed::lint_feed_by_item(bad, item_offsets(bad));
    REQUIRE(found.size() > 1);
    CHECK(found[0].rule == "rss-wellformed");
    CHECK(found[0].line == 18);
    CHECK(formatted(found) == formatted(feed::lint_feed(bad)));
}

TEST_CASE("a long feed read item by item, in pieces on every core: the whole feed's findings, in its order") {
    // 1,000 items: guids, audio URLs and dates that repeat or go back across the pieces the items
    // are read in (a piece is at most a 64th of them), and findings of each item's own.
    std::string xml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\">\n<channel>\n<title>Long</title>\n";
    for (int i = 0; i < 1000; ++i) {
        const int day = 28 - (i % 97 == 5 ? 0 : i % 28);  // (going back, and now and then forward)
        xml += "<item>\n  <title>" + (i % 13 == 0 ? std::string() : "Item " + std::to_string(i)) + "</title>\n";
        xml += "  <guid isPermaLink=\"false\">g" + std::to_string(i % 400) + "</guid>\n";
        xml += "  <enclosure url=\"https://cdn.example.com/" + std::to_string(i % 333) +
               ".mp3\" length=\"1000\" type=\"audio/mpeg\"/>\n";
        xml += "  <pubDate>Mon, " + std::to_string(day) + " Jan 2024 10:00:00 +0000</pubDate>\n";
        if (i % 7) xml += "  <itunes:duration>600</itunes:duration>\n";
        xml += "</item>\n";
    }
    xml += "</channel>\n</rss>\n";
    const auto rules = rules_hit(xml);  // (by item: the same findings, lines and order)
    for (const char* rule :
         {"rss-guid-unique", "apple-enclosure-unique", "feed-order", "rss-item-title", "apple-duration"})
        CHECK(rules.contains(rule));
    CHECK(feed::lint_feed(xml).size() > 1500);
}

namespace {

// A valid feed of `count` items, newest first, and its items' offsets; item i (0-based) as
// `item(i)` writes it.
std::string long_feed(int count, const std::function<std::string(int)>& item) {
    std::string valid = test::read(test::fixture("feeds/lint_valid.xml"));
    std::string xml = valid.substr(0, valid.find("    <item>"));
    for (int i = 0; i < count; ++i) xml += item(i);
    return xml + "  </channel>\n</rss>\n";
}

std::string clean_item(int i, int day) {
    return "    <item>\n      <title>Item " + std::to_string(i) + "</title>\n      <guid isPermaLink=\"false\">g" +
           std::to_string(i) + "</guid>\n      <pubDate>" + (day < 10 ? "Mon, 0" : "Mon, ") + std::to_string(day) +
           " Jan 2024 10:00:00 +0000</pubDate>\n      <enclosure url=\"https://cdn.example.com/" + std::to_string(i) +
           ".mp3\" length=\"1000\" type=\"audio/mpeg\"/>\n      <itunes:duration>600</itunes:duration>\n    </item>\n";
}

}  // namespace

TEST_CASE("an item checked clean before is taken unread; any finding about one reads them all") {
    const int count = 300;
    auto feed = [&](std::function<std::string(int)> changed) {
        return long_feed(count, [&](int i) {
            const std::string own = changed(i);
            return own.empty() ? clean_item(i, 28 - i / 11) : own;
        });
    };
    const std::string xml = feed([](int) { return std::string(); });
    const auto items = item_offsets(xml);
    std::vector<feed::CheckedItem> checked(count);
    CHECK(feed::lint_feed_by_item(xml, items, checked).empty());
    for (const auto& c : checked) {
        CHECK(c.clean);
        CHECK(c.has == (feed::CheckedItem::k_guid | feed::CheckedItem::k_audio | feed::CheckedItem::k_date));
    }
    CHECK(checked[3].guid != checked[4].guid);
    // Taken unread: item 40's text lost its title and duration, but its entry says it was clean.
    auto broken = [&](int i) {
        return i == 40 ? test::replace_first(
                             test::replace_first(clean_item(40, 25), "<title>Item 40</title>", "<title></title>"),
                             "      <itunes:duration>600</itunes:duration>\n", "")
                       : std::string();
    };
    const std::string unread = feed(broken);
    const auto unread_items = item_offsets(unread);
    std::vector<feed::CheckedItem> kept = checked;
    CHECK(feed::lint_feed_by_item(unread, unread_items, kept).empty());
    kept[40] = {};  // (an item written anew: read, with the findings it has)
    CHECK(formatted(unlocated(feed::lint_feed_by_item(unread, unread_items, kept))) ==
          formatted(unlocated(feed::lint_feed(unread))));
    CHECK_FALSE(kept[40].clean);
    CHECK(kept[41].clean);
    // A control character XML forbids: not looked for in an item taken unread (a kept feed.xml
    // had none), found where lint_feed finds it in one read.
    auto escaped = [&](int at) {
        return feed([at](int i) {
            return i == at ? test::replace_first(clean_item(i, 28 - i / 11), "</title>", "\x1b</title>")
                           : std::string();
        });
    };
    const std::string in_taken = escaped(60);
    std::vector<feed::CheckedItem> taken = checked;
    CHECK(feed::lint_feed_by_item(in_taken, item_offsets(in_taken), taken).empty());
    taken[60] = {};
    const auto forbidden = feed::lint_feed_by_item(in_taken, item_offsets(in_taken), taken);
    REQUIRE_FALSE(forbidden.empty());
    CHECK(forbidden[0].rule == "xml-characters");
    CHECK(formatted(forbidden) == formatted(feed::lint_feed(in_taken)));
    // No item of such a feed is kept clean: its next check would not look in them.
    CHECK(std::none_of(taken.begin(), taken.end(), [](const feed::CheckedItem& c) { return c.clean; }));
    // Written anew with the guid, the audio URL or a date out of order against items taken: the
    // findings are lint_feed's, whichever item they are about (a finding about an item taken
    // reads every item again, and keeps what each is anew).
    const std::vector<std::function<std::string(int)>> edits = {
        [](int i) { return i == 100 ? test::replace_first(clean_item(100, 19), ">g100<", ">g7<") : std::string(); },
        [](int i) { return i == 7 ? test::replace_first(clean_item(7, 28), ">g7<", ">g100<") : std::string(); },
        [](int i) { return i == 100 ? test::replace_first(clean_item(100, 19), "/100.mp3", "/7.mp3") : std::string(); },
        [](int i) { return i == 100 ? clean_item(100, 27) : std::string(); },  // after older items: later than them
        [](int i) { return i == 100 ? clean_item(100, 1) : std::string(); },   // the next items then seem later
    };
    for (std::size_t e = 0; e < edits.size(); ++e) {
        CAPTURE(e);
        const std::string edited = feed(edits[e]);
        const auto edited_items = item_offsets(edited);
        std::vector<feed::CheckedItem> before = checked;
        before[e == 1 ? 7 : 100] = {};  // (the item written anew)
        const auto found = feed::lint_feed_by_item(edited, edited_items, before);
        CHECK_FALSE(found.empty());
        CHECK(formatted(unlocated(found)) == formatted(unlocated(feed::lint_feed(edited))));
        std::vector<feed::CheckedItem> fresh(count);
        feed::lint_feed_by_item(edited, edited_items, fresh);
        CHECK(before == fresh);
    }
}
