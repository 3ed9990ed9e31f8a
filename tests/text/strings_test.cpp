#include "text/strings.hpp"

#include <doctest/doctest.h>
#include <utf8proc.h>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "files/hash.hpp"
#include "html/escape.hpp"
#include "html/html_sanitizer.hpp"
#include "support.hpp"
#include "text/normalize.hpp"
#include "text/text_position.hpp"
#include "text/unicode.hpp"

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
// Text of ASCII letters, `length` bytes long, with `piece` written over it at `offset`: escaping
// skips blocks of 16 bytes that need nothing, so where a byte to act on falls against a block
// boundary must not matter.
std::string letters_with(std::size_t length, std::string_view piece, std::size_t offset) {
    std::string text;
    for (std::size_t i = 0; i < length; ++i) text += static_cast<char>('a' + i % 26);
    return text.replace(offset, piece.size(), piece);
}

// What collapse_whitespace means, a byte at a time: ASCII white space runs become one space
// between other bytes, none at the ends.
std::string collapse_whitespace_by_definition(std::string_view text) {
    std::string out;
    bool pending = false;
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            pending = !out.empty();
            continue;
        }
        if (pending) out.push_back(' '), pending = false;
        out.push_back(c);
    }
    return out;
}

// What match_form means for ASCII text: the lower-case letters and digits of clean_text's result,
// words parted by anything else but an apostrophe.
std::string ascii_match_form_by_definition(const std::string& text) {
    std::string out;
    bool gap = false;
    for (char c : text::clean_text(text)) {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            if (gap && !out.empty()) out.push_back(' ');
            gap = false;
            out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
        } else if (c != '\'') {
            gap = true;
        }
    }
    return out;
}

// `count` texts drawn from `tokens` (up to 80 each), the same every run.
template <class Check>
void for_each_drawn_text(const std::vector<std::string>& tokens, std::uint64_t seed, int count, Check check) {
    test::Lcg draw{seed};
    for (int i = 0; i < count; ++i) {
        std::string text;
        for (std::size_t k = 0, n = draw.below(80); k < n; ++k) text += tokens[draw.below(tokens.size())];
        check(text);
    }
}

// `text` as utf8proc maps it whole with `options`: what the text functions' shortcuts are held to.
std::string mapped(const std::string& text, int options) {
    utf8proc_uint8_t* out = nullptr;
    auto n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()),
                          static_cast<utf8proc_ssize_t>(text.size()), &out, static_cast<utf8proc_option_t>(options));
    REQUIRE(n >= 0);
    std::string result(reinterpret_cast<const char*>(out), static_cast<std::size_t>(n));
    std::free(out);
    return result;
}
// fold_for_matching's options.
constexpr int k_fold = UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT | UTF8PROC_CASEFOLD | UTF8PROC_IGNORE;
}  // namespace

TEST_CASE("collapse_whitespace: one space between words, none at the ends") {
    CHECK(text::collapse_whitespace("") == "");
    CHECK(text::collapse_whitespace(" \t\r\n\f\v") == "");
    CHECK(text::collapse_whitespace("word") == "word");
    CHECK(text::collapse_whitespace("  two\n\n words\t") == "two words");
    CHECK(text::collapse_whitespace("a\r\nb\fc\vd") == "a b c d");
    // Only ASCII white space: a no-break space (U+00A0) and other bytes are kept as they are.
    CHECK(text::collapse_whitespace("caf\xC3\xA9 \xC2\xA0 x") == "caf\xC3\xA9 \xC2\xA0 x");
    // Against the character-by-character definition, on every mix of these bytes up to length 6.
    const std::string alphabet = " \tx\n\xC2";
    auto reference = collapse_whitespace_by_definition;
    for_each_mix(alphabet, 6, [&](const std::string& t) { REQUIRE(text::collapse_whitespace(t) == reference(t)); });
    // Appended, a text is collapsed alone: what is already there is kept as it is.
    for_each_mix(alphabet, 5, [&](const std::string& t) {
        std::string out = "a  ";
        text::append_collapsed(out, t + "  x\ty y y y y y y y y y y y y y y ");
        REQUIRE(out == "a  " + reference(t + "  x\ty y y y y y y y y y y y y y y "));
    });
}

