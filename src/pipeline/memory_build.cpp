#include "pipeline/memory_build.hpp"

#include "render/page_frame.hpp"
#include "render/site_renderer.hpp"
#include "util/parallel.hpp"

namespace pipeline {

void LastBuildInMemory::forget() {
    m_current = m_notes_as_applied = false;
    pages.clear();
    m_templates.reset();
    m_merged.reset();
    m_content.reset();
    m_replaced.reset();
    m_spare.reset();
    m_known.reset();
    m_index.reset();
    m_replaced_index.reset();
    note_caches.apply = {};  // (the rendered note bodies were made for the catalog let go of)
}

bool LastBuildInMemory::edit_body(const std::vector<Edited>& edited, const config::SiteConfig& config) {
    if (!m_current || !m_notes_as_applied || edited.size() != 1 || !edited[0].before) return false;
    // Read alone; kept in the cache, where reading every note finds it if they are all needed.
    auto& now = note_caches.files.files[edited[0].path] = notes::read_episode_note_file(edited[0].path, config.root);
    if (!now.episode || !now.diagnostics.empty()) return false;
    auto slug = notes::apply_body_edit(m_merged->catalog, *edited[0].before, *now.episode, episode_url(m_content->site.paths),
                                       note_caches.apply, m_content->curation);
    if (!slug) return false;
    m_known = render::ChangedKeys{render::dep::note(*slug)};
    return true;
}

void LastBuildInMemory::prepare_next(const config::SiteConfig& config) {
    if (!m_spare && m_merged) m_spare = m_merged->catalog;
    if (!m_index && m_content) m_index = std::make_unique<ReadersIndex>(config, *m_content, pages);
}

const render::TemplateSet& LastBuildInMemory::templates(const config::SiteConfig& config) {
    // Kept while nothing but notes changes (a change to a template is a whole build: forget()).
    if (!m_templates) {
        m_templates.emplace(render::load_templates(config));
        m_templates_have_words = false;
    }
    return *m_templates;
}

std::optional<KnownEdit> LastBuildInMemory::known_edit() {
    if (!m_known) return std::nullopt;
    KnownEdit edit{m_content, std::move(*m_known)};
    m_known.reset();
    return edit;
}

std::future<notes::NoteSet> LastBuildInMemory::read_notes(const config::SiteConfig& config) {
    return util::in_background([&config, files = &note_caches.files] { return pipeline::read_notes(config, files); });
}

std::future<std::shared_ptr<const render::SiteContent>> LastBuildInMemory::content_before(const MergedSources&) {
    return util::ready<std::shared_ptr<const render::SiteContent>>(pages.empty() ? nullptr : m_content);
}

render::SiteContent LastBuildInMemory::curate(const notes::NoteSet& notes, MergedSources& merged) {
    // The merged sources stay whole for the next rebuild: the notes change a copy (made ahead).
    m_notes_as_applied = false;  // (until the content is kept: the cache then holds its notes)
    core::Catalog catalog = m_spare ? std::move(*m_spare) : merged.catalog;
    m_spare.reset();
    return pipeline::curate(notes, std::move(catalog), merged.site, &note_caches.apply);
}

const render::TextCache* LastBuildInMemory::texts_before() const {
    return m_current && m_content ? m_content->site.texts.get() : nullptr;
}

std::shared_ptr<const render::RenderInputs> LastBuildInMemory::render_inputs(const config::SiteConfig& config,
                                                                              const render::SiteContent& content) {
    if (&content != m_content.get()) return LastBuild::render_inputs(config, content);
    if (!m_index) m_index = std::make_unique<ReadersIndex>(config, content, pages);
    return m_index->inputs;
}

render::PageSink LastBuildInMemory::sink(const PagePlan& plan, output::Output& out) {
    m_current = false;  // until the pages and their record agree again (a throw: a whole build next)
    if (plan.same_pages && m_index) return render::PageSink::for_readers(out, pages, m_index->readers_of(plan.changed));
    return LastBuild::sink(plan, out);
}

bool LastBuildInMemory::keep_content(std::shared_ptr<render::SiteContent> content) {
    if (content != m_content) {
        // Let go of later (let_go_of_replaced), not between a save and its page.
        m_replaced = std::move(m_content);
        m_replaced_index = std::move(m_index);  // (its readers point at pages a new plan may have dropped)
        m_content = std::move(content);
    }
    if (!m_templates_have_words) {
        // The interface's words written into the templates now, not at each edit (render_site
        // finds nothing left to write).
        m_templates.emplace(m_templates->with_constants(render::word_constants(*m_content->site.words)));
        m_templates_have_words = true;
    }
    m_notes_as_applied = true;
    return true;
}

void LastBuildInMemory::keep_rest(std::optional<MergedSources> loaded, const std::vector<feed::ItemIdentity>*) {
    if (loaded) m_merged = std::move(loaded);
    m_current = true;
}

LastBuildInMemory::ReadersIndex::ReadersIndex(const config::SiteConfig& config, const render::SiteContent& content,
                                              const render::Dependencies& pages)
    : inputs(std::make_shared<const render::RenderInputs>(config, content)) {
    for (const auto& [path, keys] : pages)
        for (render::DepKey key : keys) readers[key].push_back(&path);
}

std::unordered_set<std::string> LastBuildInMemory::ReadersIndex::readers_of(const render::ChangedKeys& keys) const {
    std::unordered_set<std::string> paths;
    for (render::DepKey key : keys)
        if (auto it = readers.find(key); it != readers.end())
            for (const std::string* path : it->second) paths.insert(*path);
    return paths;
}

}  // namespace pipeline
