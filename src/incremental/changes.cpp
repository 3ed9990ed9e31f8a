#include "incremental/changes.hpp"

#include <algorithm>
#include <unordered_map>

#include "render/page_sink.hpp"

namespace incremental {

namespace dep = render::dep;

namespace {

bool same_site(const render::SiteInfo& a, const render::SiteInfo& b) {
    return a.paths.base_url == b.paths.base_url && a.title == b.title && a.description == b.description &&
           a.language == b.language && a.author == b.author && a.image == b.image && a.feed_url == b.feed_url &&
           a.subscribe == b.subscribe && a.nav == b.nav;
}

void term_keys(const std::string& section, const std::vector<std::string>& a, const std::vector<std::string>& b,
               render::ChangedKeys& keys) {
    if (a == b) return;
    keys.insert(dep::term_index(section));
    for (const auto* names : {&a, &b})
        for (const auto& name : *names) keys.insert(dep::term(section, render::term_slug(name)));
}

// A note that overrides a field says so in the field's source ("note:<file>").
bool changed_by_note(const core::Episode& e) {
    return std::any_of(e.sources.begin(), e.sources.end(), [](const auto& kv) { return kv.second.source.starts_with("note:"); });
}

}  // namespace

render::ChangedKeys changed_keys(const PageInputs& before, const PageInputs& after) {
    render::ChangedKeys keys;
    if (!same_site(before.site, after.site)) keys.insert(dep::site);

    const auto& old_eps = before.catalog.episodes;
    const auto& new_eps = after.catalog.episodes;
    bool same_order = old_eps.size() == new_eps.size();
    for (std::size_t i = 0; same_order && i < new_eps.size(); ++i) same_order = old_eps[i].slug == new_eps[i].slug;
    if (!same_order) keys.insert(dep::order);
    std::unordered_map<std::string_view, const core::Episode*> old_by_slug;
    for (const auto& e : old_eps) old_by_slug.emplace(e.slug, &e);
    for (const auto& e : new_eps) {
        auto it = old_by_slug.find(e.slug);
        if (it != old_by_slug.end() && ((!changed_by_note(e) && !changed_by_note(*it->second)) || *it->second == e)) {
            old_by_slug.erase(it);
            continue;
        }
        if (it != old_by_slug.end()) old_by_slug.erase(it);
        keys.insert(dep::episode(e.slug));
        keys.insert(dep::any_episode);
    }
    for (const auto& [slug, e] : old_by_slug) keys.insert(dep::episode(slug)), keys.insert(dep::any_episode);

    // What notes add, for every slug either side has extras for (both maps are sorted by slug:
    // one pass over the two).
    static const notes::EpisodeExtras none;
    auto a = before.curation.by_slug.begin(), a_end = before.curation.by_slug.end();
    auto b = after.curation.by_slug.begin(), b_end = after.curation.by_slug.end();
    while (a != a_end || b != b_end) {
        bool take_a = a != a_end && (b == b_end || a->first <= b->first);
        bool take_b = b != b_end && (a == a_end || b->first <= a->first);
        const std::string& slug = take_a ? a->first : b->first;
        const notes::EpisodeExtras& x = take_a ? a->second : none;
        const notes::EpisodeExtras& y = take_b ? b->second : none;
        if (!(x == y)) {
            keys.insert(dep::note(slug));
            if (x.summary != y.summary || x.topics != y.topics) keys.insert(dep::card_note(slug));
            term_keys("topics", x.topics, y.topics, keys);
            term_keys("guests", x.guests, y.guests, keys);
        }
        if (take_a) ++a;
        if (take_b) ++b;
    }

    std::map<std::string, const notes::RenderedPage*> old_pages;
    for (const auto& p : before.curation.pages) old_pages[p.slug] = &p;
    for (const auto& p : after.curation.pages) {
        auto it = old_pages.find(p.slug);
        if (it == old_pages.end() || !(*it->second == p)) keys.insert(dep::page(p.slug));
    }
    return keys;
}

}  // namespace incremental
