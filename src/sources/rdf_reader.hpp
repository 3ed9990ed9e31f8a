#pragma once
// RSS 1.0 feeds (RDF Site Summary: <rdf:RDF> with a <channel> and the <item>s beside it), as
// podcasts of 2004-2008 published some, their audio in mod_enclosure's <enc:enclosure
// rdf:resource="..."> or in RSS 2.0's <enclosure>. The regenerated feed is RSS 2.0 as always:
// each item is written anew.
#include <pugixml.hpp>
#include <string_view>

#include "sources/source_batch.hpp"

namespace sources {

// True when `root` is RSS 1.0's <rdf:RDF> (in RDF's namespace, under any prefix).
bool is_rdf_feed(const pugi::xml_node& root);

// Reads an RSS 1.0 document already parsed from `text` into `batch`: the channel, and a record
// per item, its rdf:about as its guid and dc:date as its date. `text` locates lines.
SourceBatch read_rdf(const pugi::xml_document& doc, std::string_view text, SourceBatch batch);

}  // namespace sources
