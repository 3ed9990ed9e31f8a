#include <doctest/doctest.h>

#include <string>
#include <thread>
#include <vector>

#include "engine_reference.hpp"
#include "render/episode_page.hpp"

namespace {

// A catalog of `n` episodes, every third with a note that gives it a summary and a topic.
struct Archive {
    site::SiteContent content{{}, {}, site::SiteInfo{site::SitePaths{"https://example.com/show/"}}};
    core::Catalog& catalog = content.catalog;
    notes::Curation& curation = content.curation;

    explicit Archive(int n) {
        for (int i = 0; i < n; ++i) {
            core::Episode& e = catalog.episodes.emplace_back();
            e.slug = "episode-" + std::to_string(i);
            e.title = "Episode " + std::to_string(i);
            e.description = "What episode " + std::to_string(i) + " is about.";
            if (i % 3 == 0) {
                notes::EpisodeExtras& x = curation.by_slug[e.slug];
                x.summary = "Noted " + std::to_string(i);
                x.note_topics = {"CUDA"};
            }
        }
        content.texts = std::make_shared<site::TextCache>(catalog, 1);  // as a build has it before rendering
    }
};

// What a reference's card shows, rendered as the theme's card does (the reference in a page's
// data, its card found in the cache).
std::string shown(const render::CardCache& cards, const render::Data& reference) {
    REQUIRE(cards.find(*render::referred_name(reference)));
    return test::render_as_ours("{{title}}|{{url}}|{{summary}}|{{#topics}}{{name}}{{/topics}}", reference, &cards);
}

}  // namespace

TEST_CASE("a card is made once, whichever thread asks first, and shows its episode") {
    Archive a(300);
    const render::CardCache cards(a.content);
    std::vector<std::string> names;
    for (const auto& e : a.catalog.episodes) {
        names.push_back(*render::referred_name(cards.plain(e)));
        names.push_back(*render::referred_name(cards.with_note(e)));
    }
    // Four threads ask for every card at once, each in its own order: each slot has one card.
    std::vector<std::vector<const render::Data*>> seen(4, std::vector<const render::Data*>(names.size()));
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < seen.size(); ++t)
        threads.emplace_back([&, t] {
            for (std::size_t k = 0; k < names.size(); ++k) {
                constexpr std::size_t strides[] = {1, 7, 11, 13};  // (prime to 600: each a permutation)
                const std::size_t i = (k * strides[t] + t * 97) % names.size();
                seen[t][i] = cards.find(names[i]);
            }
        });
    for (auto& t : threads) t.join();
    for (std::size_t i = 0; i < names.size(); ++i) {
        CAPTURE(names[i]);
        REQUIRE(seen[0][i] != nullptr);
        for (std::size_t t = 1; t < seen.size(); ++t) CHECK(seen[t][i] == seen[0][i]);
        CHECK(cards.find(names[i]) == seen[0][i]);
    }

    const core::Episode& noted = a.catalog.episodes[3];
    const core::Episode& plain = a.catalog.episodes[4];
    CHECK(shown(cards, cards.with_note(noted)) == "Episode 3|/show/episodes/episode-3/|Noted 3|CUDA");
    CHECK(shown(cards, cards.plain(noted)) == "Episode 3|/show/episodes/episode-3/|What episode 3 is about.|");
    CHECK(shown(cards, cards.with_note(plain)) == "Episode 4|/show/episodes/episode-4/|What episode 4 is about.|");
    // The card with a note holds what the note adds, and refers to the plain card for the rest.
    const render::Data* noted_card = cards.find(*render::referred_name(cards.with_note(noted)));
    CHECK(*render::referred_name(*noted_card) == *render::referred_name(cards.plain(noted)));
    CHECK(noted_card->members().size() == 3);  // the reference, the summary, the topics
    CHECK(shown(cards, cards.with_note(a.catalog.episodes[6])) == "Episode 6|/show/episodes/episode-6/|Noted 6|CUDA");
    // Each topic's link is made once: the cards with notes refer to it, with its page's address.
    const auto topic_of = [&](const core::Episode& e) {
        const render::Data* card = cards.find(*render::referred_name(cards.with_note(e)));
        const render::Data* topics = card->get("topics");
        REQUIRE((topics && topics->list_value().size() == 1));
        return &topics->list_value().front();
    };
    const std::string* link_name = render::referred_name(*topic_of(noted));
    REQUIRE(link_name);
    CHECK(render::referred_name(*topic_of(a.catalog.episodes[6])) != nullptr);
    CHECK(*render::referred_name(*topic_of(a.catalog.episodes[6])) == *link_name);
    CHECK(test::render_as_ours("{{#topics}}{{name}} {{url}}{{/topics}}", cards.with_note(noted), &cards) ==
          "CUDA /show/topics/cuda/");
    // Names that are no slot's, nor a topic's, find nothing.
    for (const std::string bad :
         {"", "600", "-1", "1x", "abc", "99999999999999999999999", "t", "t1", "t-1", "tx", "t0x"}) {
        CAPTURE(bad);
        CHECK(cards.find(bad) == nullptr);
    }
}
