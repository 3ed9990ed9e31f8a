#include <doctest/doctest.h>

#include "util/strings.hpp"

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
    std::vector<std::string> texts = {""};
    for (int length = 1; length <= 6; ++length) {
        std::vector<std::string> longer;
        for (const auto& t : texts)
            for (char c : alphabet) longer.push_back(t + c);
        texts = longer;
        for (const auto& t : texts) REQUIRE(util::collapse_whitespace(t) == reference(t));
    }
}
