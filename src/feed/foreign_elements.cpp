#include "feed/foreign_elements.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/enclosures.hpp"
#include "core/xml_namespaces.hpp"
#include "text/strings.hpp"
#include "text/xml_text.hpp"

namespace feed {

namespace {

// Namespace URIs as compared here: lower case, http for https, no trailing '/' (hosts write
// "http://www.w3.org/2005/Atom/" and "https://podcastindex.org/namespace/1.0" alike).
std::string normalized(std::string_view uri) {
    std::string out = text::ascii_lower(text::trim(uri));
    if (out.starts_with("https://")) out.erase(4, 1);
    while (out.ends_with('/')) out.pop_back();
    return out;
}

const std::string k_itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd";
const std::string k_atom = "http://www.w3.org/2005/atom";
const std::string k_podcast = "http://podcastindex.org/namespace/1.0";
const std::string k_syndication = "http://purl.org/rss/1.0/modules/syndication";
const std::string k_media_rss = "http://search.yahoo.com/mrss";
const std::string k_media_rss_board = "http://www.rssboard.org/media-rss";

// The namespaces podcast apps and feed readers read (normalized). Nothing here is run by a
// browser; everything else (XHTML, SVG, MathML, XSLT, a host's private namespace) is left out.
bool is_podcast_namespace(const std::string& uri) {
    static const std::array<std::string_view, 27> k_known = {
        "",  // RSS 2.0's own elements
        "http://www.itunes.com/dtds/podcast-1.0.dtd",
        "http://purl.org/rss/1.0/modules/content",
        "http://www.w3.org/2005/atom",
        "http://podcastindex.org/namespace/1.0",
        "http://github.com/podcastindex-org/podcast-namespace/blob/main/docs/1.0.md",
        "http://search.yahoo.com/mrss",
        "http://www.rssboard.org/media-rss",
        "http://www.google.com/schemas/play-podcasts/1.0",
        "http://purl.org/dc/elements/1.1",
        "http://purl.org/dc/terms",
        "http://purl.org/rss/1.0/modules/syndication",
        "http://purl.org/syndication/history/1.0",
        "http://podlove.org/simple-chapters",
        "http://www.spotify.com/ns/rss",
        "http://www.georss.org/georss",
        "http://www.w3.org/2003/01/geo/wgs84_pos#",
        "http://wellformedweb.org/commentapi",
        "http://purl.org/rss/1.0/modules/slash",
        "http://backend.userland.com/creativecommonsrssmodule",
        "http://web.resource.org/cc",
        "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
        "http://blubrry.com/developer/rawvoice-rss",
        "http://fireside.fm/modules/rss/fireside",
        "http://rssnamespace.org/feedburner/ext/1.0",
        "http://anchor.fm/xmlns",
        "http://schema.acast.com/1.0",
    };
    return std::find(k_known.begin(), k_known.end(), uri) != k_known.end();
}

// The namespace a prefix conventionally names, for an element whose feed never declares it (a
// host that wrote itunes: without xmlns:itunes); "" for any other prefix.
std::string_view conventional_namespace(std::string_view prefix) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 10> k_conventional = {{
        {"itunes", core::ns::itunes},
        {"podcast", core::ns::podcast},
        {"media", core::ns::media},
        {"content", core::ns::content},
        {"atom", core::ns::atom},
        {"googleplay", core::ns::googleplay},
        {"dc", core::ns::dc},
        {"psc", core::ns::psc},
        {"sy", core::ns::sy},
        {"spotify", core::ns::spotify},
    }};
    for (const auto& [name, uri] : k_conventional)
        if (name == prefix) return uri;
    return "";
}

// The xmlns declarations in scope: the root's, then those of the elements open, innermost
// last, as (prefix, normalized URI); "" is the default.
class Scope {
public:
    explicit Scope(const RootNamespaces& root) : m_root(root) {}

    struct Bound {
        const std::string* uri = nullptr;  // null: the prefix is bound nowhere
        bool at_root = false;
    };

    // How many bindings are in scope: restore() lets go of those made since.
    std::size_t mark() const { return m_bindings.size(); }
    void restore(std::size_t mark) {
        while (m_bindings.size() > mark) {
            auto at = m_by_prefix.find(m_bindings.back().first);
            at->second.pop_back();
            if (at->second.empty()) m_by_prefix.erase(at);
            m_bindings.pop_back();
        }
    }

