#include "text/word_breaks.hpp"

#include <doctest/doctest.h>

TEST_CASE("WordBreaker::count: words between spaces; a run without spaces counted by ICU's cuts") {
    text::WordBreaker breaker;
    CHECK(breaker.count("Graph breaks happen here.") == 4);
    CHECK(breaker.count("") == 0);
    // 27 characters of Japanese are not one word; its punctuation is no word.
    const std::size_t japanese = breaker.count("機械学習コンパイラの仕組みを、わかりやすく説明します。");
    CHECK(japanese >= 8);
    CHECK(japanese <= 14);
    CHECK(breaker.count("ภาษาไทยง่ายนิดเดียว") >= 3);
    CHECK(breaker.count("PyTorch は 速い") == 3);
}
