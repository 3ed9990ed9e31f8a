#pragma once
// Transcripts in the four formats podcast:transcript names: WebVTT, SRT, the Podcast Index
// JSON format and HTML (<cite>, <time>, <p>). Each is read into paragraphs: cues of the same
// speaker that follow each other are joined (a caption file has a cue every few words; a JSON
// file may have one per word), so the page has a time link per paragraph, not per word.
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/listening.hpp"

namespace listening {

enum class TranscriptFormat { unknown, vtt, srt, json, html };

// From a MIME type ("text/vtt", "application/x-subrip", "application/srt", "application/json",
// "text/html"), else from a file name's or URL's extension; unknown when neither tells.
TranscriptFormat transcript_format(std::string_view type, std::string_view name);

// "vtt", "srt", "json", "html".
const char* format_name(TranscriptFormat format);

struct TranscriptRead {
    core::Transcript transcript;             // no segments: nothing could be read
    std::vector<core::Diagnostic> warnings;  // located in `file`
};

// Reads `text` in `format` (unknown: told from the content). Never throws on bad input: what
// cannot be read is left out with a warning naming its line.
TranscriptRead read_transcript(std::string_view text, TranscriptFormat format, const std::string& file);

}  // namespace listening
