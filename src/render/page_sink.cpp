#include "render/page_sink.hpp"

#include <algorithm>

namespace render {

namespace {

// The pages whose keys include a changed one.
std::unordered_set<std::string> readers_in(const Dependencies& reads, const ChangedKeys& changed) {
    std::unordered_set<std::string> readers;
    for (const auto& [path, keys] : reads)
        if (std::any_of(keys.begin(), keys.end(), [&](DepKey k) { return changed.count(k) > 0; })) readers.insert(path);
    return readers;
}

}  // namespace

PageSink::PageSink(output::Output& out, Dependencies& reads, const ChangedKeys& changed)
    : m_out(out), m_reads(&reads), m_incremental(true), m_affected(readers_in(reads, changed)) {}

PageSink PageSink::for_readers(output::Output& out, Dependencies& reads, std::unordered_set<std::string> readers) {
    return PageSink(out, reads, std::move(readers));
}

PageSink PageSink::for_readers(output::Output& out, Dependencies& reads, const ChangedKeys& changed) {
    return PageSink(out, reads, readers_in(reads, changed));
}

PageSink::PageSink(output::Output& out, Dependencies& reads, std::unordered_set<std::string> readers)
    : m_out(out), m_reads(&reads), m_incremental(true), m_same_pages(true), m_affected(std::move(readers)) {}

bool PageSink::wanted(const std::string& path) {
    if (m_incremental) {
        if (!m_affected.count(path) && (m_same_pages || m_reads->count(path))) return false;
        m_declared.insert(path);
    }
    ++m_rendered;
    return true;
}

bool PageSink::wants_under(std::string_view dir) const {
    // (Only when no page comes or goes: a new page may be in any folder.)
    return !m_same_pages || std::any_of(m_affected.begin(), m_affected.end(),
                                        [dir](const std::string& path) { return path.starts_with(dir); });
}

std::vector<std::string> PageSink::vanished() {
    std::vector<std::string> gone;
    for (const auto& path : m_affected)
        if (!m_declared.count(path)) gone.push_back(path);
    std::sort(gone.begin(), gone.end());
    for (const auto& path : gone) m_reads->erase(path);
    return gone;
}

}  // namespace render