    void declare(const pugi::xml_node& element, bool with_default = true) {
        for (auto a : element.attributes()) {
            const std::string_view name = a.name();
            if (name == "xmlns" && with_default)
                bind("", normalized(a.value()));
            else if (name.starts_with("xmlns:"))
                bind(std::string(name.substr(6)), normalized(a.value()));
        }
    }
    Bound find(std::string_view prefix) const {
        if (!m_by_prefix.empty())
            if (auto at = m_by_prefix.find(std::string(prefix)); at != m_by_prefix.end())
                return {&m_bindings[at->second.back()].second, false};
        return {m_root.find(prefix), true};
    }
    // True when `prefix` is bound, or is now: a prefix that conventionally names a namespace is
    // declared on `element` (in the copy) and bound here. False for any other unbound prefix.
    bool declare_missing(pugi::xml_node element, std::string_view prefix) {
        if (find(prefix).uri) return true;
        const std::string_view conventional = conventional_namespace(prefix);
        if (conventional.empty()) return false;
        element.append_attribute(("xmlns:" + std::string(prefix)).c_str()) = std::string(conventional).c_str();
        bind(std::string(prefix), normalized(conventional));
        return true;
    }

private:
    const RootNamespaces& m_root;
    std::vector<std::pair<std::string, std::string>> m_bindings;  // (the elements': prefix, URI)
    // Where each prefix is bound in m_bindings, innermost last (an element may declare
    // thousands: each name looked up through all of them took the square).
    std::unordered_map<std::string, std::vector<std::size_t>> m_by_prefix;

    void bind(std::string prefix, std::string uri) {
        m_by_prefix[prefix].push_back(m_bindings.size());
        m_bindings.emplace_back(std::move(prefix), std::move(uri));
    }
};

struct Name {
    std::string_view prefix, local;
};

Name split(std::string_view qualified) {
    const auto colon = qualified.find(':');
    if (colon == std::string_view::npos) return {"", qualified};
    return {qualified.substr(0, colon), qualified.substr(colon + 1)};
}

// The links of a paged feed (RFC 5005) to its other pages.
constexpr std::array<std::string_view, 8> k_paging = {"next", "previous",     "prev",         "first",
                                                      "last", "prev-archive", "next-archive", "current"};

bool is_paging(const std::string& rel) {
    return std::find(k_paging.begin(), k_paging.end(), rel) != k_paging.end();
}

// True for a channel link the archive writes its own of, left out unsaid:
//   - the self link under a prefix declared on the link itself (FeedBurner writes
//     <atom10:link xmlns:atom10="..." rel="self">): feed::write_merged knows the root's prefixes
//     only, so it would copy it beside the archive's own;
//   - the links to the host's other pages: fetch reads those pages into the kept items, and
//     feed.xml links to its own (archive_pages.hpp).
bool replaced_link(const std::string& uri, std::string_view local, const pugi::xml_node& element, bool channel_child,
                   bool bound_at_root) {
    if (!channel_child || uri != k_atom || local != "link") return false;
    const std::string rel = text::ascii_lower(text::trim(element.attribute("rel").value()));
    return (rel == "self" && !bound_at_root) || is_paging(rel);
}

// True for an item's Media RSS <media:content> (in a <media:group> too) of an audio or video
// file: the item's <enclosure>, which the archive writes, says which file is the episode (the
// archive's own copy once the host's is gone). Copied, it would lead apps that take it for an
// enclosure (gPodder's parser lists it first) to the host's file, or list the file twice.
bool replaced_media(const std::string& uri, std::string_view local, const pugi::xml_node& element, bool in_item) {
    if (!in_item || (uri != k_media_rss && uri != k_media_rss_board) || local != "content") return false;
    const std::string medium = text::ascii_lower(text::trim(element.attribute("medium").value()));
    return medium == "audio" || medium == "video" ||
           (medium.empty() && core::is_media_file(element.attribute("type").value(), element.attribute("url").value()));
}

// The claim `element` (of namespace `uri`) makes about the host's own feed, as the warning
// names it; "" when it makes none.
std::string host_claim(const std::string& uri, std::string_view local, const pugi::xml_node& element,
                       bool channel_child) {
    if (uri == k_itunes && local == "new-feed-url") return "itunes:new-feed-url";
    if (uri == k_atom && local == "link") {
        const std::string rel = text::ascii_lower(text::trim(element.attribute("rel").value()));
        // (The channel's own self and paging links are replaced by the archive's: replaced_link.
        // Anywhere else they say where the host's feed lives.)
        if (rel == "hub" || ((rel == "self" || is_paging(rel)) && !channel_child))
            return "atom:link rel=\"" + rel + "\"";
    }
    if (uri == k_podcast) {
        if (local == "liveItem" || local == "podping" || local == "updateFrequency")
            return "podcast:" + std::string(local);
        if (local == "txt") {
            const std::string purpose = text::ascii_lower(element.attribute("purpose").value());
            if (purpose.find("verify") != std::string::npos) return "podcast:txt purpose=\"" + purpose + "\"";
        }
    }
    if (uri == k_syndication && (local == "updatePeriod" || local == "updateFrequency" || local == "updateBase"))
        return "sy:" + std::string(local);
    return "";
}

}  // namespace

RootNamespaces::RootNamespaces(const std::vector<std::pair<std::string, std::string>>& root_declarations) {
    m_bound.emplace("xml", "http://www.w3.org/xml/1998/namespace");
    // (A default namespace on the input's <rss> is not written: RSS's elements have none. Of a
    // prefix declared twice, the later.)
    for (const auto& [name, value] : root_declarations)
        if (name.starts_with("xmlns:")) m_bound.insert_or_assign(name.substr(6), normalized(value));
}

const std::string* RootNamespaces::find(std::string_view prefix) const {
    auto it = m_bound.find(prefix);
    return it == m_bound.end() ? nullptr : &it->second;
}

