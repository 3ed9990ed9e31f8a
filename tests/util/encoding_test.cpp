// Feeds declared in a Western single-byte encoding are read as browsers read them.
#include <doctest/doctest.h>

#include <algorithm>

#include "util/unicode.hpp"
#include "util/xml_encoding.hpp"

TEST_CASE("a feed declared ISO-8859-1 or Windows-1252 is read as Windows-1252") {
    const std::string body = "<rss><title>Caf\xE9 \x80 \x93quoted\x94 \x85</title></rss>";
    for (const char* name : {"ISO-8859-1", "iso-8859-1", "latin1", "windows-1252", "CP1252", "US-ASCII"}) {
        CAPTURE(name);
        std::string xml = std::string("<?xml version=\"1.0\" encoding='") + name + "'?>\n" + body;
        auto utf8 = util::single_byte_xml_as_utf8(xml);
        REQUIRE(utf8);
        CHECK(*utf8 == "<?xml version=\"1.0\" encoding='UTF-8'?>\n<rss><title>Caf\xC3\xA9 \xE2\x82\xAC \xE2\x80\x9Cquoted\xE2\x80\x9D \xE2\x80\xA6</title></rss>");
    }
    // A declaration that lies about bytes that are UTF-8 all the same: they stay UTF-8.
    auto lying = util::single_byte_xml_as_utf8("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><t>Caf\xC3\xA9</t>");
    REQUIRE(lying);
    CHECK(*lying == "<?xml version=\"1.0\" encoding=\"UTF-8\"?><t>Caf\xC3\xA9</t>");
    // Anything else is left to the XML parser.
    CHECK_FALSE(util::single_byte_xml_as_utf8("<?xml version=\"1.0\" encoding=\"UTF-8\"?><t/>"));
    CHECK_FALSE(util::single_byte_xml_as_utf8("<?xml version=\"1.0\"?><t/>"));
    CHECK_FALSE(util::single_byte_xml_as_utf8("<rss/>"));
    CHECK_FALSE(util::single_byte_xml_as_utf8("<?xml version=\"1.0\" encoding=\"ISO-8859-1\""));  // no end: not a declaration
    // Lines stay where they were, for located messages.
    auto lines = util::single_byte_xml_as_utf8("<?xml version=\"1.0\" encoding=\"latin1\"?>\n<a>\xE9\n</a>\n");
    REQUIRE(lines);
    CHECK(std::count(lines->begin(), lines->end(), '\n') == 3);
    CHECK(util::windows_1252_code_point(0x81) == 0x81);  // no character there: the C1 control, as browsers do
    CHECK(util::windows_1252_code_point(0xFF) == 0xFF);
}
