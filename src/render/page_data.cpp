#include "render/page_data.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>


#include "core/directories.hpp"
#include "util/dates.hpp"
#include "util/durations.hpp"
#include "util/escape.hpp"
#include "util/html_sanitizer.hpp"
#include "util/slug.hpp"
#include "util/strings.hpp"
#include "util/unicode.hpp"
#include "util/url.hpp"

namespace render {

namespace {

Data link_data(const SiteInfo::Link& l) {
    Data item;
    put(item, "label", l.label);
    put(item, "url", l.url);
    return item;
}

Data link_list(const std::vector<SiteInfo::Link>& links) { return list(list_of(links, link_data)); }

// "https://podcasts.apple.com/us/podcast/x/id1566080008?i=1000" -> the show's Apple page, in
// the form Apple documents for linking to a show by its id.
std::string apple_show_url(std::string_view episode_url) {
    auto pos = episode_url.find("/id");
    if (pos == std::string::npos || !episode_url.starts_with("https://podcasts.apple.com/")) return {};
    std::string id;
    for (std::size_t i = pos + 3; i < episode_url.size() && std::isdigit(static_cast<unsigned char>(episode_url[i])); ++i)
        id.push_back(episode_url[i]);
    return id.empty() ? std::string() : "https://podcasts.apple.com/podcast/id" + id;
}

std::string iso_duration(int seconds) {
    std::string out = "PT";
    if (seconds >= 3600) out += std::to_string(seconds / 3600) + "H";
    if (seconds >= 60) out += std::to_string(seconds / 60 % 60) + "M";
    return out + std::to_string(seconds % 60) + "S";
}

// The show's page at each directory the sources name: a page a source saw episodes at that is
// the show's own (not one episode's, not a topic listing), the most cited one of each
// directory, in the directories' order. Apple's comes from its episode pages' show id.
std::vector<SiteInfo::Link> directory_show_pages(const core::Catalog& catalog) {
    std::map<std::string, std::pair<int, std::map<std::string, int>>> found;  // directory -> rank, url -> times seen
    auto consider = [&](const std::string& url) {
        std::optional<core::DirectoryPage> page = core::directory_page(url);
        if (!page || page->kind != core::PageKind::show) return;
        auto& [rank, urls] = found[page->directory];
        rank = page->rank;
        ++urls[page->url];
    };
    for (const auto& e : catalog.episodes) {
        for (const auto& url : e.seen_at) consider(url);
        for (const auto& l : e.listen_on)
            if (std::string apple = apple_show_url(l.url); !apple.empty()) consider(apple);
    }
    std::vector<std::pair<int, SiteInfo::Link>> ranked;
    for (const auto& [directory, rank_urls] : found) {
        const auto& [rank, urls] = rank_urls;
        auto most = std::max_element(urls.begin(), urls.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
        ranked.push_back({rank, {directory, most->first}});
    }
    std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<SiteInfo::Link> out;
    for (auto& [rank, link] : ranked) out.push_back(std::move(link));
    return out;
}

}  // namespace

SiteInfo make_site_info(const config::SiteConfig& config, const core::Catalog& catalog, const std::string& base_url,
                        const LocalArtwork* artwork) {
    const core::Channel& ch = catalog.channel;
    SiteInfo site(SitePaths{base_url});
    site.title = !config.title.empty() ? config.title : ch.title;
    site.description = !config.description.empty() ? config.description : util::html_to_text(ch.description);
    site.language = !config.language.empty() ? config.language : ch.language;
    site.author = !config.author.empty() ? config.author : ch.author;
    site.image = !config.image.empty() ? config.image : ch.image_url;
    if (!util::is_http_url(site.image)) site.image.clear();
    site.feed_url = site.paths.absolute("feed.xml");
    if (artwork) {
        // A new image is a new URL: no stale caches. (The query after the path's encoding, which
        // would make its '?' part of the file's name.)
        const std::string version = "?v=" + artwork->version;
        site.artwork = site.paths.url(artwork->file_name) + version;
        site.artwork_url = site.paths.absolute(artwork->file_name) + version;
        site.icon = site.artwork;
        site.icon_type = artwork->media_type;
    } else {
        site.icon = site.paths.url("favicon.svg");
        site.icon_type = "image/svg+xml";
    }
    // The show's pages: what site.yaml lists, then its page at each directory (site_data puts the
    // regenerated feed before them for `subscribe`). The show's own pages (directories, its website, its feed at the host) are also what an
    // episode without audio points to.
    for (const auto& link : config.subscribe) site.show_links.push_back({link.name, link.url});
    for (auto& link : directory_show_pages(catalog))
        if (std::none_of(site.show_links.begin(), site.show_links.end(), [&](const auto& l) { return l.label == link.label || l.url == link.url; }))
            site.show_links.push_back(std::move(link));
    if (util::is_http_url(ch.link) && std::none_of(site.show_links.begin(), site.show_links.end(), [&](const auto& l) { return l.url == ch.link; })) {
        std::optional<core::DirectoryPage> page = core::directory_page(ch.link);
        site.website = {page ? page->directory : std::string("The show's website"), ch.link};
    }
    for (const auto& source : config.sources)
        if (util::is_http_url(source.url) && source.url != site.feed_url) {
            site.source_feed = {"The show's feed at its host", source.url};
            break;
        }
    site.episode_count = catalog.episodes.size();
    if (catalog.announced) site.announced_count = catalog.announced->episodes;
    return site;
}

Data site_data(const SiteInfo& site) {
    Data s;
    put(s, "title", site.title);
    put(s, "description", site.description);
    put(s, "language", site.language.empty() ? std::string("en") : site.language);
    put(s, "author", site.author);
    put(s, "image", site.image);
    put(s, "base_path", site.paths.base_path);
    put(s, "base_url", site.paths.base_url);
    put(s, "feed_url", site.feed_url);
    put(s, "feed_path", site.paths.url("feed.xml"));
    put(s, "home_url", site.paths.url(""));
    std::vector<SiteInfo::Link> subscribe = {{"RSS feed", site.paths.url("feed.xml")}};  // (for themes: the feed, then the show's pages)
    subscribe.insert(subscribe.end(), site.show_links.begin(), site.show_links.end());
    put(s, "subscribe", link_list(subscribe));
    put(s, "artwork", site.artwork.empty() ? Data(false) : text(site.artwork));
    put(s, "artwork_url", site.artwork_url.empty() ? Data(false) : text(site.artwork_url));
    put(s, "icon", site.icon);
    put(s, "icon_type", site.icon_type);
    put(s, "show_links", link_list(site.show_links));
    put(s, "has_show_links", !site.show_links.empty());
    put(s, "website", site.website.url.empty() ? Data(false) : link_data(site.website));
    put(s, "source_feed", site.source_feed.url.empty() ? Data(false) : link_data(site.source_feed));
    put(s, "subscribe_url", site.paths.url(k_subscribe_dir));
    put(s, "episode_count", std::to_string(site.episode_count));
    put(s, "episode_count_text", util::count_text(site.episode_count, "episode", "episodes"));
    // What the show says it has, when a directory counts more than this archive holds.
    put(s, "announced_count", site.announced_count > site.episode_count ? text(std::to_string(site.announced_count)) : Data(false));
    put(s, "nav", link_list(site.nav));
    Data root;
    put(root, "site", std::move(s));
    return root;
}

Data page_data(const SiteInfo& site, const std::string& page_title, const std::string& description,
               const std::string& page_dir, const std::string& jsonld) {
    Data page;
    put(page, "title", page_title.empty() ? site.title : page_title + " \xC2\xB7 " + site.title);
    put(page, "heading", page_title.empty() ? site.title : page_title);
    put(page, "description", description.empty() ? site.description : description);
    put(page, "canonical", site.paths.absolute(page_dir));
    put(page, "jsonld", jsonld);
    Data root;
    put(root, "page", std::move(page));
    return root;
}

Data base_data(const SiteInfo& site, const std::string& page_title, const std::string& description,
               const std::string& page_dir, const std::string& jsonld) {
    Data root = page_data(site, page_title, description, page_dir, jsonld);
    put(root, "site", std::move(site_data(site)["site"]));
    return root;
}

std::string episode_jsonld(const SiteInfo& site, const core::Episode& e, const std::string& description) {
    // The object nlohmann's dump() would write (keys in order, no spaces), written directly:
    // dump() escaped every episode's description at a tenth of util::append_json_string's speed.
    std::string j = "{";
    auto key = [&](std::string_view name) {
        if (j.size() > 1 && j.back() != '{') j += ',';
        j += '"';
        j += name;
        j += "\":";
    };
    auto field = [&](std::string_view name, std::string_view value) {
        key(name);
        util::append_json_string(j, value);
    };
    field("@context", "https://schema.org");
    field("@type", "PodcastEpisode");
    if (e.enclosure && util::is_http_url(e.enclosure->url)) {
        key("associatedMedia");
        j += "{";
        field("@type", "MediaObject");
        field("contentUrl", e.enclosure->url);
        j += "}";
    }
    if (e.date) field("datePublished", util::format_iso8601(*e.date));
    field("description", description);
    if (e.episode_number) key("episodeNumber"), j += std::to_string(*e.episode_number);
    field("name", e.title);
    key("partOfSeries");
    j += "{";
    field("@type", "PodcastSeries");
    field("name", site.title);
    field("url", site.paths.base_url);
    j += "}";
    if (e.duration) field("timeRequired", iso_duration(e.duration->seconds));
    field("url", site.paths.absolute(SitePaths::episode_dir(e.slug)));
    j += "}";
    return "<script type=\"application/ld+json\">" + util::replace_all(j, "<", "\\u003c") + "</script>";
}

const EpisodeText& SiteInfo::text(const core::Episode& e) const {
    if (!texts) texts = std::make_shared<TextCache>();
    return texts->of(e);
}

std::string term_slug(const std::string& name) {
    // Names that differ only in a symbol slugify would drop are different topics ("C", "C++"
    // and "C#"): the symbol is spelled out. Names that differ in case, accents or spacing are
    // one ("PyTorch 2", "pytorch-2").
    std::string spelled;
    for (char c : name) {
        if (c == '+') spelled += " plus ";
        else if (c == '#') spelled += " sharp ";
        else if (c == '&') spelled += " and ";
        else if (c == '@') spelled += " at ";
        else spelled.push_back(c);
    }
    std::string slug = util::make_safe_segment(util::slugify(spelled));
    return slug.empty() ? "untitled" : slug;
}

namespace {
Data term_link(const SiteInfo& site, const std::string& section, const std::string& name) {
    Data item;
    put(item, "name", name);
    put(item, "url", site.paths.url(section + "/" + term_slug(name) + "/"));
    return item;
}

Data terms(const SiteInfo& site, const std::string& section, const std::vector<std::string>& names) {
    return list(list_of(names, [&](const std::string& name) { return term_link(site, section, name); }));
}

// The card; `topics` is the episode's topic links when it has a note.
Data card_data(const SiteInfo& site, const core::Episode& e, const notes::EpisodeExtras* extras, Data topics) {
    Data card;
    put(card, "title", e.title);
    put(card, "slug", e.slug);
    put(card, "url", site.paths.url(SitePaths::episode_dir(e.slug)));
    // Every key a card may lack is false, not absent: a template looks a missing key up in the
    // enclosing data, so an undated card on an episode's page showed that page's date.
    put(card, "date_iso", e.date ? text(util::format_iso8601(*e.date)) : Data(false));
    put(card, "date_human", e.date ? text(util::format_human_day(*e.date)) : Data(false));
    put(card, "duration", e.duration ? text(util::format_human_duration(e.duration->seconds)) : Data(false));
    std::string summary = extras && !extras->summary.empty() ? extras->summary : site.text(e).summary;
    put(card, "summary", summary.empty() ? Data(false) : text(std::move(summary)));
    put(card, "has_audio", e.enclosure.has_value());
    put(card, "topics", extras ? std::move(topics) : list(List()));
    return card;
}
}  // namespace

Data episode_card(const SiteInfo& site, const core::Episode& e, const notes::EpisodeExtras* extras) {
    return card_data(site, e, extras, extras ? terms(site, "topics", extras->topics) : Data());
}

CardCache::CardCache(const SiteInfo& site, const core::Catalog& catalog, const notes::Curation& curation)
    : m_site(site), m_catalog(catalog), m_cards(2 * catalog.episodes.size()) {  // (each null: value-initialized)
    m_extras.reserve(catalog.episodes.size());
    for (const auto& e : catalog.episodes) {
        const notes::EpisodeExtras* x = m_extras.emplace_back(curation.extras(e.slug));
        if (!x) continue;
        for (const auto& name : x->topics)  // a few names, each on many episodes
            if (!m_topics.contains(name)) m_topics.emplace(name, term_link(site, "topics", name));
    }
}

std::size_t CardCache::position(const core::Episode& e) const {
    auto position = core::position_in(m_catalog.episodes, e);
    if (!position) throw std::logic_error("CardCache: an episode of another catalog");
    return *position;
}

// References name a slot: "<n>" for the plain card of the episode at position n, "<N + n>" for
// its card with its note (an episode without one has only the plain card).
Data CardCache::with_note(const core::Episode& e) const {
    std::size_t at = position(e);
    return shared_reference(std::to_string(m_extras[at] ? m_extras.size() + at : at));
}

Data CardCache::plain(const core::Episode& e) const { return shared_reference(std::to_string(position(e))); }

const Data* CardCache::find(const std::string& name) const {
    std::size_t slot = 0;
    auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), slot);
    if (error != std::errc() || end != name.data() + name.size() || slot >= m_cards.size()) return nullptr;
    const Data* card = m_cards[slot].load(std::memory_order_acquire);
    if (card) return card;
    auto made = std::make_unique<const Data>(make_card(slot));
    if (m_cards[slot].compare_exchange_strong(card, made.get(), std::memory_order_acq_rel, std::memory_order_acquire)) return made.release();
    return card;  // (made by another thread meanwhile: the same card)
}

