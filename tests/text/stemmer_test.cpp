#include "text/stemmer.hpp"

#include <doctest/doctest.h>

TEST_CASE("Stemmer: Snowball's algorithm of the site's language; words of others as they are") {
    text::Stemmer english("en-US");
    CHECK(english.algorithm() == "english");
    CHECK(english.stem("compiling") == english.stem("compiled"));
    CHECK(english.stem("lighthouses") == "lighthous");
    text::Stemmer hindi("hi-IN");
    CHECK(hindi.algorithm() == "hindi");
    CHECK(hindi.stem("किताबें") == "किताब");  // books: book
    text::Stemmer japanese("ja");
    CHECK(japanese.algorithm() == "");
    CHECK(japanese.stem("コンパイラ") == "コンパイラ");
}

TEST_CASE("Stemmer: Hebrew's light stem takes prefix letters and final forms, as search/stem.js does") {
    text::Stemmer hebrew("he-IL");
    CHECK(hebrew.algorithm() == "hebrew-light");
    CHECK(text::Stemmer("iw").algorithm() == "hebrew-light");  // (Hebrew's former code, still in feeds)
    // "and graphs", "in the graphs", "graphs": one term (the final mem as a mem).
    CHECK(hebrew.stem("וגרפים") == "גרפימ");
    CHECK(hebrew.stem("בגרפים") == "גרפימ");
    CHECK(hebrew.stem("והגרפים") == "גרפימ");
    CHECK(hebrew.stem("גרפים") == "גרפימ");
    // Three letters always stay: "house" and "and a house" stay apart from "ית".
    CHECK(hebrew.stem("בית") == "בית");
    CHECK(hebrew.stem("ובית") == "בית");
    // At most two prefix letters (ושהבית keeps its ה); final kaf, nun, pe and tsadi too.
    CHECK(hebrew.stem("ושהבית") == "הבית");
    CHECK(hebrew.stem("ספרך") == "ספרכ");
    CHECK(hebrew.stem("לימון") == "ימונ");
    CHECK(hebrew.stem("ארץ") == "ארצ");
    // Anything but Hebrew letters alone is given back: a Latin word, a word with niqqud or digits.
    CHECK(hebrew.stem("pytorch") == "pytorch");
    CHECK(hebrew.stem("וְגרפים") == "וְגרפים");
    CHECK(hebrew.stem("ב2024") == "ב2024");
}
