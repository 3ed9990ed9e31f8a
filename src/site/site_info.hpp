#pragma once
// What the site is: its title, URLs, links, artwork and language, from site.yaml, the feed's
// channel and the artwork `fetch` kept. Made once, after the merge (make_site_info), and read
// only afterwards, by the pages, the feeds and the search index alike; what the notes add to
// the site (the navigation) and every episode's text are the content's (site_content.hpp).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "config/site_config.hpp"
#include "core/episode.hpp"
#include "i18n/words.hpp"
#include "site/artwork.hpp"
#include "site/site_paths.hpp"

namespace site {

// Site-wide values every template gets under `site`.
struct SiteInfo {
    // `interface_words`: the site language's (English, the built-in theme's, when none is given).
    explicit SiteInfo(SitePaths site_paths, std::shared_ptr<const i18n::Words> interface_words = nullptr)
        : paths(std::move(site_paths)), words(interface_words ? std::move(interface_words) : i18n::Words::builtin()) {}

    SitePaths paths;
    std::string title;
    std::string description;
    std::string language;                      // a BCP 47 tag, never empty once made
    bool right_to_left = false;                // the language is written right to left (pages get dir="rtl")
    std::shared_ptr<const i18n::Words> words;  // the interface's words in `language` (English until make_site_info)
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
    std::vector<Link> funding;     // the feed's podcast:funding: where listeners support the show
    core::Value value;             // the feed's podcast:value: whom value for value pays
    std::vector<core::Person> people;        // the channel's podcast:person: who makes the show
    std::vector<core::FeedLink> feed_links;  // the channel's licence, place, trailers and podroll
    std::string artwork;                     // the local artwork's site path ("/base/artwork.jpg?v=..."), or ""
    // Absolute, for link previews (og:image): its 1400 px copy, else itself; without artwork, the
    // card made from the title (card.png, `card_png`).
    std::string artwork_url;
    int artwork_width = 0, artwork_height = 0;  // artwork_url's pixels (og:image:width, oEmbed's thumbnail_width)
    std::string card_png;                       // the card's bytes, without artwork (written as card.png)
    // Its smaller copies (site/artwork.hpp) for an <img> that shows it small: `srcset` lists
    // ("/base/artwork-64.webp?v=... 64w, ..."; empty without copies), and the `src` of a
    // browser that reads neither (the 160 px JPEG, else the artwork).
    std::string artwork_srcset_webp, artwork_srcset_jpeg;
    std::string artwork_src;
    std::string artwork_large;  // the 400 px JPEG, else the artwork: home-screen icons, lock screens
    std::string icon;           // the favicon's site path: the artwork, else favicon.svg
    std::string icon_type;
    std::size_t episode_count = 0;
    std::size_t announced_count = 0;  // how many a directory says the show has (0: none says)
    std::string audio_url;  // audio/, the archive's copies of the audio, when it has any (the footer links it); else ""
};

// Finds an episode by slug (nullptr when there is none).
using EpisodeLookup = std::function<const core::Episode*(const std::string& slug)>;

// The URL path segment for a topic or guest name ("CUDA graphs" -> "cuda-graphs").
std::string term_slug(const std::string& name);
// The page of a topic or guest name: "/base/topics/cuda-graphs/" (`section`: "topics", "guests").
std::string term_url(const SiteInfo& site, const std::string& section, const std::string& name);

// The show's or an episode's podcast:funding as links ("Support the show" in the site's
// language when unnamed).
std::vector<SiteInfo::Link> funding_links(const SiteInfo& site, const std::vector<core::Funding>& funding);

// Builds SiteInfo from site.yaml and, where site.yaml is silent, the feed's channel.
// `artwork`: the local copy of the show's artwork (site/artwork.hpp), when there is one.
// The language is site.yaml's, else the feed's <language> when it is a language code, else
// "en" (a feed's "English" is a warning in `warnings`, naming the fix); the interface's words
// are that language's (i18n::Words::load, its warnings in `warnings` too).
SiteInfo make_site_info(const config::SiteConfig& config, const core::Catalog& catalog, const std::string& base_url,
                        const LocalArtwork* artwork = nullptr, std::vector<core::Diagnostic>* warnings = nullptr);

}  // namespace site
