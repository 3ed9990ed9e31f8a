#include "feed/feed_writer.hpp"

#include <pugixml.hpp>
#include <sstream>

#include "util/dates.hpp"
#include "util/html_sanitizer.hpp"
#include "util/strings.hpp"
#include "util/url.hpp"

namespace feed {

namespace {

void text_child(pugi::xml_node parent, const char* name, const std::string& value) {
    if (!value.empty()) parent.append_child(name).text() = value.c_str();
}

void write_channel(pugi::xml_node channel, const config::SiteConfig& config, const core::Catalog& catalog,
                   const render::SiteInfo& site) {
    const core::Channel& ch = catalog.channel;
    auto self = channel.append_child("atom:link");
    self.append_attribute("href") = site.feed_url.c_str();
    self.append_attribute("rel") = "self";
    self.append_attribute("type") = "application/rss+xml";
    text_child(channel, "title", site.title);
    text_child(channel, "link", site.paths.base_url);
    text_child(channel, "description", site.description.empty() ? site.title : site.description);
    text_child(channel, "language", site.language);
    text_child(channel, "copyright", ch.copyright);
    text_child(channel, "generator", "podarchive");
    if (!catalog.episodes.empty() && catalog.episodes.front().date)
        text_child(channel, "lastBuildDate", util::format_rfc822(*catalog.episodes.front().date));
    if (!site.image.empty()) {
        auto image = channel.append_child("image");
        text_child(image, "url", site.image);
        text_child(image, "title", site.title);
        text_child(image, "link", site.paths.base_url);
        channel.append_child("itunes:image").append_attribute("href") = site.image.c_str();
    }
    text_child(channel, "itunes:author", site.author);
    text_child(channel, "itunes:summary", site.description);
    text_child(channel, "itunes:type", ch.type.empty() ? std::string("episodic") : ch.type);
    std::string owner_email = !config.email.empty() ? config.email : ch.owner_email;
    if (!owner_email.empty()) {
        auto owner = channel.append_child("itunes:owner");
        text_child(owner, "itunes:name", !ch.owner_name.empty() ? ch.owner_name : site.author);
        text_child(owner, "itunes:email", owner_email);
    }
    std::vector<core::Category> categories = ch.categories;
    if (!config.category.empty()) {
        auto parts = util::split(config.category, '>');
        categories = {{std::string(util::trim(parts[0])), parts.size() > 1 ? std::string(util::trim(parts[1])) : ""}};
    }
    for (const auto& c : categories) {
        auto cat = channel.append_child("itunes:category");
        cat.append_attribute("text") = c.name.c_str();
        if (!c.subcategory.empty()) cat.append_child("itunes:category").append_attribute("text") = c.subcategory.c_str();
    }
    std::string explicit_flag = ch.explicit_flag == "true" || config.explicit_content ? "true" : "false";
    text_child(channel, "itunes:explicit", explicit_flag);
    if (config.complete) text_child(channel, "itunes:complete", "Yes");
    text_child(channel, "podcast:guid", ch.podcast_guid);
}

void write_item(pugi::xml_node channel, const core::Episode& e, const notes::EpisodeExtras* extras,
                const render::SiteInfo& site) {
    auto item = channel.append_child("item");
    text_child(item, "title", e.title);
    text_child(item, "itunes:title", e.title);
    text_child(item, "link", site.paths.absolute(render::SitePaths::episode_dir(e.slug)));
    auto guid = item.append_child("guid");
    guid.append_attribute("isPermaLink") = e.guid_is_permalink ? "true" : "false";
    guid.text() = e.guid.c_str();
    if (e.date) text_child(item, "pubDate", util::format_rfc822(*e.date));
    std::string notes = render::notes_html(e);
    text_child(item, "description", notes);
    std::string encoded = notes;
    if (extras && !extras->note_html.empty()) encoded += "\n<h2>Archive notes</h2>\n" + extras->note_html;
    text_child(item, "content:encoded", encoded);
    auto enclosure = item.append_child("enclosure");
    enclosure.append_attribute("url") = e.enclosure->url.c_str();
    // Length 0 is the RSS convention for "unknown": we never invent a byte count.
    enclosure.append_attribute("length") = std::to_string(e.enclosure->length.value_or(0)).c_str();
    enclosure.append_attribute("type") = (e.enclosure->type.empty() ? std::string("audio/mpeg") : e.enclosure->type).c_str();
    if (e.duration) text_child(item, "itunes:duration", std::to_string(e.duration->seconds));
    if (e.episode_number) text_child(item, "itunes:episode", std::to_string(*e.episode_number));
    if (e.season) text_child(item, "itunes:season", std::to_string(*e.season));
    std::string type = util::ascii_lower(e.episode_type);
    if (type == "full" || type == "trailer" || type == "bonus") text_child(item, "itunes:episodeType", type);
    if (util::is_http_url(e.image)) item.append_child("itunes:image").append_attribute("href") = e.image.c_str();
    std::string explicit_flag = util::ascii_lower(e.explicit_flag);
    if (explicit_flag == "yes" || explicit_flag == "true") text_child(item, "itunes:explicit", "true");
    else if (!explicit_flag.empty()) text_child(item, "itunes:explicit", "false");
    if (!extras) return;
    if (extras->transcript) {
        auto t = item.append_child("podcast:transcript");
        t.append_attribute("url") = extras->transcript->url.c_str();
        t.append_attribute("type") = extras->transcript->title.c_str();
    }
    if (extras->chapters) {
        auto c = item.append_child("podcast:chapters");
        c.append_attribute("url") = extras->chapters->c_str();
        c.append_attribute("type") = "application/json+chapters";
    }
    for (const auto& guest : extras->guests) {
        auto p = item.append_child("podcast:person");
        p.append_attribute("role") = "guest";
        p.text() = guest.c_str();
    }
}

}  // namespace

FeedResult write_feed(const config::SiteConfig& config, const core::Catalog& catalog, const notes::Curation& curation,
                      const render::SiteInfo& site) {
    pugi::xml_document doc;
    auto decl = doc.append_child(pugi::node_declaration);
    decl.append_attribute("version") = "1.0";
    decl.append_attribute("encoding") = "UTF-8";
    auto rss = doc.append_child("rss");
    rss.append_attribute("version") = "2.0";
    rss.append_attribute("xmlns:atom") = "http://www.w3.org/2005/Atom";
    rss.append_attribute("xmlns:content") = "http://purl.org/rss/1.0/modules/content/";
    rss.append_attribute("xmlns:itunes") = "http://www.itunes.com/dtds/podcast-1.0.dtd";
    rss.append_attribute("xmlns:podcast") = "https://podcastindex.org/namespace/1.0";
    auto channel = rss.append_child("channel");
    write_channel(channel, config, catalog, site);
    FeedResult result;
    for (const auto& e : catalog.episodes) {
        if (!e.enclosure || !util::is_http_url(e.enclosure->url)) {
            ++result.left_out_without_audio;
            continue;
        }
        auto it = curation.by_slug.find(e.slug);
        write_item(channel, e, it == curation.by_slug.end() ? nullptr : &it->second, site);
        ++result.items;
    }
    std::ostringstream s;
    doc.save(s, "  ", pugi::format_default, pugi::encoding_utf8);
    result.xml = s.str();
    return result;
}

}  // namespace feed
