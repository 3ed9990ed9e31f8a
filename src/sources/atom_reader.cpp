#include "sources/atom_reader.hpp"

#include "core/enclosures.hpp"
#include "core/xml_namespaces.hpp"
#include "dates/dates.hpp"
#include "dates/durations.hpp"
#include "html/html_sanitizer.hpp"
#include "net/url.hpp"
#include "sources/xml_values.hpp"
#include "text/strings.hpp"
#include "text/text_position.hpp"
#include "text/unicode.hpp"
#include "text/xml_text.hpp"

namespace sources {

namespace {

// Atom 1.0, or 0.3 (2003-2005), which some podcasts of the time still publish: Atom 1.0's
// elements but for a few names (tagline, copyright, issued, modified), and MIME types with a
// `mode` in its text constructs.
bool is_atom_namespace(std::string_view ns) {
    return ns == core::ns::atom || ns == core::ns::atom03;
}

// The prefix ("" or "atom:") and the itunes prefix this document uses.
struct AtomNames {
    std::string atom;
    std::string itunes = "itunes:";
    explicit AtomNames(const pugi::xml_node& root) {
        for (auto attr : root.attributes()) {
            std::string_view name = attr.name();
            if (name.starts_with("xmlns:") && is_atom_namespace(attr.value())) atom = std::string(name.substr(6)) + ":";
            if (name.starts_with("xmlns:") && attr.value() == core::ns::itunes)
                itunes = std::string(name.substr(6)) + ":";
        }
    }
    std::string operator()(std::string_view local) const { return atom + std::string(local); }
    std::string it(std::string_view local) const { return itunes + std::string(local); }
};

// An Atom text construct (title, summary, content): its HTML, and whether it is HTML. (Atom
// 0.3's types are MIME types, "text/html" escaped or "application/xhtml+xml" as markup.)
std::string text_construct(const pugi::xml_node& node, bool& is_html) {
    std::string type = node.attribute("type").value();
    const bool markup_type = type == "xhtml" || type == "application/xhtml+xml";
    is_html = markup_type || type == "html" || type == "text/html";
    if (markup_type && std::string_view(node.attribute("mode").value()) != "escaped") {
        // The markup itself: inside one <div> (RFC 4287 3.1.1.3); in Atom 0.3 the element's
        // own children. (Its first element: first_element_by_path("*") named an element "*".)
        const pugi::xml_node div =
            node.find_child([](const pugi::xml_node& n) { return n.type() == pugi::node_element; });
        const pugi::xml_node markup = type == "xhtml" || std::string_view(div.name()).ends_with("div") ? div : node;
        std::string html;
        for (auto child : markup.children()) html += text::raw_xml(child);
        return std::string(text::trim(text::sanitize_utf8(html)));
    }
    return is_html ? html_of(node) : full_text(node);
}

// A text construct as plain text (titles: Atom lets them be HTML).
std::string plain_text(const pugi::xml_node& node) {
    bool is_html = false;
    std::string text = text_construct(node, is_html);
    return text::collapse_whitespace(is_html ? html::html_to_text(text) : text);
}

// The href of the first <link> with `rel` (an absent rel is "alternate"), resolved against `base`.
std::string link_href(const pugi::xml_node& parent, const AtomNames& n, std::string_view rel, std::string_view base) {
    const std::string link = n("link");
    for (auto l : parent.children(link.c_str())) {
        std::string_view r = l.attribute("rel").value();
        if (r == rel || (r.empty() && rel == "alternate"))
            return net::resolve_url(base, text::trim(l.attribute("href").value()));
    }
    return {};
}

core::Channel read_channel(const pugi::xml_node& feed, const AtomNames& n, std::string_view base) {
    core::Channel c;
    for (auto attr : feed.attributes()) {
        std::string_view name = attr.name();
        // The other namespaces the feed declares stay available to what is copied; Atom's own
        // default namespace would put the RSS elements in it.
        if (name.starts_with("xmlns:") && !is_atom_namespace(attr.value()))
            c.root_attributes.emplace_back(attr.name(), attr.value());
    }
    c.raw_xml = "<channel/>";  // nothing of an Atom feed's markup is RSS: every channel field is written anew
    c.title = plain_text(feed.child(n("title").c_str()));
    c.description = plain_text(feed.child(n("subtitle").c_str()));
    if (c.description.empty()) c.description = plain_text(feed.child(n("tagline").c_str()));  // (Atom 0.3)
    c.link = link_href(feed, n, "alternate", base);
    c.self_url = link_href(feed, n, "self", base);
    c.language = feed.attribute("xml:lang").value();
    c.author = text_of(feed.child(n("author").c_str()).child(n("name").c_str()));
    c.owner_email = text_of(feed.child(n("author").c_str()).child(n("email").c_str()));
    c.owner_name = c.author;
    c.copyright = text_of(feed.child(n("rights").c_str()));
    if (c.copyright.empty()) c.copyright = text_of(feed.child(n("copyright").c_str()));  // (Atom 0.3)
    c.image_url = feed.child(n.it("image").c_str()).attribute("href").value();
    if (c.image_url.empty()) c.image_url = net::resolve_url(base, text_of(feed.child(n("logo").c_str())));
    if (c.image_url.empty()) c.image_url = net::resolve_url(base, text_of(feed.child(n("icon").c_str())));
    c.generator = text_of(feed.child(n("generator").c_str()));
    const std::string category = n.it("category");  // (children() keeps the name's pointer)
    for (auto cat : feed.children(category.c_str())) {
        core::Category entry{cat.attribute("text").value(), cat.child(category.c_str()).attribute("text").value()};
        if (!entry.name.empty()) c.categories.push_back(entry);
    }
    return c;
}

}  // namespace

bool is_atom_feed(const pugi::xml_node& root) {
    std::string_view name = root.name();
    return (name == "feed" || name.ends_with(":feed")) && is_atom_namespace(root_namespace(root));
}

SourceBatch read_atom(const pugi::xml_document& doc, std::string_view text, SourceBatch batch) {
    batch.kind = core::SourceKind::atom;
    const SourceInfo& info = batch.info;
    const pugi::xml_node feed = doc.document_element();
    const AtomNames n(feed);
    const text::LineIndex lines(text);
    auto line_of = [&](const pugi::xml_node& node) {
        return lines.at(static_cast<std::size_t>(node.offset_debug())).line;
    };
    // The channel's own links first resolve against the source's address, then the rest against
    // the feed's.
    batch.channel = read_channel(feed, n, info.url);
    batch.channel->file = info.file;
    batch.channel->line = line_of(feed);
    const std::string base = !info.url.empty()                  ? info.url
                             : !batch.channel->self_url.empty() ? batch.channel->self_url
                                                                : batch.channel->link;
    auto warn = [&](const pugi::xml_node& node, const std::string& message) {
        int line = line_of(node);
        batch.diagnostics.push_back(core::warning_at({info.file, line, 0}, message, lines.line_text(line)));
    };
    const std::string entry_name = n("entry");  // (children() keeps the name's pointer)
    const std::string from_name = kept_from_name(feed);
    for (auto entry : feed.children(entry_name.c_str())) {
        core::Record r;
        std::size_t close = text.find("entry>", static_cast<std::size_t>(entry.offset_debug()));
        r.from =
            provenance(info, line_of(entry), close == std::string_view::npos ? line_of(entry) : lines.at(close).line);
        if (!from_name.empty()) r.from.via = label_of(entry.attribute(from_name.c_str()).value());
        r.guid = text_of(entry.child(n("id").c_str()));
        r.guid_is_permalink = false;  // an Atom id names the entry; it need not be its page
        r.title = plain_text(entry.child(n("title").c_str()));
        r.page_url = link_href(entry, n, "alternate", base);
        auto content = entry.child(n("content").c_str());
        if (std::string_view(content.attribute("mode").value()) == "base64") {  // (Atom 0.3)
            warn(content, "<content mode=\"base64\"> is not read; the entry's <summary> is its show notes");
            content = {};
        }
        if (!content || content.attribute("src")) content = entry.child(n("summary").c_str());
        r.description = text_construct(content, r.description_is_html);
        if (r.description_is_html)
            if (std::string warning = tangled_html_warning(content.name(), r.description); !warning.empty())
                warn(content, warning);
        r.description_truncated = ends_truncated(r.description);
        // (Atom 0.3's are issued, modified and created.)
        for (const char* date_name : {"published", "updated", "issued", "modified", "created"}) {
            auto date = entry.child(n(date_name).c_str());
            if (!date) continue;
            r.date = dates::parse_any_date(text_of(date));
            if (r.date) break;
            warn(date, std::string("cannot read <") + date_name + "> '" + text_of(date) +
                           "'; expected an RFC 3339 date such as 2024-08-04T01:47:46Z");
        }
        const std::string link = n("link");
        // (The first enclosure that may be audio or video: an entry's image before it is not the
        // episode, and one alone is no audio.)
        pugi::xml_node first_enclosure;
        for (auto l : entry.children(link.c_str())) {
            if (std::string_view(l.attribute("rel").value()) != "enclosure") continue;
            if (!first_enclosure) first_enclosure = l;
            if (!core::is_media_file(l.attribute("type").value(), l.attribute("href").value())) continue;
            first_enclosure = {};
            core::Enclosure e;
            if (std::string warning = unplayable_audio_warning(text::trim(l.attribute("href").value()));
                !warning.empty()) {
                warn(l, warning);
                break;
            }
            e.url = net::resolve_url(base, net::encode_url_spaces(text::trim(l.attribute("href").value())));
            e.type = l.attribute("type").value();
            long long length = 0;
            if (text::parse_uint(text::trim(l.attribute("length").value()), length)) e.length = length;
            if (!e.url.empty()) r.enclosure = e;
            break;
        }
        if (first_enclosure && !text::trim(first_enclosure.attribute("href").value()).empty())
            warn(first_enclosure, not_media_warning(first_enclosure.attribute("type").value(),
                                                    first_enclosure.attribute("href").value()));
        if (auto duration = entry.child(n.it("duration").c_str())) {
            r.duration = dates::parse_duration(text_of(duration));
            if (!r.duration)
                warn(duration, dates::unreadable_duration("itunes:duration", text_of(duration), "seconds or HH:MM:SS"));
        }
        r.image = entry.child(n.it("image").c_str()).attribute("href").value();
        r.explicit_flag = text_of(entry.child(n.it("explicit").c_str()));
        r.episode_type = text_of(entry.child(n.it("episodeType").c_str()));
        // An RSS item of its own marks it as the feed's: empty, every field written anew; but an
        // entry without an id is known to apps by its link, and keeps it, as an RSS item without
        // a guid keeps its own.
        r.raw_xml = item_of_feed(r.guid, r.page_url);
        batch.records.push_back(std::move(r));
    }
    return batch;
}

}  // namespace sources
