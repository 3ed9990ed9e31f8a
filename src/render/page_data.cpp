#include "render/page_data.hpp"

#include <charconv>
#include <map>
#include <set>


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

Data link_list(const std::vector<SiteInfo::Link>& links) {
    return list(list_of(links, [](const SiteInfo::Link& l) {
        Data item;
        put(item, "label", l.label);
        put(item, "url", l.url);
        return item;
    }));
}

// "https://podcasts.apple.com/us/podcast/x/id1566080008?i=1000" -> the show's Apple page.
std::string apple_show_url(const core::Catalog& catalog) {
    for (const auto& e : catalog.episodes) {
        auto pos = e.apple_url.find("/id");
        if (pos == std::string::npos || !e.apple_url.starts_with("https://podcasts.apple.com/")) continue;
        std::string id;
        for (std::size_t i = pos + 3; i < e.apple_url.size() && std::isdigit(static_cast<unsigned char>(e.apple_url[i])); ++i)
            id.push_back(e.apple_url[i]);
        if (!id.empty()) return "https://podcasts.apple.com/podcast/id" + id;
    }
    return {};
}

std::string iso_duration(int seconds) {
    std::string out = "PT";
    if (seconds >= 3600) out += std::to_string(seconds / 3600) + "H";
    if (seconds >= 60) out += std::to_string(seconds / 60 % 60) + "M";
    return out + std::to_string(seconds % 60) + "S";
}

// Pages that list the whole show: a page where several episodes were seen is the show's page on
// that directory, not one episode's. Most-cited first; one per host.
std::vector<SiteInfo::Link> directory_pages(const core::Catalog& catalog) {
    std::map<std::string, int> seen;
    for (const auto& e : catalog.episodes)
        for (const auto& url : e.seen_at) ++seen[url];
    std::vector<std::pair<int, std::string>> ranked;
    for (const auto& [url, count] : seen)
        if (count >= 5) ranked.emplace_back(-count, url);
    std::sort(ranked.begin(), ranked.end());
    std::vector<SiteInfo::Link> out;
    std::set<std::string> hosts;
    for (const auto& [count, url] : ranked) {
        std::string host = util::url_host(url);
        if (host.find("simplecast.com") != std::string::npos || !hosts.insert(host).second) continue;
        out.push_back({host, url});
        if (out.size() == 8) break;
    }
    return out;
}

}  // namespace

SiteInfo make_site_info(const config::SiteConfig& config, const core::Catalog& catalog, const std::string& base_url) {
    const core::Channel& ch = catalog.channel;
    SiteInfo site(SitePaths{base_url});
    site.title = !config.title.empty() ? config.title : ch.title;
    site.description = !config.description.empty() ? config.description : util::html_to_text(ch.description);
    site.language = !config.language.empty() ? config.language : ch.language;
    site.author = !config.author.empty() ? config.author : ch.author;
    site.image = !config.image.empty() ? config.image : ch.image_url;
    if (!util::is_http_url(site.image)) site.image.clear();
    site.feed_url = site.paths.absolute("feed.xml");
    site.subscribe.push_back({"RSS feed", site.paths.url("feed.xml")});
    if (std::string apple = apple_show_url(catalog); !apple.empty()) site.subscribe.push_back({"Apple Podcasts", apple});
    if (util::is_http_url(ch.link)) site.subscribe.push_back({"Host page", ch.link});
    for (const auto& link : directory_pages(catalog)) site.subscribe.push_back(link);
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
    put(s, "subscribe", link_list(site.subscribe));
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
    if (e.date) {
        put(card, "date_iso", util::format_iso8601(*e.date));
        put(card, "date_human", util::format_human_day(*e.date));
    }
    if (e.duration) put(card, "duration", util::format_human_duration(e.duration->seconds));
    put(card, "summary", extras && !extras->summary.empty() ? extras->summary : site.text(e).summary);
    put(card, "has_audio", e.enclosure.has_value());
    if (extras) put(card, "topics", std::move(topics));
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
