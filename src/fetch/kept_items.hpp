#pragma once
// What an archive keeps of a feed: the items its host no longer lists. Hosts trim their feeds
// to the newest 50-300 items; an archive exists to keep the rest. `fetch` moves every item that
// leaves the host's feed into a file beside the snapshot (sources::kept_items_path), a feed of the
// same kind holding the items as the host last wrote them, newest first, which the build reads
// with the snapshot. The snapshot itself stays the host's answer, byte for byte.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fetch {

// A kept file's text (the kept items or records beside a snapshot), "" when there is none. It is
// the archive's own: a link put in its place is not followed out of the project, nor is anything
// but a file read (files::FileError, which names it).
std::string read_kept_file(const std::filesystem::path& file);

struct KeptItems {
    std::string text;      // the kept file's new text; empty when nothing is kept (no file)
    int kept = 0;          // items in it
    int newly_kept = 0;    // of which the host dropped since the last snapshot
    int listed_again = 0;  // kept items the host lists again (they leave the file: the host's copy wins)
};

// The kept items after the host's feed went from `old_snapshot` to `new_snapshot`: those of
// `kept_before` (the file's current text, or empty) and of the old snapshot that the new one
// does not list. An item is known by its guid (an Atom entry by its id, an RSS 1.0 item by its
// rdf:about), else its audio URL, else its title. A dropped item whose episode the new snapshot
// still has under another identity that the old one did not list (the same audio URL, or the
// same title on the same day) is not kept: it was re-issued, the episode is not lost, and the
// build keeps its published guid. (A rerun the host listed beside the original, then dropped, is
// kept: it was an item of its own.) Nothing when a text is not a feed
// (the caller then leaves the kept file as it is).
std::optional<KeptItems> keep_dropped_items(std::string_view old_snapshot, std::string_view new_snapshot,
                                            std::string_view kept_before);

// A feed's text from elsewhere than its snapshot: another page of a paged feed, or a capture of
// the feed in the past. `from` is written as each of its kept items' podarchive:from.
struct MoreItems {
    std::string_view text;
    std::string from;
};

struct AddedItems {
    std::string xml;                   // the kept file's new text (kept_before's when nothing changed)
    int added = 0;                     // items neither the snapshot nor the kept file had
    int refreshed = 0;                 // kept items whose copy a current text replaced
    int known = 0;                     // items the snapshot or the kept file had already (or an earlier text)
    std::vector<std::string> skipped;  // the `from` of each text that is not a feed of the snapshot's kind
};

// Adds to the kept items (`kept_before`, or empty) the items of `more` that the snapshot does not
// list: known as in keep_dropped_items (guid, audio URL, or title and day: an item the host
// re-issued under a new guid is the same episode, unless the text lists the other identity beside
// it: a rerun under its own guid). The first text that has an item wins. With
// `current` (pages the host serves now), a page's copy of an item already kept replaces it;
// otherwise (captures of the past) a known item is left as it is. Nothing when the snapshot or
// the kept file is not a feed.
std::optional<AddedItems> add_items(std::string_view snapshot, std::string_view kept_before,
                                    const std::vector<MoreItems>& more, bool current);

}  // namespace fetch
