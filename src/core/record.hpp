#pragma once
// What every source adapter produces: partial, noisy copies of episodes, each with provenance.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/listening_links.hpp"
#include "dates/dates.hpp"
#include "dates/durations.hpp"

namespace core {

// podarchive appends a curated note to a feed item's content:encoded inside this element; a feed
// reader cuts the text there, so regenerating from our own feed gives the same feed.
constexpr std::string_view k_archive_note_open = "<div class=\"podarchive-note\">";

// Where a record came from, so any field on any page can be traced back.
struct Provenance {
    std::string source;  // the source's name in site.yaml
    std::string file;    // the file as site.yaml names it (relative to site.yaml)
    int line = 0;        // first line of the record in the file (1-based)
    int end_line = 0;    // last line
    std::string via{};   // a kept item's origin beyond the file: "page https://...", "wayback:20210304050607"

    friend bool operator==(const Provenance&, const Provenance&) = default;
};

struct Enclosure {
    std::string url;
    std::string type;
    std::optional<long long> length;  // bytes; absent when the source did not say

    friend bool operator==(const Enclosure&, const Enclosure&) = default;
};

// What a feed item says for listeners beyond the audio (core/listening.hpp).
struct ItemListening {
    std::vector<MediaLink> transcript_links;  // podcast:transcript, in the feed's order
    std::optional<MediaLink> chapters_link;   // podcast:chapters
    std::vector<Chapter> chapters;            // psc:chapters, inline
    std::vector<Person> persons;              // podcast:person
    std::vector<Soundbite> soundbites;        // podcast:soundbite
    std::vector<Funding> funding;             // podcast:funding
    Value value;                              // podcast:value
    std::vector<FeedLink> links;              // comments, video, licence, location (core/listening_links.hpp)

    bool empty() const {
        return transcript_links.empty() && !chapters_link && chapters.empty() && persons.empty() &&
               soundbites.empty() && funding.empty() && value.empty() && links.empty();
    }
};

// One copy of one episode as one source describes it. Empty strings and empty optionals mean
// "this source did not say": fusion treats them as missing, never as a value.
struct Record {
    Provenance from;
    std::string guid;
    bool guid_is_permalink = false;
    std::string title;
    std::string page_url;     // the episode's page at the host (Simplecast, ...)
    std::string description;  // plain text or HTML, see description_is_html
    bool description_is_html = false;
    bool description_truncated = false;  // the source cut it ("...", "…" or a known limit)
    std::string content_html;            // content:encoded
    std::optional<dates::Timestamp> date;
    std::optional<dates::Duration> duration;
    std::optional<Enclosure> enclosure;
    std::string apple_id;   // Apple's episode id (the ?i= of its URL)
    std::string apple_url;  // the episode's page on Apple Podcasts
    std::string apple_episode_guid;
    std::optional<int> episode_number;
    std::optional<int> season;
    std::string episode_type;  // full, trailer, bonus
    std::string image;
    std::string explicit_flag;  // as the source wrote it
    std::string keywords;
    std::vector<std::string> categories;  // a feed item's <category> elements
    std::vector<std::string> seen_at;     // other pages where the episode was seen
    // What a feed item says beyond the audio; null when it says none of it. Held apart (and
    // shared by a copy of the record): only feed items have it, and a listing's entries, most of
    // a large archive's records, then carry a pointer instead of its 270 bytes.
    std::shared_ptr<const ItemListening> listening;
    std::string raw_xml;  // a feed item as it was (<item>...</item>), so nothing it has is lost;
                          // description and content:encoded are emptied (they are fields above)
};

}  // namespace core
