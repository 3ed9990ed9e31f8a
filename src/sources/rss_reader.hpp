#pragma once
// RSS 2.0 with the itunes, content, atom and podcast namespaces, as real hosts emit it.
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "sources/source_batch.hpp"

namespace sources {

// Parses a feed: RSS, or Atom (atom_reader.hpp) when the document is an Atom <feed>. A
// document that is not well-formed XML, or neither <rss><channel> nor Atom, gives one error
// diagnostic "FILE:LINE:COL: error: ..." and no records. Items get their lines as provenance;
// a value that cannot be read (a date, a duration) gives a warning and is left out.
SourceBatch read_rss(std::string_view text, const SourceInfo& info);

// The text of a source read again as it was (its file's bytes), or none when it cannot be.
using ReadAgain = std::function<std::optional<std::string>()>;

// The same, taking the text (a file's, which `again` reads again), and parsed where it is when
// it is an RSS feed in UTF-8: no copy of it is made (a large feed's copy was 58 MB of a build's
// peak at 10,000 real items). The parse changes the text, so the lines quoted under the items'
// warnings are read again, and a text that is not well-formed is read again whole.
SourceBatch read_rss_text(std::string text, const SourceInfo& info, const ReadAgain& again);

}  // namespace sources