CardCache::~CardCache() {
    for (const auto& card : m_cards) delete card.load(std::memory_order_relaxed);
}

Data CardCache::make_card(std::size_t slot) const {
    const std::size_t at = slot % m_extras.size();
    const core::Episode& e = m_catalog.episodes[at];
    const notes::EpisodeExtras* extras = slot >= m_extras.size() ? m_extras[at] : nullptr;
    if (!extras) return card_data(m_site, e, nullptr, Data());
    List topics = list_of(extras->topics, [&](const std::string& name) { return m_topics.at(name); });
    return card_data(m_site, e, extras, list(std::move(topics)));
}

Data episode_data(const SiteInfo& site, const core::Episode& e, const core::Episode* older, const core::Episode* newer,
                  const notes::EpisodeExtras* extras, const EpisodeLookup& lookup, const CardCache* cache) {
    auto plain_card = [&](const core::Episode& other) { return cache ? cache->plain(other) : episode_card(site, other); };
    Data d = cache ? cache->with_note(e) : episode_card(site, e, extras);  // its card, and more
    put(d, "title_derived", e.title_derived);
    if (e.duration) {
        put(d, "duration_clock", util::format_clock(e.duration->seconds));
        put(d, "duration_iso", iso_duration(e.duration->seconds));
    }
    if (e.enclosure && util::is_http_url(e.enclosure->url)) {
        Data audio;
        put(audio, "url", e.enclosure->url);
        put(audio, "type", e.enclosure->type.empty() ? std::string("audio/mpeg") : e.enclosure->type);
        put(d, "audio", std::move(audio));
    }
    put(d, "notes_html", site.text(e).notes_html);
    put(d, "notes_truncated", e.description_truncated);
    std::vector<SiteInfo::Link> listen;
    for (const auto& l : e.listen_on) listen.push_back({l.label, l.url});
    put(d, "listen_on", link_list(listen));
    put(d, "has_listen_on", !listen.empty());
    put(d, "seen_in", list_of(e.seen_in, [](const std::string& s) { return text(s); }));
    put(d, "seen_in_text", util::join(e.seen_in, ", "));
    put(d, "provenance", list_of(e.sources, [](const auto& field_source) {
        const auto& [field, source] = field_source;
        Data row;
        put(row, "field", field);
        put(row, "source", source.source);
        put(row, "file", source.file);
        put(row, "line", std::to_string(source.line));
        return row;
    }));
    put(d, "records", list_of(e.records, [](const auto& r) {
        Data row;
        put(row, "source", r.from.source);
        put(row, "file", r.from.file);
        put(row, "line", std::to_string(r.from.line));
        put(row, "end_line", std::to_string(r.from.end_line));
        put(row, "matched_by", r.matched_by);
        return row;
    }));
    if (older) put(d, "older", plain_card(*older));
    if (newer) put(d, "newer", plain_card(*newer));
    if (!extras) return d;
    put(d, "has_note", !util::trim(extras->note_html).empty());
    put(d, "note_html", extras->note_html);
    put(d, "guests", terms(site, "guests", extras->guests));  // (topics are on the card)
    put(d, "has_topics", !extras->topics.empty());
    put(d, "has_guests", !extras->guests.empty());
    put(d, "errata", list_of(extras->errata, [](const std::string& line) { return text(line); }));
    put(d, "has_errata", !extras->errata.empty());
    std::vector<SiteInfo::Link> links;
    for (const auto& l : extras->links) links.push_back({l.title, l.url});
    put(d, "links", link_list(links));
    put(d, "has_links", !links.empty());
    auto cards = [&](const std::vector<std::string>& slugs) {
        List items;
        items.reserve(slugs.size());  // (data.hpp, list_of)
        for (const auto& slug : slugs)
            if (const core::Episode* other = lookup(slug)) items.push_back(plain_card(*other));
        return list(std::move(items));
    };
    put(d, "related", cards(extras->related));
    put(d, "has_related", !extras->related.empty());
    put(d, "mentioned_in", cards(extras->mentioned_in));
    put(d, "has_mentioned_in", !extras->mentioned_in.empty());
    return d;
}

}  // namespace render
