#pragma once
// Where render_site sends pages, and what each page was made from.
//
// Every page is declared, and rendered when the sink wants it; its model (render/pages.hpp)
// returns the keys of the inputs its data read (below) with the data, and the sink keeps them.
// A full build renders every page and keeps the keys; an incremental rebuild (the planner,
// pipeline/plan.hpp) passes the keys that changed and gets only the pages that read one of them.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "files/hash.hpp"
#include "output/output.hpp"

namespace render {

// A key is a hash of its kind and name: no string is built for the ~6 keys of each of
// thousands of pages. Two keys hashing alike could only make a page render when it need not.
using DepKey = std::uint64_t;
using DepKeys = std::vector<DepKey>;
using ChangedKeys = std::unordered_set<DepKey>;

namespace dep {
inline DepKey key(std::uint64_t kind, std::string_view name) {
    return files::content_hash(name, kind);
}
inline const DepKey site = key(1, "");         // site.yaml, site::SiteInfo, navigation, templates
inline const DepKey order = key(2, "");        // which episodes exist, in which order
inline const DepKey any_episode = key(3, "");  // some episode's own fields (the archive lists all)
inline DepKey episode(std::string_view slug) {
    return key(4, slug);
}  // its fields and text
inline DepKey note(std::string_view slug) {
    return key(5, slug);
}  // what its note adds
inline DepKey card_note(std::string_view slug) {
    return key(6, slug);
}  // what cards show of it: summary, topics
inline DepKey term(std::string_view section, std::string_view term_slug) {
    return key(7, section) ^ key(8, term_slug);
}
inline DepKey term_index(std::string_view section) {
    return key(9, section);
}
inline DepKey page(std::string_view slug) {
    return key(10, slug);
}
inline DepKey listening(std::string_view slug) {
    return key(11, slug);
}  // its chapters and transcript (only its page shows them)
}  // namespace dep

// Output path -> the keys of the inputs the page read.
using Dependencies = std::unordered_map<std::string, DepKeys>;

class PageSink {
public:
    // A whole build: every page is rendered; `reads` (optional) receives each page's keys.
    explicit PageSink(output::Output& out, Dependencies* reads = nullptr) : m_out(out), m_reads(reads) {
        if (m_reads) m_reads->clear();
    }

    // An incremental rebuild: `reads` holds the last build's keys and is brought up to date.
    // Only pages that read a key in `changed`, and new pages, are rendered. A page that read
    // none keeps its keys without their being computed again: a page's keys come from the
    // episode order and its own episodes' notes, which are keys themselves, so they cannot have
    // changed (the incremental test compares them with a whole build's).
    PageSink(output::Output& out, Dependencies& reads, const ChangedKeys& changed);

    // An incremental rebuild in which no page comes or goes (an edit of a note's body alone),
    // whose caller knows which pages read a changed key (`readers`, from an index of `reads`):
    // only they are rendered, and the files that list every page (the sitemap) are left as
    // they are.
    static PageSink for_readers(output::Output& out, Dependencies& reads, std::unordered_set<std::string> readers);
    // The same, its readers found in `reads` (no index made ahead).
    static PageSink for_readers(output::Output& out, Dependencies& reads, const ChangedKeys& changed);

    // Declares the page at `path`; true when it must be rendered now.
    bool wanted(const std::string& path);
    // False when no page in folder `dir` (or below it) can be wanted: a rebuild of the readers
    // of an edit alone renders a few pages of tens of thousands, and those of the others are
    // not declared at all (their paths and models made for nothing).
    bool wants_under(std::string_view dir) const;
    // What a page rendered now read (its model's keys), kept for the next build's plan.
    void note_reads(const std::string& path, DepKeys keys) {
        if (m_reads) (*m_reads)[path] = std::move(keys);
    }

    // A rendered page, or a file that is not a page (sitemap, static files): always written.
    void add(const std::string& path, std::string content) { m_out.add(path, std::move(content)); }
    // The same in two steps (Output::prepare): prepare() from any thread, add() on this one.
    output::Output::Prepared prepare(const std::string& path, std::string content) const {
        return m_out.prepare(path, std::move(content));
    }
    void add(output::Output::Prepared file) { m_out.add(std::move(file)); }

    // A file that is not a page (the sitemap), left as the last build made it: nothing it holds
    // changed. The caller carries it over with the pages not rendered.
    void keep(const std::string& path) { m_kept.push_back(path); }
    const std::vector<std::string>& kept() const { return m_kept; }

    std::size_t rendered() const { return m_rendered; }
    // An incremental rebuild: true for a page this one rendered (the others are the last build's).
    bool was_rendered(const std::string& path) const { return m_declared.count(path) > 0; }
    bool same_pages() const { return m_same_pages; }

    // After an incremental rebuild: pages of the last build this one no longer makes (a topic
    // no episode has any more). Their keys are dropped too.
    std::vector<std::string> vanished();

private:
    PageSink(output::Output& out, Dependencies& reads, std::unordered_set<std::string> readers);  // for_readers()

    output::Output& m_out;
    Dependencies* m_reads;  // each page's keys (what the build record keeps of pages)
    bool m_incremental = false;
    bool m_same_pages = false;
    std::unordered_set<std::string> m_affected;  // incremental: pages whose kept keys include a changed one
    std::unordered_set<std::string> m_declared;  // incremental: affected or new pages declared again
    std::vector<std::string> m_kept;             // files not pages, left as they are
    std::size_t m_rendered = 0;
};

}  // namespace render
