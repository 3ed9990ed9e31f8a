#pragma once
// Atom 1.0 podcast feeds (RFC 4287 with <link rel="enclosure">), as some hosts and blogs emit
// them, and Atom 0.3 ones, which came before. The regenerated feed is RSS 2.0 as always: each
// entry becomes an item.
#include <pugixml.hpp>
#include <string>
#include <string_view>

#include "sources/source_batch.hpp"

namespace sources {

// True when `root` is an Atom <feed> (1.0, or 0.3).
bool is_atom_feed(const pugi::xml_node& root);

// Reads a parsed Atom document (`text` is what it was parsed from, for line numbers): the
// feed's title, subtitle, links, author and logo as the channel; each entry as a record with
// its id as guid, its enclosure link as audio, published (else updated) as date and content
// (else summary) as show notes. Relative links resolve against the source's `url`, else the
// feed's self link, else its site. `batch` is the source's as reading its text began it (its
// info, and what reading the text found): the feed's channel, records and warnings are added.
SourceBatch read_atom(const pugi::xml_document& doc, std::string_view text, SourceBatch batch);

}  // namespace sources
