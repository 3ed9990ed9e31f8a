#pragma once
// Episode cards: the compact episode that lists, neighbours and related links show.
#include <string>
#include <unordered_map>
#include <vector>

#include "concurrency/parallel.hpp"
#include "core/episode.hpp"
#include "notes/curation.hpp"
#include "render/data.hpp"
#include "site/site_content.hpp"

namespace render {

// A compact episode for lists: {title, url, date_iso, date_human, duration, summary, ...}.
// `extras` (the episode's note, may be null) gives its summary and topics.
Data episode_card(const site::SiteContent& content, const core::Episode& e,
                  const notes::EpisodeExtras* extras = nullptr);

// Each episode's card, made once and shared (data.hpp, shared_reference): one episode's card is
// on the home page, the archive, each of its topics' and guests' pages and its neighbours'
// pages. Pages hold references, which TemplateSet::render finds here; a card is made when a
// page first renders it (from any thread). Episodes must be those of the content's catalog. What a card
// shows (title, dates, duration, summary, topics) does not change when a note's body does, so
// `serve` keeps the cache across such edits.
class CardCache final : public SharedData {
public:
    explicit CardCache(const site::SiteContent& content);
    CardCache(const CardCache&) = delete;  // (the cards made are its own)
    CardCache& operator=(const CardCache&) = delete;
    ~CardCache();
    // With what its note adds (summary, topics): for the home and topic pages.
    Data with_note(const core::Episode& e) const;
    // Without: for the archive and links from other episodes.
    Data plain(const core::Episode& e) const;
    // What the curation adds to an episode of the catalog (null: nothing), found once for all.
    const notes::EpisodeExtras* extras(const core::Episode& e) const { return m_extras[position(e)]; }

    const Data* find(const std::string& name) const override;

private:
    const site::SiteContent& m_content;
    std::vector<const notes::EpisodeExtras*> m_extras;  // by position in the catalog
    // Plain cards by position in the catalog, then cards with notes, each made when a page
    // first shows it, on whichever thread renders that page (a preview rebuild shows a few).
    concurrency::LazySlots<Data> m_cards;
    // Each topic's link, once: a card with a note refers to it ("t<position>") rather than
    // holding a copy (two texts and their object, on every card, for a few names).
    std::vector<Data> m_topic_links;
    std::unordered_map<std::string, std::string> m_topic_names;  // a topic -> its reference's name

    std::size_t position(const core::Episode& e) const;
    Data make_card(std::size_t slot) const;
};

// Links to the topic or guest pages of `names` ({name, url} each), `section` "topics" or "guests".
Data term_links(const site::SiteInfo& site, const std::string& section, const std::vector<std::string>& names);

}  // namespace render
