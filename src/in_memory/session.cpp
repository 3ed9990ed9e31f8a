#include "in_memory/session.hpp"

#include "pipeline/build_site.hpp"
#include "search/index.hpp"

namespace in_memory {

namespace fs = std::filesystem;

bool Session::unread(const fs::path& path) const {
    return m_config && !path.filename().empty() && path.extension() != ".md" &&
           pipeline::in_note_folder(*m_config, path);
}

Rebuild Session::pages(const std::vector<fs::path>& changed) {
    pipeline::Change change =
        m_config ? pipeline::classify_change(*m_config, m_last, {.files = changed}, &m_caches) : pipeline::Change{};
    Rebuild result;
    result.whole = change.scope == pipeline::Change::Scope::everything;
    result.bodies_only = change.scope == pipeline::Change::Scope::note_body;
    if (result.whole) {
        auto& files = m_caches.files;
        files.verify = true;  // a whole build reads every note (a parse is skipped when its bytes are unchanged)
        // A note's transcript or chapters file is read with the note: such notes are read again.
        std::erase_if(files.files, [](const auto& entry) {
            const auto& note = entry.second.episode;
            return note && (note->transcript_file || note->chapters_file);
        });
        m_caches.apply = {};  // (the rendered note bodies were made for the catalog let go of)
        m_config = config::load_config(m_config_path);
    }
    // After an edit, what the rebuild replaces is let go of once the edits pause (feeds()); a
    // whole build lets go of it first, before its own content grows.
    m_replaced.clear();
    if (!result.whole) m_replaced = {m_last.content, m_last.readers, m_last.sources, m_last.spare};
    // A rebuild after a note edit starts on top of the site, whose other files it shows, and
    // leaves the search index and the feeds to feeds().
    auto out = result.whole
                   ? std::make_shared<output::MemoryOutput>()
                   : std::make_shared<output::MemoryOutput>(std::shared_ptr<const output::MemoryOutput>(m_site));
    pipeline::BuildReport report;
    try {
        report = pipeline::build_site(*m_config, *out, m_last, std::move(change),
                                      {.feeds = result.whole, .hold = true, .caches = &m_caches});
    } catch (...) {
        // The notes cached are no longer those the last build applied: no body edit is told
        // apart from them until every note is applied again.
        m_caches.apply.index.reset();
        throw;
    }
    m_site = out;
    if (result.whole) pipeline::prepare_next(m_last, *m_config);  // (while nobody waits)
    result.site = out;
    result.pages_rendered = report.pages_rendered;
    result.pages = report.pages;
    result.stages = std::move(report.stages);
    return result;
}

std::shared_ptr<const output::MemoryOutput> Session::feeds() {
    m_replaced = {};
    if (!m_last.sources || !m_last.content) return m_site;  // (no good build yet)
    // A copy with every file of its own (the edits' levels copied in, while nobody waits).
    auto out = std::make_shared<output::MemoryOutput>(*m_site);
    // The index is written whole: no file of a word or filter gone may stay.
    for (std::string_view part : search::k_index_parts) out->remove_under(std::string(part));
    pipeline::build_feeds(*m_config, m_last, *out);
    m_site = out;
    pipeline::prepare_next(m_last, *m_config);  // (while nobody waits)
    return out;
}

}  // namespace in_memory
