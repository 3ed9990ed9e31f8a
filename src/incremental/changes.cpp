#include "incremental/changes.hpp"

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
               std::set<std::string>& keys) {
    if (a == b) return;
    keys.insert(dep::term_index(section));
    for (const auto* names : {&a, &b})
        for (const auto& name : *names) keys.insert(dep::term(section, render::term_slug(name)));
}

}  // namespace

std::set<std::string> changed_keys(const PageInputs& before, const PageInputs& after) {
    std::set<std::string> keys;
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
        if (it != old_by_slug.end() && *it->second == e) {
            old_by_slug.erase(it);
            continue;
        }
        if (it != old_by_slug.end()) old_by_slug.erase(it);
        keys.insert(dep::episode(e.slug));
        keys.insert(dep::any_episode);
    }
    for (const auto& [slug, e] : old_by_slug) keys.insert(dep::episode(std::string(slug))), keys.insert(dep::any_episode);

    // What notes add: every slug either side has extras for.
    static const notes::EpisodeExtras none;
    auto extras = [](const notes::Curation& c, const std::string& slug) -> const notes::EpisodeExtras& {
        auto it = c.by_slug.find(slug);
        return it == c.by_slug.end() ? none : it->second;
    };
    std::set<std::string> slugs;
    for (const auto* c : {&before.curation, &after.curation})
        for (const auto& [slug, x] : c->by_slug) slugs.insert(slug);
    for (const auto& slug : slugs) {
        const auto& a = extras(before.curation, slug);
        const auto& b = extras(after.curation, slug);
        if (a == b) continue;
        keys.insert(dep::note(slug));
        if (a.summary != b.summary || a.topics != b.topics) keys.insert(dep::card_note(slug));
        term_keys("topics", a.topics, b.topics, keys);
        term_keys("guests", a.guests, b.guests, keys);
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
