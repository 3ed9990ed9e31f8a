// Feeds declared in a Western single-byte encoding are read as browsers read them.
#include <doctest/doctest.h>

#include <algorithm>

#include "text/unicode.hpp"
#include "text/xml_encoding.hpp"

TEST_CASE("a feed declared ISO-8859-1 or Windows-1252 is read as Windows-1252") {
    const std::string body = "<rss><title>Caf\xE9 \x80 \x93quoted\x94 \x85</title></rss>";
    for (const char* name : {"ISO-8859-1", "iso-8859-1", "latin1", "windows-1252", "CP1252", "US-ASCII"}) {
        CAPTURE(name);
        std::string xml = std::string("<?xml version=\"1.0\" encoding='") + name + "'?>\n" + body;
        auto utf8 = text::single_byte_xml_as_utf8(xml);
        REQUIRE(utf8);
        CHECK(*utf8 ==
              "<?xml version=\"1.0\" encoding='UTF-8'?>\n<rss><title>Caf\xC3\xA9 \xE2\x82\xAC "
              "\xE2\x80\x9Cquoted\xE2\x80\x9D \xE2\x80\xA6</title></rss>");
    }
    // A declaration that lies about bytes that are UTF-8 all the same: they stay UTF-8.
    auto lying = text::single_byte_xml_as_utf8("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><t>Caf\xC3\xA9</t>");
    REQUIRE(lying);
    CHECK(*lying == "<?xml version=\"1.0\" encoding=\"UTF-8\"?><t>Caf\xC3\xA9</t>");
    // Anything else is left to the XML parser.
    CHECK_FALSE(text::single_byte_xml_as_utf8("<?xml version=\"1.0\" encoding=\"UTF-8\"?><t/>"));
    CHECK_FALSE(text::single_byte_xml_as_utf8("<?xml version=\"1.0\"?><t/>"));
    CHECK_FALSE(text::single_byte_xml_as_utf8("<rss/>"));
    CHECK_FALSE(
        text::single_byte_xml_as_utf8("<?xml version=\"1.0\" encoding=\"ISO-8859-1\""));  // no end: not a declaration
    // Lines stay where they were, for located messages.
    auto lines = text::single_byte_xml_as_utf8("<?xml version=\"1.0\" encoding=\"latin1\"?>\n<a>\xE9\n</a>\n");
    REQUIRE(lines);
    CHECK(std::count(lines->begin(), lines->end(), '\n') == 3);
    CHECK(text::windows_1252_code_point(0x81) == 0x81);  // no character there: the C1 control, as browsers do
    CHECK(text::windows_1252_code_point(0xFF) == 0xFF);
}

TEST_CASE("every label the WHATWG Encoding Standard gives is converted, bytes that are no character counted") {
    struct Case {
        const char* label;
        std::string bytes;
        std::string utf8;
    };
    const Case cases[] = {
        {"x-sjis", "\x83\x52\x83\x93", "\xE3\x82\xB3\xE3\x83\xB3"},          // コン
        {"ks_c_5601-1987", "\xC7\xD1\xB1\xDB", "\xED\x95\x9C\xEA\xB8\x80"},  // 한글
        {"windows-949", "\xC7\xD1\xB1\xDB", "\xED\x95\x9C\xEA\xB8\x80"},
        {"x-gbk", "\xD6\xD0\xCE\xC4", "\xE4\xB8\xAD\xE6\x96\x87"},  // 中文
        {"csbig5", "\xA4\xA4\xA4\xE5", "\xE4\xB8\xAD\xE6\x96\x87"},
        {"x-euc-jp", "\xA5\xB3\xA5\xF3", "\xE3\x82\xB3\xE3\x83\xB3"},
        {"koi", "\xF0\xD2\xC9\xD7\xC5\xD4", "\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82"},  // Привет
        {"x-cp1251", "\xCF\xF0\xE8\xE2\xE5\xF2", "\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82"},
        {"x-mac-cyrillic", "\x8F\xF0\xE8\xE2\xE5\xF2", "\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82"},
        {"dos-874", "\xA1", "\xE0\xB8\x81"},                                       // ก
        {"iso-8859-8-i", "\xF9\xEC\xE5\xED", "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D"},  // שלום
        {"logical", "\xF9\xEC\xE5\xED", "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D"},
        {"l9", "\xA4", "\xE2\x82\xAC"},  // €
        {"unicode-1-1-utf-8", "\xE2\x82\xAC", "\xE2\x82\xAC"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.label);
        std::string out;
        std::size_t invalid = 9;
        REQUIRE(text::convert_to_utf8(c.bytes, c.label, out, invalid));
        CHECK(out == c.utf8);
        CHECK(invalid == 0);
    }
    // Bytes that are no character (a lone Shift_JIS lead byte) become U+FFFD, counted.
    std::string out;
    std::size_t invalid = 0;
    REQUIRE(text::convert_to_utf8("a\x83", "Shift_JIS", out, invalid));
    CHECK(out == "a\xEF\xBF\xBD");
    CHECK(invalid == 1);
    CHECK_FALSE(text::convert_to_utf8("a", "x-no-such-encoding", out, invalid));
    // A long text is converted whole (it is converted a megabyte at a time).
    const std::string long_text(3u << 20, '\xE9');
    REQUIRE(text::convert_to_utf8(long_text, "iso-8859-15", out, invalid));
    CHECK(out.size() == 2 * long_text.size());
    CHECK(out.substr(out.size() - 2) == "\xC3\xA9");
}

