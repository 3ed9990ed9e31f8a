// An episode's text as pages, feeds and the search index show it: from the build's cache, or,
// for an episode the cache was not made with, made on the spot from the episode itself.
#include "site/episode_text.hpp"

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/episode.hpp"
#include "site/site_content.hpp"

namespace {

std::unique_ptr<core::Episode> episode(const std::string& description, bool cut = false) {
    auto e = std::make_unique<core::Episode>();
    e->slug = "e";
    e->title = "E";
    e->description = description;
    e->description_truncated = cut;
    return e;
}

}  // namespace

TEST_CASE("an episode's text outside the cache is its own, whatever episode was at its address before") {
    const site::SiteContent content{
        {}, {}, site::SiteInfo(site::SitePaths{"https://example.com/"})};  // no texts: made on the spot
    for (int round = 0; round < 50; ++round) {
        // Freed and made again: the allocator hands the same address back, often.
        const std::string text = "Round " + std::to_string(round) + " of the show notes.";
        auto e = episode(text);
        CHECK(content.text(*e).plain == text);
        CHECK(content.text(*e).summary == text);
    }
    // The same words, once cut by a directory: the summary says so.
    auto whole = episode("A sentence that a listing cut off");
    auto cut = episode("A sentence that a listing cut off", true);
    CHECK(content.text(*whole).summary == "A sentence that a listing cut off");
    CHECK(content.text(*cut).summary == "A sentence that a listing cut off\xE2\x80\xA6");
}

TEST_CASE("the build's text cache gives each episode of its catalog its text, and reuses unchanged ones") {
    core::Catalog catalog;
    catalog.episodes.push_back(*episode("First notes."));
    catalog.episodes.push_back(*episode("Second notes."));
    const site::TextCache first(catalog, 2);
    CHECK(first.of(catalog.episodes[1]).plain == "Second notes.");
    catalog.episodes[1].description = "Edited notes.";
    const site::TextCache second(catalog, 1, &first);
    CHECK(&second.of(catalog.episodes[0]) == &first.of(catalog.episodes[0]));  // reused, not made again
    CHECK(second.of(catalog.episodes[1]).plain == "Edited notes.");
}

TEST_CASE("kept texts are views made into texts when first asked, and the next cache reuses them") {
    core::Catalog catalog;
    catalog.episodes.push_back(*episode("First notes."));
    catalog.episodes.push_back(*episode("Second notes."));
    const site::TextCache made(catalog, 1);
    // Views of bytes the kept texts hold, as read_saved_texts has them of the file it mapped.
    auto bytes = std::make_shared<std::vector<site::EpisodeText>>();
    std::vector<site::KeptTexts::Text> views;
    for (std::size_t i = 0; i < made.size(); ++i) bytes->push_back(made.at(i));
    for (const auto& t : *bytes) views.push_back(site::KeptTexts::Text::of(t));
    const site::TextCache kept(std::make_shared<const site::KeptTexts>(std::move(views), bytes));
    bytes.reset();  // (held by the kept texts)
    REQUIRE(kept.size() == 2);
    CHECK(kept.at(1).plain == "Second notes.");
    CHECK(kept.at(1).summary == made.at(1).summary);
    CHECK(&kept.at(1) == &kept.at(1));  // made once
    catalog.episodes[1].description = "Edited notes.";
    const site::TextCache next(catalog, 2, &kept);
    CHECK(next.made() == 1);
    CHECK(&next.of(catalog.episodes[0]) == &kept.at(0));  // the kept text itself, not made again
    CHECK(next.of(catalog.episodes[1]).plain == "Edited notes.");
}

TEST_CASE("a feed's show notes without a tag are set out as text: paragraphs, lists and links") {
    // (An RSS item's description is HTML; many hosts write lines and blank lines in it, and no tag.)
    auto e = episode(
        "Q&amp;A with Jane &#8212; part 1.\n"
        "Hard-wrapped line.\n\n"
        "Links:\n"
        "- https://example.com/a\n"
        "- the book\n");
    e->description_is_html = true;
    const site::EpisodeText t = site::make_episode_text(*e);
    CHECK(t.notes_html ==
          "<p>Q&amp;A with Jane \xE2\x80\x94 part 1. Hard-wrapped line.</p><p>Links:</p>"
          "<ul><li><a href=\"https://example.com/a\" rel=\"nofollow noopener\">https://example.com/a</a></li>"
          "<li>the book</li></ul>");
    // The text the search index and summaries read is the one a browser showed before.
    CHECK(t.plain == "Q&A with Jane \xE2\x80\x94 part 1. Hard-wrapped line. Links: - https://example.com/a - the book");
    // With a tag, the notes are HTML: laid out by their lines where no element does it (an
    // address in HTML stays its text), as they are where one does.
    e->description = "First line\nsecond line, <b>bold</b>.\n\nhttps://example.com/b";
    CHECK(site::make_episode_text(*e).notes_html ==
          "<p>First line<br>\nsecond line, <b>bold</b>.</p>\n<p>https://example.com/b</p>");
    e->description = "<p>First line\nsecond line, <b>bold</b>.</p>";
    CHECK(site::make_episode_text(*e).notes_html == "<p>First line\nsecond line, <b>bold</b>.</p>");
}
