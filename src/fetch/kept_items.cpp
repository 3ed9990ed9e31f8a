#include "fetch/kept_items.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <pugixml.hpp>
#include <set>
#include <vector>

#include "core/episode_key.hpp"
#include "core/xml_namespaces.hpp"
#include "dates/dates.hpp"
#include "files/files.hpp"
#include "sources/atom_reader.hpp"
#include "sources/rdf_reader.hpp"
#include "sources/read_source.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"
#include "text/xml_encoding.hpp"
#include "text/xml_text.hpp"

namespace fetch {

namespace {

// The feed formats the build reads (sources/rss_reader.hpp): a kept file is of its feed's.
enum class Format { rss, atom, rdf };

// A feed's items as apps tell them apart.
struct Item {
    pugi::xml_node node;
    std::string identity;  // guid (Atom: id), else audio URL, else title
    std::string audio;
    std::string episode;  // title and day, when both are known: the same episode under another guid
    std::optional<dates::Timestamp> date;
};

struct Feed {
    pugi::xml_document doc;
    Format format = Format::rss;
    pugi::xml_node root;
    std::string title;
    std::vector<Item> items;
};

std::string trimmed(const char* text) {
    return std::string(text::trim(text));
}

// "atom:" for <atom:feed>, "" for <feed>.
std::string prefix_of(const pugi::xml_node& node) {
    std::string_view name = node.name();
    auto colon = name.find(':');
    return colon == std::string_view::npos ? "" : std::string(name.substr(0, colon + 1));
}

// The identity and episode of an item read so far: `title` is its title as written.
Item completed(Item item, std::string_view title) {
    if (item.identity.empty())
        item.identity = !item.audio.empty() ? item.audio : text::ascii_lower(text::collapse_whitespace(title));
    item.episode = core::episode_key(title, item.date ? dates::format_day(*item.date) : "");
    return item;
}

Item rss_item(const pugi::xml_node& item) {
    return completed(
        {item, trimmed(item.child_value("guid")), trimmed(item.child("enclosure").attribute("url").value()), "",
         dates::parse_any_date(text::trim(item.child_value("pubDate")))},
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
    for (const char* field : {"published", "updated", "issued", "modified", "created"})  // (the last three: Atom 0.3)
        if (!out.date) out.date = dates::parse_any_date(text::trim(entry.child_value((p + field).c_str())));
    return completed(std::move(out), entry.child_value((p + "title").c_str()));
}

Item rdf_item(const pugi::xml_node& item, const sources::RdfNames& n) {
    namespace ns = core::ns;
    Item out{item, trimmed(item.attribute(n(ns::rdf, "about").c_str()).value()),
             trimmed(item.child(n(ns::enc, "enclosure").c_str()).attribute(n(ns::rdf, "resource").c_str()).value()), "",
             dates::parse_any_date(text::trim(item.child_value(n(ns::dc, "date").c_str())))};
    if (out.audio.empty()) out.audio = trimmed(item.child("enclosure").attribute("url").value());
    return completed(std::move(out), item.child_value(n(ns::rss1, "title").c_str()));
}

// Reads a feed's items; false when the text is not a feed the build reads (RSS, Atom, RSS 1.0).
bool read_feed(std::string_view raw, Feed& feed) {
    const text::XmlAsUtf8 utf8 = text::xml_as_utf8(raw);  // (as the build reads it; it says what it could not read)
    const std::string_view text = utf8.text ? std::string_view(*utf8.text) : raw;
    if (!feed.doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_auto)) return false;
    feed.root = feed.doc.document_element();
    if (sources::is_atom_feed(feed.root)) {
        feed.format = Format::atom;
        const std::string p = prefix_of(feed.root);
        feed.title = feed.root.child_value((p + "title").c_str());
        const std::string entry_name = p + "entry";  // (the range keeps the name's pointer)
        for (auto entry : feed.root.children(entry_name.c_str())) feed.items.push_back(atom_entry(entry, p));
        return true;
    }
    if (sources::is_rdf_feed(feed.root)) {  // (RSS 1.0: the items beside the channel)
        feed.format = Format::rdf;
        const sources::RdfNames n(feed.root);
        feed.title =
            feed.root.child(n(core::ns::rss1, "channel").c_str()).child_value(n(core::ns::rss1, "title").c_str());
        const std::string item_name = n(core::ns::rss1, "item");  // (the range keeps the name's pointer)
        for (auto item : feed.root.children(item_name.c_str())) feed.items.push_back(rdf_item(item, n));
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

// Items to keep: the item, and where it came from when not from the host's feed itself (a
// page of it, a capture of it: written as the item's podarchive:from).
struct ToKeep {
    const Item* item;
    std::string from;
};

// How deep `doc`'s deepest node is (pugixml walks it without recursion).
int deepest(pugi::xml_document& doc) {
    struct Walker : pugi::xml_tree_walker {
        int deepest = 0;
        bool for_each(pugi::xml_node&) override {
            deepest = std::max(deepest, depth());
            return true;
        }
    } walker;
    doc.traverse(walker);
    return walker.deepest;
}

// Past this depth the kept file is written without indentation: each level indents its lines,
// so an item nested 200,000 deep would take 40 GB. (Real items nest a few levels; their files
// stay indented, one line an element, for the diffs a workflow commits.)
constexpr int k_indented_depth = 64;

// The kept file's text: `keep`'s items newest first (undated last, in their order), under the
// title and root of `now`, with the namespaces of every feed they come from.
std::string kept_file_text(const Feed& now, const std::vector<const Feed*>& others, std::vector<ToKeep> keep) {
    std::stable_sort(keep.begin(), keep.end(), [](const ToKeep& a, const ToKeep& b) {
        if (a.item->date && b.item->date) return a.item->date->utc_seconds > b.item->date->utc_seconds;
        return a.item->date.has_value() && !b.item->date.has_value();
    });
    std::string title;
    for (const Feed* f : others)
        if (title.empty()) title = f->title;
    title = text::collapse_whitespace(now.title.empty() ? title : now.title);
    pugi::xml_document doc;
    auto decl = doc.append_child(pugi::node_declaration);
    decl.append_attribute("version") = "1.0";
    decl.append_attribute("encoding") = "UTF-8";
    doc.append_child(pugi::node_comment)
        .set_value(
            " The items this feed's host no longer lists, as it last listed them, newest first. Kept by `podarchive "
            "fetch` so that the "
            "archive keeps every episode it published; the build reads them with the feed. An item the host lists "
            "again leaves this "
            "file. ");
    pugi::xml_node root, parent;
    if (now.format != Format::rss) {
        root = doc.append_child(now.root.name());
        parent = root;
    } else {
        root = doc.append_child("rss");
        parent = root.append_child("channel");
    }
    copy_root_attributes(root, now.root);
    for (const Feed* f : others)
        if (f->root && f->format == now.format) copy_root_attributes(root, f->root);
    const std::string from_name = std::string(sources::k_kept_prefix) + ":from";
    const bool any_from = std::any_of(keep.begin(), keep.end(), [&](const ToKeep& k) {
        return !k.from.empty() || k.item->node.attribute(from_name.c_str());
    });
    if (any_from) {
        const std::string xmlns = "xmlns:" + std::string(sources::k_kept_prefix);
        root.remove_attribute(xmlns.c_str());
        root.append_attribute(xmlns.c_str()) = std::string(sources::k_kept_ns).c_str();
    }
    if (now.format == Format::rdf) {  // (the title is the channel's, beside the items)
        const sources::RdfNames n(now.root);
        parent.prepend_child(n(core::ns::rss1, "channel").c_str())
            .append_child(n(core::ns::rss1, "title").c_str())
            .text()
            .set(title.c_str());
    } else {
        parent.prepend_child((prefix_of(now.root) + "title").c_str()).text() = title.c_str();
    }
    for (const ToKeep& k : keep) {
        auto copy = parent.append_copy(k.item->node);
        if (k.from.empty()) continue;
        copy.remove_attribute(from_name.c_str());
        copy.append_attribute(from_name.c_str()) = k.from.c_str();
    }
    std::string xml;
    text::XmlAppender text(xml);
    doc.save(text, "  ", deepest(doc) <= k_indented_depth ? pugi::format_default : pugi::format_raw,
             pugi::encoding_utf8);
    return xml;
}

}  // namespace

std::string read_kept_file(const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::exists(std::filesystem::symlink_status(file, ec))) return "";
    return files::read_file(file, files::k_max_input_bytes, files::Links::refuse);
}

std::optional<KeptItems> keep_dropped_items(std::string_view old_snapshot, std::string_view new_snapshot,
                                            std::string_view kept_before) {
    Feed before, now, kept;
    if (!read_feed(new_snapshot, now)) return std::nullopt;
    const bool had_old = !old_snapshot.empty() && read_feed(old_snapshot, before);
    const bool had_kept = !kept_before.empty() && read_feed(kept_before, kept);
    if (!kept_before.empty() && (!had_kept || kept.format != now.format)) return std::nullopt;  // (not ours to rewrite)
    if (had_old && before.format != now.format) return std::nullopt;  // the host changed its format: nothing to compare

    // The audio files and episodes of the items now listed that the old snapshot did not list: a
    // dropped item one of them shares is that item re-issued. (One the host listed beside it
    // before, a rerun under its own guid, was an item of its own, and is kept when dropped.)
    std::set<std::string> listed, listed_before, audio, episodes;
    for (const auto& item : before.items) listed_before.insert(item.identity);
    for (const auto& item : now.items) {
        listed.insert(item.identity);
        if (listed_before.count(item.identity)) continue;
        if (!item.audio.empty()) audio.insert(item.audio);
        if (!item.episode.empty()) episodes.insert(item.episode);
    }
    // Dropped: not listed, and its episode not listed under another identity either.
    auto dropped = [&](const Item& item) {
        return !listed.count(item.identity) && !(!item.audio.empty() && audio.count(item.audio)) &&
               !(!item.episode.empty() && episodes.count(item.episode));
    };
    KeptItems out;
    std::vector<ToKeep> keep;
    std::set<std::string> from_old, was_kept;
    for (const auto& item : kept.items) was_kept.insert(item.identity);
    for (const auto& item : before.items)
        if (dropped(item)) {
            keep.push_back({&item, ""});  // (the newer copy of an item kept before)
            from_old.insert(item.identity);
            out.newly_kept += !was_kept.count(item.identity);
        }
    for (const auto& item : kept.items) {
        if (from_old.count(item.identity)) continue;
        if (dropped(item))
            keep.push_back({&item, ""});
        else
            ++out.listed_again;
    }
    out.kept = static_cast<int>(keep.size());
    if (keep.empty()) return out;

    out.text = kept_file_text(now, {&before, &kept}, keep);
    return out;
}

std::optional<AddedItems> add_items(std::string_view snapshot, std::string_view kept_before,
                                    const std::vector<MoreItems>& more, bool current) {
    Feed now, kept;
    if (!read_feed(snapshot, now)) return std::nullopt;
    if (!kept_before.empty() && (!read_feed(kept_before, kept) || kept.format != now.format)) return std::nullopt;
    AddedItems out;
    out.xml = std::string(kept_before);
    std::set<std::string> seen;                            // identities
    std::map<std::string, std::set<std::string>> seen_as;  // audio URLs and episodes ("a:", "e:") -> identities
    // Known: its identity, or its episode under another identity that `text` (the items the
    // item is listed with) does not list beside it: the item re-issued. (One listed beside it is
    // an item of its own, a rerun under its own guid.)
    auto known = [&](const Item& item, const std::set<std::string>& text) {
        auto another = [&](const std::string& key) {
            const auto it = seen_as.find(key);
            if (it != seen_as.end())
                for (const auto& identity : it->second)
                    if (!text.count(identity)) return true;
            return false;
        };
        return seen.count(item.identity) || (!item.audio.empty() && another("a:" + item.audio)) ||
               (!item.episode.empty() && another("e:" + item.episode));
    };
    auto remember = [&](const Item& item) {
        seen.insert(item.identity);
        if (!item.audio.empty()) seen_as["a:" + item.audio].insert(item.identity);
        if (!item.episode.empty()) seen_as["e:" + item.episode].insert(item.identity);
    };
    for (const auto& item : now.items) remember(item);
    std::vector<ToKeep> keep;
    std::map<std::string, std::size_t> kept_at;  // identity -> its place in `keep`
    for (const auto& item : kept.items) {
        // (The host lists it again: keep_dropped_items takes it out. What it kept beside an item
        // of the same episode stays: it judged that.)
        if (seen.count(item.identity)) continue;
        kept_at[item.identity] = keep.size();
        keep.push_back({&item, ""});
    }
    for (const auto& item : kept.items) remember(item);
    std::vector<std::unique_ptr<Feed>> texts;
    std::set<std::string> replaced;
    for (const MoreItems& m : more) {
        auto& feed = *texts.emplace_back(std::make_unique<Feed>());
        if (!read_feed(m.text, feed) || feed.format != now.format) {
            out.skipped.push_back(m.from);
            continue;
        }
        std::set<std::string> listed;  // (the text's identities)
        for (const auto& item : feed.items) listed.insert(item.identity);
        for (const auto& item : feed.items) {
            const auto at = kept_at.find(item.identity);
            if (current && at != kept_at.end() && !replaced.count(item.identity)) {
                keep[at->second] = {&item, m.from};
                replaced.insert(item.identity);
                ++out.refreshed;
            } else if (known(item, listed)) {
                ++out.known;
            } else {
                keep.push_back({&item, m.from});
                ++out.added;
            }
            remember(item);
        }
    }
    if (out.added == 0 && out.refreshed == 0) return out;
    std::vector<const Feed*> others = {&kept};
    for (const auto& t : texts) others.push_back(t.get());
    out.xml = kept_file_text(now, others, std::move(keep));
    return out;
}

}  // namespace fetch
