#pragma once
// Apple's iTunes lookup API answer for a show's episodes
// (https://itunes.apple.com/lookup?id=<show id>&entity=podcastEpisode): {"resultCount", "results"}
// where episodes have wrapperType "podcastEpisode" and trackName, releaseDate, trackTimeMillis,
// episodeGuid (the feed's guid), episodeUrl (the audio), trackViewUrl, trackId, description.
#include <string_view>

#include "sources/source_batch.hpp"

namespace sources {

SourceBatch read_itunes_lookup(std::string_view text, const SourceInfo& info);

bool looks_like_itunes_lookup(std::string_view text);

}  // namespace sources
