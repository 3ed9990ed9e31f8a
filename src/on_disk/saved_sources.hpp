#pragma once
// What `build` keeps of the merge between runs: the merged catalog (before the listening stage
// reads the files it links to, and before the notes), the items of each input feed and the
// warnings the sources gave, in a file beside the output folder (".<name>.merged", never
// published). After an edit of notes alone the next build starts from it instead of loading and
// merging every source again. It is used only by a build whose inputs but the notes have the
// fingerprint it names (on_disk/fingerprints.hpp): the same sources, site.yaml, theme and
// podarchive give the same merge.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/episode.hpp"
#include "files/binary_io.hpp"
#include "stages/sources.hpp"

namespace on_disk {

// Where the merge of the build in `output_dir` is kept.
std::filesystem::path saved_sources_path(const std::filesystem::path& output_dir);

// Writes into `file` a merge (stages::MergeResult's parts) of inputs whose fingerprint but the notes is
// `all_but_notes` (atomically). False when it cannot. (A merged catalog whose listening stage
// ran is not kept: its transcripts would be copied.) With `written`, the file written, mapped,
// for share_saved_sources.
bool write_saved_sources(const std::filesystem::path& file, const std::string& all_but_notes,
                         const core::Catalog& catalog, const std::vector<stages::InputFeed>& input_feeds,
                         const std::vector<core::Diagnostic>& warnings, files::binary::Written* written = nullptr);

// The merge write_saved_sources wrote as `written`, its episodes' feed items made views of the
// file written (files::binary::let_go_while_held): a build holds them from the merge to the feed
// stage, which alone reads them (22 MB of text at 10,000 real episodes).
void share_saved_sources(const files::binary::Written& written, stages::MergeResult& merge);

// The merge kept in `file` when it is of inputs whose fingerprint but the notes is
// `all_but_notes`; nothing when there is none, it is damaged, or it is of other inputs.
std::optional<stages::MergeResult> read_saved_sources(const std::filesystem::path& file,
                                                      const std::string& all_but_notes);

}  // namespace on_disk
