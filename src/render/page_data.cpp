#include "render/page_data.hpp"

#include <map>
#include <set>
#include <nlohmann/json.hpp>


#include "util/dates.hpp"
#include "util/durations.hpp"
#include "util/html_sanitizer.hpp"
#include "util/slug.hpp"
#include "util/strings.hpp"
#include "util/unicode.hpp"
#include "util/url.hpp"

namespace render {

namespace {

using List = kainjow::mustache::list;

Data link_list(const std::vector<SiteInfo::Link>& links) {
    List list;
    for (const auto& l : links) {
        Data item;
        item.set("label", l.label);
        item.set("url", l.url);
        list.push_back(item);
    }
    return list;
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

Data base_data(const SiteInfo& site, const std::string& page_title, const std::string& description,
               const std::string& page_dir, const std::string& jsonld) {
    Data s;
    s.set("title", site.title);
    s.set("description", site.description);
    s.set("language", site.language.empty() ? std::string("en") : site.language);
    s.set("author", site.author);
    s.set("image", site.image);
    s.set("base_path", site.paths.base_path);
    s.set("base_url", site.paths.base_url);
    s.set("feed_url", site.feed_url);
    s.set("feed_path", site.paths.url("feed.xml"));
    s.set("home_url", site.paths.url(""));
    s.set("subscribe", link_list(site.subscribe));
    s.set("nav", link_list(site.nav));
    Data page;
    page.set("title", page_title.empty() ? site.title : page_title + " \xC2\xB7 " + site.title);
    page.set("heading", page_title.empty() ? site.title : page_title);
    page.set("description", description.empty() ? site.description : description);
    page.set("canonical", site.paths.absolute(page_dir));
    page.set("jsonld", jsonld);
    Data root;
    root.set("site", s);
    root.set("page", page);
    return root;
}

std::string episode_jsonld(const SiteInfo& site, const core::Episode& e, const std::string& description) {
    nlohmann::json j = {{"@context", "https://schema.org"},
                        {"@type", "PodcastEpisode"},
                        {"name", e.title},
                        {"url", site.paths.absolute(SitePaths::episode_dir(e.slug))},
                        {"description", description},
                        {"partOfSeries", {{"@type", "PodcastSeries"}, {"name", site.title}, {"url", site.paths.base_url}}}};
    if (e.date) j["datePublished"] = util::format_iso8601(*e.date);
    if (e.duration) j["timeRequired"] = iso_duration(e.duration->seconds);
    if (e.episode_number) j["episodeNumber"] = *e.episode_number;
    if (e.enclosure && util::is_http_url(e.enclosure->url))
        j["associatedMedia"] = {{"@type", "MediaObject"}, {"contentUrl", e.enclosure->url}};
    std::string text = j.dump();
    return "<script type=\"application/ld+json\">" + util::replace_all(text, "<", "\\u003c") + "</script>";
}

const EpisodeText& SiteInfo::text(const core::Episode& e) const {
    if (!texts) texts = std::make_shared<TextCache>();
    return texts->of(e);
}

std::string term_slug(const std::string& name) {
    std::string slug = util::make_safe_segment(util::slugify(name));
    return slug.empty() ? "untitled" : slug;
}

namespace {
Data terms(const SiteInfo& site, const std::string& section, const std::vector<std::string>& names) {
    List list;
    for (const auto& name : names) {
        Data item;
        item.set("name", name);
        item.set("url", site.paths.url(section + "/" + term_slug(name) + "/"));
        list.push_back(item);
    }
    return list;
}
}  // namespace

Data episode_card(const SiteInfo& site, const core::Episode& e, const notes::EpisodeExtras* extras) {
    Data card;
    card.set("title", e.title);
    card.set("slug", e.slug);
    card.set("url", site.paths.url(SitePaths::episode_dir(e.slug)));
    if (e.date) {
        card.set("date_iso", util::format_iso8601(*e.date));
        card.set("date_human", util::format_human_day(*e.date));
    }
    if (e.duration) card.set("duration", util::format_human_duration(e.duration->seconds));
    card.set("summary", extras && !extras->summary.empty() ? extras->summary : site.text(e).summary);
    card.set("has_audio", e.enclosure.has_value());
    if (extras) card.set("topics", terms(site, "topics", extras->topics));
    return card;
}

Data episode_data(const SiteInfo& site, const core::Episode& e, const core::Episode* older, const core::Episode* newer,
                  const notes::EpisodeExtras* extras, const EpisodeLookup& lookup) {
    Data d = episode_card(site, e, extras);
    d.set("title_derived", e.title_derived);
    if (e.duration) {
        d.set("duration_clock", util::format_clock(e.duration->seconds));
        d.set("duration_iso", iso_duration(e.duration->seconds));
    }
    if (e.enclosure && util::is_http_url(e.enclosure->url)) {
        Data audio;
        audio.set("url", e.enclosure->url);
        audio.set("type", e.enclosure->type.empty() ? std::string("audio/mpeg") : e.enclosure->type);
        d.set("audio", audio);
    }
    d.set("notes_html", site.text(e).notes_html);
    d.set("notes_truncated", e.description_truncated);
    std::vector<SiteInfo::Link> listen;
    for (const auto& l : e.listen_on) listen.push_back({l.label, l.url});
    d.set("listen_on", link_list(listen));
    d.set("has_listen_on", !listen.empty());
    List seen;
    for (const auto& s : e.seen_in) seen.push_back(Data(s));
    d.set("seen_in", seen);
    List provenance;
    for (const auto& [field, source] : e.sources) {
        Data row;
        row.set("field", field);
        row.set("source", source.source);
        row.set("file", source.file);
        row.set("line", std::to_string(source.line));
        provenance.push_back(row);
    }
    d.set("provenance", provenance);
    List records;
    for (const auto& r : e.records) {
        Data row;
        row.set("source", r.from.source);
        row.set("file", r.from.file);
        row.set("line", std::to_string(r.from.line));
        row.set("end_line", std::to_string(r.from.end_line));
        row.set("matched_by", r.matched_by);
        records.push_back(row);
    }
    d.set("records", records);
    if (older) d.set("older", episode_card(site, *older));
    if (newer) d.set("newer", episode_card(site, *newer));
    if (!extras) return d;
    d.set("has_note", !util::trim(extras->note_html).empty());
    d.set("note_html", extras->note_html);
    d.set("topics", terms(site, "topics", extras->topics));
    d.set("guests", terms(site, "guests", extras->guests));
    d.set("has_topics", !extras->topics.empty());
    d.set("has_guests", !extras->guests.empty());
    List errata;
    for (const auto& text : extras->errata) errata.push_back(Data(text));
    d.set("errata", errata);
    d.set("has_errata", !extras->errata.empty());
    std::vector<SiteInfo::Link> links;
    for (const auto& l : extras->links) links.push_back({l.title, l.url});
    d.set("links", link_list(links));
    d.set("has_links", !links.empty());
    auto cards = [&](const std::vector<std::string>& slugs) {
        List list;
        for (const auto& slug : slugs)
            if (const core::Episode* other = lookup(slug)) list.push_back(episode_card(site, *other));
        return list;
    };
    d.set("related", cards(extras->related));
    d.set("has_related", !extras->related.empty());
    d.set("mentioned_in", cards(extras->mentioned_in));
    d.set("has_mentioned_in", !extras->mentioned_in.empty());
    return d;
}

}  // namespace render
