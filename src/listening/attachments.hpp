#pragma once
// The files a feed item links to for listeners (podcast:chapters, podcast:transcript), as
// `fetch` keeps copies of them and `build` reads those copies: a build never downloads.
#include <filesystem>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/episode.hpp"

namespace listening {

// The name of a link's copy: the first 16 hex digits of its URL's SHA-1 and an extension from
// its type or URL ("3f2a....vtt"); the same URL always has the same name.
std::string attachment_name(const core::MediaLink& link);

struct AttachmentDir {
    std::filesystem::path path;
    std::string shown;  // as messages name it ("content/sources/attachments")
};

// What reading an episode's links found.
struct AttachmentsRead {
    std::vector<core::Diagnostic> warnings;  // located in the copies
    std::string missing;                     // a link without a copy (fetch has not run since), or ""
};

// Sets `e`'s chapters from the copy of its podcast:chapters file, else keeps those it has (the
// sources', set_source_chapters); and its transcript from the first copy of its
// podcast:transcript links that reads (WebVTT, JSON, SRT, then HTML).
AttachmentsRead read_attachments(core::Episode& e, const AttachmentDir& dir);

// The chapters `e`'s show notes write as timestamped lines ("12:34 Topic"), if any, and if the
// feed links no chapters file.
core::Chapters show_notes_chapters(const core::Episode& e);

// Sets a merged episode's chapters as its sources give them: the feed's inline ones, else those
// its show notes write (origin show_notes), settled.
void set_source_chapters(core::Episode& e);

// The episode's length in seconds, when a source gives it.
std::optional<double> duration_of(const core::Episode& e);

}  // namespace listening
