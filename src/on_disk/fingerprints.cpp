#include "on_disk/fingerprints.hpp"

#include <sys/stat.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "concurrency/parallel.hpp"
#include "files/files.hpp"
#include "files/hash.hpp"
#include "i18n/words.hpp"
#include "notes/load_notes.hpp"
#include "sources/read_source.hpp"
#include "theme/theme_files.hpp"

namespace on_disk {

namespace {

// The program itself, by its file's size and time: a podarchive rebuilt from changed code under
// the same version number (a developer's, a distribution's patched one) renders anew instead of
// keeping pages the former one wrote. (Its bytes are not hashed: the test program is 300 MB and
// builds hundreds of sites.)
std::string program_identity() {
    struct stat st {};
    if (::stat("/proc/self/exe", &st) != 0) return "";
    return std::to_string(st.st_size) + "@" + std::to_string(st.st_mtim.tv_sec) + "." +
           std::to_string(st.st_mtim.tv_nsec);
}

}  // namespace

Fingerprints input_fingerprints(const config::SiteConfig& config, const stages::InputFeed* published) {
    namespace fs = std::filesystem;
    std::vector<fs::path> files = {config.config_path, config.audio_manifest()};
    for (const auto& s : config.sources) files.push_back(s.path), files.push_back(sources::kept_items_path(s.path));
    for (const fs::path& root : {config.content_dir(), config.templates_dir(), config.static_dir(), config.i18n_dir(),
                                 config.themes_dir() / config.theme})
        for (auto& f : files::files_under(root))
            files.push_back(std::move(f));  // the files the build reads: links are not followed
    // Each file is hashed alone, and told a note or not, on every core (a large archive has
    // thousands of notes, and a build waits for this); the hashes are combined in order.
    const notes::NoteFileTest is_note_file(config.content_dir());
    std::vector<std::optional<std::uint64_t>> hashes(files.size());
    std::vector<char> is_note(files.size());
    concurrency::parallel_for(files.size(), 64, [&](std::size_t i) {
        files::Hasher file;
        if (file.add_file(files[i])) hashes[i] = file.digest();
        is_note[i] = is_note_file(files[i]);
    });
    files::Hasher all, others;  // (others: all but the notes)
    const std::string builtin_theme = theme::builtin_fingerprint();
    for (files::Hasher* h : {&all, &others}) {
        h->add(PODARCHIVE_VERSION);
        h->add(program_identity());
        h->add(builtin_theme);
        h->add(i18n::library_version());  // dates, numbers and plurals are ICU's (CLDR's) words
        h->add(config.base_url);
        h->add(config.output_dir().string());
        // A build that passed against one published feed may not pass against another.
        if (published)
            for (const auto& item : published->items) h->add(item.guid), h->add(item.enclosure_url);
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
        const std::string name = files[i].generic_string();
        const std::string hash = hashes[i] ? files::hex_hash(*hashes[i]) : "<unreadable>";
        all.add(name), all.add(hash);
        if (!is_note[i]) others.add(name), others.add(hash);
    }
    return {files::hex_hash(all.digest()), files::hex_hash(others.digest())};
}

}  // namespace on_disk
