#include "incremental/changes.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "render/page_sink.hpp"

namespace incremental {

namespace dep = render::dep;

namespace {

bool same_site(const render::SiteInfo& a, const render::SiteInfo& b) {
    return a.paths.base_url == b.paths.base_url && a.title == b.title && a.description == b.description &&
           a.language == b.language && a.author == b.author && a.image == b.image && a.feed_url == b.feed_url &&
           a.show_links == b.show_links && a.website == b.website && a.source_feed == b.source_feed &&
           a.artwork == b.artwork && a.icon == b.icon && a.episode_count == b.episode_count &&
           a.announced_count == b.announced_count && a.nav == b.nav;
}

void term_keys(const std::string& section, const std::vector<std::string>& a, const std::vector<std::string>& b,
               render::ChangedKeys& keys) {
    if (a == b) return;
    keys.insert(dep::term_index(section));
    for (const auto* names : {&a, &b})
        for (const auto& name : *names) keys.insert(dep::term(section, render::term_slug(name)));
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
    // Episodes with a note either side: the only ones a note can have changed.
    std::unordered_set<std::string_view> noted;
    // What notes add, for every slug either side has extras for.
    static const notes::EpisodeExtras none;
    auto compare = [&](const std::string& slug, const notes::EpisodeExtras& x, const notes::EpisodeExtras& y) {
        if (!x.note_file.empty() || !y.note_file.empty()) noted.insert(slug);
        if (x == y) return;
        keys.insert(dep::note(slug));
        if (x.summary != y.summary || x.topics != y.topics) keys.insert(dep::card_note(slug));
        term_keys("topics", x.topics, y.topics, keys);
        term_keys("guests", x.guests, y.guests, keys);
    };
    const auto& was = before.curation.by_slug;
    const auto& now = after.curation.by_slug;
    for (const auto& [slug, x] : was) {
        const notes::EpisodeExtras* y = after.curation.extras(slug);
        compare(slug, x, y ? *y : none);
    }
    for (const auto& [slug, y] : now)
        if (!was.count(slug)) compare(slug, none, y);

    auto changed_episode = [&](std::string_view slug) {
        keys.insert(dep::episode(slug));
        keys.insert(dep::any_episode);
    };
    auto differ = [&](const core::Episode& before_edit, const core::Episode& after_edit) {
        if (noted.count(after_edit.slug) && !(before_edit == after_edit)) changed_episode(after_edit.slug);
    };
    if (same_order) {
        for (std::size_t i = 0; i < new_eps.size(); ++i) differ(old_eps[i], new_eps[i]);
    } else {
        std::unordered_map<std::string_view, const core::Episode*> old_by_slug;
        for (const auto& e : old_eps) old_by_slug.emplace(e.slug, &e);
        for (const auto& e : new_eps) {
            auto it = old_by_slug.find(e.slug);
            if (it == old_by_slug.end()) {
                changed_episode(e.slug);
                continue;
            }
            differ(*it->second, e);
            old_by_slug.erase(it);
        }
        for (const auto& [slug, e] : old_by_slug) changed_episode(slug);
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
