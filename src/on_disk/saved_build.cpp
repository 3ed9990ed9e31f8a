#include "on_disk/saved_build.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "files/binary_io.hpp"
#include "files/files.hpp"
#include "files/hash.hpp"
#include "on_disk/saved_fields.hpp"
#include "output/output.hpp"

namespace on_disk {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view k_magic = "podarchive build record 8\n";

}  // namespace

fs::path saved_build_path(const fs::path& output_dir) {
    return output::beside(output_dir, ".build-record");
}

bool write_saved_build(const fs::path& file, const SavedBuild& saved) {
    // Pages in one order whatever order they were rendered in, so that the same build writes
    // the same bytes: by their paths' hashes (then paths). Sorting the paths themselves, tens of
    // thousands alike for their first twenty bytes, was a twentieth of a note edit's work.
    std::vector<std::pair<std::uint64_t, const render::Dependencies::value_type*>> pages;
    pages.reserve(saved.record.pages.size());
    for (const auto& entry : saved.record.pages) pages.emplace_back(files::content_hash(entry.first), &entry);
    std::sort(pages.begin(), pages.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first < b.first : a.second->first < b.second->first;
    });
    return files::binary::write_file(file, k_magic, [&](files::binary::Writer& w) {
        w(saved.fingerprint, saved.all_but_notes, saved.record.notes, saved.record.feed);
        w(static_cast<std::uint64_t>(pages.size()));
        for (const auto& [hash, entry] : pages) w(entry->first, entry->second);
    });
}

std::optional<SavedBuild> read_saved_build(const fs::path& file) {
    const files::binary::FileBytes bytes(file, std::size_t{1} << 30);
    auto r = files::binary::Reader::open(bytes.view(), k_magic);
    if (!r) return std::nullopt;
    SavedBuild saved;
    std::uint64_t pages = 0;
    (*r)(saved.fingerprint, saved.all_but_notes, saved.record.notes, saved.record.feed, pages);
    if (!r->ok() || pages > bytes.size()) return std::nullopt;
    saved.record.pages.reserve(pages);
    for (; pages > 0 && r->ok(); --pages) {
        std::string path;
        render::DepKeys keys;
        (*r)(path, keys);
        saved.record.pages.emplace(std::move(path), std::move(keys));
    }
    if (!r->whole()) return std::nullopt;
    return saved;
}

std::optional<SavedBuild> record_of_output(const fs::path& file, const std::string& output_fingerprint) {
    if (output_fingerprint.empty()) return std::nullopt;
    auto saved = read_saved_build(file);
    if (!saved || saved->fingerprint != output_fingerprint) return std::nullopt;
    return saved;
}

}  // namespace on_disk
