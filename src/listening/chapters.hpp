#pragma once
// Chapters from every place they are written: a podcast:chapters JSON file, a line of a note's
// front matter ("12:34 Topic"), and timestamps in show notes. (psc:chapters, inline in a feed,
// are read by the feed's reader with parse_timecode.)
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/episode.hpp"
#include "core/listening.hpp"

namespace listening {

struct ChaptersRead {
    std::vector<core::Chapter> chapters;  // by start time
    std::vector<core::Diagnostic> warnings;
};

// The Podcasting 2.0 JSON chapters format ({"version", "chapters": [{"startTime", "title",
// "url", "img", "toc"}]}). A chapter without a usable startTime is skipped with a warning
// naming its line; a file that is not that format gives no chapters and one warning.
ChaptersRead read_chapters_json(std::string_view text, const std::string& file);

// "12:34 Topic", "(12:34) Topic", "[1:02:03] - Topic", "12:34: Topic", "Topic (12:34)": a
// chapter, or nullopt.
std::optional<core::Chapter> parse_chapter_line(std::string_view line);

// The chapters a show's notes write as timestamped lines (`plain`: the notes as text, a line
// each). Only a run of at least two such lines, in time order, counts: a lone "at 12:34" in
// a sentence is not a chapter list.
std::vector<core::Chapter> chapters_in_show_notes(std::string_view plain);

// Gives `e` its chapters (sorted by settle), and the page's provenance their source: where
// they were read, "show notes (derived)" for timestamps in its show notes; none for none.
void set_chapters(core::Episode& e, core::Chapters chapters);

// Sorts by start and drops repeats of the same start.
void settle(std::vector<core::Chapter>& chapters);

// A warning (at the chapters' source) when some start past `duration` (when known): the lint
// of every episode's chapters, wherever they came from.
std::optional<core::Diagnostic> past_end_warning(const core::Chapters& chapters, std::optional<double> duration);

// The Podcasting 2.0 JSON chapters file of `chapters`, as the site publishes it.
std::string chapters_json(const std::vector<core::Chapter>& chapters);

}  // namespace listening
