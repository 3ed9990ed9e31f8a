#include "on_disk/saved_sources.hpp"

#include "files/binary_io.hpp"
#include "files/files.hpp"
#include "on_disk/saved_fields.hpp"
#include "output/output.hpp"

namespace on_disk {

namespace {

constexpr std::string_view k_magic = "podarchive merged sources 1\n";

}  // namespace

std::filesystem::path saved_sources_path(const std::filesystem::path& output_dir) {
    return output::beside(output_dir, ".merged");
}

bool write_saved_sources(const std::filesystem::path& file, const std::string& all_but_notes,
                         const core::Catalog& catalog, const std::vector<stages::InputFeed>& input_feeds,
                         const std::vector<core::Diagnostic>& warnings) {
    return files::binary::write_file(file, k_magic, [&](files::binary::Writer& w) {
        w(all_but_notes, catalog, input_feeds, warnings);  // (stages::MergeResult' fields, in order)
    });
}

std::optional<stages::MergeResult> read_saved_sources(const std::filesystem::path& file,
                                                      const std::string& all_but_notes) {
    if (all_but_notes.empty()) return std::nullopt;
    const std::string bytes = files::binary::read_bytes(file, std::size_t{4} << 30);
    auto r = files::binary::Reader::open(bytes, k_magic);
    if (!r) return std::nullopt;
    std::string fingerprint;
    (*r)(fingerprint);
    if (!r->ok() || fingerprint != all_but_notes) return std::nullopt;
    stages::MergeResult saved;
    (*r)(saved);
    if (!r->whole()) return std::nullopt;
    return saved;
}

}  // namespace on_disk
