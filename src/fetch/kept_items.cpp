#include "fetch/kept_items.hpp"

#include <algorithm>
#include <pugixml.hpp>
#include <set>
#include <vector>

#include "util/dates.hpp"
#include "util/strings.hpp"
#include "util/unicode.hpp"
#include "util/xml_encoding.hpp"
#include "util/xml_text.hpp"

namespace fetch {

namespace {

constexpr std::string_view k_atom_ns = "http://www.w3.org/2005/Atom";

// A feed's items as apps tell them apart.
struct Item {
    pugi::xml_node node;
    std::string identity;  // guid (Atom: id), else audio URL, else title
    std::string audio;
    std::string episode;   // title and day, when both are known: the same episode under another guid
    std::optional<util::Timestamp> date;
};

struct Feed {
    pugi::xml_document doc;
    bool atom = false;
    pugi::xml_node root;
    std::string title;
    std::vector<Item> items;
};

std::string trimmed(const char* text) { return std::string(util::trim(text)); }

// "atom:" for <atom:feed>, "" for <feed>.
std::string prefix_of(const pugi::xml_node& node) {
    std::string_view name = node.name();
    auto colon = name.find(':');
    return colon == std::string_view::npos ? "" : std::string(name.substr(0, colon + 1));
}

bool is_atom_root(const pugi::xml_node& root) {
    const std::string prefix = prefix_of(root);
    if (std::string_view(root.name()) != prefix + "feed") return false;
    const std::string xmlns = prefix.empty() ? "xmlns" : "xmlns:" + prefix.substr(0, prefix.size() - 1);
    return root.attribute(xmlns.c_str()).value() == k_atom_ns;
}

// The identity and episode of an item read so far: `title` is its title as written.
Item completed(Item item, std::string_view title) {
    if (item.identity.empty()) item.identity = !item.audio.empty() ? item.audio : util::ascii_lower(util::collapse_whitespace(title));
    item.episode = util::episode_key(title, item.date ? util::format_day(*item.date) : "");
    return item;
}

Item rss_item(const pugi::xml_node& item) {
    return completed({item, trimmed(item.child_value("guid")), trimmed(item.child("enclosure").attribute("url").value()), "",
                      util::parse_any_date(util::trim(item.child_value("pubDate")))},
                     item.child_value("title"));
}

Item atom_entry(const pugi::xml_node& entry, const std::string& p) {
    Item out{entry, trimmed(entry.child_value((p + "id").c_str())), "", "", std::nullopt};
    const std::string link_name = p + "link";  // (the range keeps the name's pointer)
    for (auto link : entry.children(link_name.c_str()))
        if (std::string_view(link.attribute("rel").value()) == "enclosure") {
            out.audio = trimmed(link.attribute("href").value());
            break;
        }
    for (const char* field : {"published", "updated"})
        if (!out.date) out.date = util::parse_any_date(util::trim(entry.child_value((p + field).c_str())));
    return completed(std::move(out), entry.child_value((p + "title").c_str()));
}

// Reads a feed's items; false when the text is not an RSS or Atom feed.
bool read_feed(std::string_view raw, Feed& feed) {
    const util::XmlAsUtf8 utf8 = util::xml_as_utf8(raw);  // (as the build reads it; it says what it could not read)
    const std::string_view text = utf8.text ? std::string_view(*utf8.text) : raw;
    if (!feed.doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_auto)) return false;
    feed.root = feed.doc.document_element();
    if (is_atom_root(feed.root)) {
        feed.atom = true;
        const std::string p = prefix_of(feed.root);
        feed.title = feed.root.child_value((p + "title").c_str());
        const std::string entry_name = p + "entry";  // (the range keeps the name's pointer)
        for (auto entry : feed.root.children(entry_name.c_str())) feed.items.push_back(atom_entry(entry, p));
        return true;
    }
    pugi::xml_node channel = feed.root.child("channel");
    if (std::string_view(feed.root.name()) != "rss" || !channel) return false;
    feed.title = channel.child_value("title");
    for (auto item : channel.children("item")) feed.items.push_back(rss_item(item));
    return true;
}

// The root's attributes of every feed the items come from (their namespaces), the first
// declaration of a name winning.
void copy_root_attributes(pugi::xml_node to, const pugi::xml_node& from) {
    for (auto attr : from.attributes())
        if (!to.attribute(attr.name())) to.append_copy(attr);
}

}  // namespace

