#pragma once
// The output of the sources stage: each source's records, what went wrong, and the channel.
#include <optional>
#include <string>
#include <vector>

#include "core/channel.hpp"
#include "core/diagnostic.hpp"
#include "core/record.hpp"
#include "core/source_kind.hpp"

namespace sources {

// What an adapter needs to know about the file it parses.
struct SourceInfo {
    std::string name;   // the source's name (provenance)
    std::string file;   // the path as site.yaml wrote it (provenance and messages)
    std::string url{};  // where the source is published (site.yaml's `url`): relative links resolve against it
};

// How many episodes a directory page says the show has ("83 Episodes"), and where it says so.
struct CountOnPage {
    int episodes = 0;
    int line = 0;
};

// One source as its adapter read it: the records, in the file's order, and every problem met.
struct SourceBatch {
    SourceInfo info;
    core::SourceKind kind = core::SourceKind::unknown;  // the adapter that read it
    std::vector<core::Record> records;
    std::vector<core::Diagnostic> diagnostics;
    std::optional<core::Channel> channel;    // only feeds describe the show
    std::optional<CountOnPage> announced{};  // a directory page's count of the show's episodes
    bool cut_short = false;                  // a feed's text ends inside an element: read as far as it goes
};

// A record's provenance for lines [first, last] of the file.
core::Provenance provenance(const SourceInfo& info, int first_line, int last_line);

// True when a record says nothing to know its episode by (no title, description, page,
// audio, guid or Apple id): a listing's entry like that is skipped, with a warning.
bool says_nothing(const core::Record& r);

// True when the text ends with a truncation marker ("...", "…", "[…]").
bool ends_truncated(std::string_view text);

// True when a plain-text description stops mid-sentence (no closing punctuation): directory
// pages and listings cut descriptions at a character limit without saying so. A "…" right after
// a sentence's end does not count: some pages append it to every description.
bool looks_cut_off(std::string_view text);

// The first "83 Episodes" (or "83 episodes", in a few languages) on a directory page.
std::optional<CountOnPage> announced_count(std::string_view page_text);

// The text without a trailing truncation marker, trimmed.
std::string strip_truncation(std::string_view text);

}  // namespace sources
