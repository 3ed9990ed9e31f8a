#pragma once
// What of the input feed's own XML the archive's feed.xml does not copy, though it keeps the
// rest unchanged:
//   - elements under a prefix the input never declares, unless the prefix conventionally names a
//     podcast namespace (itunes:, media:, ...: a host's slip, declared on the element in the copy):
//     a namespace-aware reader (AntennaPod's) refuses a whole feed that has one;
//   - elements of namespaces podcast apps do not read. XHTML, SVG and MathML among them run
//     script where a browser opens feed.xml (GitHub Pages serves it as application/xml), so
//     only a list of known podcast namespaces is copied, judged by each element's namespace in
//     scope (a prefix the input rebinds, a default namespace an element declares), not its name;
//   - the host's claims about its own feed, which a copy must not make: where the feed moved
//     (itunes:new-feed-url) and where its updates are pushed or paged (atom:link rel="hub",
//     "next", ...), ownership proofs (podcast:txt purpose="...verify"), live items, podping and
//     update frequencies. Apps that honour new-feed-url or a hub would move the archive's
//     subscribers to whatever the host's feed names;
//   - an item's <media:content> of its audio or video: the enclosure feed.xml writes says which
//     file is the episode (the archive's copy once the host's is gone), and apps that read
//     media:content as an enclosure (gPodder's parser lists it first) would play the host's.
#include <cstddef>
#include <map>
#include <pugixml.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace feed {

// What was left out, for the build's warnings.
struct LeftOut {
    std::size_t foreign_elements = 0;                // of namespaces podcast apps do not read
    std::map<std::string, std::size_t> host_claims;  // "itunes:new-feed-url" -> how many
    std::map<std::string, std::size_t> undeclared;   // a prefix the input never declares ("x") -> elements
    std::size_t too_deep = 0;                        // elements nested past k_max_copied_depth, each with its own
};

// How deep under an item or the channel feed.xml copies the input's elements. Real feeds nest
// three or four (media:group > media:content > media:thumbnail); each level is indented in
// feed.xml, so 200,000 levels were 40 GB of spaces.
constexpr std::size_t k_max_copied_depth = 16;

// The xmlns declarations in scope above the channel and every item: the input document's root
// attributes, and feed.xml's own for a prefix the input never declares. Made once for a feed,
// and looked up by prefix (an input may declare a hundred thousand).
class RootNamespaces {
public:
    explicit RootNamespaces(const std::vector<std::pair<std::string, std::string>>& root_declarations);
    // The namespace `prefix` names (normalized: lower case, http, no trailing '/'), or null.
    const std::string* find(std::string_view prefix) const;

private:
    std::map<std::string, std::string, std::less<>> m_bound;  // prefix -> URI
};

// Removes from `top`'s descendants what feed.xml must not copy, reading their prefixes under
// `root` and the declarations of `top` and its descendants.
void drop_foreign(pugi::xml_node top, const RootNamespaces& root, LeftOut& left_out);

// The build's warnings for what was left out: one line for foreign elements, one for claims.
std::vector<std::string> left_out_messages(const LeftOut& left_out);

}  // namespace feed
