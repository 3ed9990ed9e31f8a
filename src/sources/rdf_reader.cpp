#include "sources/rdf_reader.hpp"

#include <map>
#include <string>

#include "core/enclosures.hpp"
#include "core/xml_namespaces.hpp"
#include "dates/dates.hpp"
#include "dates/durations.hpp"
#include "html/html_sanitizer.hpp"
#include "net/url.hpp"
#include "sources/xml_values.hpp"
#include "text/strings.hpp"
#include "text/text_position.hpp"

namespace sources {

namespace {

std::string plain(const pugi::xml_node& node) {
    return text::collapse_whitespace(full_text(node));
}

// The item's audio: mod_enclosure's <enc:enclosure rdf:resource>, else RSS 2.0's <enclosure>.
std::optional<core::Enclosure> enclosure_of(const pugi::xml_node& item, const RdfNames& n, std::string_view base,
                                            pugi::xml_node& written) {
    core::Enclosure e;
    const std::string rdf_resource = n(core::ns::rdf, "resource");
    if (auto enc = item.child(n(core::ns::enc, "enclosure").c_str())) {
        written = enc;
        e.url = text::trim(enc.attribute(rdf_resource.c_str()).value());
        e.type = enc.attribute(n(core::ns::enc, "type").c_str()).value();
        long long length = 0;
        if (text::parse_uint(text::trim(enc.attribute(n(core::ns::enc, "length").c_str()).value()), length))
            e.length = length;
    } else if (auto plain_enclosure = core::episode_enclosure(item)) {  // (one that is not audio: judged by the caller)
        written = plain_enclosure;
        e.url = text::trim(plain_enclosure.attribute("url").value());
        e.type = plain_enclosure.attribute("type").value();
        long long length = 0;
        if (text::parse_uint(text::trim(plain_enclosure.attribute("length").value()), length)) e.length = length;
    }
    if (e.url.empty()) return std::nullopt;
    e.url = net::resolve_url(base, net::encode_url_spaces(text::sanitize_utf8(e.url)));
    return e;
}

core::Channel read_channel(const pugi::xml_node& root, const pugi::xml_node& channel, const RdfNames& n,
                           std::string_view base) {
    core::Channel c;
    // (Nothing of RSS 1.0's markup is RSS 2.0: every channel field is written anew, and only
    // the namespaces besides RDF's and RSS 1.0's stay declared.)
    for (auto attr : root.attributes()) {
        const std::string_view name = attr.name();
        if (name.starts_with("xmlns:") && attr.value() != core::ns::rdf && attr.value() != core::ns::rss1)
            c.root_attributes.emplace_back(attr.name(), attr.value());
    }
    c.raw_xml = "<channel/>";
    c.title = plain(channel.child(n(core::ns::rss1, "title").c_str()));
    c.description = plain(channel.child(n(core::ns::rss1, "description").c_str()));
    c.link = net::resolve_url(base, text_of(channel.child(n(core::ns::rss1, "link").c_str())));
    c.language = text_of(channel.child(n(core::ns::dc, "language").c_str()));
    c.author = label_of(text_of(channel.child(n(core::ns::dc, "creator").c_str())));
    c.copyright = text_of(channel.child(n(core::ns::dc, "rights").c_str()));
    c.image_url = channel.child(n(core::ns::itunes, "image").c_str()).attribute("href").value();
    // RSS 1.0's own image is an element beside the channel, which the channel points to.
    if (c.image_url.empty())
        c.image_url = net::resolve_url(
            base, text_of(root.child(n(core::ns::rss1, "image").c_str()).child(n(core::ns::rss1, "url").c_str())));
    return c;
}

}  // namespace

RdfNames::RdfNames(const pugi::xml_node& root)
    : m_prefix_of{{std::string(core::ns::rdf), "rdf:"}, {std::string(core::ns::rss1), ""},
                  {std::string(core::ns::dc), "dc:"},   {std::string(core::ns::content), "content:"},
                  {std::string(core::ns::enc), "enc:"}, {std::string(core::ns::itunes), "itunes:"}} {
    for (auto attr : root.attributes()) {
        const std::string_view name = attr.name();
        if (name == "xmlns") m_prefix_of[attr.value()] = "";
        if (name.starts_with("xmlns:")) m_prefix_of[attr.value()] = std::string(name.substr(6)) + ":";
    }
}

std::string RdfNames::operator()(std::string_view ns, std::string_view local) const {
    return m_prefix_of.find(ns)->second + std::string(local);
}

bool is_rdf_feed(const pugi::xml_node& root) {
    const std::string_view name = root.name();
    return (name == "RDF" || name.ends_with(":RDF")) && root_namespace(root) == core::ns::rdf;
}

SourceBatch read_rdf(const pugi::xml_document& doc, std::string_view text, SourceBatch batch) {
    const SourceInfo& info = batch.info;
    const pugi::xml_node root = doc.document_element();
    const RdfNames n(root);
    const text::LineIndex lines(text);
    auto line_of = [&](const pugi::xml_node& node) {
        return lines.at(static_cast<std::size_t>(node.offset_debug())).line;
    };
    auto warn = [&](const pugi::xml_node& node, const std::string& message) {
        const int line = line_of(node);
        batch.diagnostics.push_back(core::warning_at({info.file, line, 0}, message, lines.line_text(line)));
    };
    const pugi::xml_node channel = root.child(n(core::ns::rss1, "channel").c_str());
    batch.channel = read_channel(root, channel, n, info.url);
    batch.channel->file = info.file;
    batch.channel->line = line_of(channel ? channel : root);
    const std::string base = !info.url.empty() ? info.url : batch.channel->link;
    const std::string item_name = n(core::ns::rss1, "item");  // (children() keeps the name's pointer)
    const std::string from_name = kept_from_name(root);
    for (auto item : root.children(item_name.c_str())) {
        core::Record r;
        const std::size_t close = text.find("item>", static_cast<std::size_t>(item.offset_debug()));
        r.from =
            provenance(info, line_of(item), close == std::string_view::npos ? line_of(item) : lines.at(close).line);
        if (!from_name.empty()) r.from.via = label_of(item.attribute(from_name.c_str()).value());
        // The item's URI names it, as an RSS 2.0 guid would (it is most often its page, but
        // need not be).
        r.guid = text::trim(text::sanitize_utf8(item.attribute(n(core::ns::rdf, "about").c_str()).value()));
        r.title = plain(item.child(n(core::ns::rss1, "title").c_str()));
        r.page_url = net::resolve_url(base, text_of(item.child(n(core::ns::rss1, "link").c_str())));
        const auto description = item.child(n(core::ns::rss1, "description").c_str());
        r.description = html_of(description);
        r.description_is_html = true;
        r.content_html = html_of(item.child(n(core::ns::content, "encoded").c_str()));
        for (const auto& [node, html] :
             {std::pair{description, &r.description},
              std::pair{item.child(n(core::ns::content, "encoded").c_str()), &r.content_html}})
            if (std::string warning = tangled_html_warning(node.name(), *html); !warning.empty()) warn(node, warning);
        r.description_truncated = ends_truncated(r.description);
        if (auto date = item.child(n(core::ns::dc, "date").c_str())) {
            r.date = dates::parse_any_date(text_of(date));
            if (!r.date)
                warn(date,
                     "cannot read dc:date '" + text_of(date) + "'; expected a W3C date such as 2006-08-04T01:47Z");
        }
        pugi::xml_node enclosure;
        r.enclosure = enclosure_of(item, n, base, enclosure);
        if (r.enclosure)
            for (const std::string& warning :
                 {unplayable_audio_warning(r.enclosure->url), not_media_warning(r.enclosure->type, r.enclosure->url)})
                if (!warning.empty()) {
                    warn(enclosure, warning);
                    r.enclosure.reset();
                    break;
                }
        if (auto duration = item.child(n(core::ns::itunes, "duration").c_str())) {
            r.duration = dates::parse_duration(text_of(duration));
            if (!r.duration)
                warn(duration, dates::unreadable_duration("itunes:duration", text_of(duration), "seconds or HH:MM:SS"));
        }
        // An RSS item of its own marks it as the feed's (every field written anew; without an
        // rdf:about, its link kept: xml_values.hpp).
        r.raw_xml = item_of_feed(r.guid, r.page_url);
        batch.records.push_back(std::move(r));
    }
    return batch;
}

}  // namespace sources
