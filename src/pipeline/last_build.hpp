#pragma once
// What a build was made from: the plain value the next build plans from (ninja's build log, as
// RecomputeDirty reads it). The sequence (build_site.hpp) takes it and leaves this build's in
// its place; where it is kept is the caller's business: `serve` holds it in memory between
// rebuilds (in_memory/session.hpp), `build` saves part of it beside the output folder and loads
// it back (on_disk/saved_build.hpp, on_disk/folder_build.hpp). What was kept decides nothing:
// the classifier (change.hpp) and the planner (plan.hpp) do, for both.
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "config/site_config.hpp"
#include "core/episode.hpp"
#include "feed/feed_writer.hpp"
#include "feed/identity.hpp"
#include "notes/load_notes.hpp"
#include "render/page_sink.hpp"
#include "render/render_inputs.hpp"
#include "render/template_set.hpp"
#include "site/site_content.hpp"
#include "stages/notes.hpp"
#include "stages/sources.hpp"

namespace pipeline {

// The pages that read each key (pointing at the paths of a LastBuild's `pages`), and what its
// content's pages are made from: what an edit of a note's body renders from without declaring
// every page. Made while nobody waits (prepare_next).
struct PageReaders {
    PageReaders(const config::SiteConfig& config, const site::SiteContent& content, const render::Dependencies& pages);
    std::shared_ptr<const render::RenderInputs> inputs;
    std::unordered_map<render::DepKey, std::vector<const std::string*>> readers;
    std::unordered_set<std::string> readers_of(const render::ChangedKeys& keys) const;
};

struct LastBuild {
    // Every page and the keys of the inputs it read. Empty: there is no build to start from
    // (none yet, or the last one failed), and the next renders every page.
    render::Dependencies pages{};
    // The note files it read, as it read them (when read without serve's cache): `build` makes
    // its content again from them to plan from.
    notes::NoteTexts notes{};
    // feed.xml's items as it wrote them in the output folder, with where each is in it: the next
    // build keeps them as podcast apps know them (feed::as_published) and, after an edit of notes,
    // copies those of the episodes the edit did not change. Nothing: it wrote no feed.xml there,
    // and the next build reads the folder's.
    std::optional<feed::WrittenFeed> feed_items{};
    // Its merge, as `build` kept it on disk (on_disk/saved_sources.hpp): the next build, when only notes
    // changed, starts from it instead of loading and merging the sources.
    std::optional<stages::MergeResult> merge{};
    // Its episodes' texts: as `build` kept them on disk (on_disk/saved_texts.hpp,
    // BuildOptions::keep_texts), which the next build after an edit of notes reuses; and as it
    // made them, for `build` to let go of where it writes the record (`build` alone: serve's
    // content holds them).
    std::shared_ptr<const site::TextCache> texts{};
    // Its notes as parsed and their bodies as rendered (the caches `serve` keeps in memory), as
    // `build` kept them on disk (on_disk/saved_notes.hpp, BuildOptions::keep_notes): the next
    // build after an edit of notes takes every note whose bytes are the same and every body
    // rendered before from them.
    stages::NoteCaches note_caches{};

    // Held in memory alone (`serve`); empty when loaded from disk.
    std::shared_ptr<stages::MergedSources> sources{};        // its merged sources, before the notes
    std::shared_ptr<site::SiteContent> content{};            // what its pages were made from
    std::shared_ptr<const render::TemplateSet> templates{};  // its templates, the interface's words written in
    // Made ahead while nobody waits (prepare_next), taken by the next build.
    std::shared_ptr<core::Catalog> spare{};        // a copy of sources' catalog, for the next notes stage
    std::shared_ptr<const PageReaders> readers{};  // of `pages` and `content`
};

// The feed the output folder holds, which the new feed must keep (nothing: none): `last`'s
// record of it, else the folder's feed.xml.
std::optional<stages::InputFeed> output_feed(const LastBuild& last, const config::SiteConfig& config);

// Makes what `last` can have ahead (LastBuild::spare, readers), while nobody waits for a page.
void prepare_next(LastBuild& last, const config::SiteConfig& config);

}  // namespace pipeline
