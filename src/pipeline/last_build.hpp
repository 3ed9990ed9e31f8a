#pragma once
// What a build leaves for the next one, and the place that holds it: the caller's. `serve`
// holds one in memory between rebuilds; `build` holds one on disk beside the output folder
// (folder_build.hpp, saved_build.hpp). The planner (plan.hpp) reads both the same way; what
// differs is how the last build's content is had again: in memory it is held as it was, on disk
// the notes the build read are recorded and applied again to the next build's merged sources
// (the same sources: a record is used only when nothing but notes changed).
#include <memory>
#include <optional>
#include <vector>

#include "pipeline/notes_stage.hpp"
#include "pipeline/sources_stage.hpp"
#include "feed/identity.hpp"
#include "notes/load_notes.hpp"
#include "render/page_sink.hpp"
#include "render/site_content.hpp"

namespace pipeline {

// The last build, as the place holds it (see above).
struct LastBuild {
    enum class Place { memory, disk };
    explicit LastBuild(Place where) : place(where) {}

    Place place;
    // Every page of the last build and the keys of the inputs it read. Empty when the next
    // build may not start from them (before any build, or after a change to more than notes):
    // it then renders every page.
    render::Dependencies pages;
    // feed.xml's items as podcast apps know them (the new feed must keep them); nothing: the
    // next build reads the output folder's feed.xml.
    std::optional<std::vector<feed::ItemIdentity>> feed;

    // On disk: the note files the build read, as it read them.
    notes::NoteTexts notes;

    // In memory: the merged sources (a rebuild after a note edit starts from them), what the
    // pages were made from, and the notes parsed and rendered.
    std::optional<MergedSources> merged;
    std::shared_ptr<render::SiteContent> content;
    NoteCaches note_caches;
};

}  // namespace pipeline
