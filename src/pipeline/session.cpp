#include "pipeline/session.hpp"

#include <algorithm>

#include "pipeline/build_site.hpp"
#include "search/index.hpp"
#include "util/files.hpp"

namespace pipeline {

namespace fs = std::filesystem;

bool Session::in_notes_folder(const fs::path& path) const {
    const fs::path p = fs::weakly_canonical(path);
    const auto folders = notes::note_folders(m_config->content_dir());
    return std::any_of(folders.begin(), folders.end(),
                       [&](const fs::path& folder) { return util::lexically_within(fs::weakly_canonical(folder), p); });
}

bool Session::notes_only(const std::vector<fs::path>& changed) const {
    if (!m_last.current() || changed.empty()) return false;
    return std::all_of(changed.begin(), changed.end(), [&](const fs::path& p) {
        return !p.filename().empty() && p.extension() == ".md" && in_notes_folder(p);
    });
}

bool Session::unread(const fs::path& path) const {
    return m_config && !path.filename().empty() && path.extension() != ".md" && in_notes_folder(path);
}

// The edited files, taken out of the note cache: inotify named every file that changed, so the
// other notes are not read again.
std::vector<LastBuildInMemory::Edited> Session::take_edited(const std::vector<fs::path>& changed) {
    auto& files = m_last.note_caches.files;
    std::vector<LastBuildInMemory::Edited> edited;
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
    return edited;
}

Rebuild Session::pages(const std::vector<fs::path>& changed) {
    Rebuild result;
    result.whole = !notes_only(changed);
    if (result.whole) {
        m_last.forget();
        auto& files = m_last.note_caches.files;
        files.verify = true;  // a whole build reads every note (a parse is skipped when its bytes are unchanged)
        // A note's transcript or chapters file is read with the note: such notes are read again.
        std::erase_if(files.files, [](const auto& entry) {
            const auto& note = entry.second.episode;
            return note && (note->transcript_file || note->chapters_file);
        });
        m_config = config::load_config(m_config_path);
    } else {
        result.bodies_only = m_last.edit_body(take_edited(changed), *m_config);
    }
    // A rebuild after a note edit starts from a copy of the site, which shares the unchanged
    // files, and leaves the search index and the feeds to feeds().
    auto out = result.whole ? std::make_shared<output::MemoryOutput>() : std::make_shared<output::MemoryOutput>(*m_site);
    BuildReport report = build_site(*m_config, *out, m_last, {.feeds = result.whole});
    m_site = out;
    if (result.whole) m_last.prepare_next(*m_config);  // (while nobody waits)
    result.site = out;
    result.pages_rendered = report.pages_rendered;
    result.pages = report.pages;
    result.stages = std::move(report.stages);
    return result;
}

std::shared_ptr<const output::MemoryOutput> Session::feeds() {
    m_last.let_go_of_replaced();
    if (!m_last.sources() || !m_last.content()) return m_site;  // (no good build yet)
    auto out = std::make_shared<output::MemoryOutput>(*m_site);
    // The index is written whole: no file of a word or filter gone may stay.
    for (std::string_view part : search::k_index_parts) out->remove_under(std::string(part));
    build_feeds(*m_config, *m_last.sources(), m_last.content(), m_last, *out);
    m_site = out;
    m_last.prepare_next(*m_config);  // (while nobody waits)
    return out;
}

}  // namespace pipeline
