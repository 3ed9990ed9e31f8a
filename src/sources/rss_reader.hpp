#pragma once
// RSS 2.0 with the itunes, content, atom and podcast namespaces, as real hosts emit it.
#include <string>
#include <string_view>

#include "sources/source_batch.hpp"

namespace sources {

// Parses a feed: RSS, or Atom (atom_reader.hpp) when the document is an Atom <feed>. A
// document that is not well-formed XML, or neither <rss><channel> nor Atom, gives one error
// diagnostic "FILE:LINE:COL: error: ..." and no records. Items get their lines as provenance;
// a value that cannot be read (a date, a duration) gives a warning and is left out.
SourceBatch read_rss(std::string_view text, const SourceInfo& info);

// The same, taking the text: it lets go of it once the items are read, before it keeps their
// XML. (The parser holds a copy of the text; a large feed's own was 20 MB of the load's peak at
// 10,000 episodes, held until the source was read.)
SourceBatch read_rss_text(std::string text, const SourceInfo& info);

}  // namespace sources
