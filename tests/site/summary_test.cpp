#include "site/summary.hpp"

#include <doctest/doctest.h>

TEST_CASE("card summaries: the opening prose in whole sentences, never headings, lists, code or URLs") {
    using site::lead_summary;
    CHECK(lead_summary("<p>One sentence. Two sentences.</p>", 220) == "One sentence. Two sentences.");
    CHECK(lead_summary(
              "<h3>Agenda</h3><ul><li>a</li><li>b</li></ul><p>The real start. More.</p><pre><code>x = 1</code></pre>",
              220) == "The real start. More.");
    // A sentence that held a URL is dropped whole; a URL and then a capital ends a sentence.
    CHECK(lead_summary("<p>Strides. See <a href=\"https://x.example/a\">https://x.example/a</a> for more.</p>", 220) ==
          "Strides.");
    CHECK(lead_summary(
              "<p>Basics. Listen to https://x.example/zero-one Some questions we answer:</p><ul><li>a?</li></ul>",
              220) == "Basics.");
    CHECK(lead_summary("<p>Only https://x.example/a here</p>", 220) == "Only here");
    CHECK(lead_summary("<p>First &amp; second. Third.</p>", 220) == "First & second. Third.");
    // Cut after the last whole sentence that fits; a first sentence too long is cut at a word.
    std::string two = "<p>" + std::string(100, 'a') + ". " + std::string(150, 'b') + ".</p>";
    CHECK(lead_summary(two, 220) == std::string(100, 'a') + ".");
    std::string words;
    for (int i = 0; i < 80; ++i) words += "word ";
    std::string cut = lead_summary("<p>" + words + "</p>", 50);
    CHECK(cut.ends_with("\xE2\x80\xA6"));
    CHECK(cut.size() < 60);
    // Notes that are only a list still get a summary.
    CHECK(lead_summary("<ul><li>Alpha</li><li>Beta</li></ul>", 220).find("Alpha") != std::string::npos);
    CHECK(lead_summary("", 220).empty());
    // A paragraph of megabytes (hostile or broken input): its start, in time linear in little of it.
    std::string huge = "<p>";
    for (int i = 0; i < 400000; ++i) huge += "Short one. ";
    huge += "</p>";
    std::string start = lead_summary(huge, 220);
    CHECK(start.starts_with("Short one. Short one."));
    CHECK(start.size() <= 220);
}

TEST_CASE("card summaries end at a sentence's end in Japanese, Chinese, Arabic and Hindi too") {
    using site::lead_summary;
    // (No space follows a CJK full stop: the card was cut inside a sentence, "最後に、今後の…".)
    std::string japanese;
    for (int i = 0; i < 6; ++i)
        japanese += "この回では、PyTorchのコンパイラについて詳しく話します。最後に、今後の計画を紹介します。";
    const std::string cut = lead_summary("<p>" + japanese + "</p>", 60);
    CHECK(cut == "この回では、PyTorchのコンパイラについて詳しく話します。最後に、今後の計画を紹介します。");
    CHECK(lead_summary("<p>你好吗？我很好！" + std::string(200, 'x') + "</p>", 20) == "你好吗？我很好！");
    // A sentence that holds an address is dropped in CJK text too, where no space sets it apart.
    CHECK(lead_summary("<p>ボーナス回。https://example.com/ja を見てください。次回もお楽しみに。</p>", 220) ==
          "ボーナス回。次回もお楽しみに。");
    CHECK(lead_summary("<p>第1回。第2回。</p>", 220) == "第1回。第2回。");
    const std::string arabic = "هل تعرف بايثون؟ ";
    CHECK(lead_summary("<p>" + arabic + arabic + std::string(300, 'x') + "</p>", 40) ==
          arabic + arabic.substr(0, arabic.size() - 1));
    const std::string hindi = "यह पहला वाक्य है। ";
    CHECK(lead_summary("<p>" + hindi + std::string(300, 'x') + "</p>", 40) == hindi.substr(0, hindi.size() - 1));
}
