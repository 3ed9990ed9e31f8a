#include "feed/feed_writer.hpp"

#include <pugixml.hpp>
#include <stdexcept>

#include "feed/podcast_guid.hpp"
#include "feed/xml_merge.hpp"
#include "util/dates.hpp"
#include "util/html_sanitizer.hpp"
#include "util/strings.hpp"
#include "util/url.hpp"
#include "util/xml_text.hpp"

namespace feed {

namespace {

const std::vector<std::pair<std::string, std::string>> k_namespaces = {
    {"xmlns:atom", "http://www.w3.org/2005/Atom"},
    {"xmlns:content", "http://purl.org/rss/1.0/modules/content/"},
    {"xmlns:itunes", "http://www.itunes.com/dtds/podcast-1.0.dtd"},
    {"xmlns:podcast", "https://podcastindex.org/namespace/1.0"},
};

// <rss> keeps the input's attributes (other namespaces) in order; ours are set to their URIs.
void write_root_attributes(pugi::xml_node rss, const core::Channel& ch) {
    rss.append_attribute("version") = "2.0";
    for (const auto& [name, value] : ch.root_attributes)
        if (name != "version" && !rss.attribute(name.c_str())) rss.append_attribute(name.c_str()) = value.c_str();
    for (const auto& [name, uri] : k_namespaces) {
        if (auto a = rss.attribute(name.c_str())) a.set_value(uri.c_str());
        else rss.append_attribute(name.c_str()) = uri.c_str();
    }
}

std::string channel_guid(const config::SiteConfig& config, const core::Channel& ch, const render::SiteInfo& site) {
    if (!ch.podcast_guid.empty()) return ch.podcast_guid;
    // The podcast's identity is its original feed, not this archive's copy of it.
    if (!ch.self_url.empty()) return podcast_guid_for(ch.self_url);
    for (const auto& source : config.sources)
        if (!source.url.empty()) return podcast_guid_for(source.url);
    return podcast_guid_for(site.feed_url);
}

std::vector<Modeled> channel_model(const config::SiteConfig& config, const core::Catalog& catalog, const render::SiteInfo& site) {
    const core::Channel& ch = catalog.channel;
    std::vector<Modeled> m;
    m.push_back({[](const std::string& n, const pugi::xml_node& c) { return n == "atom:link" && std::string_view(c.attribute("rel").value()) == "self"; },
                 [&site](pugi::xml_node p) {
                     auto self = p.append_child("atom:link");
                     self.append_attribute("href") = site.feed_url.c_str();
                     self.append_attribute("rel") = "self";
                     self.append_attribute("type") = "application/rss+xml";
                 }});
    m.push_back(element("title", [&site](pugi::xml_node p) { text_child(p, "title", site.title); }));
    m.push_back(element("link", [&site](pugi::xml_node p) { text_child(p, "link", site.paths.base_url); }));
    m.push_back(element("description", [&site](pugi::xml_node p) {
        text_child(p, "description", site.description.empty() ? site.title : site.description);
    }));
    m.push_back(element("language", [&site](pugi::xml_node p) { text_child(p, "language", site.language); }));
    m.push_back(element("generator", [](pugi::xml_node p) { text_child(p, "generator", "podarchive"); }));
    m.push_back(element("lastBuildDate", [&catalog](pugi::xml_node p) {
        for (const auto& e : catalog.episodes)
            if (e.date && e.enclosure) return text_child(p, "lastBuildDate", util::format_rfc822(*e.date));
    }));
    m.push_back(element("image", [&site](pugi::xml_node p) {
        if (site.image.empty()) return;
        auto image = p.append_child("image");
        text_child(image, "url", site.image);
        text_child(image, "title", site.title);
        text_child(image, "link", site.paths.base_url);
    }));
    m.push_back(element("itunes:image", [&site](pugi::xml_node p) {
        if (!site.image.empty()) p.append_child("itunes:image").append_attribute("href") = site.image.c_str();
    }));
    m.push_back(element("itunes:author", [&site](pugi::xml_node p) { text_child(p, "itunes:author", site.author); }));
    m.push_back(element("itunes:summary", [&site](pugi::xml_node p) { text_child(p, "itunes:summary", site.description); }));
    m.push_back(element("itunes:type", [&ch](pugi::xml_node p) { text_child(p, "itunes:type", ch.type.empty() ? "episodic" : ch.type); }));
    m.push_back(element("itunes:owner", [&config, &ch, &site](pugi::xml_node p) {
        std::string email = !config.email.empty() ? config.email : ch.owner_email;
        if (email.empty()) return;
        auto owner = p.append_child("itunes:owner");
        text_child(owner, "itunes:name", !ch.owner_name.empty() ? ch.owner_name : site.author);
        text_child(owner, "itunes:email", email);
    }));
    m.push_back(element("itunes:category", [&config, &ch](pugi::xml_node p) {
        std::vector<core::Category> categories = ch.categories;
        if (!config.category.empty()) {
            auto parts = util::split(config.category, '>');
            categories = {{std::string(util::trim(parts[0])), parts.size() > 1 ? std::string(util::trim(parts[1])) : ""}};
        }
        for (const auto& c : categories) {
            auto cat = p.append_child("itunes:category");
            cat.append_attribute("text") = c.name.c_str();
            if (!c.subcategory.empty()) cat.append_child("itunes:category").append_attribute("text") = c.subcategory.c_str();
        }
    }));
    m.push_back(element("itunes:explicit", [&config, &ch](pugi::xml_node p) {
        text_child(p, "itunes:explicit", ch.explicit_flag == "true" || config.explicit_content ? "true" : "false");
    }));
    m.push_back(element("itunes:complete", [&config](pugi::xml_node p) {
        if (config.complete) text_child(p, "itunes:complete", "Yes");
    }));
    m.push_back(element("podcast:guid", [&config, &ch, &site](pugi::xml_node p) { text_child(p, "podcast:guid", channel_guid(config, ch, site)); }));
    m.push_back(element("podcast:locked", [&config](pugi::xml_node p) {
        auto locked = p.append_child("podcast:locked");
        if (!config.email.empty()) locked.append_attribute("owner") = config.email.c_str();
        locked.text() = config.locked ? "yes" : "no";
    }));
    return m;
}

std::vector<Modeled> item_model(const core::Episode& e, const notes::EpisodeExtras* extras, const render::SiteInfo& site) {
    std::vector<Modeled> m;
    m.push_back(element("title", [&e](pugi::xml_node p) { text_child(p, "title", e.title); }));
    m.push_back(element("itunes:title", [&e](pugi::xml_node p) { text_child(p, "itunes:title", e.title); }));
    m.push_back(element("link", [&e, &site](pugi::xml_node p) {
        text_child(p, "link", site.paths.absolute(render::SitePaths::episode_dir(e.slug)));
    }));
    m.push_back(element("guid", [&e](pugi::xml_node p) {
        auto guid = p.append_child("guid");
        guid.append_attribute("isPermaLink") = e.guid_is_permalink ? "true" : "false";
        guid.text() = e.guid.c_str();
    }));
    m.push_back(element("pubDate", [&e](pugi::xml_node p) { text_child(p, "pubDate", util::format_rfc822(*e.date)); }));
    m.push_back(element("description", [&e, &site](pugi::xml_node p) { text_child(p, "description", site.text(e).notes_html); }));
    m.push_back(element("content:encoded", [&e, extras, &site](pugi::xml_node p) {
        std::string encoded = site.text(e).notes_html;
        // Links between episodes are site-relative on pages; a feed reader needs them absolute.
        if (extras && !extras->note_html.empty())
            encoded += "\n" + std::string(core::k_archive_note_open) + "<h2>Archive notes</h2>\n" +
                       util::replace_all(extras->note_html, "href=\"" + site.paths.base_path, "href=\"" + site.paths.base_url) + "</div>";
        text_child(p, "content:encoded", encoded);
    }));
    m.push_back(element("enclosure", [&e](pugi::xml_node p) {
        auto enclosure = p.append_child("enclosure");
        enclosure.append_attribute("url") = e.enclosure->url.c_str();
        // Length 0 is the RSS convention for "unknown": we never invent a byte count.
        enclosure.append_attribute("length") = std::to_string(e.enclosure->length.value_or(0)).c_str();
        enclosure.append_attribute("type") = (e.enclosure->type.empty() ? std::string("audio/mpeg") : e.enclosure->type).c_str();
    }));
    m.push_back(element("itunes:duration", [&e](pugi::xml_node p) {
        if (e.duration) text_child(p, "itunes:duration", std::to_string(e.duration->seconds));
    }));
    m.push_back(element("itunes:episode", [&e](pugi::xml_node p) {
        if (e.episode_number) text_child(p, "itunes:episode", std::to_string(*e.episode_number));
    }));
    m.push_back(element("itunes:season", [&e](pugi::xml_node p) {
        if (e.season) text_child(p, "itunes:season", std::to_string(*e.season));
    }));
    m.push_back(element("itunes:episodeType", [&e](pugi::xml_node p) {
        std::string type = util::ascii_lower(e.episode_type);
        if (type == "full" || type == "trailer" || type == "bonus") text_child(p, "itunes:episodeType", type);
    }));
    m.push_back(element("itunes:image", [&e](pugi::xml_node p) {
        if (util::is_http_url(e.image)) p.append_child("itunes:image").append_attribute("href") = e.image.c_str();
    }));
    m.push_back(element("itunes:explicit", [&e](pugi::xml_node p) {
        std::string flag = util::ascii_lower(e.explicit_flag);
        if (flag == "yes" || flag == "true") text_child(p, "itunes:explicit", "true");
        else if (!flag.empty()) text_child(p, "itunes:explicit", "false");
    }));
    m.push_back(element("podcast:transcript", [extras](pugi::xml_node p) {
        if (!extras || !extras->transcript) return;
        auto t = p.append_child("podcast:transcript");
        t.append_attribute("url") = extras->transcript->url.c_str();
        t.append_attribute("type") = extras->transcript->title.c_str();
    }));
    m.push_back(element("podcast:chapters", [extras](pugi::xml_node p) {
        if (!extras || !extras->chapters) return;
        auto c = p.append_child("podcast:chapters");
        c.append_attribute("url") = extras->chapters->c_str();
        c.append_attribute("type") = "application/json+chapters";
    }));
    m.push_back(element("podcast:person", [extras](pugi::xml_node p) {
        if (!extras) return;
        for (const auto& guest : extras->guests) {
            auto person = p.append_child("podcast:person");
            person.append_attribute("role") = "guest";
            person.text() = guest.c_str();
        }
    }));
    return m;
}

pugi::xml_document parse_fragment(const std::string& xml) {
    pugi::xml_document doc;
    if (!xml.empty()) doc.load_buffer(xml.data(), xml.size(), pugi::parse_default, pugi::encoding_utf8);
    return doc;
}

}  // namespace

FeedResult write_feed(const config::SiteConfig& config, const core::Catalog& catalog, const notes::Curation& curation,
                      const render::SiteInfo& site) {
    pugi::xml_document doc;
    auto decl = doc.append_child(pugi::node_declaration);
    decl.append_attribute("version") = "1.0";
    decl.append_attribute("encoding") = "UTF-8";
    auto style = doc.append_child(pugi::node_pi);
    style.set_name("xml-stylesheet");
    style.set_value(("type=\"text/xsl\" href=\"" + site.paths.url("feed.xsl") + "\"").c_str());
    auto rss = doc.append_child("rss");
    write_root_attributes(rss, catalog.channel);
    PrefixMap prefixes(catalog.channel.root_attributes);

    auto input_channel = parse_fragment(catalog.channel.raw_xml);
    auto channel = rss.append_child("channel");
    write_merged(channel, input_channel.child("channel"), prefixes, channel_model(config, catalog, site));
    FeedResult result;

    // The channel is printed without its items, and each item is built and printed on its own
    // (at the depth it has in the document) into the gap before </channel>: the document of a
    // large archive's feed never exists whole, only its text.
    std::string text;
    util::XmlAppender head(text);
    doc.save(head, "  ", pugi::format_default, pugi::encoding_utf8);
    constexpr std::string_view k_close = "  </channel>\n</rss>\n";
    if (!text.ends_with(k_close)) throw std::logic_error("feed.xml: unexpected end of the printed channel");
    // Room for every item up front (a guess on the large side; untouched room costs no memory):
    // growing by doubling would copy the text and briefly hold it twice.
    std::size_t room = text.size();
    for (const auto& e : catalog.episodes) room += e.feed_item_xml.size() + 2 * site.text(e).notes_html.size() + 2048;
    result.xml.reserve(room);
    result.xml.append(text, 0, text.size() - k_close.size());
    util::XmlAppender items(result.xml);
    for (const auto& e : catalog.episodes) {
        if (!e.enclosure || !util::is_http_url(e.enclosure->url)) {
            ++result.left_out_without_audio;
            continue;
        }
        if (!e.date) {  // podcast apps need a date to place an episode
            ++result.left_out_without_date;
            continue;
        }
        auto input_item = parse_fragment(e.feed_item_xml);
        pugi::xml_document item_doc;
        auto item = item_doc.append_child("item");
        write_merged(item, input_item.child("item"), prefixes, item_model(e, curation.extras(e.slug), site));
        item.print(items, "  ", pugi::format_default, pugi::encoding_utf8, 2);
        result.items.push_back({e.guid, e.enclosure->url, e.slug});
    }
    result.xml += k_close;
    return result;
}

}  // namespace feed
