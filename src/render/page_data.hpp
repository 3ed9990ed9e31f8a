#pragma once
// Page models: what each template receives (documented in themes/default/README.md).
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "config/site_config.hpp"
#include "core/episode.hpp"
#include "notes/curation.hpp"
#include "render/artwork.hpp"
#include "render/episode_text.hpp"
#include "render/site_paths.hpp"
#include "render/template_set.hpp"

namespace render {

// Site-wide values every template gets under `site`.
struct SiteInfo {
    explicit SiteInfo(SitePaths site_paths) : paths(std::move(site_paths)) {}

    SitePaths paths;
    std::string title;
    std::string description;
    std::string language;
    std::string author;
    std::string image;
    std::string feed_url;  // absolute URL of our feed.xml
    struct Link {
        std::string label;
        std::string url;

        friend bool operator==(const Link&, const Link&) = default;
    };
    std::vector<Link> show_links;  // site.yaml's `subscribe:`, then the show's page at each directory the sources name
    Link website;                  // the show's own site (the feed's <link>), when it is not one of those
    Link source_feed;              // the feed at the host (a source's `url`), when site.yaml names one
    std::string artwork;      // the local artwork's site path ("/base/artwork.jpg?v=..."), or ""
    std::string artwork_url;  // the same, absolute (og:image)
    std::string icon;         // the favicon's site path: the artwork, else favicon.svg
    std::string icon_type;
    std::size_t episode_count = 0;
    std::size_t announced_count = 0;  // how many a directory says the show has (0: none says)
    std::vector<Link> nav;         // the header's navigation
    // Every episode's text, computed once after the notes are applied (see episode_text.hpp);
    // when nobody set it, text() computes what it is asked for, which only one thread may do:
    // set it before the pages or the search index are made on several.
    mutable std::shared_ptr<TextCache> texts;

    const EpisodeText& text(const core::Episode& e) const;
};

// Finds an episode by slug (nullptr when there is none).
using EpisodeLookup = std::function<const core::Episode*(const std::string& slug)>;

// The URL path segment for a topic or guest name ("CUDA graphs" -> "cuda-graphs").
std::string term_slug(const std::string& name);

// Builds SiteInfo from site.yaml and, where site.yaml is silent, the feed's channel.
// `artwork`: the local copy of the show's artwork (render/artwork.hpp), when there is one.
SiteInfo make_site_info(const config::SiteConfig& config, const core::Catalog& catalog, const std::string& base_url,
                        const LocalArtwork* artwork = nullptr);

// {site: {...}}: what every page shares, built once and rendered under each page's data.
Data site_data(const SiteInfo& site);

// {page: {title, description, canonical, ...}}: what every page has of its own.
// `jsonld` (optional) is a complete <script type="application/ld+json"> element.
Data page_data(const SiteInfo& site, const std::string& page_title, const std::string& description,
               const std::string& page_dir, const std::string& jsonld = "");

// Both in one object (what a template sees; for one-off renders and tests).
Data base_data(const SiteInfo& site, const std::string& page_title, const std::string& description,
               const std::string& page_dir, const std::string& jsonld = "");

// schema.org PodcastEpisode JSON-LD for an episode page, as a <script> element whose JSON
// cannot close the element early ("<" is written as \u003c).
std::string episode_jsonld(const SiteInfo& site, const core::Episode& e, const std::string& description);

// A compact episode for lists: {title, url, date_iso, date_human, duration, summary, ...}.
// `extras` (the episode's note, may be null) gives its summary and topics.
Data episode_card(const SiteInfo& site, const core::Episode& e, const notes::EpisodeExtras* extras = nullptr);

// Each episode's card, made once and shared (data.hpp, shared_reference): one episode's card is
// on the home page, the archive, each of its topics' and guests' pages and its neighbours'
// pages. Pages hold references, which TemplateSet::render finds here; a card is made when a
// page first renders it (from any thread). Episodes must be those of `catalog`. What a card
// shows (title, dates, duration, summary, topics) does not change when a note's body does, so
// `serve` keeps the cache across such edits.
class CardCache final : public SharedData {
public:
    CardCache(const SiteInfo& site, const core::Catalog& catalog, const notes::Curation& curation);
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
    const SiteInfo& m_site;
    const core::Catalog& m_catalog;
    std::vector<const notes::EpisodeExtras*> m_extras;  // by position in the catalog
    // Plain cards by position in the catalog, then cards with notes (null until made), each
    // made by the thread that asks for it first; one that asks meanwhile makes it too, and drops
    // its own. (Not std::call_once: glibc wakes waiters with a system call at each first call,
    // whether any waits or not; twenty thousand of them for a 10,000-episode build's cards.)
    mutable std::vector<std::atomic<const Data*>> m_cards;
    std::unordered_map<std::string, Data> m_topics;  // each topic's link, by name

    std::size_t position(const core::Episode& e) const;
    Data make_card(std::size_t slot) const;
};

// The whole episode for its page, with `older` and `newer` neighbours and what its note adds.
// Cards (its own, its neighbours', related episodes') come from `cards` when given (made from the same curation):
// they are references then, and the page is rendered with `cards` as its shared data.
Data episode_data(const SiteInfo& site, const core::Episode& e, const core::Episode* older, const core::Episode* newer,
                  const notes::EpisodeExtras* extras, const EpisodeLookup& lookup, const CardCache* cards = nullptr);


}  // namespace render