std::optional<KeptItems> keep_dropped_items(std::string_view old_snapshot, std::string_view new_snapshot, std::string_view kept_before) {
    Feed before, now, kept;
    if (!read_feed(new_snapshot, now)) return std::nullopt;
    const bool had_old = !old_snapshot.empty() && read_feed(old_snapshot, before);
    const bool had_kept = !kept_before.empty() && read_feed(kept_before, kept);
    if (!kept_before.empty() && (!had_kept || kept.atom != now.atom)) return std::nullopt;  // (not ours to rewrite)
    if (had_old && before.atom != now.atom) return std::nullopt;  // the host changed its format: nothing to compare

    std::set<std::string> listed, audio, episodes;
    for (const auto& item : now.items) {
        listed.insert(item.identity);
        if (!item.audio.empty()) audio.insert(item.audio);
        if (!item.episode.empty()) episodes.insert(item.episode);
    }
    // Dropped: not listed, and its episode not listed under another identity either.
    auto dropped = [&](const Item& item) {
        return !listed.count(item.identity) && !(!item.audio.empty() && audio.count(item.audio)) &&
               !(!item.episode.empty() && episodes.count(item.episode));
    };
    KeptItems out;
    std::vector<const Item*> keep;
    std::set<std::string> from_old, was_kept;
    for (const auto& item : kept.items) was_kept.insert(item.identity);
    for (const auto& item : before.items)
        if (dropped(item)) {
            keep.push_back(&item);  // (the newer copy of an item kept before)
            from_old.insert(item.identity);
            out.newly_kept += !was_kept.count(item.identity);
        }
    for (const auto& item : kept.items) {
        if (from_old.count(item.identity)) continue;
        if (dropped(item)) keep.push_back(&item);
        else ++out.listed_again;
    }
    out.kept = static_cast<int>(keep.size());
    if (keep.empty()) return out;
    // Newest first, as feeds are; undated items last, in the order they came.
    std::stable_sort(keep.begin(), keep.end(), [](const Item* a, const Item* b) {
        if (a->date && b->date) return a->date->utc_seconds > b->date->utc_seconds;
        return a->date.has_value() && !b->date.has_value();
    });

    pugi::xml_document doc;
    auto decl = doc.append_child(pugi::node_declaration);
    decl.append_attribute("version") = "1.0";
    decl.append_attribute("encoding") = "UTF-8";
    doc.append_child(pugi::node_comment)
        .set_value(" The items this feed's host no longer lists, as it last listed them, newest first. Kept by `podarchive fetch` so that the "
                   "archive keeps every episode it published; the build reads them with the feed. An item the host lists again leaves this "
                   "file. ");
    const std::string title = util::collapse_whitespace(now.title.empty() ? before.title : now.title);
    pugi::xml_node parent;
    if (now.atom) {
        const std::string p = prefix_of(now.root);
        auto root = doc.append_child(now.root.name());
        copy_root_attributes(root, now.root);
        for (const Feed* f : {&before, &kept})
            if (f->root) copy_root_attributes(root, f->root);
        root.append_child((p + "title").c_str()).text() = title.c_str();
        parent = root;
    } else {
        auto rss = doc.append_child("rss");
        for (const Feed* f : {&now, &before, &kept})
            if (f->root) copy_root_attributes(rss, f->root);
        parent = rss.append_child("channel");
        parent.append_child("title").text() = title.c_str();
    }
    for (const Item* item : keep) parent.append_copy(item->node);
    util::XmlAppender text(out.xml);
    doc.save(text, "  ", pugi::format_default, pugi::encoding_utf8);
    return out;
}

}  // namespace fetch
