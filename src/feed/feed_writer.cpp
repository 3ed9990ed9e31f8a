#include "feed/feed_writer.hpp"

#include <algorithm>
#include <pugixml.hpp>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include "core/apple_categories.hpp"
#include "core/enclosures.hpp"
#include "core/xml_namespaces.hpp"
#include "dates/dates.hpp"
#include "feed/archive_pages.hpp"
#include "feed/foreign_elements.hpp"
#include "feed/podcast_guid.hpp"
#include "feed/xml_merge.hpp"
#include "html/escape.hpp"
#include "html/html_sanitizer.hpp"
#include "net/url.hpp"
#include "text/strings.hpp"
#include "text/xml_text.hpp"

namespace feed {

namespace {

const std::vector<std::pair<std::string, std::string>> k_namespaces = {
    {"xmlns:atom", std::string(core::ns::atom)},
    {"xmlns:content", std::string(core::ns::content)},
    {"xmlns:itunes", std::string(core::ns::itunes)},
    {"xmlns:podcast", std::string(core::ns::podcast)},
};

// <rss> keeps the input's attributes (other namespaces) in order; ours are set to their URIs.
void write_root_attributes(pugi::xml_node rss, const core::Channel& ch) {
    rss.append_attribute("version") = "2.0";
    // Every prefix the input declares stays (its items use them); a default namespace does not:
    // RSS 2.0's elements have none, and apps (gPodder) refuse a feed whose <channel> is in one.
    // (A namespace's URI as readers take it: " http://example.org/ns " is no URI to a strict one.)
    // (Looked up in a set, not on the element: pugixml finds an attribute by comparing every
    // one before it, and an input may declare a hundred thousand prefixes.)
    std::unordered_map<std::string_view, pugi::xml_attribute> written;
    for (const auto& [name, value] : ch.root_attributes)
        if (name != "version" && name != "xmlns" && !written.contains(name)) {
            auto a = rss.append_attribute(name.c_str());
            a = std::string(name.starts_with("xmlns:") ? text::trim(value) : std::string_view(value)).c_str();
            written.emplace(name, a);
        }
    for (const auto& [name, uri] : k_namespaces) {
        if (auto a = written.find(name); a != written.end())
            a->second.set_value(uri.c_str());
        else
            rss.append_attribute(name.c_str()) = uri.c_str();
    }
}

std::string channel_guid(const config::SiteConfig& config, const core::Channel& ch, const site::SiteInfo& site) {
    if (!config.podcast_guid.empty()) return config.podcast_guid;  // (the fix for a feed whose own is wrong)
    if (!ch.podcast_guid.empty()) return ch.podcast_guid;
    // The podcast's identity is its original feed, not this archive's copy of it.
    if (!ch.self_url.empty()) return podcast_guid_for(ch.self_url);
    for (const auto& source : config.sources)
        if (!source.url.empty()) return podcast_guid_for(source.url);
    return podcast_guid_for(site.feed_url);
}

// The input's categories, each retired one as the one Apple moved it to (once each).
std::vector<core::Category> current_categories(const std::vector<core::Category>& written) {
    std::vector<core::Category> out;
    for (const auto& c : written) {
        bool retired = false;
        core::Category now =
            core::current_category(c, retired).value_or(c);  // (an unknown one as written: the linter says so)
        if (std::none_of(out.begin(), out.end(), [&](const core::Category& o) {
                return o.name == now.name && o.subcategory == now.subcategory;
            }))
            out.push_back(now);
    }
    return out;
}

// A warning for each retired category of the input that is written as its successor.
std::vector<core::Diagnostic> category_warnings(const config::SiteConfig& config, const core::Channel& ch) {
    std::vector<core::Diagnostic> out;
    if (!config.categories.empty()) return out;
    for (const auto& c : ch.categories) {
        bool retired = false;
        auto now = core::current_category(c, retired);
        if (now && retired)
            out.push_back(core::warning_at(
                {ch.file.empty() ? config.config_path.string() : ch.file, c.line > 0 ? c.line : ch.line, 0},
                "the feed's category '" + core::category_text(c) + "' was retired by Apple in 2019; written as '" +
                    core::category_text(*now) + "' (set `category:` in site.yaml to choose another)"));
    }
    return out;
}

std::vector<Modeled> channel_model(const config::SiteConfig& config, const core::Catalog& catalog,
                                   const site::SiteInfo& site, const pugi::xml_node& input) {
    const core::Channel& ch = catalog.channel;
    std::vector<Modeled> m;
    m.push_back({[](const std::string& n, const pugi::xml_node& c) {
                     return n == "atom:link" && std::string_view(c.attribute("rel").value()) == "self";
                 },
                 [&site](pugi::xml_node p) {
                     auto self = p.append_child("atom:link");
                     self.append_attribute("href") = site.feed_url.c_str();
                     self.append_attribute("rel") = "self";
                     self.append_attribute("type") = "application/rss+xml";
                 }});
    m.push_back(element("title", [&site](pugi::xml_node p) { text_child(p, "title", site.title); }));
    // The site's page about the feed (its address, apps, what it holds): where a person who
    // opened the feed in a browser, or an app's "website" button, is best served.
    m.push_back(element(
        "link", [&site](pugi::xml_node p) { text_child(p, "link", site.paths.absolute(site::k_subscribe_dir)); }));
    m.push_back(element("description", [&site](pugi::xml_node p) {
        text_child(p, "description", site.description.empty() ? site.title : site.description);
    }));
    m.push_back(element("language", [&site](pugi::xml_node p) { text_child(p, "language", site.language); }));
    m.push_back(element("generator", [](pugi::xml_node p) { text_child(p, "generator", "podarchive"); }));
    // The input's own <copyright> is copied as it is; a feed that has none as RSS has its rights
    // written as one (Atom's <rights>, RSS 1.0's dc:rights).
    if (!input.child("copyright"))
        m.push_back(element("copyright", [&ch](pugi::xml_node p) { text_child(p, "copyright", ch.copyright); }));
    m.push_back(element("lastBuildDate", [&catalog](pugi::xml_node p) {
        for (const auto& e : catalog.episodes)
            if (e.date && e.enclosure) return text_child(p, "lastBuildDate", dates::format_rfc822(*e.date));
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
    m.push_back(
        element("itunes:summary", [&site](pugi::xml_node p) { text_child(p, "itunes:summary", site.description); }));
    m.push_back(element("itunes:type", [&ch](pugi::xml_node p) {
        text_child(p, "itunes:type", ch.type.empty() ? "episodic" : ch.type);
    }));
    m.push_back(element("itunes:owner", [&config, &ch, &site](pugi::xml_node p) {
        std::string email = !config.email.empty() ? config.email : ch.owner_email;
        if (email.empty()) return;
        auto owner = p.append_child("itunes:owner");
        text_child(owner, "itunes:name", !ch.owner_name.empty() ? ch.owner_name : site.author);
        text_child(owner, "itunes:email", email);
    }));
    m.push_back(element("itunes:category", [&config, &ch](pugi::xml_node p) {
        for (const auto& c : config.categories.empty() ? current_categories(ch.categories) : config.categories) {
            auto cat = p.append_child("itunes:category");
            cat.append_attribute("text") = c.name.c_str();
            if (!c.subcategory.empty())
                cat.append_child("itunes:category").append_attribute("text") = c.subcategory.c_str();
        }
    }));
    m.push_back(element("itunes:explicit", [&config, &ch](pugi::xml_node p) {
        text_child(p, "itunes:explicit", ch.explicit_flag == "true" || config.explicit_content ? "true" : "false");
    }));
    m.push_back(element("itunes:complete", [&config](pugi::xml_node p) {
        if (config.complete) text_child(p, "itunes:complete", "Yes");
    }));
    // Where the archive's own feed moved, when its owner says so (the host's is never copied).
    m.push_back(element("itunes:new-feed-url",
                        [&config](pugi::xml_node p) { text_child(p, "itunes:new-feed-url", config.new_feed_url); }));
    m.push_back(element("podcast:guid", [&config, &ch, &site](pugi::xml_node p) {
        text_child(p, "podcast:guid", channel_guid(config, ch, site));
    }));
    // What the input feed says of the show's rights stands unless site.yaml says otherwise: a
    // locked show regenerated as "no" would be open to import by any platform.
    m.push_back(element("podcast:locked", [&config, &ch](pugi::xml_node p) {
        auto locked = p.append_child("podcast:locked");
        const std::string& owner = !config.email.empty() ? config.email : ch.locked_owner;
        if (!owner.empty()) locked.append_attribute("owner") = owner.c_str();
        const bool yes = config.locked ? *config.locked : ch.locked == "yes";
        locked.text() = yes ? "yes" : "no";
    }));
    return m;
}

// Cleans `node` and everything in it, before it is printed: attributes and element texts that
// are script links are left out, control characters are taken out of every value (counted in
// `cleaned`).
void clean_for_feed(pugi::xml_node node, LeftOutOfItem& cleaned) {
    auto strip = [&](auto& holder) {  // (an attribute or a text node: both have value() and set_value())
        if (html::has_xml_forbidden_byte(holder.value()))
            holder.set_value(html::without_xml_forbidden(holder.value(), cleaned.control_characters).c_str());
    };
    // (every node in document order, without recursion: an input's nesting is the input's)
    for (pugi::xml_node n = node; n;) {
        if (n.type() == pugi::node_element) {
            for (pugi::xml_attribute a = n.first_attribute(); a;) {
                const pugi::xml_attribute next = a.next_attribute();
                if (net::is_script_link(a.value()))
                    n.remove_attribute(a), ++cleaned.script_links;
                else
                    strip(a);
                a = next;
            }
            const pugi::xml_node only = n.first_child();
            if (only && only == n.last_child() &&
                (only.type() == pugi::node_pcdata || only.type() == pugi::node_cdata) &&
                net::is_script_link(only.value()))
                n.remove_child(only), ++cleaned.script_links;
        } else if (n.type() == pugi::node_pcdata || n.type() == pugi::node_cdata || n.type() == pugi::node_comment) {
            strip(n);
        }
        if (n.first_child()) {
            n = n.first_child();
            continue;
        }
        while (n != node && !n.next_sibling()) n = n.parent();
        n = n == node ? pugi::xml_node() : n.next_sibling();
    }
}

// What a feed item is known and shown by: the episode's own fields, or a re-post's.
struct ItemFacts {
    const std::string& guid;  // what apps know it by
    bool guid_is_permalink;
    bool guid_written;  // false: an input item without a guid, written without one (and with its link) as before
    const std::string& title;
    const std::optional<dates::Timestamp>& date;
    const core::Enclosure&
        enclosure;  // what the item's <enclosure> says: the host's file, or the archive's copy once the host's is gone
    const core::AudioCopy* copy = nullptr;   // the archive's copy, named beside the host's file while that lives
    const std::string* host_guid = nullptr;  // the host's guid, when `guid` is the one the site published
    // An input item without a guid keeps its own <link> too (apps may know it by that), even when
    // it gets the guid the site published (its audio URL then: how apps knew it).
    bool link_written = guid_written;
};

// "sha256-<base64 of the digest>": Subresource Integrity, as podcast:integrity takes it.
std::string sri_sha256(const std::string& hex) {
    static constexpr char k_base64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string bytes;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
        bytes += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
    std::string out = "sha256-";
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        unsigned n = static_cast<unsigned char>(bytes[i]) << 16;
        if (i + 1 < bytes.size()) n |= static_cast<unsigned char>(bytes[i + 1]) << 8;
        if (i + 2 < bytes.size()) n |= static_cast<unsigned char>(bytes[i + 2]);
        out += k_base64[(n >> 18) & 63], out += k_base64[(n >> 12) & 63];
        out += i + 1 < bytes.size() ? k_base64[(n >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? k_base64[n & 63] : '=';
    }
    return out;
}

// The input item's <enclosure> that stands for the episode's audio: the one with its URL, else
// its audio or video one, else the first (core::episode_enclosure: an image the host attached
// in place of audio another source gives).
pugi::xml_node replaced_enclosure(const pugi::xml_node& item, const std::string& url) {
    for (auto enclosure : item.children("enclosure"))
        if (text::trim(enclosure.attribute("url").value()) == url) return enclosure;
    return core::episode_enclosure(item);
}

std::vector<Modeled> item_model(const core::Episode& e, const ItemFacts& item, const notes::EpisodeExtras* extras,
                                const site::SiteContent& content) {
    const site::SiteInfo& site = content.site;
    std::vector<Modeled> m;
    m.push_back(element("title", [&item](pugi::xml_node p) { text_child(p, "title", item.title); }));
    m.push_back(element("itunes:title", [&item](pugi::xml_node p) { text_child(p, "itunes:title", item.title); }));
    // An input item without a guid is known to apps by its link or audio URL: both stay as they were.
    m.push_back(element_or_input("link", [&e, &item, &site](pugi::xml_node p) {
        if (item.link_written) text_child(p, "link", site.paths.absolute(site::SitePaths::episode_dir(e.slug)));
    }));
    m.push_back(element_or_input("guid", [&item](pugi::xml_node p) {
        if (!item.guid_written) return;
        auto guid = p.append_child("guid");
        guid.append_attribute("isPermaLink") = item.guid_is_permalink ? "true" : "false";
        guid.text() = item.guid.c_str();
    }));
    // A date podarchive cannot read is kept as the input wrote it (apps may read it).
    m.push_back(element_or_input("pubDate", [&item](pugi::xml_node p) {
        if (item.date) text_child(p, "pubDate", dates::format_rfc822(*item.date));
    }));
    m.push_back(element("description", [&e, &content](pugi::xml_node p) {
        text_child(p, "description", content.text(e).notes_html.view());
    }));
    m.push_back(element("content:encoded", [&e, extras, &site, &content](pugi::xml_node p) {
        std::string encoded(content.text(e).notes_html.view());
        // Links between episodes are site-relative on pages; a feed reader needs them absolute.
        if (extras && !extras->note_html.empty())
            encoded += "\n" + std::string(core::k_archive_note_open) + "<h2>Archive notes</h2>\n" +
                       text::replace_all(extras->note_html, "href=\"" + site.paths.base_path,
                                         "href=\"" + site.paths.base_url) +
                       "</div>";
        text_child(p, "content:encoded", encoded);
    }));
    // An item whose audio is only a <media:content> gets the <enclosure> in its place: the same
    // file twice would be two for apps that read both.
    Modeled audio = element("enclosure", [&item, &e](pugi::xml_node p) {
        auto enclosure = p.append_child("enclosure");
        enclosure.append_attribute("url") = item.enclosure.url.c_str();
        // Never an invented byte count, nor a host's that no audio file has (a placeholder "1",
        // kilobytes for bytes), which apps take for the file's size (a download's progress).
        enclosure.append_attribute("length") = std::to_string(core::feed_audio_size(e, item.enclosure)).c_str();
        enclosure.append_attribute("type") = core::audio_type(item.enclosure.type, item.enclosure.url).c_str();
    });
    // Of several enclosures, the one that is the episode is replaced, where the first stood;
    // other audio or video stays as it was. The item's artwork or slides are left out: an app
    // plays an item's first enclosure, and gPodder takes an item with two for none.
    audio.matches = [&item](const std::string& name, const pugi::xml_node& child) {
        if (name == "enclosure")
            return child == replaced_enclosure(child.parent(), item.enclosure.url) ||
                   !core::is_media_file(child.attribute("type").value(), child.attribute("url").value());
        return name == "media:content" && !child.parent().child("enclosure") &&
               text::trim(child.attribute("url").value()) == item.enclosure.url;
    };
    m.push_back(std::move(audio));
    // The archive's copy beside the host's living file (the Podcasting 2.0 namespace): apps that
    // read it can play the copy, checked by its SHA-256. Replaced where an earlier build put it.
    if (item.copy && !item.copy->host_gone) {
        Modeled alternate{
            [&item](const std::string& name, const pugi::xml_node& child) {
                return name == "podcast:alternateEnclosure" &&
                       std::string_view(child.first_element_by_path("podcast:source").attribute("uri").value()) ==
                           item.copy->url;
            },
            [&item](pugi::xml_node p) {
                auto node = p.append_child("podcast:alternateEnclosure");
                node.append_attribute("type") = item.copy->type.c_str();
                node.append_attribute("length") = std::to_string(item.copy->bytes).c_str();
                node.append_attribute("title") = "Archive copy";
                node.append_child("podcast:source").append_attribute("uri") = item.copy->url.c_str();
                if (item.copy->sha256.size() == 64) {
                    auto integrity = node.append_child("podcast:integrity");
                    integrity.append_attribute("type") = "sri";
                    integrity.append_attribute("value") = sri_sha256(item.copy->sha256).c_str();
                }
            }};
        m.push_back(std::move(alternate));
    }
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
        std::string type = text::ascii_lower(e.episode_type);
        if (type == "full" || type == "trailer" || type == "bonus") text_child(p, "itunes:episodeType", type);
    }));
    m.push_back(element("itunes:image", [&e](pugi::xml_node p) {
        if (net::is_http_url(e.image)) p.append_child("itunes:image").append_attribute("href") = e.image.c_str();
    }));
    m.push_back(element("itunes:explicit", [&e](pugi::xml_node p) {
        std::string flag = text::ascii_lower(e.explicit_flag);
        if (flag == "yes" || flag == "true")
            text_child(p, "itunes:explicit", "true");
        else if (!flag.empty())
            text_child(p, "itunes:explicit", "false");
    }));
    // A transcript a note names: its URL, or the site's copy of its file; else the input's.
    m.push_back(element_or_input("podcast:transcript", [&e, extras, &site](pugi::xml_node p) {
        std::string url, type;
        if (extras && extras->transcript)
            url = extras->transcript->url, type = extras->transcript->title;
        else if (e.transcript && e.transcript->url.empty())
            url = site.paths.absolute(site::SitePaths::transcript_file(e.slug)), type = "application/json";
        if (url.empty()) return;
        auto t = p.append_child("podcast:transcript");
        t.append_attribute("url") = url.c_str();
        t.append_attribute("type") = type.c_str();
    }));
    // The site's chapters file when it has the host's chapters (fetch's copy) or the note's, or the
    // item links none; else a note's URL; else the input's element stands.
    m.push_back(element_or_input("podcast:chapters", [&e, extras, &site](pugi::xml_node p) {
        using core::ChapterOrigin;
        const bool ours =
            !e.chapters.empty() && (!e.chapters_link || e.chapters.origin == ChapterOrigin::chapters_file ||
                                    e.chapters.origin == ChapterOrigin::note);
        std::string url = ours                         ? site.paths.absolute(site::SitePaths::chapters_file(e.slug))
                          : extras && extras->chapters ? *extras->chapters
                                                       : "";
        if (url.empty()) return;
        auto c = p.append_child("podcast:chapters");
        c.append_attribute("url") = url.c_str();
        c.append_attribute("type") = "application/json+chapters";
    }));
    // The feed's people and the note's guests (notes::episode_persons), when a note adds one.
    m.push_back(element_or_input("podcast:person", [&e, extras](pugi::xml_node p) {
        const auto persons = notes::episode_persons(e, extras);
        if (persons.size() == e.persons.size()) return;  // nothing added: the input's stand
        for (const auto& person : persons) {
            auto node = p.append_child("podcast:person");
            if (person.role != "host") node.append_attribute("role") = person.role.c_str();
            if (!person.group.empty()) node.append_attribute("group") = person.group.c_str();
            if (net::is_http_url(person.img)) node.append_attribute("img") = person.img.c_str();
            if (net::is_http_url(person.href)) node.append_attribute("href") = person.href.c_str();
            node.text() = person.name.c_str();
        }
    }));
    return m;
}

// Where an item no input feed has comes from, for messages: the record that gave its audio.
core::Provenance audio_from(const core::Episode& e) {
    const std::optional<core::FieldSource> from = e.sources.find("enclosure");
    if (!from) return {};
    return {std::string(from->source), std::string(from->file), from->line, from->line};
}

// An input item keeps its own title: one no source gave it is the page's, not the feed's,
// unless a note gives it (the item is then untitled as before: apps name it by its file).
const std::string& item_title(const core::Catalog& catalog, const core::Episode& e) {
    static const std::string k_none;
    const std::optional<core::FieldSource> from = e.sources.find("title");
    if (!from) return k_none;
    const bool from_item = !e.title_derived && from->file == catalog.origin_of(e.feed_item_from).file &&
                           from->line == e.feed_item_from.line;
    return from_item || from->source.starts_with("note:") ? e.title : k_none;
}

constexpr std::string_view k_channel_close = "  </channel>\n</rss>\n";

pugi::xml_document parse_fragment(std::string_view xml) {
    pugi::xml_document doc;
    if (!xml.empty()) doc.load_buffer(xml.data(), xml.size(), pugi::parse_default, pugi::encoding_utf8);
    return doc;
}

// The channel's text without its items, for feed.xml or an archive page: the page's own self
// link, its paging links (archive_pages.hpp), and on a page the fh:archive mark RFC 5005 asks
// for and the page's own lastBuildDate (so that a page whose items did not change keeps its
// bytes when a new episode comes).
class ChannelHead {
public:
    ChannelHead(pugi::xml_document& doc, pugi::xml_node channel, const site::SiteInfo& site)
        : m_doc(doc), m_channel(channel), m_site(site) {
        for (auto link : channel.children("atom:link"))
            if (std::string_view(link.attribute("rel").value()) == "self") m_self = link;
        m_last_build = channel.child("lastBuildDate");
        m_feed_last_build = m_last_build.text().get();
    }

    std::string print(const ArchiveLayout& layout, std::size_t page, const std::string& last_build) {
        for (auto node : m_added) m_channel.remove_child(node);
        m_added.clear();
        auto url = [&](std::size_t p) { return p == 0 ? m_site.feed_url : m_site.paths.absolute(page_path(p)); };
        pugi::xml_node after = m_self;
        if (m_self) m_self.attribute("href").set_value(url(page).c_str());
        for (const auto& [rel, to] : page_links(layout, page)) {
            auto link = after ? m_channel.insert_child_after("atom:link", after) : m_channel.prepend_child("atom:link");
            link.append_attribute("href") = url(to).c_str();
            link.append_attribute("rel") = rel.c_str();
            link.append_attribute("type") = "application/rss+xml";
            m_added.push_back(after = link);
        }
        if (page != 0) {
            auto archive = m_channel.insert_child_after("fh:archive", after);
            archive.append_attribute("xmlns:fh") = "http://purl.org/syndication/history/1.0";
            m_added.push_back(archive);
        }
        if (m_last_build)
            m_last_build.text().set(page != 0 && !last_build.empty() ? last_build.c_str() : m_feed_last_build.c_str());
        std::string text;
        text::XmlAppender out(text);
        m_doc.save(out, "  ", pugi::format_default, pugi::encoding_utf8);
        if (!text.ends_with(k_channel_close)) throw std::logic_error("feed.xml: unexpected end of the printed channel");
        text.resize(text.size() - k_channel_close.size());
        return text;
    }

private:
    pugi::xml_document& m_doc;
    pugi::xml_node m_channel, m_self, m_last_build;
    const site::SiteInfo& m_site;
    std::string m_feed_last_build;
    std::vector<pugi::xml_node> m_added;
};

// Adds the counts of `item` into `total`.
void add_up(LeftOutOfItem& total, const LeftOutOfItem& item) {
    total.script_links += item.script_links;
    total.control_characters += item.control_characters;
    total.foreign.foreign_elements += item.foreign.foreign_elements;
    for (const auto& [claim, count] : item.foreign.host_claims) total.foreign.host_claims[claim] += count;
    for (const auto& [prefix, count] : item.foreign.undeclared) total.foreign.undeclared[prefix] += count;
    total.foreign.too_deep += item.foreign.too_deep;
}

// The items of a feed.xml written before that this one copies: where the items of each episode
// it says are unchanged begin there, by slug. Empty when they cannot be used (archive pages on
// either side, or a record that does not fit the text).
std::unordered_map<std::string_view, std::size_t> kept_items(const FeedBefore* before, const ArchiveLayout& layout) {
    std::unordered_map<std::string_view, std::size_t> first;
    if (!before || layout.pages > 0) return first;
    const WrittenFeed& w = before->written;
    if (w.items.empty() || w.item_offsets.size() != w.items.size() + 1 ||
        w.left_out_of_items.size() != w.items.size() || w.item_offsets.back() > before->text.size ||
        !std::is_sorted(w.item_offsets.begin(), w.item_offsets.end()))
        return first;
    first.reserve(w.items.size());
    for (std::size_t i = 0; i < w.items.size(); ++i)
        if (!first.contains(w.items[i].slug) && before->unchanged(w.items[i].slug)) first.emplace(w.items[i].slug, i);
    return first;
}

}  // namespace

namespace {

// write_feed, and write_feed_in_pieces when `pieces` is given (`before` is not then).
FeedResult write_any(const config::SiteConfig& config, const site::SiteContent& content, const FeedBefore* before,
                     const std::function<void(std::string_view)>* pieces) {
    const core::Catalog& catalog = content.catalog;
    const notes::Curation& curation = content.curation;
    const site::SiteInfo& site = content.site;
    pugi::xml_document doc;
    auto decl = doc.append_child(pugi::node_declaration);
    decl.append_attribute("version") = "1.0";
    decl.append_attribute("encoding") = "UTF-8";
    // No xml-stylesheet: browsers are dropping XSLT (Chromium covers a styled feed with a banner
    // saying so). A person who opens the feed's address follows its <link> to /subscribe/.
    auto rss = doc.append_child("rss");
    write_root_attributes(rss, catalog.channel);
    PrefixMap prefixes(catalog.channel.root_attributes);
    // What the input's elements are read under: the input's root declarations, and for a prefix
    // it never declares, ours (a host's podcast: without xmlns:podcast is feed.xml's podcast:).
    std::vector<std::pair<std::string, std::string>> ours_first(k_namespaces.begin(), k_namespaces.end());
    ours_first.insert(ours_first.end(), catalog.channel.root_attributes.begin(), catalog.channel.root_attributes.end());
    const RootNamespaces declared(ours_first);  // (the input's, where it declares the same prefix)

    auto input_channel = parse_fragment(catalog.channel.raw_xml);
    LeftOutOfItem left_out;  // of the whole feed: the channel's, then every item's
    drop_foreign(input_channel.child("channel"), declared, left_out.foreign);
    auto channel = rss.append_child("channel");
    write_merged(channel, input_channel.child("channel"), prefixes,
                 channel_model(config, catalog, site, input_channel.child("channel")));
    clean_for_feed(channel, left_out);
    FeedResult result;
    result.warnings = category_warnings(config, catalog.channel);
    result.channel_at = {catalog.channel.file.empty() ? config.config_path.string() : catalog.channel.file,
                         catalog.channel.line, 0};

    // An item of the input feed is published whatever podarchive could read of it: its
    // subscribers have it. Other episodes need audio and a date for apps to place them.
    auto has_audio = [](const core::Episode& e) {
        return e.enclosure && (!e.feed_item_xml.empty() || net::is_http_url(e.enclosure->url));
    };
    auto published = [&](const core::Episode& e) { return has_audio(e) && (e.date || !e.feed_item_xml.empty()); };
    std::size_t total = 0;
    for (const auto& e : catalog.episodes)
        if (published(e)) total += 1 + e.other_feed_items.size();
    const ArchiveLayout layout = archive_layout(total, config.feed_limit);
    ChannelHead head(doc, channel, site);
    // (Each item's parts, made room for at once: grown by doubling, ten thousand identities were
    // moved sixteen thousand times.)
    result.items.reserve(layout.current);
    result.left_out_of_items.reserve(layout.current);
    result.checked.reserve(layout.current);
    result.item_offsets.reserve(layout.current + 1);

    // The channel is printed without its items, and each item is built and printed on its own
    // (at the depth it has in the document) into the gap before </channel>: the document of a
    // large archive's feed never exists whole, only its text.
    const std::string text = head.print(layout, 0, "");
    const auto kept_at = kept_items(before, layout);
    // Written in pieces, the text holds a piece (and the item that takes it past its size) at a
    // time. Written whole, room for every item written now is taken up front (a guess on the
    // large side; untouched room costs no memory): growing by doubling would copy the text and
    // briefly hold it twice.
    constexpr std::size_t k_piece = std::size_t{1} << 20;
    auto whole_room = [&] {
        std::size_t room = text.size();
        for (const auto& e : catalog.episodes)
            if (!kept_at.contains(e.slug))
                room += e.feed_item_xml.size() + 2 * content.text(e).notes_html.size() + 2048;
        return layout.pages > 0 ? room * layout.current / layout.total + text.size() : room;
    };
    result.xml.reserve(pieces ? k_piece + 64 * 1024 : whole_room());
    result.xml.append(text);
    std::size_t written = 0;  // (of the text, through `pieces`)
    auto write_piece = [&] {
        (*pieces)(result.xml);
        written += result.xml.size();
        result.xml.clear();
    };
    // The archive pages' items, and each page's newest date (its lastBuildDate).
    std::vector<std::string> page_items(layout.pages), page_dates(layout.pages);
    std::size_t position = 0;
    // The bytes of the feed written before still to copy, and those named in result.copied so
    // far: where the whole text is at.
    std::size_t run_from = 0, run_to = 0, copied = 0;
    auto whole_size = [&] { return written + result.xml.size() + copied + (run_to - run_from); };
    auto write_item = [&](const core::Episode& e, const ItemFacts& facts, std::string_view input_xml,
                          const core::Provenance& from) {
        ItemIdentity identity{facts.guid,
                              facts.enclosure.url,
                              e.slug,
                              from.file,
                              from.line,
                              facts.title,
                              facts.date ? dates::format_day(*facts.date) : ""};
        if (facts.copy && facts.copy->host_gone && e.enclosure) identity.host_enclosure_url = e.enclosure->url;
        if (facts.host_guid) identity.host_guid = *facts.host_guid;
        const std::size_t page = layout.page_of(position++);
        auto input_item = parse_fragment(input_xml);
        LeftOutOfItem item_left_out;
        drop_foreign(input_item.child("item"), declared, item_left_out.foreign);
        pugi::xml_document item_doc;
        auto item = item_doc.append_child("item");
        write_merged(item, input_item.child("item"), prefixes, item_model(e, facts, curation.extras(e), content));
        clean_for_feed(item, item_left_out);
        add_up(left_out, item_left_out);
        if (page == 0) {
            result.item_offsets.push_back(whole_size());
            text::XmlAppender items(result.xml);
            item.print(items, "  ", pugi::format_default, pugi::encoding_utf8, 2);
            if (pieces && result.xml.size() >= k_piece) write_piece();
            result.items.push_back(std::move(identity));
            result.left_out_of_items.push_back(std::move(item_left_out));
            result.checked.emplace_back();  // (not checked yet)
            return;
        }
        // Past the limit, an item is on its archive page, and stays in what the guard knows.
        text::XmlAppender items(page_items[page - 1]);
        item.print(items, "  ", pugi::format_default, pugi::encoding_utf8, 2);
        if (page_dates[page - 1].empty() && facts.date) page_dates[page - 1] = dates::format_rfc822(*facts.date);
        result.beyond_limit.push_back(std::move(identity));
    };
    // An unchanged episode's items, copied from the feed written before (all of them, or none).
    // Consecutive ones are copied in one piece, when an item made now follows or at the end.
    auto copy_run = [&] {
        if (run_to > run_from) result.copied.push_back({result.xml.size(), run_from, run_to - run_from});
        copied += run_to - run_from;
        run_from = run_to = 0;
    };
    auto keep = [&](const core::Episode& e) {
        const std::size_t count = 1 + e.other_feed_items.size();
        auto at = kept_at.find(e.slug);
        if (at == kept_at.end()) return false;
        const WrittenFeed& w = before->written;
        const std::size_t first = at->second, end = first + count;
        if (end > w.items.size() || (end < w.items.size() && w.items[end].slug == e.slug) ||
            w.items[end - 1].slug != e.slug)
            return false;
        if (run_to != w.item_offsets[first]) copy_run(), run_from = run_to = w.item_offsets[first];
        for (std::size_t i = first; i < end; ++i, ++position) {
            result.item_offsets.push_back(whole_size());
            run_to = w.item_offsets[i + 1];
            result.items.push_back(w.items[i]);
            result.left_out_of_items.push_back(w.left_out_of_items[i]);
            result.checked.push_back(w.checked.size() == w.items.size() ? w.checked[i] : CheckedItem{});
            add_up(left_out, w.left_out_of_items[i]);
        }
        return true;
    };
    for (const auto& e : catalog.episodes) {
        if (!published(e)) {
            ++(has_audio(e) ? result.left_out_without_date : result.left_out_without_audio);
            continue;
        }
        if (keep(e)) continue;
        copy_run();  // (what comes before this episode's items)
        const bool from_feed = !e.feed_item_xml.empty();
        // Once the host's file is gone, the item's enclosure is the archive's copy, under the same guid.
        const std::optional<core::Enclosure> served =
            e.copy && e.copy->host_gone
                ? std::optional<core::Enclosure>(core::Enclosure{e.copy->url, e.copy->type, e.copy->bytes})
                : std::nullopt;
        // (An input item without a guid is written without one, unless it keeps the one published.)
        const bool own_guid = !(from_feed && e.guid_derived);
        const bool kept_guid = !e.published_guid.empty();
        write_item(e,
                   {core::feed_guid(e), !kept_guid && e.guid_is_permalink, own_guid || kept_guid,
                    from_feed ? item_title(catalog, e) : e.title, e.date, served ? *served : *e.enclosure,
                    e.copy ? &*e.copy : nullptr, kept_guid ? &e.guid : nullptr, own_guid},
                   e.feed_item_xml.view(), from_feed ? catalog.provenance(e.feed_item_from) : audio_from(e));
        for (const auto& other : e.other_feed_items)
            write_item(e,
                       {other.guid.empty() ? other.enclosure.url : other.guid, other.guid_is_permalink,
                        !other.guid.empty(), other.title.empty() ? e.title : other.title, other.date, other.enclosure},
                       other.raw_xml.view(), other.from);
    }
    copy_run();
    if (!result.item_offsets.empty()) result.item_offsets.push_back(whole_size());
    result.xml += k_channel_close;
    if (pieces) write_piece();
    for (std::size_t page = 1; page <= layout.pages; ++page)
        result.pages.push_back({page_path(page), head.print(layout, page, page_dates[page - 1]) + page_items[page - 1] +
                                                     std::string(k_channel_close)});
    // Never in silence: these are the input's, and the maintainer can have them mended.
    for (auto& message : left_out_messages(left_out.foreign))
        result.warnings.push_back(core::warning_at(result.channel_at, std::move(message)));
    if (left_out.script_links > 0)
        result.warnings.push_back(core::warning_at(
            result.channel_at, text::count_text(left_out.script_links, "link", "links") +
                                   " of the input's that would run code where opened (javascript:, vbscript:, data:) " +
                                   (left_out.script_links == 1 ? "is" : "are") +
                                   " left out of feed.xml; remove them at the host"));
    if (left_out.control_characters > 0)
        result.warnings.push_back(core::warning_at(
            result.channel_at,
            text::count_text(left_out.control_characters, "control character", "control characters") +
                " (such as U+001B or U+0000) in the input's text " + (left_out.control_characters == 1 ? "is" : "are") +
                " left out of feed.xml: XML forbids them; remove them from the input to silence this"));
    return result;
}

}  // namespace

FeedResult write_feed(const config::SiteConfig& config, const site::SiteContent& content, const FeedBefore* before) {
    return write_any(config, content, before, nullptr);
}

FeedResult write_feed_in_pieces(const config::SiteConfig& config, const site::SiteContent& content,
                                const std::function<void(std::string_view)>& write) {
    return write_any(config, content, nullptr, &write);
}

std::string whole_text(const FeedResult& feed, const FeedBefore& before) {
    std::string text;
    std::size_t size = feed.xml.size();
    for (const auto& run : feed.copied) size += run.count;
    text.reserve(size);
    std::size_t at = 0;
    for (const auto& run : feed.copied) {
        text.append(feed.xml, at, run.at - at);
        if (!before.text.read(text, run.from, run.count))
            throw FeedBeforeUnreadable("the feed.xml written before cannot be read");
        at = run.at;
    }
    text.append(feed.xml, at);
    return text;
}

}  // namespace feed
