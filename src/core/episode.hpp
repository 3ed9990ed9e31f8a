#pragma once
// The merged archive: one Episode per real episode, every field with the source it came from.
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/channel.hpp"
#include "core/field_sources.hpp"
#include "core/listening.hpp"
#include "core/record.hpp"
#include "text/shared_text.hpp"

namespace core {

// The file a record came from, as its Provenance names it without the lines: a catalog's
// records come from a handful of these (Catalog::record_origins).
struct RecordOrigin {
    std::string source;
    std::string file;
    std::string via;

    friend bool operator==(const RecordOrigin&, const RecordOrigin&) = default;
};

// Where a record is: its file, as a number into its catalog's origins (Catalog::origin_of), and
// its first and last line there. Every record naming its source and file again was 7 MB of a
// 10,000-episode catalog, every stage long.
struct RecordPlace {
    std::uint32_t origin = 0;  // in Catalog::record_origins
    int line = 0;
    int end_line = 0;

    friend bool operator==(const RecordPlace&, const RecordPlace&) = default;
};

// One record that went into an episode, and the linking rule that attached it.
struct RecordRef {
    RecordPlace place;
    std::string matched_by;  // "first", "guid", "enclosure", "apple_guid", "page_url", "title+date", ...

    friend bool operator==(const RecordRef&, const RecordRef&) = default;
};

// A page elsewhere where the episode can be played ("Listen on Apple Podcasts").
struct ListenLink {
    std::string label;  // the directory's name; "" for the page a note gives as the episode's own
    std::string url;

    friend bool operator==(const ListenLink&, const ListenLink&) = default;
};

// Another item of the input feed that became part of an episode (a re-post: the same audio
// under a new guid). Subscribers have it, so the regenerated feed keeps it beside the
// episode's own item, with its identity, title and date as the input has them.
struct FeedItem {
    std::string guid;
    bool guid_is_permalink = false;
    std::string title;
    std::optional<dates::Timestamp> date;
    Enclosure enclosure;
    text::SharedText raw_xml;  // the item as the input has it (held as Episode::feed_item_xml is)
    Provenance from;

    friend bool operator==(const FeedItem&, const FeedItem&) = default;
};

// The archive's own copy of an episode's audio: kept by `fetch` (audio/manifest.hpp), served
// from site.yaml's audio.mirror_url.
struct AudioCopy {
    std::string url;
    std::string type;  // as the file decodes ("audio/mpeg")
    long long bytes = 0;
    std::string sha256;      // hex
    bool host_gone = false;  // the host's file is gone (audio::host_gone): the copy is served first
    std::string kept_since;  // when the copy was made (ISO 8601)
    double duration = 0;     // the copy's own length, in seconds

    friend bool operator==(const AudioCopy&, const AudioCopy&) = default;
};

struct Episode {
    std::string slug;
    std::string guid;
    bool guid_is_permalink = false;
    bool guid_derived = false;  // no source gave one: the audio URL, as podcast apps fall back to
    // The guid the site published its item under, when its host re-issued it under `guid` since
    // (merge/published.hpp): what the site's feeds write. "" otherwise.
    std::string published_guid;
    std::string title;
    bool title_derived = false;  // no source titled it; derived from the description
    std::string description;
    bool description_is_html = false;
    bool description_truncated = false;
    std::optional<dates::Timestamp> date;
    std::optional<dates::Duration> duration;
    std::optional<Enclosure> enclosure;
    std::optional<AudioCopy> copy;  // the archive's copy of the enclosure's file, when it has one to serve
    std::string page_url;
    std::string apple_url;
    std::string image;
    std::string episode_type;
    std::string explicit_flag;
    std::string keywords;
    std::vector<std::string> categories;  // from the sources (feed <category>), deduplicated
    std::optional<int> episode_number;
    std::optional<int> season;
    std::vector<ListenLink> listen_on;
    std::vector<std::string> seen_in;  // names of the sources that had it, in config order
    std::vector<std::string> seen_at;  // pages (URLs) where sources saw it, deduplicated
    FieldSources sources;
    std::vector<RecordRef> records;
    // The input feed's <item> for this episode, when a feed has it (a view of the kept merge when
    // read back from it: the feed writer, its only reader, copies most items from the last feed.xml).
    text::SharedText feed_item_xml;
    RecordPlace feed_item_from;              // where that item is
    std::vector<FeedItem> other_feed_items;  // the input feeds' other items of this episode
    // For listeners (core/listening.hpp): the feed's links to files, and what was read from them
    // (build's listening stage) or from a note.
    std::vector<MediaLink> transcript_links;
    std::optional<MediaLink> chapters_link;
    Chapters chapters;
    SharedTranscript transcript;
    std::vector<Person> persons;
    std::vector<Soundbite> soundbites;
    std::vector<Funding> funding;
    Value value;                  // whom value for value pays (the channel's unless the item has its own)
    std::vector<FeedLink> links;  // where it is discussed, its video, licence and place

    friend bool operator==(const Episode&, const Episode&) = default;
};

// The guid the site's feeds know an episode by: the one it was published under, else its own.
inline const std::string& feed_guid(const Episode& e) {
    return e.published_guid.empty() ? e.guid : e.published_guid;
}

// Two sources disagree on a field beyond what noise explains.
struct Conflict {
    std::string slug;
    std::string field;
    std::string kept;  // the value kept, and where from
    std::string kept_source;
    std::string other;  // the value not kept
    std::string other_source;
};

// A record that became no episode, and why.
struct DroppedRecord {
    Provenance from;
    std::string reason;
};

// How many episodes a directory says the show has, and which says so.
struct AnnouncedCount {
    int episodes = 0;
    Provenance from;

    friend bool operator==(const AnnouncedCount&, const AnnouncedCount&) = default;
};

struct Catalog {
    Channel channel;                          // from the feed when there is one, else from site.yaml
    std::optional<AnnouncedCount> announced;  // the highest count a directory page gives
    std::vector<Episode> episodes;            // newest first; episodes without a date last
    std::vector<Conflict> conflicts;
    std::vector<DroppedRecord> dropped;
    std::vector<RecordOrigin> record_origins;  // the files its episodes' records name (RecordPlace::origin)

    // The file of a record of its episodes. (An origin a damaged kept file names out of range is
    // no file, not a crash.)
    const RecordOrigin& origin_of(const RecordPlace& at) const {
        static const RecordOrigin none;
        return at.origin < record_origins.size() ? record_origins[at.origin] : none;
    }
    // That record's provenance, as its source had it.
    Provenance provenance(const RecordPlace& at) const {
        const RecordOrigin& o = origin_of(at);
        return {o.source, o.file, at.line, at.end_line, o.via};
    }
};

// The position of `e` in `episodes` (a catalog's, or any range of them), or nullopt when it is
// not one of them. Caches of per-episode values index by it.
inline std::optional<std::size_t> position_in(std::span<const Episode> episodes, const Episode& e) {
    std::less<const Episode*> before;  // a total order, also for pointers into other arrays
    if (before(&e, episodes.data()) || !before(&e, episodes.data() + episodes.size())) return std::nullopt;
    return static_cast<std::size_t>(&e - episodes.data());
}

}  // namespace core
