#pragma once
// The output of the notes stage: what the maintainer's notes add to each episode, and pages.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/episode.hpp"
#include "notes/note.hpp"
#include "text/strings.hpp"

namespace notes {

// What a note adds to one episode (fields it overrides are changed in the Catalog itself).
struct EpisodeExtras {
    std::string note_file;
    std::string summary;
    std::vector<std::string> note_topics;  // (its topics: Curation::topics_of)
    std::vector<std::string> guests;
    std::vector<std::string> errata;
    std::vector<NoteLink> links;
    std::vector<std::string> related;       // slugs, in the note's order
    std::vector<std::string> mentioned_in;  // slugs of episodes whose notes link here, archive order
    std::string note_html;                  // the note's body, rendered and sanitized
    std::optional<NoteLink> transcript;     // {type, url}
    std::optional<std::string> chapters;

    friend bool operator==(const EpisodeExtras&, const EpisodeExtras&) = default;
};

// A page of content/pages, its body rendered.
struct ContentPage {
    std::string file;
    std::string slug;
    std::string title;
    std::string description;
    std::string html;
    int order = 0;
    bool nav = true;

    friend bool operator==(const ContentPage&, const ContentPage&) = default;
};

struct Curation {
    std::unordered_map<std::string, EpisodeExtras> by_slug;  // looked up for every episode of every list: hashed
    std::vector<ContentPage> pages;                          // in navigation order

    // What notes add to the episode `e`, or nullptr. An episode whose feed gives it categories
    // has extras, empty when no note adds any: its categories are its topics (topics_of). (Held
    // by no entry of `by_slug`: most episodes of a large archive have categories and no note.)
    const EpisodeExtras* extras(const core::Episode& e) const {
        static const EpisodeExtras k_categories_alone;
        auto it = by_slug.find(e.slug);
        return it != by_slug.end() ? &it->second : e.categories.empty() ? nullptr : &k_categories_alone;
    }
    // The episode's topics: its note's (`x`, its extras), else its feed's categories.
    static const std::vector<std::string>& topics_of(const EpisodeExtras* x, const core::Episode& e) {
        return x && !x->note_topics.empty() ? x->note_topics : e.categories;
    }
    // The slug of the episode whose note is `file` (as notes name their file); null when no
    // episode has that note.
    const std::string* slug_of_note(const std::string& file) const {
        for (const auto& [slug, x] : by_slug)
            if (x.note_file == file) return &slug;
        return nullptr;
    }
};

// Names of guests as notes and feeds are matched: one guest whatever the case of its letters
// (ASCII). A set: a note or an item may name thousands.
class GuestNames {
public:
    // True when `name` was not here yet (it is now).
    bool add(std::string_view name) { return m_folded.insert(text::ascii_lower(name)).second; }

private:
    std::unordered_set<std::string> m_folded;
};

// The people of an episode: the feed's podcast:person, then the note's guests (`extras`, may be
// null) not among them.
std::vector<core::Person> episode_persons(const core::Episode& e, const EpisodeExtras* extras);

}  // namespace notes
