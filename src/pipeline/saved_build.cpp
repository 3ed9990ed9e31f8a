#include "pipeline/saved_build.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "files/files.hpp"
#include "files/hash.hpp"
#include "output/output.hpp"

namespace pipeline {

namespace fs = std::filesystem;

namespace {

// The file: this line, then length-prefixed fields in the byte order of the machine that wrote
// it (a record is only read where it was written), then a hash of all that precedes it.
constexpr std::string_view k_magic = "podarchive build record 3\n";

class Writer {
public:
    std::string bytes{k_magic};
    void number(std::uint64_t n) { bytes.append(reinterpret_cast<const char*>(&n), sizeof n); }
    void text(std::string_view s) {
        number(s.size());
        bytes.append(s);
    }
};

// Reads what Writer wrote; any read past the end makes it fail, and every later read too.
class Reader {
public:
    explicit Reader(std::string_view bytes) : m_rest(bytes) {}
    std::uint64_t number() {
        std::uint64_t n = 0;
        if (!take(sizeof n)) return 0;
        std::memcpy(&n, m_taken.data(), sizeof n);
        return n;
    }
    std::string text() {
        std::uint64_t size = number();
        return take(size) ? std::string(m_taken) : std::string();
    }
    // A count of items at least `min_bytes` long each: one the rest cannot hold fails.
    std::uint64_t count(std::size_t min_bytes) {
        std::uint64_t n = number();
        if (n > m_rest.size() / min_bytes) m_ok = false;
        return m_ok ? n : 0;
    }
    bool at_end() const { return m_ok && m_rest.empty(); }

private:
    std::string_view m_rest;
    std::string_view m_taken;
    bool m_ok = true;
    bool take(std::uint64_t n) {
        if (!m_ok || n > m_rest.size()) return m_ok = false;
        m_taken = m_rest.substr(0, n);
        m_rest.remove_prefix(n);
        return true;
    }
};

}  // namespace

fs::path saved_build_path(const fs::path& output_dir) {
    return output::beside(output_dir, ".build-record");
}

bool write_saved_build(const fs::path& file, const SavedBuild& saved) {
    Writer w;
    w.text(saved.fingerprint);
    w.text(saved.all_but_notes);
    w.number(saved.record.notes.size());
    for (const auto& note : saved.record.notes) {
        w.number(note.page ? 1 : 0);
        w.text(note.path);
        w.text(note.text);
    }
    w.number(saved.record.feed.size());
    for (const auto& item : saved.record.feed) {
        w.text(item.guid);
        w.text(item.enclosure_url);
        w.text(item.title);
        w.text(item.day);
    }
    // Pages in path order: the same build writes the same bytes.
    std::vector<const render::Dependencies::value_type*> pages;
    pages.reserve(saved.record.pages.size());
    for (const auto& entry : saved.record.pages) pages.push_back(&entry);
    std::sort(pages.begin(), pages.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
    w.number(pages.size());
    for (const auto* entry : pages) {
        w.text(entry->first);
        w.number(entry->second.size());
        for (render::DepKey key : entry->second) w.number(key);
    }
    w.number(files::content_hash(w.bytes));
    std::string error;
    return files::write_file_atomically(file, w.bytes, error);
}

std::optional<SavedBuild> read_saved_build(const fs::path& file) {
    std::string bytes;
    try {
        bytes = files::read_file(file, std::size_t{1} << 30);
    } catch (const files::FileError&) {
        return std::nullopt;
    }
    constexpr std::size_t hash_size = sizeof(std::uint64_t);
    if (bytes.size() < k_magic.size() + hash_size || !std::string_view(bytes).starts_with(k_magic)) return std::nullopt;
    std::string_view body = std::string_view(bytes).substr(0, bytes.size() - hash_size);
    std::uint64_t hash = 0;
    std::memcpy(&hash, bytes.data() + body.size(), hash_size);
    if (hash != files::content_hash(body)) return std::nullopt;

    Reader r(body.substr(k_magic.size()));
    SavedBuild saved;
    saved.fingerprint = r.text();
    saved.all_but_notes = r.text();
    const std::size_t number = sizeof(std::uint64_t);
    for (std::uint64_t n = r.count(3 * number); n > 0; --n) {
        notes::NoteText& note = saved.record.notes.emplace_back();
        note.page = r.number() == 1;
        note.path = r.text();
        note.text = r.text();
    }
    for (std::uint64_t n = r.count(4 * number); n > 0; --n) {
        feed::ItemIdentity& item = saved.record.feed.emplace_back();
        item.guid = r.text();
        item.enclosure_url = r.text();
        item.title = r.text();
        item.day = r.text();
    }
    const std::uint64_t pages = r.count(2 * number);
    saved.record.pages.reserve(pages);
    for (std::uint64_t n = pages; n > 0; --n) {
        std::string path = r.text();
        render::DepKeys& keys = saved.record.pages[std::move(path)];
        for (std::uint64_t k = r.count(number); k > 0; --k) keys.push_back(r.number());
    }
    if (!r.at_end()) return std::nullopt;
    return saved;
}

std::optional<SavedBuild> record_of_output(const fs::path& file, const std::string& output_fingerprint) {
    if (output_fingerprint.empty()) return std::nullopt;
    auto saved = read_saved_build(file);
    if (!saved || saved->fingerprint != output_fingerprint) return std::nullopt;
    return saved;
}

}  // namespace pipeline
