#pragma once
// Rebuilds for `serve`, through the one sequence `build` runs too (pipeline/build_site.hpp),
// with the last build kept in memory: the first build is whole; after a change to notes alone
// the kept sources are started from, and the planner (pipeline/plan.hpp) picks the pages to
// render, from what the notes changed or, after an edit of a note's body alone, from the key it
// changed.
// Anything else (site.yaml, a source, a template, a static file) gets a whole build.
//
// An incremental rebuild has two steps: pages() gives the site with every page up to date (what
// the browser reloads), then feeds() adds the search index, feed.xml and feed.json, which read
// every episode and take longer.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "concurrency/stage_clock.hpp"
#include "config/site_config.hpp"
#include "output/output.hpp"
#include "pipeline/change.hpp"
#include "pipeline/last_build.hpp"
#include "stages/notes.hpp"

namespace in_memory {

// What a rebuild made.
struct Rebuild {
    std::shared_ptr<const output::MemoryOutput> site;
    bool whole = true;         // false: an incremental rebuild (feeds() still to come)
    bool bodies_only = false;  // only a note's body changed: the notes were not applied again
    std::size_t pages_rendered = 0;
    std::size_t pages = 0;
    concurrency::StageTimes stages;
};

// The state `serve` holds between rebuilds of one site (site.yaml at `config_path`): the last
// build, held whole in memory (pipeline/last_build.hpp), the notes parsed and rendered, and the
// site it made. Work that would otherwise sit between a save and the page served is done while
// nobody waits (prepare_next), and what a rebuild replaced is let go of then too.
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
    pipeline::LastBuild m_last;
    stages::NoteCaches m_caches;
    // What the last rebuild replaced: let go of in feeds(), not between a save and its page.
    std::vector<std::shared_ptr<const void>> m_replaced;
    std::shared_ptr<output::MemoryOutput> m_site;
};

}  // namespace in_memory
