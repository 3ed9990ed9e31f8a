#include "pipeline/plan.hpp"

#include <algorithm>
#include <map>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "render/page_sink.hpp"

namespace pipeline {

namespace dep = render::dep;

namespace {

bool same_site(const site::SiteInfo& a, const site::SiteInfo& b) {
    return a.paths.base_url == b.paths.base_url && a.title == b.title && a.description == b.description &&
           a.language == b.language && a.author == b.author && a.image == b.image && a.feed_url == b.feed_url &&
           a.show_links == b.show_links && a.website == b.website && a.source_feed == b.source_feed &&
           a.funding == b.funding && a.value == b.value && a.people == b.people && a.feed_links == b.feed_links &&
           a.artwork == b.artwork && a.icon == b.icon && a.episode_count == b.episode_count &&
           a.announced_count == b.announced_count && a.audio_url == b.audio_url;
}

void term_keys(const std::string& section, const std::vector<std::string>& a, const std::vector<std::string>& b,
               render::ChangedKeys& keys) {
    if (a == b) return;
    keys.insert(dep::term_index(section));
    for (const auto* names : {&a, &b})
        for (const auto& name : *names) keys.insert(dep::term(section, site::term_slug(name)));
}

// Calls each(before, after) for every episode of either list, by slug: both when it is in
// both, the other null when it is in one alone. In the same order (the lists' slugs alike one by
// one), position by position.
template <class Each>
void each_pair(const std::vector<core::Episode>& old_eps, const std::vector<core::Episode>& new_eps, bool same_order,
               const Each& each) {
    if (same_order) {
        for (std::size_t i = 0; i < new_eps.size(); ++i) each(&old_eps[i], &new_eps[i]);
        return;
    }
    std::unordered_map<std::string_view, const core::Episode*> old_by_slug;
    for (const auto& e : old_eps) old_by_slug.emplace(e.slug, &e);
    for (const auto& e : new_eps) {
        auto it = old_by_slug.find(e.slug);
        each(it == old_by_slug.end() ? nullptr : it->second, &e);
        if (it != old_by_slug.end()) old_by_slug.erase(it);
    }
    for (const auto& [slug, e] : old_by_slug) each(e, nullptr);
}

// What the notes add, and the topics, for every episode either side has extras for (one whose
// feed has categories has them: notes::Curation::extras). Returns the episodes with a note either
// side: the only ones a note can have changed.
std::unordered_set<std::string_view> note_keys(const site::SiteContent& before, const site::SiteContent& after,
                                               bool same_order, render::ChangedKeys& keys) {
    std::unordered_set<std::string_view> noted;
    static const notes::EpisodeExtras none;
    static const std::vector<std::string> no_topics;
    struct Side {
        const notes::EpisodeExtras* extras = &none;
        const std::vector<std::string>* topics = &no_topics;
    };
    auto side = [](const notes::Curation& curation, const core::Episode* e) {
        const notes::EpisodeExtras* x = e ? curation.extras(*e) : nullptr;
        return x ? Side{x, &notes::Curation::topics_of(x, *e)} : Side{};
    };
    each_pair(before.catalog.episodes, after.catalog.episodes, same_order,
              [&](const core::Episode* old_e, const core::Episode* new_e) {
                  const Side a = side(before.curation, old_e), b = side(after.curation, new_e);
                  const notes::EpisodeExtras &x = *a.extras, &y = *b.extras;
                  const std::string_view slug = new_e ? new_e->slug : old_e->slug;
                  if (!x.note_file.empty() || !y.note_file.empty()) noted.insert(slug);
                  const bool same_topics = *a.topics == *b.topics;
                  if ((a.extras == b.extras || x == y) && same_topics) return;
                  keys.insert(dep::note(slug));
                  if (x.summary != y.summary || !same_topics) keys.insert(dep::card_note(slug));
                  term_keys("topics", *a.topics, *b.topics, keys);
                  term_keys("guests", x.guests, y.guests, keys);
              });
    return noted;
}

// The episodes whose own fields differ (only `noted` ones can), and those that came or went.
void episode_keys(const std::vector<core::Episode>& old_eps, const std::vector<core::Episode>& new_eps, bool same_order,
                  const std::unordered_set<std::string_view>& noted, render::ChangedKeys& keys) {
    auto changed_episode = [&](std::string_view slug) {
        keys.insert(dep::episode(slug));
        keys.insert(dep::any_episode);
    };
    // Chapters and a transcript show on the episode's own pages alone: a note that changes only
    // them changes only its page and its embed (and its chapters.json, transcript.json). Those
    // files read nothing else: a note that changes the episode otherwise too changes them as well.
    auto same_but_listening = [](const core::Episode& a, const core::Episode& b) {
        core::Episode x = a, y = b;
        x.chapters = y.chapters = {};
        x.transcript = y.transcript = {};
        x.sources.erase("chapters"), y.sources.erase("chapters");
        x.sources.erase("transcript"), y.sources.erase("transcript");
        return x == y;
    };
    each_pair(old_eps, new_eps, same_order, [&](const core::Episode* before_edit, const core::Episode* after_edit) {
        if (!before_edit || !after_edit) return changed_episode(after_edit ? after_edit->slug : before_edit->slug);
        if (!noted.count(after_edit->slug) || *before_edit == *after_edit) return;
        const bool listening =
            before_edit->chapters != after_edit->chapters || before_edit->transcript != after_edit->transcript;
        if (listening) keys.insert(dep::listening(after_edit->slug));
        if (!listening || !same_but_listening(*before_edit, *after_edit)) changed_episode(after_edit->slug);
    });
}

void page_keys(const notes::Curation& before, const notes::Curation& after, render::ChangedKeys& keys) {
    std::map<std::string, const notes::ContentPage*> old_pages;
    for (const auto& p : before.pages) old_pages[p.slug] = &p;
    for (const auto& p : after.pages) {
        auto it = old_pages.find(p.slug);
        if (it == old_pages.end() || !(*it->second == p)) keys.insert(dep::page(p.slug));
    }
}

}  // namespace

render::ChangedKeys changed_keys(const site::SiteContent& before, const site::SiteContent& after) {
    render::ChangedKeys keys;
    if (!same_site(before.site, after.site) || before.nav != after.nav) keys.insert(dep::site);
    const auto& old_eps = before.catalog.episodes;
    const auto& new_eps = after.catalog.episodes;
    bool same_order = old_eps.size() == new_eps.size();
    for (std::size_t i = 0; same_order && i < new_eps.size(); ++i) same_order = old_eps[i].slug == new_eps[i].slug;
    if (!same_order) keys.insert(dep::order);
    const auto noted = note_keys(before, after, same_order, keys);
    episode_keys(old_eps, new_eps, same_order, noted, keys);
    page_keys(before.curation, after.curation, keys);
    return keys;
}

PagePlan plan_pages(const site::SiteContent* before, const site::SiteContent& now) {
    if (!before) return {};
    return {false, changed_keys(*before, now)};
}

PagePlan plan_known(render::ChangedKeys changed) {
    return {false, std::move(changed), true};
}

PagePlan plan_note_body(const site::SiteContent& now, const std::string& file) {
    const std::string* slug = now.curation.slug_of_note(file);
    return slug ? plan_known({dep::note(*slug)}) : PagePlan{};
}

render::PageSink plan_sink(const PagePlan& plan, output::Output& out, render::Dependencies& pages,
                           const PageReaders* readers) {
    if (plan.every_page) return render::PageSink(out, &pages);
    if (plan.same_pages)
        return readers ? render::PageSink::for_readers(out, pages, readers->readers_of(plan.changed))
                       : render::PageSink::for_readers(out, pages, plan.changed);
    return render::PageSink(out, pages, plan.changed);
}

}  // namespace pipeline
