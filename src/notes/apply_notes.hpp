#pragma once
// Applies episode notes to the merged catalog and renders pages.
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/episode.hpp"
#include "notes/curation.hpp"
#include "notes/markdown.hpp"
#include "notes/note.hpp"

namespace notes {

// Returns the site-relative URL of an episode page for a slug (render's URL scheme).
using EpisodeUrl = std::function<std::string(const std::string& slug)>;

// Top-level names a page slug may not take: the site's own sections and files.
const std::vector<std::string>& reserved_page_slugs();

// Finds each note's episode (by slug, guid or exact title), applies its overrides to the catalog
// (each overridden field's source becomes "note:<file>"), resolves `related` and episode: links,
// records "mentioned in", and renders note bodies and pages. Drafts are checked but not applied.
// Throws core::InputError with every problem of every note: unknown episodes (naming the
// closest slugs), ambiguous ones, two notes for one episode, and the loading errors of `notes`.
// Finds episodes by slug, guid or exact title (positions in the catalog it was built from).
class EpisodeIndex {
public:
    explicit EpisodeIndex(const core::Catalog& catalog);
    // The matching episodes: one when the reference is clear. Valid while the index lives.
    std::span<const std::size_t> find(const std::string& reference) const;

private:
    // One table for the three kinds: a reference is looked up once (thousands of notes, each
    // naming an episode and related ones, in every preview rebuild). Sorted, not hashed into a
    // map: it is made on every build from tens of thousands of names (three an episode), and
    // looked up only by the notes. Sorted by each name's hash first: names compared byte by
    // byte (titles and guids that start alike) were most of the sort's time, and a name is only
    // ever looked up whole.
    enum class Kind : unsigned char { slug, guid, title };  // (the first a reference matches wins)
    struct Name {
        std::size_t hash;       // of name
        std::string_view name;  // (a view of m_text)
        Kind kind;
        friend auto operator<=>(const Name&, const Name&) = default;
        // (The one spelling of the hash, for the table and the lookups alike.)
        static Name of(std::string_view name, Kind kind) { return {std::hash<std::string_view>{}(name), name, kind}; }
    };
    std::string m_text;                   // every name, end to end
    std::vector<Name> m_names;            // in order
    std::vector<std::size_t> m_episodes;  // of each of m_names, in catalog order within a name and kind
};

// Kept by `serve` between rebuilds while the merged catalog stays the same: its episode index,
// and note bodies already rendered (so an unchanged note is not rendered again).
using MarkdownCache = std::unordered_map<std::string, RenderedMarkdown>;
struct ApplyCache {
    std::shared_ptr<const EpisodeIndex> index;
    MarkdownCache markdown;
};
// Applies `notes` to `catalog`: overrides its episodes' fields, renders each note's body
// (episode links through `episode_url`), and returns what the notes add. Throws
// core::InputError with every problem (a note naming no episode, a broken link...).
Curation apply_notes(core::Catalog& catalog, const NoteSet& notes, const EpisodeUrl& episode_url,
                     ApplyCache* cache = nullptr);

// The quick path for the most common edit: a note's body, nothing else.
struct BodyEdit {
    std::string slug;              // the episode whose note it is
    std::string old_key, new_key;  // the bodies' keys in ApplyCache::markdown
    RenderedMarkdown rendered;     // the new body
};
// `before` is the note as applied to `curation` (through `cache`, made from the catalog
// `merged`), `after` the same file now. When the two differ only in their body, the note was
// applied, and the new body links to the same episodes as the old one (each found), nothing but
// that episode's note_html can change: returns the new body, rendered. Otherwise nullopt says
// every note must be applied again (which also reports what is wrong, if anything is). Changes
// nothing: apply_body_edit() does.
std::optional<BodyEdit> body_edit(const core::Catalog& merged, const EpisodeNote& before, const EpisodeNote& after,
                                  const EpisodeUrl& episode_url, const ApplyCache& cache, const Curation& curation);
// What `build` can tell of an edit without the last build's content: true when `after` is
// `before` (not a draft) with another body alone, linking to the same episodes by the same
// names. Applied to the same catalog beside the same other notes, the two then give the same
// content but for that episode's note_html, if the note is applied at all (the caller looks it
// up in the curation). (body_edit, which has the catalog, also takes a body that names the same
// episodes another way.)
bool body_alone_changed(const EpisodeNote& before, const EpisodeNote& after);
// The body of `note` as apply_notes renders it into its episode's note_html, `merged` being the
// catalog it is applied to (before any note changes it).
std::string body_html(const core::Catalog& merged, const EpisodeNote& note, const EpisodeUrl& episode_url);
// Writes `edit` into `curation` and `cache`.
void apply_body_edit(BodyEdit edit, ApplyCache& cache, Curation& curation);

// The episodes a reference names: by slug, else guid, else exact title (one when it is clear).
std::vector<std::size_t> find_episodes(const core::Catalog& catalog, const std::string& reference);

// The front matter and body of a new note for an episode: episode, title and date pre-filled,
// empty topics (what `podarchive new note` writes).
std::string note_template(const core::Episode& episode);

// The closest existing slugs to `wanted` (at most three), for error messages.
std::vector<std::string> closest_slugs(const core::Catalog& catalog, const std::string& wanted);

}  // namespace notes
