#include "on_disk/fingerprints.hpp"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/stat.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "config/site_config.hpp"
#include "stages/sources.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {

constexpr std::int64_t k_hour_ns = 3'600'000'000'000;

// Sets the file's modification time back to `mtime` (as `touch -d` or an archiver would).
void set_mtime(const fs::path& file, const struct timespec& mtime) {
    const struct timespec times[2] = {mtime, mtime};
    REQUIRE(::utimensat(AT_FDCWD, file.c_str(), times, 0) == 0);
}

struct timespec mtime_of(const fs::path& file) {
    struct stat st {};
    REQUIRE(::stat(file.c_str(), &st) == 0);
    return st.st_mtim;
}

}  // namespace

// A build reads only the inputs that changed since the last one hashed them (a large archive's
// sources are tens of megabytes): the fingerprints are what reading them all gives, and a hash
// is taken unread only where the file cannot have changed.
TEST_CASE("an input's kept hash is taken only while its file is as it was, and had settled when hashed") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    const config::SiteConfig config = config::load_config(dir.path() / "site.yaml");
    const fs::path note = dir.path() / "content/episodes/a-note.md";
    fs::create_directories(note.parent_path());
    test::write(note, "---\nepisode: torch-trace-and-tlparse\n---\nA line of the note.\n");
    auto read_all = [&] { return on_disk::input_fingerprints(config).all; };

    on_disk::InputHashes hashed;
    const std::string whole = on_disk::input_fingerprints(config, nullptr, nullptr, &hashed).all;
    CHECK(whole == read_all());
    REQUIRE(hashed.files.contains(note.generic_string()));
    REQUIRE(hashed.files.contains(config.config_path.generic_string()));

    // Kept hashes that say otherwise than the files show which were taken unread: every file
    // hashed long after it last changed is, and the fingerprint is made of what was kept.
    on_disk::InputHashes known = hashed;
    known.taken_ns += k_hour_ns;
    known.files.at(note.generic_string()).hash ^= 1;
    on_disk::InputHashes learned;
    CHECK(on_disk::input_fingerprints(config, nullptr, &known, &learned).all != whole);
    CHECK(learned.files.at(note.generic_string()).hash == known.files.at(note.generic_string()).hash);
    // As kept then, so again: no other file of them was read either.
    known.files.at(note.generic_string()).hash ^= 1;
    CHECK(on_disk::input_fingerprints(config, nullptr, &known).all == whole);

    // A file hashed within seconds of its last change is read again (it may have changed since
    // within its file system's clock tick, keeping its times).
    known.files.at(note.generic_string()).hash ^= 1;
    known.taken_ns = hashed.taken_ns;
    CHECK(on_disk::input_fingerprints(config, nullptr, &known).all == whole);

    // Settled, but changed since: other bytes of the same length, its modification time put
    // back as it was. Its change time tells, and it is read again.
    known.taken_ns = hashed.taken_ns + k_hour_ns;
    const struct timespec before = mtime_of(note);
    std::string text = test::read(note);
    text.back() = text.back() == 'x' ? 'y' : 'x';
    test::write(note, text);
    set_mtime(note, before);
    const std::string changed = read_all();
    CHECK(changed != whole);
    CHECK(on_disk::input_fingerprints(config, nullptr, &known).all == changed);
    // Replaced by another file with the same bytes and times (another inode): read again.
    on_disk::InputHashes now;
    on_disk::input_fingerprints(config, nullptr, nullptr, &now);
    now.taken_ns += k_hour_ns;
    now.files.at(note.generic_string()).hash ^= 1;
    const fs::path copy = dir.path() / "note.copy";
    fs::copy_file(note, copy);
    set_mtime(copy, mtime_of(note));
    fs::rename(copy, note);
    CHECK(on_disk::input_fingerprints(config, nullptr, &now).all == changed);
}

TEST_CASE("the inputs' hashes are kept beside the output folder, and a damaged file is none") {
    test::TempDir dir;
    const fs::path file = on_disk::input_hashes_path(dir.path() / "public");
    CHECK(file == dir.path() / ".public.inputs");
    CHECK_FALSE(on_disk::read_input_hashes(file));
    on_disk::InputHashes hashes{42, {{"site.yaml", {10, 2, 3, 4, 5, 6}}, {"content/a.md", {1, 1, 1, 1, 1, 7}}}};
    REQUIRE(on_disk::write_input_hashes(file, hashes));
    const auto back = on_disk::read_input_hashes(file);
    REQUIRE(back);
    CHECK(back->taken_ns == 42);
    CHECK(back->files == hashes.files);
    std::string bytes = test::read(file);
    bytes[bytes.size() / 2] ^= 1;
    test::write(file, bytes);
    CHECK_FALSE(on_disk::read_input_hashes(file));
}

// What the site has published is an input of a build over the output folder: the merge keeps
// each page where the published feed and list say it is, so a build against a site published
// otherwise is no build already made, whichever of those fields differs.
TEST_CASE("every field of the published site the merge reads is in the fingerprint") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    const config::SiteConfig config = config::load_config(dir.path() / "site.yaml");
    stages::PublishedSite site;
    site.feed.items.push_back({"guid-1", "https://host.example/1.mp3", "first", "", 0, "First", "2024-01-02"});
    site.pages.push_back({"first", "guid-1", "1000", "https://host.example/ep/1", "First", "2024-01-02", 1704153600});
    const std::string as_published = on_disk::input_fingerprints(config, &site).all;
    CHECK(as_published != on_disk::input_fingerprints(config).all);
    using Edit = std::function<void(stages::PublishedSite&)>;
    const std::vector<Edit> edits = {
        [](auto& s) { s.feed.items[0].guid += "x"; },   [](auto& s) { s.feed.items[0].enclosure_url += "x"; },
        [](auto& s) { s.feed.items[0].slug += "x"; },   [](auto& s) { s.feed.items[0].title += "x"; },
        [](auto& s) { s.feed.items[0].day = ""; },      [](auto& s) { s.pages[0].slug += "x"; },
        [](auto& s) { s.pages[0].guid += "x"; },        [](auto& s) { s.pages[0].apple_id += "x"; },
        [](auto& s) { s.pages[0].host_url += "x"; },    [](auto& s) { s.pages[0].title += "x"; },
        [](auto& s) { s.pages[0].day = "2024-01-03"; }, [](auto& s) { s.pages[0].time.reset(); },
    };
    for (std::size_t i = 0; i < edits.size(); ++i) {
        CAPTURE(i);
        stages::PublishedSite edited = site;
        edits[i](edited);
        CHECK(on_disk::input_fingerprints(config, &edited).all != as_published);
    }
}
