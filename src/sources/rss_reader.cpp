#include "sources/rss_reader.hpp"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <map>
#include <pugixml.hpp>

#include "concurrency/memory.hpp"
#include "concurrency/parallel.hpp"
#include "core/enclosures.hpp"
#include "core/xml_namespaces.hpp"
#include "dates/durations.hpp"
#include "listening/timecode.hpp"
#include "net/url.hpp"
#include "sources/atom_reader.hpp"
#include "sources/feed_links.hpp"
#include "sources/rdf_reader.hpp"
#include "sources/xml_values.hpp"
#include "text/strings.hpp"
#include "text/text_position.hpp"
#include "text/unicode.hpp"
#include "text/xml_encoding.hpp"
#include "text/xml_nesting.hpp"
#include "text/xml_text.hpp"

namespace sources {

namespace {

// Feeds choose their own prefixes; map each known namespace to the prefix this feed uses.
struct Names {
    std::map<std::string, std::string> prefix_of;  // namespace URI -> "itunes:" (or "" for default)

    explicit Names(const pugi::xml_node& root) {
        prefix_of[std::string(core::ns::itunes)] = "itunes:";
        prefix_of[std::string(core::ns::content)] = "content:";
        prefix_of[std::string(core::ns::atom)] = "atom:";
        prefix_of[std::string(core::ns::podcast)] = "podcast:";
        prefix_of[std::string(core::ns::media)] = "media:";
        prefix_of[std::string(core::ns::psc)] = "psc:";
        for (auto attr : root.attributes()) {
            std::string_view name = attr.name();
            if (name.starts_with("xmlns:")) prefix_of[attr.value()] = std::string(name.substr(6)) + ":";
        }
    }
    std::string name(std::string_view ns, std::string_view local) const {
        auto it = prefix_of.find(std::string(ns));
        return (it == prefix_of.end() ? std::string() : it->second) + std::string(local);
    }
};

std::vector<core::Person> read_persons(const pugi::xml_node& parent, const Names& names) {
    std::vector<core::Person> persons;
    const std::string person = names.name(core::ns::podcast, "person");
    for (auto p : parent.children(person.c_str())) {
        core::Person entry;
        entry.name = label_of(text_of(p));
        if (entry.name.empty()) continue;  // (the linter says so of the feed podarchive writes)
        if (std::string role = text::ascii_lower(text::trim(p.attribute("role").value())); !role.empty())
            entry.role = role;
        entry.group = text::ascii_lower(text::trim(p.attribute("group").value()));
        entry.href = text::trim(p.attribute("href").value());
        entry.img = text::trim(p.attribute("img").value());
        persons.push_back(std::move(entry));
    }
    return persons;
}

// The first podcast:value block's recipients (a feed may offer several ledgers; apps take the
// first they support). A split that is no whole number counts as no share.
core::Value read_value(const pugi::xml_node& parent, const Names& names) {
    const std::string block = names.name(core::ns::podcast, "value");
    const std::string recipient = names.name(core::ns::podcast, "valueRecipient");
    core::Value value;
    const pugi::xml_node v = parent.child(block.c_str());
    if (!v) return value;
    value.type = text::ascii_lower(text::trim(v.attribute("type").value()));
    for (auto r : v.children(recipient.c_str())) {
        core::ValueRecipient entry;
        entry.name = label_of(r.attribute("name").value());
        const std::string_view split = text::trim(r.attribute("split").value());
        long long n = 0;
        if (auto [end, ec] = std::from_chars(split.data(), split.data() + split.size(), n);
            ec == std::errc() && end == split.data() + split.size() && n > 0)
            entry.split = std::min(n, 1'000'000'000LL);  // (a sum of many stays far from overflow)
        entry.fee = text::ascii_lower(text::trim(r.attribute("fee").value())) == "true";
        value.recipients.push_back(std::move(entry));
    }
    return value;
}

std::vector<core::Funding> read_funding(const pugi::xml_node& parent, const Names& names) {
    std::vector<core::Funding> funding;
    const std::string name = names.name(core::ns::podcast, "funding");
    for (auto f : parent.children(name.c_str())) {
        std::string url(text::trim(f.attribute("url").value()));
        if (!net::is_http_url(url)) continue;
        funding.push_back({url, label_of(text_of(f))});
    }
    return funding;
}

// Reads items' fields; only reads the document, so readers on several threads can share it.
// Warnings go to the reader's own list (one per item, merged in the feed's order).
struct ItemReader {
    const std::vector<std::size_t>& closes;  // where each "</item>" is (item_closes)
    const text::LineIndex& lines;
    bool quote = true;  // whether warnings quote their line from `lines`' text (not after an in-place parse)
    const SourceInfo& info;
    const Names& names;
    std::string_view base;  // what relative URLs resolve against: the feed's own URL, else its site's
    std::vector<core::Diagnostic>& diagnostics;
    const std::string& from_name;  // podarchive:from, as the feed names it ("": it does not)

    int line_of(const pugi::xml_node& node) const {
        return lines.at(static_cast<std::size_t>(node.offset_debug())).line;
    }
    void warn(const pugi::xml_node& node, const std::string& message) {
        int line = line_of(node);
        diagnostics.push_back(core::warning_at({info.file, line, 0}, message, quote ? lines.line_text(line) : ""));
    }

    std::optional<int> number(const pugi::xml_node& node, const char* what) {
        if (!node) return std::nullopt;
        long long v = 0;
        if (text::parse_uint(text_of(node), v) && v > 0 && v < 1000000) return static_cast<int>(v);
        warn(node, std::string("cannot read ") + what + " '" + text_of(node) + "'; expected a positive whole number");
        return std::nullopt;
    }

    // An item's <media:content> with audio or video, for an item without <enclosure>.
    pugi::xml_node media_content(const pugi::xml_node& item) const {
        const std::string name = names.name(core::ns::media, "content");
        for (auto m : item.children(name.c_str())) {
            std::string_view type = m.attribute("type").value(), medium = m.attribute("medium").value();
            if (*m.attribute("url").value() &&
                (type.starts_with("audio/") || type.starts_with("video/") || medium == "audio" || medium == "video"))
                return m;
        }
        return {};
    }

    // The item's audio (an <enclosure>, else a Media RSS <media:content>), with its URL as apps
    // fetch it; nothing, with a warning, when it has no usable URL.
    std::optional<core::Enclosure> enclosure(const pugi::xml_node& item) {
        // (An image enclosure before the audio is not the episode; one alone is no audio.)
        auto enc = core::media_enclosure(item);
        const pugi::xml_node first = item.child("enclosure");
        const bool not_media = !enc && !text::trim(first.attribute("url").value()).empty();
        // (Podcast apps play a Media RSS item's audio too, also beside an <enclosure> without a URL.)
        if (!enc || text::trim(enc.attribute("url").value()).empty())
            if (auto media = media_content(item)) {
                if (enc) warn(enc, "enclosure has no url; the item's <media:content> is read as its audio");
                if (not_media)
                    warn(first, "the enclosure is not audio or video; the item's <media:content> is read as its audio");
                enc = media;
            }
        if (!enc && not_media) {
            warn(first, not_media_warning(first.attribute("type").value(), first.attribute("url").value()));
            return std::nullopt;
        }
        if (!enc) enc = first;  // (one without a url: said below)
        if (!enc) return std::nullopt;
        core::Enclosure e;
        e.url = text::sanitize_utf8(text::trim(enc.attribute("url").value()));
        if (std::string warning = unplayable_audio_warning(e.url); !warning.empty()) {
            warn(enc, warning);
            return std::nullopt;
        }
        // Apps fetch a relative or protocol-relative URL from the feed's host, and a space
        // as %20: the item is known by the URL they fetch.
        if (!e.url.empty() && !net::is_http_url(e.url)) {
            std::string resolved = net::resolve_url(base, net::encode_url_spaces(e.url));
            if (net::is_http_url(resolved))
                e.url = std::move(resolved);
            else
                warn(enc, "the audio URL '" + e.url +
                              "' is not absolute and the feed's own address is unknown; set this source's `url:` in "
                              "site.yaml to the address the feed is published at");
        }
        e.type = enc.attribute("type").value();
        long long length = 0;
        if (text::parse_uint(text::trim(enc.attribute(enc.attribute("length") ? "length" : "fileSize").value()),
                             length))
            e.length = length;
        if (e.url.empty()) {
            warn(enc, "enclosure has no url");
            return std::nullopt;
        }
        return e;
    }

    // A link to a file elsewhere (podcast:transcript, podcast:chapters), resolved as apps
    // resolve it; nothing, with a warning, without a URL.
    std::optional<core::MediaLink> media_link(const pugi::xml_node& node) {
        core::MediaLink link;
        link.url = text::sanitize_utf8(text::trim(node.attribute("url").value()));
        if (!link.url.empty() && !net::is_http_url(link.url)) {
            std::string resolved = net::resolve_url(base, net::encode_url_spaces(link.url));
            if (net::is_http_url(resolved))
                link.url = std::move(resolved);
            else
                link.url.clear();
        }
        if (link.url.empty()) {
            warn(node, std::string("<") + node.name() + "> has no usable url attribute; it is left out");
            return std::nullopt;
        }
        link.type = text::trim(node.attribute("type").value());
        return link;
    }

    // podcast:transcript, podcast:chapters, psc:chapters, podcast:person, podcast:soundbite and
    // podcast:funding (core/listening_links.hpp).
    std::shared_ptr<const core::ItemListening> read_listening(const pugi::xml_node& item) {
        core::ItemListening r;
        const std::string transcript = names.name(core::ns::podcast, "transcript");
        for (auto t : item.children(transcript.c_str()))
            if (auto link = media_link(t)) r.transcript_links.push_back(std::move(*link));
        if (auto c = item.child(names.name(core::ns::podcast, "chapters").c_str())) r.chapters_link = media_link(c);
        const std::string chapter = names.name(core::ns::psc, "chapter");
        for (auto c : item.child(names.name(core::ns::psc, "chapters").c_str()).children(chapter.c_str())) {
            auto start = listening::parse_timecode(c.attribute("start").value());
            if (!start) {
                warn(c, std::string("cannot read psc:chapter start '") + c.attribute("start").value() +
                            "'; expected a time such as 00:12:34.500; the chapter is left out");
                continue;
            }
            r.chapters.push_back({*start, label_of(c.attribute("title").value()),
                                  std::string(text::trim(c.attribute("href").value())),
                                  std::string(text::trim(c.attribute("image").value())), true});
        }
        r.persons = read_persons(item, names);
        const std::string soundbite = names.name(core::ns::podcast, "soundbite");
        for (auto b : item.children(soundbite.c_str())) {
            auto start = listening::parse_timecode(b.attribute("startTime").value());
            auto length = listening::parse_timecode(b.attribute("duration").value());
            if (!start || !length || *length <= 0) {
                warn(b,
                     "podcast:soundbite needs startTime and duration in seconds (startTime=\"73.0\" "
                     "duration=\"60.0\"); it is left out");
                continue;
            }
            r.soundbites.push_back({*start, *length, label_of(text_of(b))});
        }
        r.funding = read_funding(item, names);
        r.value = read_value(item, names);
        r.links = read_feed_links(
            item, [this](std::string_view local) { return names.name(core::ns::podcast, local); }, false);
        return r.empty() ? nullptr : std::make_shared<const core::ItemListening>(std::move(r));
    }

    core::Record read(const pugi::xml_node& item) {
        core::Record r;
        int first = line_of(item);
        const auto close =
            std::lower_bound(closes.begin(), closes.end(), static_cast<std::size_t>(item.offset_debug()));
        int last = close == closes.end() ? first : lines.at(*close).line;
        r.from = provenance(info, first, last);
        if (!from_name.empty()) r.from.via = label_of(item.attribute(from_name.c_str()).value());

        if (auto guid = item.child("guid")) {
            r.guid = text_of(guid);
            // A guid is a permalink by default; one that is no web address was left unmarked, and
            // is read as none (readers that resolve it against the feed's address, as gPodder
            // does, would make another identity of it). One the host marks a permalink stays one:
            // it may be relative to the feed's xml:base.
            const pugi::xml_attribute permalink = guid.attribute("isPermaLink");
            r.guid_is_permalink = permalink ? std::string_view(permalink.value()) != "false" : net::is_http_url(r.guid);
        }
        r.title = full_text(item.child("title"));
        if (r.title.empty()) r.title = full_text(item.child(names.name(core::ns::itunes, "title").c_str()));
        r.page_url = text_of(item.child("link"));
        pugi::xml_node description = item.child("description");
        r.description = html_of(description);
        if (r.description.empty())
            r.description = html_of(description = item.child(names.name(core::ns::itunes, "summary").c_str()));
        r.description_is_html = true;
        r.description_truncated = ends_truncated(r.description);
        const pugi::xml_node content = item.child(names.name(core::ns::content, "encoded").c_str());
        r.content_html = html_of(content);
        // What podarchive itself appended to content:encoded is not part of the episode's text:
        // cut it, so regenerating from our own feed gives the same feed.
        if (auto cut = r.content_html.find(core::k_archive_note_open); cut != std::string::npos)
            r.content_html = std::string(text::trim(r.content_html.substr(0, cut)));
        for (const auto& [node, html] : {std::pair{description, &r.description}, std::pair{content, &r.content_html}})
            if (std::string warning = tangled_html_warning(node.name(), *html); !warning.empty()) warn(node, warning);
        if (auto date = item.child("pubDate")) {
            r.date = dates::parse_rfc822(text_of(date));
            if (!r.date) r.date = dates::parse_any_date(text_of(date));
            if (!r.date)
                warn(date, "cannot read pubDate '" + text_of(date) +
                               "'; expected an RFC 822 date such as 'Tue, 11 Jan 2011 01:30:00 +0000' (the regenerated "
                               "feed keeps it as written; a note's `date:` can set it)");
        }
        if (auto duration = item.child(names.name(core::ns::itunes, "duration").c_str())) {
            r.duration = dates::parse_duration(text_of(duration));
            if (!r.duration)
                warn(duration, dates::unreadable_duration("itunes:duration", text_of(duration), "seconds or HH:MM:SS"));
        }
        r.enclosure = enclosure(item);
        r.episode_number = number(item.child(names.name(core::ns::itunes, "episode").c_str()), "itunes:episode");
        r.season = number(item.child(names.name(core::ns::itunes, "season").c_str()), "itunes:season");
        r.episode_type = text_of(item.child(names.name(core::ns::itunes, "episodeType").c_str()));
        r.image = item.child(names.name(core::ns::itunes, "image").c_str()).attribute("href").value();
        r.explicit_flag = text_of(item.child(names.name(core::ns::itunes, "explicit").c_str()));
        r.keywords = text_of(item.child(names.name(core::ns::itunes, "keywords").c_str()));
        for (auto category : item.children("category"))
            if (std::string c = text_of(category); !c.empty()) r.categories.push_back(c);
        r.listening = read_listening(item);
        return r;
    }
};

// Whether an element is `local` of the namespace `ns`: by the namespace its prefix is declared
// with, on it or on any element around it, as apps read it (whatever the case, with or without a
// trailing slash: "http://www.w3.org/2005/Atom/" is in real feeds), or by our own prefix for
// `ns` when the feed declares none.
bool is_element(const pugi::xml_node& element, std::string_view ns, std::string_view local,
                std::string_view our_prefix) {
    std::string_view name = element.name();
    auto colon = name.find(':');
    if ((colon == std::string_view::npos ? name : name.substr(colon + 1)) != local) return false;
    const std::string prefix = colon == std::string_view::npos ? "" : std::string(name.substr(0, colon));
    const std::string attribute = prefix.empty() ? "xmlns" : "xmlns:" + prefix;
    for (auto node = element; node; node = node.parent())
        if (auto a = node.attribute(attribute.c_str())) {
            std::string_view uri = text::trim(a.value());
            if (uri.ends_with('/') && !ns.ends_with('/')) uri.remove_suffix(1);
            return text::ascii_lower(uri) == text::ascii_lower(ns);
        }
    return prefix == our_prefix;
}

core::Channel read_channel(const pugi::xml_node& rss, const pugi::xml_node& channel, const Names& names,
                           const text::LineIndex& lines) {
    core::Channel c;
    for (auto attr : rss.attributes()) c.root_attributes.emplace_back(attr.name(), attr.value());
    pugi::xml_document copy;  // the channel without its items (copying them all first cost a tenth of reading)
    auto kept = copy.append_child(channel.name());
    for (auto attr : channel.attributes()) kept.append_copy(attr);
    for (auto child : channel.children())
        if (child.type() != pugi::node_element || std::string_view(child.name()) != "item") kept.append_copy(child);
    c.raw_xml = text::raw_xml(kept);
    c.title = full_text(channel.child("title"));
    c.description = html_of(channel.child("description"));
    if (c.description.empty()) c.description = html_of(channel.child(names.name(core::ns::itunes, "summary").c_str()));
    c.link = text_of(channel.child("link"));
    c.language = text_of(channel.child("language"));
    c.author = text_of(channel.child(names.name(core::ns::itunes, "author").c_str()));
    c.copyright = text_of(channel.child("copyright"));
    c.image_url = channel.child(names.name(core::ns::itunes, "image").c_str()).attribute("href").value();
    if (c.image_url.empty()) c.image_url = text_of(channel.child("image").child("url"));
    c.explicit_flag = text::ascii_lower(text_of(channel.child(names.name(core::ns::itunes, "explicit").c_str())));
    if (c.explicit_flag == "yes") c.explicit_flag = "true";
    if (c.explicit_flag == "no" || c.explicit_flag == "clean") c.explicit_flag = "false";
    c.type = text_of(channel.child(names.name(core::ns::itunes, "type").c_str()));
    auto owner = channel.child(names.name(core::ns::itunes, "owner").c_str());
    c.owner_name = text_of(owner.child(names.name(core::ns::itunes, "name").c_str()));
    c.owner_email = text_of(owner.child(names.name(core::ns::itunes, "email").c_str()));
    c.podcast_guid = text_of(channel.child(names.name(core::ns::podcast, "guid").c_str()));
    auto locked = channel.child(names.name(core::ns::podcast, "locked").c_str());
    c.locked = text::ascii_lower(text_of(locked));
    c.locked_owner = text::trim(locked.attribute("owner").value());
    c.generator = text_of(channel.child("generator"));
    c.funding = read_funding(channel, names);
    c.value = read_value(channel, names);
    c.persons = read_persons(channel, names);
    c.links = read_feed_links(
        channel, [&names](std::string_view local) { return names.name(core::ns::podcast, local); }, true);
    // The feed's own address, by namespace: FeedBurner declares its `atom10:` on the element itself.
    for (auto child : channel.children()) {
        if (child.type() != pugi::node_element) continue;
        if (c.self_url.empty() && is_element(child, core::ns::atom, "link", "atom") &&
            std::string_view(child.attribute("rel").value()) == "self")
            c.self_url = text::trim(child.attribute("href").value());
        else if (c.new_feed_url.empty() && is_element(child, core::ns::itunes, "new-feed-url", "itunes"))
            c.new_feed_url = text::trim(child.text().get());
    }
    std::string category = names.name(core::ns::itunes, "category");
    for (auto cat : channel.children(category.c_str())) {
        core::Category entry{cat.attribute("text").value(), "",
                             lines.at(static_cast<std::size_t>(cat.offset_debug())).line};
        if (auto sub = cat.child(category.c_str())) entry.subcategory = sub.attribute("text").value();
        if (!entry.name.empty()) c.categories.push_back(entry);
    }
    return c;
}

// The feed's elements, whose nesting a lenient parser repairs (text/xml_nesting.hpp): an <item>
// belongs in <channel>, an <entry> in an Atom <feed>.
constexpr text::ChildOf k_feed_children[] = {{"item", "channel"}, {"entry", "feed"}};
constexpr std::size_t k_repairs_listed = 5;  // (each one's warning; the rest are counted)

// Parses `text` into `doc`. Elements that do not nest (an unclosed <itunes:category>, an end
// tag too many) are read as podcast apps' lenient parsers read them, each repair a warning in
// `batch`, and `text` is then the repaired text (`repaired`'s: the same lines). Any other fault
// is an error.
bool parse_feed_xml(pugi::xml_document& doc, std::string_view& text, std::optional<text::RepairedXml>& repaired,
                    SourceBatch& batch) {
    // No DTD processing exists in pugixml, so entity-expansion attacks cannot expand.
    const pugi::xml_parse_result result =
        doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_auto);
    if (result) return true;
    // (Whatever the parser says: a text cut short fails as a bad tag, a bad comment, ... where
    // it ends. A repair is kept only when the repaired text parses.)
    repaired = text::repair_nesting(text, k_feed_children);
    if (repaired &&
        doc.load_buffer(repaired->text.data(), repaired->text.size(), pugi::parse_default, pugi::encoding_auto)) {
        const std::string& file = batch.info.file;
        const auto& repairs = repaired->repairs;
        for (std::size_t i = 0; i < repairs.size() && i < k_repairs_listed; ++i)
            batch.diagnostics.push_back(core::warning_at({file, repairs[i].at.line, repairs[i].at.column},
                                                         "malformed XML: " + repairs[i].message +
                                                             ", as podcast apps read it (Apple's and other strict "
                                                             "parsers reject the feed: fix it at the host)"));
        if (repairs.size() > k_repairs_listed)
            batch.diagnostics.push_back(
                core::warning_at({file, repairs[k_repairs_listed].at.line, 0},
                                 "malformed XML: " + std::to_string(repairs.size() - k_repairs_listed) +
                                     " more elements that do not nest, read the same way (from this line on)"));
        batch.cut_short = repaired->cut_short;
        text = repaired->text;
        return true;
    }
    auto at = text::line_column_at(text, static_cast<std::size_t>(result.offset));
    batch.diagnostics.push_back(core::error_at({batch.info.file, at.line, at.column},
                                               std::string("malformed XML: ") + result.description(),
                                               text::line_text(text, at.line)));
    return false;
}

// Where each "</item>" is in `text`, in order: an item's last line is the first one's after it.
// (Found before an in-place parse, which changes the text: a reference such as "&lt;/item&gt;"
// is read into its place.)
std::vector<std::size_t> item_closes(std::string_view text) {
    std::vector<std::size_t> at;
    for (std::size_t i = text.find("</item>"); i != std::string_view::npos; i = text.find("</item>", i + 7))
        at.push_back(i);
    return at;
}

// Whether the document's root is <rss>: then the RSS reader alone reads the text (Atom's and
// RDF's readers quote lines from it).
bool rss_root(std::string_view text) {
    const std::size_t root = text::first_element(text);
    return text::is_feed_root_at(text, root) && text.substr(root).starts_with("<rss");
}

// The lines warnings name (those of `from`'s items, at `from` on in `diagnostics`), quoted from
// the text read again as it was; none when it cannot be, or is no longer the text read.
void quote_again(std::vector<core::Diagnostic>& diagnostics, std::size_t from, std::size_t size,
                 const ReadAgain& again) {
    if (from == diagnostics.size()) return;
    const std::optional<std::string> text = again();
    if (!text || text->size() != size) return;
    const text::LineIndex lines(*text);
    for (std::size_t i = from; i < diagnostics.size(); ++i) {
        core::Diagnostic& d = diagnostics[i];
        d = core::warning_at(d.where, std::move(d.message), lines.line_text(d.where.line));
    }
}

}  // namespace

namespace {

// How many of a feed's items are read before the text and nodes they were read from are let go of.
constexpr std::size_t k_items_at_once = 1024;

// The items `from` to `to` (of the document parsed in place in `text`, whose channel was read)
// let go of once read: their nodes freed, and the pages of the text from the first one's start to
// the next one's, or to the last one's end, given back (nothing reads them again; the channel's
// elements among them were read before the items).
void let_go_of_items(std::string& text, std::vector<pugi::xml_node>& items, std::size_t from, std::size_t to,
                     const std::vector<std::size_t>& closes) {
    const auto start = [](const pugi::xml_node& item) {  // (at its name: '<' is a byte before)
        return static_cast<std::size_t>(item.offset_debug()) - 1;
    };
    const std::size_t begin = start(items[from]);
    std::size_t end = begin;
    if (to < items.size()) {
        end = start(items[to]);
    } else if (auto close = std::lower_bound(closes.begin(), closes.end(), start(items[to - 1]));
               close != closes.end()) {
        end = *close + std::string_view("</item>").size();
    }
    for (std::size_t i = from; i < to; ++i) text::remove_node(std::exchange(items[i], {}));
    if (begin < end && end <= text.size()) concurrency::give_back_pages(std::span(text).subspan(begin, end - begin));
}

// read_rss; with `let_go`, the string `raw` views, let go of once the items are read; with
// `again` too, that string is parsed where it is, when it is an RSS feed in UTF-8 (its warnings'
// lines are quoted from the text read again, and a text that is not XML is read again whole).
SourceBatch read_feed(std::string_view raw, const SourceInfo& info, std::string* let_go, const ReadAgain* again) {
    SourceBatch batch{info, core::SourceKind::rss, {}, {}, {}};
    // Every declared encoding as UTF-8, junk before the declaration dropped; lines stay where
    // they were. What could not be read is said.
    const text::XmlAsUtf8 utf8 = text::xml_as_utf8(raw);
    std::string_view text = utf8.text ? std::string_view(*utf8.text) : raw;
    for (const auto& warning : utf8.warnings)
        batch.diagnostics.push_back(core::warning_at({info.file, warning.line, 1}, warning.message));
    pugi::xml_document doc;
    std::optional<text::RepairedXml> repaired;  // (what `text` then is)
    // In place, the lines and the items' ends are found first: the parse changes the text (it
    // ends names and values in it, and reads references and line ends into their places).
    const bool in_place = let_go && again && !utf8.text && rss_root(text);
    std::optional<text::LineIndex> lines;
    std::vector<std::size_t> closes;
    if (in_place) {
        lines.emplace(text);
        closes = item_closes(text);
        if (!doc.load_buffer_inplace(let_go->data(), let_go->size(), pugi::parse_default, pugi::encoding_auto)) {
            // (Not XML as it is: read again, with a copy, to repair or say where.)
            std::string().swap(*let_go);
            std::optional<std::string> whole = (*again)();
            if (!whole) {
                batch.diagnostics.push_back(
                    core::error_at({info.file, 0, 0}, "malformed XML, and the file cannot be read again to say where"));
                return batch;
            }
            return read_feed(*whole, info, &*whole, nullptr);
        }
    } else if (!parse_feed_xml(doc, text, repaired, batch)) {
        return batch;
    }
    pugi::xml_node rss = doc.child("rss");
    pugi::xml_node channel = rss.child("channel");
    if (is_atom_feed(doc.document_element())) return read_atom(doc, text, std::move(batch));
    if (is_rdf_feed(doc.document_element())) return read_rdf(doc, text, std::move(batch));
    if (!rss || !channel) {
        auto root = doc.document_element();
        // offset_debug() points at the element's name; the element starts one byte earlier, at '<'.
        auto at = text::line_column_at(text, root ? static_cast<std::size_t>(root.offset_debug() - 1) : 0);
        std::string found = std::string("<") + (root ? root.name() : "nothing") + ">";
        // (A root named as a feed's, in another namespace or none: which it is.)
        if (const std::string_view name = root.name();
            name == "feed" || name.ends_with(":feed") || name == "RDF" || name.ends_with(":RDF")) {
            const std::string ns = root_namespace(root);
            found += ns.empty() ? " in no namespace" : " in the namespace \"" + ns + "\"";
        }
        batch.diagnostics.push_back(core::error_at({info.file, at.line, at.column},
                                                   "expected an RSS 2.0 feed (<rss><channel>...) or an Atom feed "
                                                   "(<feed xmlns=\"http://www.w3.org/2005/Atom\">), found " +
                                                       found));
        return batch;
    }
    Names names(rss);
    if (!in_place) {  // (of the text the document was parsed from: a repaired one, maybe)
        lines.emplace(text);
        closes = item_closes(text);
    }
    batch.channel = read_channel(rss, channel, names, *lines);
    batch.channel->file = info.file;
    batch.channel->line = lines->at(static_cast<std::size_t>(channel.offset_debug())).line;
    const std::string base = !info.url.empty()                  ? info.url
                             : !batch.channel->self_url.empty() ? batch.channel->self_url
                                                                : batch.channel->link;
    const std::string from_name = kept_from_name(rss);
    auto item_range = channel.children("item");
    std::vector<pugi::xml_node> items(item_range.begin(), item_range.end());
    // A large feed is most of what a build reads, and its items are read on every core: the
    // document is only read here, and each item has its own record and warnings.
    batch.records.resize(items.size());
    std::vector<std::vector<core::Diagnostic>> warnings(items.size());
    const std::size_t size = text.size();
    const std::string encoded = names.name(core::ns::content, "encoded");
    // Parsed in place, the text and the document are let go of a window of items at a time, as
    // the items' records are made: they are not all held at once (a 58 MB feed's text, 28 MB of
    // nodes, and the 46 MB of descriptions and items' XML made from them were the load's peak).
    // A copy parsed is read in one window: its warnings quote the text, let go of after.
    const std::size_t window = in_place ? k_items_at_once : std::max<std::size_t>(items.size(), 1);
    for (std::size_t from = 0; from < items.size(); from += window) {
        const std::size_t to = std::min(items.size(), from + window);
        concurrency::parallel_for(to - from, 256, [&](std::size_t k) {
            ItemReader reader{closes, *lines, !in_place, info, names, base, warnings[from + k], from_name};
            batch.records[from + k] = reader.read(items[from + k]);
        });
        // What follows reads the document alone: the text (and `raw`, `text`, `lines`, which
        // view it) is let go of before the items' XML is kept, which is as large as a tenth of it
        // (when the document is not in it).
        if (let_go && !in_place) std::string().swap(*let_go);
        // The regenerated feed writes its own description and content:encoded where these
        // stood, so the kept item needs only their places: emptied, they no longer double the
        // largest part of a big archive's memory. (Removing nodes changes the document: on one
        // thread.)
        for (std::size_t i = from; i < to; ++i) {
            if (!from_name.empty())
                items[i].remove_attribute(from_name.c_str());  // (the archive's note, not the feed's)
            for (const char* name : {"description", encoded.c_str()})
                for (auto field = items[i].child(name); field; field = field.next_sibling(name))
                    text::remove_children(field);
        }
        concurrency::parallel_for(
            to - from, 256, [&](std::size_t k) { batch.records[from + k].raw_xml = text::raw_xml(items[from + k]); });
        if (in_place) let_go_of_items(*let_go, items, from, to, closes);
    }
    const std::size_t items_said = batch.diagnostics.size();
    for (auto& w : warnings)
        batch.diagnostics.insert(batch.diagnostics.end(), std::make_move_iterator(w.begin()),
                                 std::make_move_iterator(w.end()));
    if (in_place) {
        doc.reset();
        std::string().swap(*let_go);
        quote_again(batch.diagnostics, items_said, size, *again);
    }
    return batch;
}

}  // namespace

SourceBatch read_rss(std::string_view text, const SourceInfo& info) {
    return read_feed(text, info, nullptr, nullptr);
}

SourceBatch read_rss_text(std::string text, const SourceInfo& info, const ReadAgain& again) {
    return read_feed(text, info, &text, &again);
}

}  // namespace sources