// A decoder can make NUL of bytes that are not (UTF-7's "+AAA-"; the fuzzer found one in
// BOCU-1): dropped, said, and what the parser reads is read the same again.
TEST_CASE("a NUL a declared encoding decodes to is dropped like a NUL byte") {
    const std::string xml = "<?xml version=\"1.0\" encoding=\"utf-7\"?>\n<rss>a+AAA-b\xE9</rss>";
    const text::XmlAsUtf8 read = text::xml_as_utf8(xml);
    REQUIRE(read.text);
    CHECK(read.text->find('\0') == std::string::npos);
    CHECK(*read.text == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss>ab\xEF\xBF\xBD</rss>");
    const bool said = std::any_of(read.warnings.begin(), read.warnings.end(), [](const text::XmlWarning& w) {
        return w.line == 2 && w.message.starts_with("1 character in utf-7 reads as NUL");
    });
    CHECK(said);
    CHECK_FALSE(text::xml_as_utf8(*read.text).text);  // (nothing more to do)
}

TEST_CASE("bytes of a UTF-8 text that are no UTF-8 are read as Windows-1252, valid characters as they are") {
    text::StrayBytes stray;
    CHECK_FALSE(text::stray_bytes_as_1252("Caf\xC3\xA9 \xE2\x80\x9Cquoted\xE2\x80\x9D", stray));
    CHECK(stray.count == 0);
    // A word processor's quotes and an accent pasted into UTF-8 text, beside UTF-8's own; a
    // sequence cut short is its bytes; the five bytes Windows-1252 has no character for are
    // the C1 controls of the same number.
    const auto read = text::stray_bytes_as_1252("Caf\xC3\xA9\nna\xEFve \x93quoted\x94 \xE2\x80 \x81", stray);
    REQUIRE(read);
    CHECK(*read == "Caf\xC3\xA9\nna\xC3\xAFve \xE2\x80\x9Cquoted\xE2\x80\x9D \xC3\xA2\xE2\x82\xAC \xC2\x81");
    CHECK(stray.count == 6);
    CHECK(stray.line == 2);
    CHECK(stray.first == 0xEF);
    CHECK(text::stray_bytes_message(stray, "save it as UTF-8") ==
          "6 bytes are not UTF-8 (the first on this line, 0xEF): read as Windows-1252 (0xEF as \"\xC3\xAF\"), what "
          "such bytes most often are; save it as UTF-8");
}

TEST_CASE("a feed declared UTF-8, or naming no encoding, whose bytes are not all UTF-8 is read so, and said") {
    for (const char* declaration : {"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", "<?xml version=\"1.0\"?>\n", ""}) {
        CAPTURE(declaration);
        const std::string xml = std::string(declaration) + "<rss>\n<title>Caf\xE9 \xC3\xA9</title></rss>";
        const text::XmlAsUtf8 read = text::xml_as_utf8(xml);
        REQUIRE(read.text);
        CHECK(read.text->ends_with("<title>Caf\xC3\xA9 \xC3\xA9</title></rss>"));
        REQUIRE(read.warnings.size() == 1);
        CHECK(read.warnings[0].line == (*declaration ? 3 : 2));
        CHECK(read.warnings[0].message.starts_with("1 byte is not UTF-8 (the first on this line, 0xE9)"));
    }
}

TEST_CASE("a feed read as UTF-8 is read again as it is, whatever came before an unknown label (found by fuzzing)") {
    // The bytes before a label ICU does not know stayed as they were, and were not UTF-8: read
    // again, the text was repaired again.
    const std::string xml = "<?xml version=\"1.0\" encoding=\xA6\xA6\"latinn1\"?><a>\xE9</a>";
    const text::XmlAsUtf8 read = text::xml_as_utf8(xml);
    REQUIRE(read.text);
    CHECK(text::is_valid_utf8(*read.text));
    CHECK_FALSE(text::xml_as_utf8(*read.text).text);
}
