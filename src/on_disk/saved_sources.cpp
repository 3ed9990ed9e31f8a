#include "on_disk/saved_sources.hpp"

#include "on_disk/saved_fields.hpp"
#include "output/output.hpp"

namespace on_disk {

namespace {

// (3: each record's file as a number into the catalog's; 4: the episodes' chapters from their
// show notes, which the listening stage no longer reads)
constexpr std::string_view k_magic = "podarchive merged sources 4\n";

}  // namespace

std::filesystem::path saved_sources_path(const std::filesystem::path& output_dir) {
    return output::beside(output_dir, ".merged");
}

bool write_saved_sources(const std::filesystem::path& file, const std::string& all_but_notes,
                         const core::Catalog& catalog, const std::vector<stages::InputFeed>& input_feeds,
                         const std::vector<core::Diagnostic>& warnings, files::binary::Written* written) {
    // (stages::MergeResult's fields, in order: read back as one)
    return write_keyed(file, k_magic, written, all_but_notes, catalog, input_feeds, warnings);
}

void share_saved_sources(const files::binary::Written& written, stages::MergeResult& merge) {
    if (!written.bytes) return;
    const files::binary::Written held{files::binary::let_go_while_held(written.bytes), written.shared_at};
    std::string key;  // (written first: a string, which holds no shared text)
    files::binary::share_written(held, key, merge.catalog, merge.input_feeds, merge.warnings);
}

std::optional<stages::MergeResult> read_saved_sources(const std::filesystem::path& file,
                                                      const std::string& all_but_notes) {
    // The episodes' feed items (a third of a large archive's file, and after an edit the feed
    // writer copies all but a few from the last feed.xml) are views of the file, mapped as long
    // as they are held; its pages read are let go of as it is read, and while it is held
    // (files::binary::let_go_while_held): the file is not counted in the build's memory.
    auto bytes =
        files::binary::let_go_while_held(std::make_shared<const files::binary::FileBytes>(file, k_max_kept_bytes));
    auto merge = read_keyed<stages::MergeResult>(bytes->view(), k_magic, all_but_notes, bytes, bytes.get());
    bytes->unload();
    return merge;
}

}  // namespace on_disk
