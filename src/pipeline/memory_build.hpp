#pragma once
// The last build kept in memory, as `serve` keeps it between rebuilds (session.hpp): its merged
// sources (a rebuild after a note edit starts from them), what its pages were made from, the
// templates, the notes parsed and rendered, and its record of pages.
//
// Work that would otherwise sit between a save and the page served is done ahead, while nobody
// waits (prepare_next): the copy of the merged catalog the next notes stage takes, and an index
// of which pages read each key, with what the pages are made from, for an edit of a note's body.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "pipeline/last_build.hpp"
#include "pipeline/notes_stage.hpp"

namespace pipeline {

class LastBuildInMemory : public LastBuild {
public:
    // The notes as parsed and rendered, kept between builds (the file cache is the session's to
    // keep up to date with what changed on disk).
    NoteCaches note_caches;

    // Before a build after a change to more than notes: nothing kept is this build's.
    void forget();
    // True when what is kept is a whole, successful build's (the next build may start from it).
    bool current() const { return m_current; }

    // A note file as it was before an edit: its path in the note cache, and the note it held.
    struct Edited {
        std::string path;
        std::shared_ptr<const notes::EpisodeNote> before;  // nullptr: none, or one with problems
    };
    // When `edited` is one note whose body alone changed (the usual save while writing one), and
    // the kept content was made from the notes as they were: reads it, applies the new body to the
    // kept content in place and keeps the key it changed for the next build (known_edit). False,
    // the kept content unchanged, otherwise: every note is applied again.
    bool edit_body(const std::vector<Edited>& edited, const config::SiteConfig& config);

    // What the kept build's pages were made from, and its merged sources (null before a build).
    const std::shared_ptr<render::SiteContent>& content() const { return m_content; }
    const MergedSources* sources() const { return m_merged ? &*m_merged : nullptr; }
    // Lets go of the content a rebuild replaced (kept until now: freeing it is not done between a
    // save and its page).
    void let_go_of_replaced() {
        m_replaced_index.reset();
        m_replaced.reset();
    }
    // Done while nobody waits (see above).
    void prepare_next(const config::SiteConfig& config);

    const render::TemplateSet& templates(const config::SiteConfig& config) override;
    MergedSources* kept_sources() override { return m_current && m_merged ? &*m_merged : nullptr; }
    std::optional<KnownEdit> known_edit() override;
    std::future<notes::NoteSet> read_notes(const config::SiteConfig& config) override;
    std::future<std::shared_ptr<const render::SiteContent>> content_before(const MergedSources& merged) override;
    render::SiteContent curate(const notes::NoteSet& notes, MergedSources& merged) override;
    const render::TextCache* texts_before() const override;
    std::shared_ptr<const render::RenderInputs> render_inputs(const config::SiteConfig& config, const render::SiteContent& content) override;
    render::PageSink sink(const PagePlan& plan, output::Output& out) override;
    // Nothing to do: a rebuild in memory renders into a copy of the last build's site (Session),
    // which holds them.
    void keep_unrendered(const render::PageSink&, output::Output&) override {}
    bool keep_content(std::shared_ptr<render::SiteContent> content) override;
    void keep_rest(std::optional<MergedSources> loaded, const std::vector<feed::ItemIdentity>* feed_items) override;

private:
    bool m_current = false;  // what is kept is a whole, successful build's
    // The note cache holds the notes the kept content was made from; not after a failed notes
    // stage, whose notes were read but not applied (an edit of one of those is not of a body alone).
    bool m_notes_as_applied = false;
    std::optional<render::TemplateSet> m_templates;
    bool m_templates_have_words = false;  // the interface's words are written into m_templates
    std::optional<MergedSources> m_merged;
    std::shared_ptr<render::SiteContent> m_content;
    std::shared_ptr<render::SiteContent> m_replaced;
    std::optional<core::Catalog> m_spare;  // a copy of m_merged's catalog, for the next notes stage
    std::optional<render::ChangedKeys> m_known;  // edit_body's keys, for the next build

    // The pages that read each key (pointing at the paths of `pages`), and what m_content's pages
    // are made from: made while nobody waits; dropped whenever the kept build changes otherwise.
    struct ReadersIndex {
        ReadersIndex(const config::SiteConfig& config, const render::SiteContent& content, const render::Dependencies& pages);
        std::shared_ptr<const render::RenderInputs> inputs;
        std::unordered_map<render::DepKey, std::vector<const std::string*>> readers;
        std::unordered_set<std::string> readers_of(const render::ChangedKeys& keys) const;
    };
    std::unique_ptr<ReadersIndex> m_index;
    std::unique_ptr<ReadersIndex> m_replaced_index;  // m_replaced's (let go of with it)
};

}  // namespace pipeline