void drop_foreign(pugi::xml_node top, const RootNamespaces& root, LeftOut& left_out) {
    if (!top) return;
    Scope scope(root);
    scope.declare(top, false);  // (its default namespace is not copied either: feed::write_merged)
    // Every element under `top` in document order, without recursion (an input's nesting is the
    // input's): `marks` holds the scope's size at each open element.
    std::vector<std::size_t> marks;
    auto next_after = [&](pugi::xml_node n) {  // the next node once `n` and its children are done
        while (n != top) {
            if (n.next_sibling()) return n.next_sibling();
            n = n.parent();
            if (n != top) scope.restore(marks.back()), marks.pop_back();
        }
        return pugi::xml_node();
    };
    for (pugi::xml_node n = top.first_child(); n;) {
        if (n.type() != pugi::node_element) {
            n = next_after(n);
            continue;
        }
        if (marks.size() + 1 > k_max_copied_depth) {  // (marks: the elements open above `n`)
            ++left_out.too_deep;
            const pugi::xml_node gone = n;
            n = next_after(n);
            text::remove_node(gone);
            continue;
        }
        const std::size_t mark = scope.mark();
        scope.declare(n);
        const Name name = split(n.name());
        // A prefix the input never declares: the namespace it conventionally names, declared on
        // the element in the copy, else the element is left out (and so is such an attribute).
        if (!name.prefix.empty() && !scope.declare_missing(n, name.prefix)) {
            ++left_out.undeclared[std::string(name.prefix)];
            scope.restore(mark);
            const pugi::xml_node gone = n;
            n = next_after(n);
            text::remove_node(gone);
            continue;
        }
        for (pugi::xml_attribute a = n.first_attribute(); a;) {
            const pugi::xml_attribute next = a.next_attribute();
            const Name attribute = split(a.name());
            if (!attribute.prefix.empty() && attribute.prefix != "xmlns" &&
                !scope.declare_missing(n, attribute.prefix)) {
                ++left_out.undeclared[std::string(attribute.prefix)];
                n.remove_attribute(a);
            }
            a = next;
        }
        const Scope::Bound bound = scope.find(name.prefix);
        const std::string uri = bound.uri ? *bound.uri : "";
        const bool channel_child = n.parent() == top && std::string_view(top.name()) == "channel";
        const std::string claim = host_claim(uri, name.local, n, channel_child);
        const bool replaced = replaced_link(uri, name.local, n, channel_child, bound.uri && bound.at_root) ||
                              replaced_media(uri, name.local, n, std::string_view(top.name()) == "item");
        if (replaced || !claim.empty() || !is_podcast_namespace(uri)) {
            if (!claim.empty())
                ++left_out.host_claims[claim];
            else if (!replaced)
                ++left_out.foreign_elements;
            scope.restore(mark);
            const pugi::xml_node gone = n;
            n = next_after(n);
            text::remove_node(gone);
            continue;
        }
        if (n.first_child()) {
            marks.push_back(mark);
            n = n.first_child();
        } else {
            scope.restore(mark);
            n = next_after(n);
        }
    }
}

std::vector<std::string> left_out_messages(const LeftOut& left_out) {
    std::vector<std::string> out;
    if (left_out.foreign_elements > 0)
        out.push_back(text::count_text(left_out.foreign_elements, "element", "elements") +
                      " of namespaces podcast apps do not read (XHTML, SVG or another) " +
                      (left_out.foreign_elements == 1 ? "is" : "are") +
                      " left out of feed.xml: a browser opening the feed could run them; remove them at the host to "
                      "silence this");
    if (!left_out.undeclared.empty()) {
        std::size_t count = 0;
        std::string prefixes;
        for (const auto& [prefix, n] : left_out.undeclared)
            count += n, prefixes += (prefixes.empty() ? "" : ", ") + prefix + ":";
        out.push_back(text::count_text(count, "element or attribute", "elements or attributes") +
                      " under a prefix the input never declares (" + prefixes + ") " + (count == 1 ? "is" : "are") +
                      " left out of feed.xml: a reader that knows namespaces would refuse the whole feed with them; "
                      "declare the prefix's namespace at the host (xmlns:prefix=\"...\" on the feed's root)");
    }
    if (left_out.too_deep > 0)
        out.push_back(text::count_text(left_out.too_deep, "element", "elements") + " nested more than " +
                      std::to_string(k_max_copied_depth) + " deep under an item or the channel " +
                      (left_out.too_deep == 1 ? "is" : "are") + " left out of feed.xml, with what " +
                      (left_out.too_deep == 1 ? "it holds" : "they hold") +
                      ": no podcast app reads elements nested so deep; remove them at the host to silence this");
    if (!left_out.host_claims.empty()) {
        std::string names;
        for (const auto& [claim, count] : left_out.host_claims)
            names += (names.empty() ? "" : ", ") + claim + (count > 1 ? " (" + std::to_string(count) + ")" : "");
        out.push_back("the host's claims about its own feed are left out of feed.xml, which is the archive's: " +
                      names + " (to move the archive's own feed, set `new_feed_url:` in site.yaml)");
    }
    return out;
}

}  // namespace feed
