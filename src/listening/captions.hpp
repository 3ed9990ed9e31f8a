#pragma once
// An episode's timed transcript as WebVTT captions, for the <track> of the video the page plays
// (a browser shows captions only from a WebVTT file, and only from the page's own site).
#include <string>

#include "core/listening.hpp"

namespace listening {

// WebVTT cues of at most two short lines each: a long paragraph is cut at spaces (or, in text
// without spaces, between letters) and its time shared by length. A segment without an end
// lasts until the next one starts. The speaker is the cue's voice (<v Name>). Text is escaped,
// so nothing in a transcript can end a cue or open a tag.
std::string captions_vtt(const core::Transcript& transcript);

}  // namespace listening
