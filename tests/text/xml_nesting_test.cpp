// Elements that do not nest are read as lenient XML parsers read them, each repair said.
#include "text/xml_nesting.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <pugixml.hpp>

namespace {

constexpr text::ChildOf k_feed[] = {{"item", "channel"}, {"entry", "feed"}};

// The repair of `xml`, which must parse once repaired and keep every line where it was.
text::RepairedXml repaired(std::string_view xml) {
    auto out = text::repair_nesting(xml, k_feed);
    REQUIRE(out);
    pugi::xml_document doc;
    CHECK(doc.load_buffer(out->text.data(), out->text.size()));
    CHECK(std::count(out->text.begin(), out->text.end(), '\n') == std::count(xml.begin(), xml.end(), '\n'));
    return *out;
}

}  // namespace

TEST_CASE("an unclosed element is closed before the next item, which stays in the channel") {
    // As feedjira's ITunesWithSingleQuotedAttributes.xml has it: a category with subcategories
    // and no end tag, then the items.
    const std::string xml =
        "<rss>\n<channel>\n<itunes:category text='Technology'>\n<itunes:category text='Gadgets'/>\n\n"
        "<item><title>One</title></item>\n<item><title>Two</title></item>\n</channel>\n</rss>\n";
    auto out = repaired(xml);
    REQUIRE(out.repairs.size() == 1);
    CHECK(out.repairs[0].at.line == 3);
    CHECK(out.repairs[0].message == "<itunes:category> is not closed: read as closed before the <item> at line 6");
    pugi::xml_document doc;
    REQUIRE(doc.load_buffer(out.text.data(), out.text.size()));
    auto channel = doc.child("rss").child("channel");
    CHECK(std::distance(channel.children("item").begin(), channel.children("item").end()) == 2);
    CHECK(channel.child("itunes:category").child("itunes:category").attribute("text").value() ==
          std::string("Gadgets"));
}

TEST_CASE("an end tag closes what is open inside it; one that closes nothing is left out") {
    const std::string xml = "<a>\n<b><c>text\n</a>";
    auto out = repaired(xml);
    CHECK(out.text == "<a>\n<b><c>text\n</c></b></a>");
    REQUIRE(out.repairs.size() == 2);
    CHECK(out.repairs[0].message == "<c> is not closed: read as closed by the </a> at line 3");  // innermost first
    CHECK(out.repairs[0].at.line == 2);
    CHECK(out.repairs[1].message == "<b> is not closed: read as closed by the </a> at line 3");

    auto stray = repaired("<a><b/></c>\n</a>");
    CHECK(stray.text == "<a><b/>\n</a>");
    REQUIRE(stray.repairs.size() == 1);
    CHECK(stray.repairs[0].message == "</c> closes no open element: left out");
    CHECK(stray.repairs[0].at.line == 1);
    CHECK(stray.repairs[0].at.column == 8);
}

TEST_CASE("a '<' that starts no tag is text") {
    auto out = repaired("<title>1 < 2 and a <= b</title>");
    CHECK(out.text == "<title>1 &lt; 2 and a &lt;= b</title>");
    CHECK(out.repairs.size() == 2);
    CHECK(out.repairs[0].message == "'<' starts no tag: read as text");
}

TEST_CASE("a feed cut short loses only its unfinished item") {
    const std::string xml = "<rss><channel><title>Show</title>\n<item><title>Whole</title></item>\n<item><title>Cut sh";
    auto out = repaired(xml);
    CHECK(out.text == "<rss><channel><title>Show</title>\n<item><title>Whole</title></item>\n</channel></rss>");
    CHECK(out.cut_short);
    REQUIRE(out.repairs.size() == 3);
    CHECK(out.repairs[0].message == "<item> is not finished when the text ends (it looks cut short): left out");
    CHECK(out.repairs[0].at.line == 3);
    CHECK(out.repairs[1].message == "<channel> is not closed: read as closed where the text ends");
    CHECK(out.repairs[2].message == "<rss> is not closed: read as closed where the text ends");

    // An item left open before the next one is closed there; the next, cut short, is left out.
    auto open_item = repaired("<rss><channel>\n<item><title>A</title>\n<item><title>B</title></item></channel></rss>");
    CHECK(open_item.text ==
          "<rss><channel>\n<item><title>A</title>\n</item><item><title>B</title></item></channel></rss>");
    CHECK_FALSE(open_item.cut_short);
    REQUIRE(open_item.repairs.size() == 1);
    CHECK(open_item.repairs[0].message == "<item> is not closed: read as closed before the <item> at line 3");
}

TEST_CASE("markup is read as a parser reads it: tags in comments, CDATA and quoted values are text") {
    const std::string xml =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [<!ENTITY x \"y\">]>\n<rss a='>' b=\"</rss>\">"
        "<!-- </rss> <item> --><![CDATA[</channel><b>]]><?pi </x> ?><c></rss>";
    auto out = repaired(xml);
    REQUIRE(out.repairs.size() == 1);  // the <c> alone
    CHECK(out.repairs[0].message == "<c> is not closed: read as closed by the </rss> at line 3");
    CHECK(out.text.ends_with("<?pi </x> ?><c></c></rss>"));
}

TEST_CASE("nothing to repair, or a fault the scan does not read: none") {
    CHECK_FALSE(text::repair_nesting("<rss><channel><item/></channel></rss>", k_feed));
    CHECK_FALSE(text::repair_nesting("", k_feed));
    CHECK_FALSE(text::repair_nesting("no markup at all", k_feed));
    CHECK_FALSE(text::repair_nesting("<a><b <c></a>", k_feed));  // a tag without its '>'
    CHECK_FALSE(text::repair_nesting("<a></ b></a>", k_feed));   // an end tag without a name
    CHECK_FALSE(text::repair_nesting("<a/><!-- x", k_feed));     // cut short, nothing open: the parser's error
    // UTF-16 (NUL bytes) is not read as UTF-8.
    CHECK_FALSE(text::repair_nesting(std::string_view("<\0a\0>\0<\0b\0>\0<\0/\0a\0>\0", 18), k_feed));
    CHECK(text::repair_nesting("<a><b></a>", k_feed));  // (the same, in UTF-8)
}

TEST_CASE("a comment, CDATA section or quote never closed reads to the end, as a lenient parser reads it") {
    for (const char* cut : {"<!-- never ends </a>", "<![CDATA[ never ends </a>", "<b attr='never ends></a>", "</a"}) {
        CAPTURE(cut);
        auto out = repaired(std::string("<a>\n") + cut);
        CHECK(out.text == "<a>\n</a>");
        CHECK(out.cut_short);
        REQUIRE(out.repairs.size() == 1);
        CHECK(out.repairs[0].message == "<a> is not closed: read as closed where the text ends");
    }
}

TEST_CASE("deep and long inputs: one pass, no recursion") {
    std::string deep;
    for (int i = 0; i < 100000; ++i) deep += "<d>";
    auto out = text::repair_nesting(deep + "</d>", k_feed);
    REQUIRE(out);
    CHECK(out->repairs.size() == 99999);
    std::string many = "<rss><channel>";
    for (int i = 0; i < 20000; ++i) many += "<item><description>a<br>b</description></item>";
    auto repaired_many = text::repair_nesting(many + "</channel></rss>", k_feed);
    REQUIRE(repaired_many);
    CHECK(repaired_many->repairs.size() == 20000);
}
