#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "util/escape.hpp"
#include "util/html_sanitizer.hpp"
#include "util/strings.hpp"
#include "util/text_position.hpp"
#include "util/unicode.hpp"

namespace {
// Calls check(text) for every text of 1 to `longest` bytes drawn from `alphabet`.
template <class Check>
void for_each_mix(const std::string& alphabet, int longest, Check check) {
    std::vector<std::string> texts = {""};
    for (int length = 1; length <= longest; ++length) {
        std::vector<std::string> longer;
        for (const auto& t : texts)
            for (char c : alphabet) longer.push_back(t + c);
        texts = std::move(longer);
        for (const auto& t : texts) check(t);
    }
}
}  // namespace

TEST_CASE("collapse_whitespace: one space between words, none at the ends") {
    CHECK(util::collapse_whitespace("") == "");
    CHECK(util::collapse_whitespace(" \t\r\n\f\v") == "");
    CHECK(util::collapse_whitespace("word") == "word");
    CHECK(util::collapse_whitespace("  two\n\n words\t") == "two words");
    CHECK(util::collapse_whitespace("a\r\nb\fc\vd") == "a b c d");
    // Only ASCII white space: a no-break space (U+00A0) and other bytes are kept as they are.
    CHECK(util::collapse_whitespace("caf\xC3\xA9 \xC2\xA0 x") == "caf\xC3\xA9 \xC2\xA0 x");
    // Against the character-by-character definition, on every mix of these bytes up to length 6.
    const std::string alphabet = " \tx\n\xC2";
    auto reference = [](const std::string& text) {
        std::string out;
        bool pending = false;
        for (char c : text) {
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
                pending = !out.empty();
                continue;
            }
            if (pending) out.push_back(' ');
            pending = false;
            out.push_back(c);
        }
        return out;
    };
    for_each_mix(alphabet, 6, [&](const std::string& t) { REQUIRE(util::collapse_whitespace(t) == reference(t)); });
}

