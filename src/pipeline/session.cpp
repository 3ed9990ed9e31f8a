#include "pipeline/session.hpp"

#include <algorithm>
#include <future>

#include "pipeline/build_site.hpp"
#include "pipeline/notes_stage.hpp"
#include "pipeline/plan.hpp"
#include "pipeline/publish.hpp"
#include "render/page_frame.hpp"
#include "render/site_renderer.hpp"
#include "search/index.hpp"
#include "util/files.hpp"
#include "util/parallel.hpp"
#include "util/stage_clock.hpp"

namespace pipeline {

namespace fs = std::filesystem;

bool Session::in_notes_folder(const fs::path& path) const {
    const fs::path p = fs::weakly_canonical(path);
    const auto folders = notes::note_folders(m_config->content_dir());
    return std::any_of(folders.begin(), folders.end(),
                       [&](const fs::path& folder) { return util::lexically_within(fs::weakly_canonical(folder), p); });
}

bool Session::notes_only(const std::vector<fs::path>& changed) const {
    if (!m_valid || changed.empty()) return false;
    return std::all_of(changed.begin(), changed.end(), [&](const fs::path& p) {
        return !p.filename().empty() && p.extension() == ".md" && in_notes_folder(p);
    });
}

bool Session::unread(const fs::path& path) const {
    return m_config && !path.filename().empty() && path.extension() != ".md" && in_notes_folder(path);
}

Rebuild Session::pages(const std::vector<fs::path>& changed) {
    auto& files = m_last.note_caches.files;
    if (notes_only(changed)) {
        // inotify named every file that changed: the other notes are not read again.
        std::vector<Edited> edited;
        for (const auto& path : changed) {
            fs::path want = fs::absolute(path).lexically_normal();
            std::erase_if(files.files, [&](const auto& entry) {
                fs::path p(entry.first);
                if (p.filename() != want.filename() || fs::absolute(p).lexically_normal() != want) return false;
                const auto& e = entry.second;
                edited.push_back({entry.first, e.diagnostics.empty() ? e.episode : nullptr});
                return true;
            });
        }
        files.verify = false;
        try {
            return incremental(edited);
        } catch (...) {
            m_notes_as_applied = false;
            throw;
        }
    }
    files.verify = true;  // a whole build reads every note (a parse is skipped when its bytes are unchanged)
    // A note's transcript or chapters file is read with the note: such notes are read again.
    std::erase_if(files.files, [](const auto& entry) {
        const auto& note = entry.second.episode;
        return note && (note->transcript_file || note->chapters_file);
    });
    return whole();
}

Rebuild Session::whole() {
    m_valid = false;
    m_index.reset();
    m_spare.reset();
    m_retired.reset();
    m_config = config::load_config(m_config_path);
    m_templates.emplace(render::load_templates(*m_config));
    auto site = std::make_shared<output::MemoryOutput>();
    m_last.pages.clear();  // (a whole build starts from none of the last one's pages)
    build_site(*m_config, *site, &m_last);
    // The interface's words written into the templates now, not at each edit (render_site
    // finds nothing left to write).
    m_templates.emplace(m_templates->with_constants(render::word_constants(*m_last.content->site.words)));
    m_site = site;
    m_spare = m_last.merged->catalog;
    m_valid = m_notes_as_applied = true;
    index_readers();
    Rebuild result;
    result.site = site;
    result.pages_rendered = result.pages = m_last.pages.size();
    return result;
}

Rebuild Session::incremental(const std::vector<Edited>& edited) {
    const config::SiteConfig& config = *m_config;
    Rebuild result;
    util::StageClock clock(&result.stages);
    auto stage = [&](const char* name) { clock.lap(name); };
    if (auto keys = body_edit(edited)) {
        // The catalog, the site and every other note are as they were: no copy of them is made.
        result.bodies_only = true;
        stage("notes");
        index_readers();
        auto out = std::make_shared<output::MemoryOutput>(*m_site);  // shares the unchanged files
        render_changed(m_index->inputs, render::PageSink::for_readers(*out, m_last.pages, m_index->readers_of(*keys)), out, result);
        m_valid = true;
        stage("render");
        return result;
    }
    // The notes stage again, on a copy of the merged catalog (the notes change it).
    m_index.reset();
    notes::NoteSet notes = read_notes(config, &m_last.note_caches.files);
    core::Catalog catalog = m_spare ? std::move(*m_spare) : m_last.merged->catalog;
    m_spare.reset();
    auto content = std::make_shared<render::SiteContent>(curate(notes, std::move(catalog), m_last.merged->site, &m_last.note_caches.apply));
    stage("notes");
    // The plan, on a thread of its own while what the pages are made from is prepared (all
    // only read the content, the last build's and this one's).
    auto planning = util::in_background([&] { return plan_pages(m_last.content.get(), *content); });
    add_texts(*content, m_last.content->site.texts.get());
    std::optional<render::RenderInputs> inputs(std::in_place, config, *content);
    const PagePlan plan = planning.get();
    stage("texts+changes");
    auto out = std::make_shared<output::MemoryOutput>(*m_site);  // shares the unchanged files
    render_changed(*inputs, plan_sink(plan, *out, &m_last.pages), out, result);
    inputs.reset();  // (it refers to the content kept below)
    stage("render");
    m_retired = std::move(m_last.content);  // (let go of after the page is served: feeds())
    m_last.content = std::move(content);
    m_valid = m_notes_as_applied = true;
    return result;
}

// A note's body alone changed (the usual save while writing one): only its episode's note_html
// changes, in place. Not for several files at once: all of them or none would have to qualify.
std::optional<render::ChangedKeys> Session::body_edit(const std::vector<Edited>& edited) {
    if (!m_notes_as_applied || edited.size() != 1 || !edited[0].before) return std::nullopt;
    // Read alone; kept in the cache, where reading every note finds it if they are all needed.
    auto& now = m_last.note_caches.files.files[edited[0].path] = notes::read_episode_note_file(edited[0].path, m_config->root);
    if (!now.episode || !now.diagnostics.empty()) return std::nullopt;
    const render::SitePaths& paths = m_last.content->site.paths;
    m_valid = false;  // while the curation changes, until its pages are rendered
    auto slug = notes::apply_body_edit(m_last.merged->catalog, *edited[0].before, *now.episode,
                                       episode_url(paths),
                                       m_last.note_caches.apply, m_last.content->curation);
    if (!slug) {
        m_valid = true;  // nothing was changed
        return std::nullopt;
    }
    return render::ChangedKeys{render::dep::note(*slug)};
}

// Renders the pages `sink` wants into `out`, a copy of the site, which becomes the site.
void Session::render_changed(const render::RenderInputs& inputs, render::PageSink sink,
                             const std::shared_ptr<output::MemoryOutput>& out, Rebuild& result) {
    m_valid = false;  // until the record and the state agree again (a throw leaves a whole build next)
    render::render_site(inputs, *m_templates, sink, &result.stages);
    std::vector<std::string> vanished = sink.vanished();  // a topic no episode has any more
    for (const auto& path : vanished) out->remove(path);
    if (!vanished.empty()) m_index.reset();  // its readers pointed at their records
    result.pages_rendered = sink.rendered();
    m_site = out;
    result.site = out;
    result.whole = false;
    result.pages = m_last.pages.size();
}

std::shared_ptr<const output::MemoryOutput> Session::feeds() {
    m_retired.reset();
    if (!m_spare) m_spare = m_last.merged->catalog;  // (still there after an edit of a body alone)
    auto out = std::make_shared<output::MemoryOutput>(*m_site);
    // The index is written whole: no file of a word or filter gone may stay.
    for (std::string_view part : search::k_index_parts) out->remove_under(std::string(part));
    const std::optional<InputFeed> previous = previous_feed(*m_config);
    write_index_and_feeds(*m_config, m_last.merged->input_feeds, previous ? &*previous : nullptr, nullptr, m_last.content, *out);
    m_site = out;
    index_readers();
    return out;
}

// Made while nobody waits (after a whole build, and with the feeds), not on the next save.
void Session::index_readers() {
    if (!m_index) m_index.emplace(*m_config, m_last);
}

Session::ReadersIndex::ReadersIndex(const config::SiteConfig& config, const LastBuild& last)
    : inputs(config, *last.content) {
    for (const auto& [path, keys] : last.pages)
        for (render::DepKey key : keys) readers[key].push_back(&path);
}

std::unordered_set<std::string> Session::ReadersIndex::readers_of(const render::ChangedKeys& keys) const {
    std::unordered_set<std::string> paths;
    for (render::DepKey key : keys)
        if (auto it = readers.find(key); it != readers.end())
            for (const std::string* path : it->second) paths.insert(*path);
    return paths;
}

}  // namespace pipeline
