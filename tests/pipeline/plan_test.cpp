#include "pipeline/plan.hpp"

#include <doctest/doctest.h>

#include "notes/curation.hpp"
#include "site/site_info.hpp"
#include "support.hpp"

namespace {

namespace dep = render::dep;

// Two episodes, "graphs" with the feed's categories CUDA and Compilers and "strides" with none,
// with `notes` (front matter and body each) applied.
site::SiteContent content_with(const std::vector<std::string>& notes) {
    site::SiteContent content{{}, {}, site::SiteInfo{site::SitePaths{"https://example.com/show/"}}};
    for (const char* slug : {"graphs", "strides"}) {
        core::Episode e;
        e.slug = e.title = e.guid = slug;
        if (e.slug == "graphs") e.categories = {"CUDA", "Compilers"};
        content.catalog.episodes.push_back(e);
    }
    content.curation = test::apply_note_texts(content.catalog, notes);
    return content;
}

bool has_term(const render::ChangedKeys& keys, const char* name) {
    return keys.contains(dep::term("topics", site::term_slug(name)));
}

}  // namespace

TEST_CASE("a note that names topics on an episode whose topics were its categories changes both topics' pages") {
    const site::SiteContent none = content_with({});
    const site::SiteContent noted = content_with({"---\nepisode: graphs\ntopics: [Graphs]\n---\nA note.\n"});
    for (const auto& [before, after] : {std::pair{&none, &noted}, std::pair{&noted, &none}}) {
        const render::ChangedKeys keys = pipeline::changed_keys(*before, *after);
        CHECK(keys.contains(dep::note("graphs")));
        CHECK(keys.contains(dep::card_note("graphs")));
        CHECK(keys.contains(dep::term_index("topics")));
        CHECK(has_term(keys, "CUDA"));
        CHECK(has_term(keys, "Compilers"));
        CHECK(has_term(keys, "Graphs"));
        CHECK_FALSE(keys.contains(dep::note("strides")));
    }
    // A note that names none keeps the categories as the topics: its summary's change touches
    // the card, and no topic's page.
    const site::SiteContent a = content_with({"---\nepisode: graphs\nsummary: One.\n---\n"});
    const site::SiteContent b = content_with({"---\nepisode: graphs\nsummary: Two.\n---\n"});
    const render::ChangedKeys summary = pipeline::changed_keys(a, b);
    CHECK(summary.contains(dep::card_note("graphs")));
    CHECK_FALSE(summary.contains(dep::term_index("topics")));
    CHECK_FALSE(has_term(summary, "CUDA"));
    CHECK(pipeline::changed_keys(none, content_with({})).empty());
}