TEST_CASE("html_escape: the five special characters, runs between them as they are") {
    CHECK(util::html_escape("") == "");
    CHECK(util::html_escape("plain text") == "plain text");
    CHECK(util::html_escape("<a href=\"x\">Tom & Jerry's</a>") == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
    CHECK(util::html_escape("&&") == "&amp;&amp;");
    CHECK(util::html_escape("caf\xC3\xA9>") == "caf\xC3\xA9&gt;");
    std::string out = "kept:";
    util::append_html_escaped(out, "'x'");
    CHECK(out == "kept:&#39;x&#39;");
}

TEST_CASE("append_json_string writes what nlohmann's dump() writes, and refuses what it refuses") {
    auto ours = [](std::string_view text) {
        std::string out = "kept:";
        util::append_json_string(out, text);
        return out;
    };
    auto dumped = [](const std::string& text) { return "kept:" + nlohmann::json(text).dump(); };
    CHECK(ours("") == "kept:\"\"");
    CHECK(ours("a \"quote\" \\ back\tslash\n") == "kept:\"a \\\"quote\\\" \\\\ back\\tslash\\n\"");
    for (int byte = 0; byte < 0x80; ++byte) {  // every ASCII byte alone and between others
        std::string one(1, static_cast<char>(byte));
        REQUIRE(ours(one) == dumped(one));
        REQUIRE(ours("x" + one + "yz") == dumped("x" + one + "yz"));
    }
    // Every mix of quote, backslash, a control character, ASCII and the bytes of "é" (alone,
    // they are invalid UTF-8: both must throw).
    for_each_mix("\"\\\x01x\xC3\xA9", 5, [&](const std::string& t) {
        std::string expected;
        try {
            expected = dumped(t);
        } catch (const nlohmann::json::type_error&) {
            REQUIRE_THROWS_AS(ours(t), nlohmann::json::type_error);
            return;
        }
        REQUIRE(ours(t) == expected);
    });
    CHECK(ours("caf\xC3\xA9 \xE2\x80\xA6 \xF0\x9F\x8E\x99 \x7F /") == dumped("caf\xC3\xA9 \xE2\x80\xA6 \xF0\x9F\x8E\x99 \x7F /"));
    for (const char* invalid : {"\xC3", "a\xFF" "b", "\xED\xA0\x80", "\xC0\xAF", "x\xE2\x80"})
        CHECK_THROWS_AS(ours(invalid), nlohmann::json::type_error);
}

TEST_CASE("is_valid_utf8: long ASCII runs are skipped, every other character is checked") {
    CHECK(util::is_valid_utf8(""));
    const std::string ascii = "sixteen bytes!!!";
    const std::vector<std::string> valid = {"\xC3\xA9", "\xE2\x80\xA6", "\xF0\x9F\x8E\x99", "\x7F"};
    const std::vector<std::string> invalid = {"\xC3", "\xFF", "\x80", "\xED\xA0\x80", "\xC0\xAF", "\xE2\x80", "\xF4\x90\x80\x80"};
    // Each character at every offset of a 33-byte ASCII text (inside and across 8-byte words),
    // and after a valid one: a bad character is found wherever it is.
    for (std::size_t at = 0; at <= 33; ++at) {
        const std::string text = ascii + ascii + "x";
        for (const auto& c : valid) {
            REQUIRE(util::is_valid_utf8(text.substr(0, at) + c + text.substr(at)));
            REQUIRE(util::is_valid_utf8(c + text.substr(0, at) + c + text.substr(at) + c));
        }
        for (const auto& c : invalid) {
            REQUIRE_FALSE(util::is_valid_utf8(text.substr(0, at) + c + text.substr(at)));
            REQUIRE_FALSE(util::is_valid_utf8("\xC3\xA9" + text.substr(0, at) + c + text.substr(at)));
        }
    }
}

TEST_CASE("strip_tags: every '<' to the next '>' is a space, entities decoded, white space collapsed") {
    CHECK(util::strip_tags("<p>One</p><p>Two &amp; three</p>") == "One Two & three");
    CHECK(util::strip_tags("a<b") == "a");          // an unclosed tag runs to the end
    CHECK(util::strip_tags("a>b<i>c") == "a>b c");  // a '>' outside a tag is text
    CHECK(util::strip_tags("x<a<b>y") == "x y");
    // Against the character-by-character definition, on every mix of these bytes up to length 6.
    auto reference = [](const std::string& html) {
        std::string out;
        bool in_tag = false;
        for (char c : html) {
            if (c == '<') in_tag = true, out.push_back(' ');
            else if (c == '>' && in_tag) in_tag = false;
            else if (!in_tag) out.push_back(c);
        }
        return util::collapse_whitespace(util::decode_entities(out));
    };
    const std::string alphabet = "<>a &;";
    for_each_mix(alphabet, 6, [&](const std::string& t) { REQUIRE(util::strip_tags(t) == reference(t)); });
}

TEST_CASE("split_words: the words between spaces, none empty") {
    CHECK(util::split_words("").empty());
    CHECK(util::split_words("  ").empty());
    CHECK(util::split_words("one") == std::vector<std::string_view>{"one"});
    CHECK(util::split_words(" two  words ") == std::vector<std::string_view>{"two", "words"});
}

TEST_CASE("LineIndex gives every offset the line and column that counting from the start gives") {
    for (std::string text : {std::string(""), std::string("one line"), std::string("\n"), std::string("a\nbc\n\nd\r\nlast"),
                             std::string("\n\nx\n")}) {
        util::LineIndex index(text);
        for (std::size_t offset = 0; offset <= text.size(); ++offset) {
            CAPTURE(text);
            CAPTURE(offset);
            REQUIRE(index.at(offset).line == util::line_column_at(text, offset).line);
            REQUIRE(index.at(offset).column == util::line_column_at(text, offset).column);
        }
    }
}
