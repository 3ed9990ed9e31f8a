#include "on_disk/fingerprints.hpp"

#include <sys/stat.h>
#include <time.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "concurrency/parallel.hpp"
#include "files/binary_io.hpp"
#include "files/files.hpp"
#include "files/hash.hpp"
#include "i18n/words.hpp"
#include "notes/load_notes.hpp"
#include "output/output.hpp"
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

// A file hashed this many nanoseconds before a build looked at it may have changed since within
// its file system's clock tick (a FAT file system's is two seconds): it is read again.
constexpr std::int64_t k_settled_ns = 3'000'000'000;

// The file at `path` (named `name` in InputHashes) as hashed now: its hash as `known` has it
// when that still holds, else read. Nothing when it cannot be read.
std::optional<HashedFile> hashed_file(const std::filesystem::path& path, const std::string& name,
                                      const InputHashes* known) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::nullopt;
    HashedFile now{static_cast<std::uint64_t>(st.st_size), static_cast<std::uint64_t>(st.st_ino),
                   static_cast<std::uint64_t>(st.st_dev),  files::nanoseconds(st.st_mtim),
                   files::nanoseconds(st.st_ctim),         0};
    if (known) {
        auto it = known->files.find(name);
        if (it != known->files.end() && now.mtime_ns < known->taken_ns - k_settled_ns &&
            now.ctime_ns < known->taken_ns - k_settled_ns) {
            now.hash = it->second.hash;  // (then all of it compared)
            if (it->second == now) return now;
        }
    }
    files::Hasher file;  // (read after the look: a file changed meanwhile is read again next time)
    if (!file.add_file(path)) return std::nullopt;
    now.hash = file.digest();
    return now;
}

constexpr std::string_view k_hashes_magic = "podarchive input hashes 1\n";

}  // namespace

template <class IO>
void fields(IO& io, HashedFile& f) {
    io(f.size, f.inode, f.device, f.mtime_ns, f.ctime_ns, f.hash);
}

std::filesystem::path input_hashes_path(const std::filesystem::path& output_dir) {
    return output::beside(output_dir, ".inputs");
}

std::optional<InputHashes> read_input_hashes(const std::filesystem::path& file) {
    const files::binary::FileBytes bytes(file, std::size_t{256} << 20);
    auto r = files::binary::Reader::open(bytes.view(), k_hashes_magic);
    if (!r) return std::nullopt;
    InputHashes hashes;
    (*r)(hashes.taken_ns, hashes.files);
    if (!r->whole()) return std::nullopt;
    return hashes;
}

bool write_input_hashes(const std::filesystem::path& file, const InputHashes& hashes) {
    return files::binary::write_file(file, k_hashes_magic,
                                     [&](files::binary::Writer& w) { w(hashes.taken_ns, hashes.files); });
}

Fingerprints input_fingerprints(const config::SiteConfig& config, const stages::PublishedSite* published,
                                const InputHashes* known, InputHashes* learned) {
    namespace fs = std::filesystem;
    std::vector<fs::path> files = {config.config_path, config.audio_manifest()};
    for (const auto& s : config.sources) {
        files.push_back(s.path), files.push_back(sources::kept_items_path(s.path));
        if (sources::kept_records_path(s.path) != files.back()) files.push_back(sources::kept_records_path(s.path));
    }
    // The links met are not followed, but one put in a file's place or taken away is a change:
    // the build says so of a link among the notes or the theme's files.
    std::vector<fs::path> links;
    for (const fs::path& root : {config.content_dir(), config.templates_dir(), config.static_dir(), config.i18n_dir(),
                                 config.themes_dir() / config.theme}) {
        std::vector<fs::path> here;
        for (auto& f : files::files_under(root, &here))
            files.push_back(std::move(f));  // the files the build reads: links are not followed
        links.insert(links.end(), here.begin(), here.end());
    }
    // Each file is hashed alone, and told a note or not, on every core (a large archive has
    // thousands of notes, and a build waits for this); the hashes are combined in order.
    const notes::NoteFileTest is_note_file(config.content_dir());
    std::vector<std::string> names(files.size());
    std::vector<std::optional<HashedFile>> hashed(files.size());
    std::vector<char> is_note(files.size());
    timespec taken{};
    ::clock_gettime(CLOCK_REALTIME, &taken);  // (before any file is looked at)
    concurrency::parallel_for(files.size(), 64, [&](std::size_t i) {
        names[i] = files[i].generic_string();
        hashed[i] = hashed_file(files[i], names[i], known);
        is_note[i] = is_note_file(files[i]);
    });
    if (learned) {
        learned->taken_ns = files::nanoseconds(taken);
        learned->files.clear();
        for (std::size_t i = 0; i < files.size(); ++i)
            if (hashed[i]) learned->files.insert_or_assign(names[i], *hashed[i]);
    }
    files::Hasher all, others;  // (others: all but the notes)
    const std::string builtin_theme = theme::builtin_fingerprint();
    for (files::Hasher* h : {&all, &others}) {
        h->add(PODARCHIVE_VERSION);
        h->add(program_identity());
        h->add(builtin_theme);
        h->add(i18n::library_version());  // dates, numbers and plurals are ICU's (CLDR's) words
        h->add(config.base_url);
        h->add(config.output_dir().string());
        // A build that passed against one published feed may not pass against another, and what
        // the merge keeps of the site as published (stages::published_items: the pages' places)
        // is made of every field below.
        if (published) {
            for (const auto& item : published->feed.items)
                h->add(item.guid), h->add(item.enclosure_url), h->add(item.slug), h->add(item.title), h->add(item.day);
            for (const auto& page : published->pages) {
                h->add(page.slug), h->add(page.guid), h->add(page.apple_id), h->add(page.host_url);
                h->add(page.title), h->add(page.day), h->add(page.time ? std::to_string(*page.time) : "");
            }
        }
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
        const std::string hash = hashed[i] ? files::hex_hash(hashed[i]->hash) : "<unreadable>";
        all.add(names[i]), all.add(hash);
        if (!is_note[i]) others.add(names[i]), others.add(hash);
    }
    for (const fs::path& link : links) {
        all.add(link.generic_string()), all.add("<link>");
        if (!is_note_file(link)) others.add(link.generic_string()), others.add("<link>");
    }
    return {files::hex_hash(all.digest()), files::hex_hash(others.digest())};
}

}  // namespace on_disk
