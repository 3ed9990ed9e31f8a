#pragma once
// The last build as `build` keeps it on disk (folder_build.hpp): its record beside the output
// folder (saved_build.hpp). Its content is not kept: to plan from it, the notes it recorded are
// applied again to this build's merged sources (the same sources: a record's pages and notes
// are started from only when nothing but notes changed).
#include <memory>
#include <optional>
#include <vector>

#include "pipeline/last_build.hpp"
#include "pipeline/saved_build.hpp"

namespace pipeline {

class LastBuildOnDisk : public LastBuild {
public:
    // No build recorded: every page is rendered, and the output folder's feed.xml is read.
    LastBuildOnDisk() = default;
    // The record of the build the output folder holds: its feed's items; its pages and notes
    // only when `notes_only` changed since.
    LastBuildOnDisk(BuildRecord record, bool notes_only);

    // What this build leaves, for the record file.
    BuildRecord record() &&;

    const render::TemplateSet& templates(const config::SiteConfig& config) override;
    std::future<notes::NoteSet> read_notes(const config::SiteConfig& config) override;
    std::future<std::shared_ptr<const render::SiteContent>> content_before(const MergedSources& merged) override;
    render::SiteContent curate(const notes::NoteSet& notes, MergedSources& merged) override;
    bool keep_content(std::shared_ptr<render::SiteContent>) override { return false; }
    std::optional<InputFeed> output_feed(const config::SiteConfig& config) override;
    void keep_rest(std::optional<MergedSources> loaded, const std::vector<feed::ItemIdentity>* feed_items) override;

private:
    notes::NoteTexts m_recorded;  // the note files the last build read, as it read them
    notes::NoteTexts m_read;      // this build's, as it reads them
    std::future<notes::NoteSet> m_recorded_notes;  // m_recorded, parsed (to plan from)
    std::optional<std::vector<feed::ItemIdentity>> m_feed;  // feed.xml's items as apps know them
    std::unique_ptr<render::TemplateSet> m_templates;
};

}  // namespace pipeline