TEST_CASE("count_spaces counts every space, across and between its 8-byte steps") {
    CHECK(text::count_spaces("") == 0);
    CHECK(text::count_spaces("one") == 0);
    CHECK(text::count_spaces("a b c d e f g h i") == 8);
    // Bytes next to a space's value (0x1F, 0x21, 0xA0, 0x00) are not spaces.
    CHECK(text::count_spaces(std::string("\x1F!\xA0\0 \x1F!\xA0\0 ", 10)) == 2);
    const std::string alphabet = std::string(" x\xA0\0", 4);
    for_each_mix(alphabet, 10, [&](const std::string& t) {
        REQUIRE(text::count_spaces(t) == static_cast<std::size_t>(std::count(t.begin(), t.end(), ' ')));
    });
}

TEST_CASE("word_count: the words of a collapsed text") {
    CHECK(text::word_count("") == 0);
    CHECK(text::word_count("one") == 1);
    CHECK(text::word_count("two words, and a third sentence.") == 6);
}

TEST_CASE("html_escape: the five special characters, runs between them as they are") {
    CHECK(html::html_escape("") == "");
    CHECK(html::html_escape("plain text") == "plain text");
    CHECK(html::html_escape("<a href=\"x\">Tom & Jerry's</a>") ==
          "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
    CHECK(html::html_escape("&&") == "&amp;&amp;");
    CHECK(html::html_escape("caf\xC3\xA9>") == "caf\xC3\xA9&gt;");
    std::string out = "kept:";
    html::append_html_escaped(out, "'x'");
    CHECK(out == "kept:&#39;x&#39;");
}

TEST_CASE("html_escape: a special character anywhere in a long text, at block boundaries and between them") {
    auto one_by_one = [](std::string_view text) {  // what escaping means, a byte at a time
        std::string out;
        for (char c : text) {
            switch (c) {
                case '&':
                    out += "&amp;";
                    break;
                case '<':
                    out += "&lt;";
                    break;
                case '>':
                    out += "&gt;";
                    break;
                case '"':
                    out += "&quot;";
                    break;
                case '\'':
                    out += "&#39;";
                    break;
                default:
                    out += c;
            }
        }
        return out;
    };
    for (std::string_view piece : {"&", "<", ">", "\"", "'", "<&>", "caf\xC3\xA9'", "''''''''''''''''''"})
        for (std::size_t length : {16, 17, 31, 32, 33, 47, 48, 64})
            for (std::size_t offset = 0; offset + piece.size() <= length; ++offset) {
                const std::string text = letters_with(length, piece, offset);
                REQUIRE_MESSAGE(html::html_escape(text) == one_by_one(text), text);
            }
    CHECK(html::html_escape(std::string(40, 'x')) == std::string(40, 'x'));  // blocks with nothing to do
    std::string out = "kept:";
    html::append_html_escaped(out, letters_with(40, "&", 39));
    CHECK(out == "kept:" + letters_with(40, "", 0).substr(0, 39) + "&amp;");
}

TEST_CASE("append_json_string writes what nlohmann's dump() writes, and refuses what it refuses") {
    auto ours = [](std::string_view text) {
        std::string out = "kept:";
        html::append_json_string(out, text);
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
    auto same_as_dump = [&](const std::string& t) {  // the same text, or both throw
        std::string expected;
        try {
            expected = dumped(t);
        } catch (const nlohmann::json::type_error&) {
            REQUIRE_THROWS_AS(ours(t), nlohmann::json::type_error);
            return;
        }
        REQUIRE_MESSAGE(ours(t) == expected, t);
    };
    // Every mix of quote, backslash, a control character, ASCII and the bytes of "é" (alone,
    // they are invalid UTF-8: both must throw).
    for_each_mix("\"\\\x01x\xC3\xA9", 5, same_as_dump);
    CHECK(ours("caf\xC3\xA9 \xE2\x80\xA6 \xF0\x9F\x8E\x99 \x7F /") ==
          dumped("caf\xC3\xA9 \xE2\x80\xA6 \xF0\x9F\x8E\x99 \x7F /"));
    for (const char* invalid : {"\xC3",
                                "a\xFF"
                                "b",
                                "\xED\xA0\x80", "\xC0\xAF", "x\xE2\x80"})
        CHECK_THROWS_AS(ours(invalid), nlohmann::json::type_error);
    // Each kind of byte to act on at every offset of long texts, across block boundaries: one
    // to escape, characters of two, three and four bytes (one straddling a boundary), and
    // invalid UTF-8 (a lone lead byte, a lone continuation byte, one cut off at the end).
    for (std::string_view piece : {"\"", "\\", "\x01", "\x1F", "\x7F", "\xC3\xA9", "\xE2\x80\xA6", "\xF0\x9F\x8E\x99",
                                   "\xC3", "\xA9", "\xE2\x80", "\n\"\xC3\xA9\\"})
        for (std::size_t length : {16, 17, 31, 32, 33, 48})
            for (std::size_t offset = 0; offset + piece.size() <= length; ++offset)
                same_as_dump(letters_with(length, piece, offset));
    CHECK(ours(std::string(40, 'x')) == dumped(std::string(40, 'x')));  // blocks with nothing to do
}

TEST_CASE("is_valid_utf8: long ASCII runs are skipped, every other character is checked") {
    CHECK(text::is_valid_utf8(""));
    const std::string ascii = "sixteen bytes!!!";
    const std::vector<std::string> valid = {"\xC3\xA9", "\xE2\x80\xA6", "\xF0\x9F\x8E\x99", "\x7F"};
    const std::vector<std::string> invalid = {
        "\xC3", "\xFF", "\x80", "\xED\xA0\x80", "\xC0\xAF", "\xE2\x80", "\xF4\x90\x80\x80"};
    // Each character at every offset of a 33-byte ASCII text (inside and across 8-byte words),
    // and after a valid one: a bad character is found wherever it is.
    for (std::size_t at = 0; at <= 33; ++at) {
        const std::string text = ascii + ascii + "x";
        for (const auto& c : valid) {
            REQUIRE(text::is_valid_utf8(text.substr(0, at) + c + text.substr(at)));
            REQUIRE(text::is_valid_utf8(c + text.substr(0, at) + c + text.substr(at) + c));
        }
        for (const auto& c : invalid) {
            REQUIRE_FALSE(text::is_valid_utf8(text.substr(0, at) + c + text.substr(at)));
            REQUIRE_FALSE(text::is_valid_utf8("\xC3\xA9" + text.substr(0, at) + c + text.substr(at)));
        }
    }
}

TEST_CASE("ASCII text folds, loses accents and is classed as utf8proc would do it") {
    // The ASCII shortcuts of fold_for_matching, strip_accents_lower and is_letter_or_digit,
    // against utf8proc itself with the same options, for every ASCII character alone and in text.
    const int fold = k_fold;
    const int strip = UTF8PROC_STABLE | UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT | UTF8PROC_CASEFOLD | UTF8PROC_STRIPMARK |
                      UTF8PROC_IGNORE;
    std::vector<std::string> texts = {"Inductor - Post-grad FX passes", "TORCH_TRACE\tand\r\ntlparse (C++ #2)!"};
    for (int c = 0; c < 0x80; ++c) {
        texts.push_back(std::string(1, static_cast<char>(c)));
        auto category = utf8proc_category(c);
        bool letter_or_digit =
            category == UTF8PROC_CATEGORY_LU || category == UTF8PROC_CATEGORY_LL || category == UTF8PROC_CATEGORY_ND;
        CAPTURE(c);
        CHECK(text::is_letter_or_digit(static_cast<char32_t>(c)) == letter_or_digit);
    }
    for (const auto& t : texts) {
        CAPTURE(t);
        CHECK(text::fold_for_matching(t) == mapped(t, fold));
        CHECK(text::strip_accents_lower(t) == mapped(t, strip));
    }
    // Not ASCII: still utf8proc's ("Ｔｏｒｃｈ" is NFKC "torch"; "Café" loses its accent).
    CHECK(text::fold_for_matching("\xEF\xBC\xB4\xEF\xBD\x8F\xEF\xBD\x92\xEF\xBD\x83\xEF\xBD\x88") == "torch");
    CHECK(text::strip_accents_lower("Caf\xC3\xA9") == "cafe");
}

TEST_CASE("text with some characters beyond ASCII folds as utf8proc folds it whole") {
    // fold_for_matching sends utf8proc only the runs that are not ASCII, each with the ASCII
    // character before it: the same result as the whole text, whatever the runs hold (marks
    // after an ASCII letter or after an ignorable, Hangul's jamo, ligatures, full-width forms,
    // letters whose folding is ASCII, scripts whose marks reorder).
    const std::vector<std::string> pieces = {"a",
                                             "E",
                                             "=",
                                             " ",
                                             "-",
                                             "x",
                                             "\n",
                                             "Torch",
                                             "\xCC\x81" /* acute */,
                                             "\xCC\xA3" /* dot below */,
                                             "\xCC\xB8" /* long solidus: "=" and it compose */,
                                             "\xC2\xAD" /* soft hyphen, ignorable */,
                                             "\xE2\x80\x8D" /* zero width joiner */,
                                             "\xC3\xA9",
                                             "\xC3\x9F" /* sharp s: "ss" */,
                                             "\xE2\x84\xAA" /* Kelvin sign: "k" */,
                                             "\xEF\xAC\x81" /* fi ligature */,
                                             "\xEF\xBC\xB4" /* full-width T */,
                                             "\xC4\xB0" /* dotted capital I */,
                                             "\xCE\xA3" /* capital sigma */,
                                             "\xE2\x80\x99",
                                             "\xE2\x80\xA6",
                                             "\xE1\x84\x92" /* Hangul leading consonant */,
                                             "\xE1\x85\xA1" /* vowel */,
                                             "\xE1\x86\xAB" /* trailing */,
                                             "\xE0\xA4\xB9\xE0\xA4\xBF" /* Devanagari with a vowel sign */,
                                             "\xE3\x83\x8F\xE3\x82\x9A" /* kana and a mark */,
                                             "\xD9\x85\xD9\x8E" /* Arabic with a mark */};
    test::Lcg r{77};
    for (int i = 0; i < 4000; ++i) {
        std::string t;
        for (std::size_t k = 0, n = 1 + r.below(10); k < n; ++k) t += pieces[r.below(pieces.size())];
        CAPTURE(t);
        CHECK(text::fold_for_matching(t) == mapped(t, k_fold));
    }
}

TEST_CASE("starts_with_icase: ASCII letters in either case, everything else as it is") {
    CHECK(text::starts_with_icase("DTS.Podtrac.COM/redirect.mp3/x", "dts.podtrac.com/"));
    CHECK(text::starts_with_icase("abc", ""));
    CHECK(text::starts_with_icase("ABC", "abc"));
    CHECK_FALSE(text::starts_with_icase("ab", "abc"));
    CHECK_FALSE(text::starts_with_icase("abd", "abc"));
    CHECK_FALSE(text::starts_with_icase("[bc", "{bc"));            // '[' + 32 is '{': not a letter, not folded
    CHECK_FALSE(text::starts_with_icase("\xC3\x89", "\xC3\xA9"));  // É and é: ASCII only
}

TEST_CASE("decode_entities: the named and numeric entities, anything else as written") {
    const std::pair<const char*, const char*> rows[] = {
        {"", ""},
        {"plain text", "plain text"},
        {"a &amp; b", "a & b"},
        {"&lt;p&gt;", "<p>"},
        {"&#39;&#x41;&#X42;&apos;", "'AB'"},
        {"AT&T", "AT&T"},
        {"&unknown; x", "&unknown; x"},
        {"&&amp;", "&&"},
        {"&#0;", "&#0;"},
        {"tail &amp", "tail &amp"},
        {"&nbsp;&hellip;", "\xC2\xA0\xE2\x80\xA6"},
        {"&#x1F399;!", "\xF0\x9F\x8E\x99!"},
        {"&quot;far away;", "\"far away;"},
        {"&toolongname;", "&toolongname;"},
        // every name HTML has, not only the common ones; twice, and a name that looks like one
        {"1&ndash;2 &eacute;t&eacute; &rarr; &Omega;",
         "1\xE2\x80\x93"
         "2 \xC3\xA9t\xC3\xA9 \xE2\x86\x92 \xCE\xA9"},
        {"&notaname; &not;", "&notaname; \xC2\xAC"},
        {"&amp;ndash;", "&ndash;"},
        {"&nd ash;", "&nd ash;"}};
    for (const auto& [html, text] : rows) {
        CAPTURE(html);
        CHECK(html::decode_entities(html) == text);
    }
}

TEST_CASE("match_form of ASCII text: the lower-case words of clean_text, whatever white space is between them") {
    // match_form skips clean_text's collapsing for ASCII text; against the definition on the
    // cleaned text, for every mix of letters, white space and the marks the repairs look for.
    auto reference = ascii_match_form_by_definition;
    for_each_mix("aB \t\n*\\'-", 5, [&](const std::string& t) { REQUIRE(text::match_form(t) == reference(t)); });
    for (int byte = 1; byte < 0x80; ++byte) {  // every ASCII byte alone and between words
        const std::string one(1, static_cast<char>(byte));
        REQUIRE_MESSAGE(text::match_form(one) == reference(one), byte);
        REQUIRE_MESSAGE(text::match_form("Ab" + one + "9z") == reference("Ab" + one + "9z"), byte);
        REQUIRE_MESSAGE(text::match_form("x " + one + one + " Y") == reference("x " + one + one + " Y"), byte);
    }
    CHECK(text::match_form("  Post-grad\n\nFX **passes**  ") == "post grad fx passes");
}

TEST_CASE("strip_tags: every '<' to the next '>' is a space, entities decoded, white space collapsed") {
    CHECK(html::strip_tags("<p>One</p><p>Two &amp; three</p>") == "One Two & three");
    CHECK(html::strip_tags("a<b") == "a");          // an unclosed tag runs to the end
    CHECK(html::strip_tags("a>b<i>c") == "a>b c");  // a '>' outside a tag is text
    CHECK(html::strip_tags("x<a<b>y") == "x y");
    // Against the character-by-character definition, on every mix of these bytes up to length 6.
    auto reference = [](const std::string& html) {
        std::string out;
        bool in_tag = false;
        for (char c : html) {
            if (c == '<')
                in_tag = true, out.push_back(' ');
            else if (c == '>' && in_tag)
                in_tag = false;
            else if (!in_tag)
                out.push_back(c);
        }
        return text::collapse_whitespace(html::decode_entities(out));
    };
    const std::string alphabet = "<>a &;";
    for_each_mix(alphabet, 6, [&](const std::string& t) { REQUIRE(html::strip_tags(t) == reference(t)); });
}

TEST_CASE("split_words: the words between spaces, none empty") {
    CHECK(text::split_words("").empty());
    CHECK(text::split_words("  ").empty());
    CHECK(text::split_words("one") == std::vector<std::string_view>{"one"});
    CHECK(text::split_words(" two  words ") == std::vector<std::string_view>{"two", "words"});
}

TEST_CASE("LineIndex gives every offset the line and column that counting from the start gives") {
    for (std::string text : {std::string(""), std::string("one line"), std::string("\n"),
                             std::string("a\nbc\n\nd\r\nlast"), std::string("\n\nx\n")}) {
        text::LineIndex index(text);
        for (std::size_t offset = 0; offset <= text.size(); ++offset) {
            CAPTURE(text);
            CAPTURE(offset);
            REQUIRE(index.at(offset).line == text::line_column_at(text, offset).line);
            REQUIRE(index.at(offset).column == text::line_column_at(text, offset).column);
        }
        // And every line's text, without its ending, that searching from the start gives.
        for (int line = -1; line <= 7; ++line) {
            CAPTURE(text);
            CAPTURE(line);
            REQUIRE(index.line_text(line) == text::line_text(text, line));
        }
    }
}

TEST_CASE("append_zero_padded writes what printf's %0<width>lld writes, sign and all") {
    const long long values[] = {0,
                                1,
                                7,
                                9,
                                10,
                                42,
                                99,
                                100,
                                999,
                                2024,
                                12345,
                                -1,
                                -5,
                                -42,
                                -999,
                                -2024,
                                -12345,
                                9223372036854775807LL,
                                -9223372036854775807LL - 1};
    for (long long value : values)
        for (int width : {1, 2, 3, 4, 6}) {
            char expected[32];
            std::snprintf(expected, sizeof expected, "%0*lld", width, value);
            std::string out = "kept:";
            text::append_zero_padded(out, value, width);
            CAPTURE(value);
            CAPTURE(width);
            REQUIRE(out == std::string("kept:") + expected);
        }
}

TEST_CASE("hex_hash: sixteen lower-case hex digits, as printf's %016llx") {
    for (std::uint64_t hash :
         {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{0xabc}, std::uint64_t{0x0123456789abcdef},
          std::uint64_t{0xfedcba9876543210}, ~std::uint64_t{0}}) {
        char expected[17];
        std::snprintf(expected, sizeof expected, "%016llx", static_cast<unsigned long long>(hash));
        CHECK(files::hex_hash(hash) == expected);
    }
}

TEST_CASE("code_point_count and truncate_code_points count ASCII runs whole and every other character once") {
    auto count_one_by_one = [](std::string_view text) {  // what they mean, a character at a time
        std::size_t count = 0;
        for (std::size_t i = 0; i < text.size(); ++count) {
            char32_t cp = 0;
            i += text::decode_utf8_at(text, i, cp);
        }
        return count;
    };
    auto truncate_one_by_one = [](std::string_view text, std::size_t max) {
        std::size_t count = 0;
        for (std::size_t i = 0; i < text.size(); ++count) {
            if (count == max) return text.substr(0, i);
            char32_t cp = 0;
            i += text::decode_utf8_at(text, i, cp);
        }
        return text;
    };
    auto check = [&](const std::string& text) {
        REQUIRE(text::code_point_count(text) == count_one_by_one(text));
        for (std::size_t max = 0; max <= text.size() + 1; ++max)
            REQUIRE(text::truncate_code_points(text, max) == truncate_one_by_one(text, max));
    };
    for_each_mix("a\xC3\xA9\xFF", 6, check);  // valid, invalid and cut characters, short texts
    for (std::string_view piece : {"\xC3\xA9", "\xE2\x80\xA6", "\xF0\x9F\x8E\x99", "\xFF", "\xE2\x80"})
        for (std::size_t offset = 0; offset + piece.size() <= 40; ++offset) {  // past the 8-byte steps
            CAPTURE(offset);
            check(letters_with(40, piece, offset));
        }
}

TEST_CASE("collapse_whitespace: long texts, where blocks of prose are copied whole, read as a byte at a time") {
    auto one_by_one = collapse_whitespace_by_definition;
    // Prose of words and single spaces, with every kind of white space run placed at every
    // offset (block edges included), and texts drawn from all of it.
    const std::string prose = "ab cde f ghij kl mnopq r st uvw xyz ab cd efgh ij";
    for (std::string_view piece : {" ", "  ", "\t", "\n", "\r\n", "\f", "\v", " \t ", "x", "\xC2\xA0", "word"})
        for (std::size_t offset = 0; offset + piece.size() <= prose.size(); ++offset) {
            std::string text = prose;
            text.replace(offset, piece.size(), piece);
            REQUIRE_MESSAGE(text::collapse_whitespace(text) == one_by_one(text), text);
            REQUIRE(text::collapse_whitespace(" " + text) == one_by_one(" " + text));
            REQUIRE(text::collapse_whitespace(text + "  ") == one_by_one(text + "  "));
        }
    const std::vector<std::string> tokens{"a",  "bc", "word", "x1",   "caf\xC3\xA9", " ",  " ", " ",
                                          "  ", "\t", "\n",   "\r\n", "\f",          "\v", "."};
    for_each_drawn_text(tokens, 24, 5000, [&](const std::string& text) {
        REQUIRE_MESSAGE(text::collapse_whitespace(text) == one_by_one(text), text);
    });
    for (std::size_t length = 15; length <= 49; ++length) {  // single spaces at each block edge
        std::string text;
        for (std::size_t k = 0; k < length; ++k) text += k % 4 == 3 ? ' ' : 'w';
        REQUIRE_MESSAGE(text::collapse_whitespace(text) == one_by_one(text), text);
    }
}

TEST_CASE("match_form of long ASCII texts, where blocks of words are lower-cased whole, as a byte at a time") {
    auto one_by_one = ascii_match_form_by_definition;
    const std::string sentence = "The Quick brown fox 42 Jumps over THE lazy dog Z9";
    for (std::string_view piece :
         {" ", "  ", "\t", "\n", ",", ".", "'", "-", "@", "[", "`", "{", "/", ":", "A", "z", "0", "9", "**"})
        for (std::size_t offset = 0; offset + piece.size() <= sentence.size(); ++offset) {
            std::string text = sentence;
            text.replace(offset, piece.size(), piece);
            REQUIRE_MESSAGE(text::match_form(text) == one_by_one(text), text);
            REQUIRE(text::match_form(" " + text) == one_by_one(" " + text));
        }
    const std::vector<std::string> tokens{"a",  "Bc", "WORD", "x1", "42", " ", " ", " ", "  ",
                                          "\t", "\n", ".",    ",",  "'",  "-", "@", "Z"};
    for_each_drawn_text(tokens, 8, 5000, [&](const std::string& text) {
        REQUIRE_MESSAGE(text::match_form(text) == one_by_one(text), text);
    });
}

TEST_CASE("characters XML forbids are found at any place in a block, raw or as a reference") {
    for (const std::string& bad : {std::string("&#27;"), std::string("&#x1B;"), std::string("&#0;"),
                                   std::string("\x1b"), std::string("\x0b"), std::string("&#xFFFE;")}) {
        for (std::size_t at = 0; at < 40; ++at) {
            CAPTURE(bad);
            CAPTURE(at);
            std::string text;
            for (std::size_t i = 0; i < at; ++i) text += (i % 7 == 3) ? '&' : (i % 5 == 1 ? '\n' : 'a');
            text += bad + "&amp;&#9;&#10;\t\r\n" + std::string(40, 'z');
            CHECK(html::find_xml_forbidden(text) == at);
            CHECK(html::has_xml_forbidden_byte(text) == (bad.size() == 1));
        }
    }
    // What XML allows: tab, line feed, carriage return, as bytes and as references; '&' alone.
    CHECK(html::find_xml_forbidden("a&b &amp; &#9; &#x0A; &#13; \t\r\n" + std::string(100, 'x') + "&#") ==
          std::string::npos);
    std::size_t removed = 0;
    CHECK(html::without_xml_forbidden(std::string("a\x1b"
                                                  "b\0"
                                                  "c\td",
                                                  7),
                                      removed) == "abc\td");
    CHECK(removed == 2);
}
