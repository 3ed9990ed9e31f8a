#include "pipeline/disk_build.hpp"

#include "pipeline/notes_stage.hpp"
#include "render/site_renderer.hpp"
#include "util/parallel.hpp"

namespace pipeline {

LastBuildOnDisk::LastBuildOnDisk(BuildRecord record, bool notes_only) : m_feed(std::move(record.feed)) {
    if (!notes_only) return;
    pages = std::move(record.pages);
    m_recorded = std::move(record.notes);
}

BuildRecord LastBuildOnDisk::record() && {
    return {std::move(m_read), std::move(pages), m_feed ? std::move(*m_feed) : std::vector<feed::ItemIdentity>{}};
}

const render::TemplateSet& LastBuildOnDisk::templates(const config::SiteConfig& config) {
    m_templates = std::make_unique<render::TemplateSet>(render::load_templates(config));
    return *m_templates;
}

std::future<notes::NoteSet> LastBuildOnDisk::read_notes(const config::SiteConfig& config) {
    m_recorded_notes = {};
    if (!pages.empty())
        m_recorded_notes = util::in_background([recorded = std::move(m_recorded), &config] { return notes::load_notes(recorded, config.root); });
    m_recorded.clear();
    m_read.clear();  // (this build's are recorded as they are read)
    return util::in_background([&config, read = &m_read] { return pipeline::read_notes(config, nullptr, read); });
}

namespace {

// The content the last build's pages were made from, had again from the notes it recorded;
// null when they do not apply to this catalog (they did when they were built: the record is not
// of these inputs).
std::shared_ptr<const render::SiteContent> remade(const notes::NoteSet& notes, core::Catalog merged, render::SiteInfo site) {
    try {
        return std::make_shared<const render::SiteContent>(pipeline::curate(notes, std::move(merged), std::move(site)));
    } catch (const core::InputError&) {
        return nullptr;
    }
}

}  // namespace

std::future<std::shared_ptr<const render::SiteContent>> LastBuildOnDisk::content_before(const MergedSources& merged) {
    if (!m_recorded_notes.valid()) return util::ready<std::shared_ptr<const render::SiteContent>>(nullptr);
    // Beside this build's notes stage, on a copy of the catalog it takes.
    return util::in_background([this, catalog = merged.catalog, site = merged.site]() mutable {
        return remade(m_recorded_notes.get(), std::move(catalog), std::move(site));
    });
}

render::SiteContent LastBuildOnDisk::curate(const notes::NoteSet& notes, MergedSources& merged) {
    return pipeline::curate(notes, std::move(merged.catalog), merged.site);  // (nothing keeps the merged catalog)
}

std::optional<InputFeed> LastBuildOnDisk::output_feed(const config::SiteConfig& config) {
    if (!m_feed) return previous_feed(config);
    return InputFeed{(config.output_dir() / "feed.xml").string(), *m_feed};
}

void LastBuildOnDisk::keep_rest(std::optional<MergedSources>, const std::vector<feed::ItemIdentity>* feed_items) {
    if (feed_items) m_feed = feed::as_published(*feed_items);
}

}  // namespace pipeline
