#pragma once
// What a build leaves for the next one to plan from, and the place that keeps it. One
// interface, two places: `serve` keeps the last build in memory (memory_build.hpp), `build`
// keeps its record on disk beside the output folder (disk_build.hpp). The build's one sequence
// (build_site.hpp) asks the place the questions below, in the order they are declared, and
// never which place it is.
#include <future>
#include <memory>
#include <optional>
#include <vector>

#include "config/site_config.hpp"
#include "output/output.hpp"
#include "pipeline/plan.hpp"
#include "pipeline/sources_stage.hpp"
#include "feed/identity.hpp"
#include "notes/load_notes.hpp"
#include "render/page_sink.hpp"
#include "render/render_inputs.hpp"
#include "render/site_content.hpp"
#include "render/template_set.hpp"

namespace pipeline {

// An edit the place has already applied to the content it keeps (a note's body alone, in
// `serve`): the planner starts from the keys it changed, and the notes stage does not run.
struct KnownEdit {
    std::shared_ptr<render::SiteContent> content;  // the kept content, the edit applied
    render::ChangedKeys changed;
};

class LastBuild {
public:
    virtual ~LastBuild() = default;
    LastBuild() = default;
    LastBuild(LastBuild&&) = default;
    LastBuild& operator=(LastBuild&&) = default;

    // Every page of the last build and the keys of the inputs it read. Empty when the next
    // build may not start from them (before any build, or after a change to more than notes):
    // it then renders every page. Rendering brings it up to date.
    render::Dependencies pages;

    // The templates (a place may keep them between builds of unchanged templates).
    virtual const render::TemplateSet& templates(const config::SiteConfig& config) = 0;
    // The merged sources kept from the last build when they are this build's too (nothing but
    // notes changed since); null: the build loads and merges them.
    virtual MergedSources* kept_sources() { return nullptr; }
    // An edit already applied to the kept content, if any (the notes stage is then skipped).
    virtual std::optional<KnownEdit> known_edit() { return std::nullopt; }

    // Starts reading this build's notes, on a thread of their own while the sources load.
    virtual std::future<notes::NoteSet> read_notes(const config::SiteConfig& config) = 0;
    // The feed the output folder holds, which the new feed must keep (nothing: none); asked
    // beside the sources too, when the build writes the feeds.
    virtual std::optional<InputFeed> output_feed(const config::SiteConfig& config) { return previous_feed(config); }
    // What the last build's pages were made from, to plan from; null when the build cannot
    // start from its pages. Called before curate() (which may take `merged`'s catalog).
    virtual std::future<std::shared_ptr<const render::SiteContent>> content_before(const MergedSources& merged) = 0;
    // The notes applied to the merged sources: what this build's pages are made from, without
    // the episodes' texts yet. Throws core::InputError with every problem.
    virtual render::SiteContent curate(const notes::NoteSet& notes, MergedSources& merged) = 0;
    // The episodes' texts of the last build, to reuse where show notes are the same (null: none).
    virtual const render::TextCache* texts_before() const { return nullptr; }

    // What the pages are made from, prepared (it refers to `content`).
    virtual std::shared_ptr<const render::RenderInputs> render_inputs(const config::SiteConfig& config, const render::SiteContent& content) {
        return std::make_shared<const render::RenderInputs>(config, content);
    }
    // The sink that renders what `plan` asks for into `out`, keeping `pages` up to date (the
    // pages are not all recorded until the build is done).
    virtual render::PageSink sink(const PagePlan& plan, output::Output& out) { return plan_sink(plan, out, pages); }
    // After a plan that rendered some pages: has `out` keep the last build's pages `sink` did
    // not render (Output::keep), or throws CannotKeep (publish.hpp) when it cannot.
    virtual void keep_unrendered(const render::PageSink& sink, output::Output& out);

    // Keeps what this build's pages were made from, if this place keeps it; true when it does
    // (the feeds stage may then not free the episodes' transcripts).
    virtual bool keep_content(std::shared_ptr<render::SiteContent> content) = 0;
    // Keeps what the next build starts from of this one's sources (`loaded`: the sources it
    // loaded; nothing when it used the kept ones) and of its feed (null: no feed was written).
    virtual void keep_rest(std::optional<MergedSources> loaded, const std::vector<feed::ItemIdentity>* feed_items) = 0;
};

}  // namespace pipeline
