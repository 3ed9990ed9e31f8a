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
