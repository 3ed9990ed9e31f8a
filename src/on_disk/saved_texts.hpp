#pragma once
// What `build` keeps of the episodes' texts between runs (site/episode_text.hpp: show notes
// sanitized, flattened and summarized, a sixth of the work of a build after a note edit), in a
// file beside the output folder (".<name>.texts", never published). The next build after an
// edit of notes reuses each text made from the same fields (TextCache's `previous`) instead of
// making every one again. Like the kept merge, it is used only by a build whose inputs but the
// notes have the fingerprint it names: the same sources and the same podarchive.
//
// It is read as views of the file, mapped while the texts are held (site::KeptTexts): each text
// is made when a page, feed or the index first asks for it, its notes and their plain text
// views too, and the pages read are let go of every 25 ms (a build reads each about once).
//
// It is written by a build that made texts anew, a whole build too (BuildOptions::keep_texts):
// the first edit after a whole build makes only its own note's episode's texts. A build that
// made most of its texts writes them before its pages render, and reads them from the file
// written from then on (write_saved_texts' `kept`): a large archive's are not held twice.
#include <filesystem>
#include <memory>
#include <string>

#include "site/episode_text.hpp"

namespace on_disk {

// Where the texts of the build in `output_dir` are kept.
std::filesystem::path saved_texts_path(const std::filesystem::path& output_dir);

// Writes `texts` into `file` for inputs whose fingerprint but the notes is `all_but_notes`
// (atomically). False when it cannot (the next build makes them again). With `kept`, the texts
// as written, views of the file written (null when it cannot be read back): for
// site::TextCache's made and kept.
bool write_saved_texts(const std::filesystem::path& file, const std::string& all_but_notes,
                       const site::TextCache& texts, std::shared_ptr<const site::KeptTexts>* kept = nullptr);

// The texts kept in `file` when they are of inputs whose fingerprint but the notes is
// `all_but_notes`; null when there are none, they are damaged, or of other inputs.
std::shared_ptr<const site::TextCache> read_saved_texts(const std::filesystem::path& file,
                                                        const std::string& all_but_notes);

}  // namespace on_disk
