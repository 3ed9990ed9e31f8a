#pragma once
// What a listener gets beyond the audio: chapters, a transcript, who speaks, where to support
// the show, and the moments worth hearing. Times are seconds from the start of the audio.
#include <memory>
#include <string>
#include <vector>

#include "core/listening_links.hpp"
#include "core/record.hpp"

namespace core {

// Where an episode's chapters came from, in the order a source wins (the first that has some).
enum class ChapterOrigin { none, note, chapters_file, feed_inline, show_notes };

struct Chapters {
    std::vector<Chapter> list;  // by start time
    ChapterOrigin origin = ChapterOrigin::none;
    Provenance from;  // the file (and line) they were read from

    bool empty() const { return list.empty(); }
    friend bool operator==(const Chapters&, const Chapters&) = default;
};

// "note", "podcast:chapters", "psc:chapters", "show notes (derived)": what the page's
// provenance says.
const char* origin_name(ChapterOrigin origin);

struct TranscriptSegment {
    double start = 0;
    double end = 0;       // 0: not given
    std::string speaker;  // empty: not given
    std::string text;     // plain text

    friend bool operator==(const TranscriptSegment&, const TranscriptSegment&) = default;
};

struct Transcript {
    std::vector<TranscriptSegment> segments;  // paragraphs, in time order
    bool timed = true;                        // false: an HTML transcript without <time>
    std::string url;  // where apps find it: the feed's link ("" for a note's file: the site's copy)

    friend bool operator==(const Transcript&, const Transcript&) = default;
};

// A transcript is the largest thing an episode has: copies of the catalog share it, and two
// are the same when their contents are.
class SharedTranscript {
public:
    SharedTranscript() = default;
    explicit SharedTranscript(Transcript t) : m_ptr(std::make_shared<const Transcript>(std::move(t))) {}
    explicit operator bool() const { return m_ptr != nullptr; }
    const Transcript& operator*() const { return *m_ptr; }
    const Transcript* operator->() const { return m_ptr.get(); }
    friend bool operator==(const SharedTranscript& a, const SharedTranscript& b) {
        return a.m_ptr == b.m_ptr || (a.m_ptr && b.m_ptr && *a.m_ptr == *b.m_ptr);
    }

private:
    std::shared_ptr<const Transcript> m_ptr;
};

}  // namespace core
