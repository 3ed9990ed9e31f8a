#pragma once
// Apple's iTunes lookup API answer for a show's episodes
// (https://itunes.apple.com/lookup?id=<show id>&entity=podcastEpisode): {"resultCount", "results"}
// where episodes have wrapperType "podcastEpisode" and trackName, releaseDate, trackTimeMillis,
// episodeGuid (the feed's guid), episodeUrl (the audio), trackViewUrl, trackId, description.
#include <string_view>

#include "sources/source_batch.hpp"

namespace sources {

// Returns a record per podcastEpisode result, with the lines of its object as provenance (values
// it lacks or that do not read are left empty); JSON that does not parse, or that is not such an
// answer, is one located error and no records.
SourceBatch read_itunes_lookup(std::string_view text, const SourceInfo& info);

// True when the text is such an answer (a JSON object with "results"; detect_kind asks).
bool looks_like_itunes_lookup(std::string_view text);

}  // namespace sources
