#pragma once
// Rebuilds for `serve`, whose last build is kept in memory (LastBuild, Place::memory): the first
// build is whole; after a change to notes alone, only the notes stage runs again and the planner
// (plan.hpp) picks the pages to render, as it does for `build`. Anything else (site.yaml, a
// source, a template, a static file) gets a whole build.
//
// An incremental rebuild has two steps: pages() gives the site with every page up to date (what
// the browser reloads), then feeds() adds the search index, feed.xml and feed.json, which read
// every episode and take longer.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "pipeline/last_build.hpp"
#include "config/site_config.hpp"
#include "output/output.hpp"
#include "render/render_inputs.hpp"
#include "render/template_set.hpp"
#include "util/stage_clock.hpp"

namespace pipeline {

// What a rebuild made.
struct Rebuild {
    std::shared_ptr<const output::MemoryOutput> site;
    bool whole = true;         // false: an incremental rebuild (feeds() still to come)
    bool bodies_only = false;  // only a note's body changed: the notes were not applied again
    std::size_t pages_rendered = 0;
    std::size_t pages = 0;
    util::StageTimes stages;
};

// The state `serve` holds between rebuilds of one site (site.yaml at `config_path`).
class Session {
public:
    explicit Session(std::string config_path) : m_config_path(std::move(config_path)) {}

    // Builds after `changed` files (all of them on the first call). Throws core::InputError
    // (the session holds on to its last good state: the next rebuild starts from it).
    Rebuild pages(const std::vector<std::filesystem::path>& changed);

    // True for a path the build never reads, whose change needs no rebuild: a file other than a
    // note (.md) in the notes' folders, such as an editor's backup, swap or temporary file (an
    // editor that saves by renaming leaves one beside every note it saves). Never a folder's
    // path (ending with a separator): moving a folder moves the notes in it.
    bool unread(const std::filesystem::path& path) const;

    // After an incremental pages(): the site with the search index and the feeds too.
    std::shared_ptr<const output::MemoryOutput> feeds();

    // Every page of the last build and the inputs it read.
    const render::Dependencies& dependencies() const { return m_last.pages; }

private:
    std::string m_config_path;
    std::optional<config::SiteConfig> m_config;
    std::optional<render::TemplateSet> m_templates;
    LastBuild m_last{LastBuild::Place::memory};
    bool m_valid = false;  // m_last is a whole, successful build's
    // The note cache holds the notes m_last was made from; not after a failed rebuild, whose
    // notes were read but not applied (an edit to one of those is not an edit of a body alone).
    bool m_notes_as_applied = false;
    std::shared_ptr<output::MemoryOutput> m_site;
    // Work kept off the path between a save and the page served: the copy of the merged catalog
    // the next rebuild applies the notes to is made ahead, and the last content is let go of after.
    std::optional<core::Catalog> m_spare;
    std::shared_ptr<render::SiteContent> m_retired;
    // For edits of a body alone, which change nothing of m_last but a note's HTML (read through
    // these): what pages are made from, and the pages that read each key (pointing at the paths
    // of m_last.pages). Made while nobody waits; dropped whenever m_last changes otherwise.
    struct ReadersIndex {
        ReadersIndex(const config::SiteConfig& config, const LastBuild& last);
        render::RenderInputs inputs;
        std::unordered_map<render::DepKey, std::vector<const std::string*>> readers;
        std::unordered_set<std::string> readers_of(const render::ChangedKeys& keys) const;
    };
    std::optional<ReadersIndex> m_index;

    // A note file as it was before an edit: its path in the note cache, and the note it held.
    struct Edited {
        std::string path;
        std::shared_ptr<const notes::EpisodeNote> before;  // nullptr: none, or one with problems
    };

    bool in_notes_folder(const std::filesystem::path& path) const;
    bool notes_only(const std::vector<std::filesystem::path>& changed) const;
    Rebuild whole();
    void index_readers();
    Rebuild incremental(const std::vector<Edited>& edited);
    std::optional<render::ChangedKeys> body_edit(const std::vector<Edited>& edited);
    void render_changed(const render::RenderInputs& inputs, render::PageSink sink,
                        const std::shared_ptr<output::MemoryOutput>& out, Rebuild& result);
};

}  // namespace pipeline
