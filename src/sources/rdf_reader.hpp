#pragma once
// RSS 1.0 feeds (RDF Site Summary: <rdf:RDF> with a <channel> and the <item>s beside it), as
// podcasts of 2004-2008 published some, their audio in mod_enclosure's <enc:enclosure
// rdf:resource="..."> or in RSS 2.0's <enclosure>. The regenerated feed is RSS 2.0 as always:
// each item is written anew.
#include <functional>
#include <map>
#include <pugixml.hpp>
#include <string>
#include <string_view>

#include "sources/source_batch.hpp"

namespace sources {

// The names an RSS 1.0 document gives the elements of each namespace it uses (RDF's, RSS 1.0's,
// Dublin Core's, content's, mod_enclosure's, itunes'): "dc:date", or "title" for RSS 1.0's own
// under its default namespace; a namespace its root does not declare under its usual prefix
// (pugixml reads names, not namespaces, and feeds that forget a declaration exist).
class RdfNames {
public:
    explicit RdfNames(const pugi::xml_node& root);
    // `ns` is one of those six (core/xml_namespaces.hpp).
    std::string operator()(std::string_view ns, std::string_view local) const;

private:
    std::map<std::string, std::string, std::less<>> m_prefix_of;  // namespace URI -> "dc:" ("" for default)
};

// True when `root` is RSS 1.0's <rdf:RDF> (in RDF's namespace, under any prefix).
bool is_rdf_feed(const pugi::xml_node& root);

// Reads an RSS 1.0 document already parsed from `text` into `batch`: the channel, and a record
// per item, its rdf:about as its guid and dc:date as its date. `text` locates lines.
SourceBatch read_rdf(const pugi::xml_document& doc, std::string_view text, SourceBatch batch);

}  // namespace sources
