#include <doctest/doctest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <functional>
#include <set>
#include <thread>
#include <vector>

#include "files/binary_io.hpp"
#include "files/hash.hpp"
#include "output/output.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {
ino_t inode(const fs::path& p) {
    struct stat st {};
    ::stat(p.c_str(), &st);
    return st.st_ino;
}
void build(const fs::path& out, const std::string& fingerprint, const std::map<std::string, std::string>& files) {
    output::DiskOutput o(out, fingerprint);
    for (const auto& [path, content] : files) o.add(path, content);
    o.commit();
}

// The manifest beside `out` rewritten as by hand: its entries (path, hash, size, modification
// time) given to `edit`, what it returns written under the same folder and fingerprint.
struct ManifestEntry {
    std::string path;
    std::uint64_t hash = 0, size = 0;
    std::int64_t mtime = 0;
};
void rewrite_manifest(const fs::path& out,
                      const std::function<std::vector<ManifestEntry>(std::vector<ManifestEntry>)>& edit) {
    constexpr std::string_view magic = "podarchive output manifest 1\n";
    const fs::path at = output::beside(out, ".manifest");
    const std::string bytes = test::read(at);
    auto r = files::binary::Reader::open(bytes, magic);
    REQUIRE(r);
    std::string named, fingerprint;
    std::uint64_t count = 0;
    (*r)(named, fingerprint, count);
    std::vector<ManifestEntry> entries(count);
    for (auto& e : entries) (*r)(e.path, e.hash, e.size, e.mtime);
    REQUIRE(r->whole());
    entries = edit(std::move(entries));
    REQUIRE(files::binary::write_file(at, magic, [&](files::binary::Writer& w) {
        w(named, fingerprint, static_cast<std::uint64_t>(entries.size()));
        for (const auto& e : entries) w(e.path, e.hash, e.size, e.mtime);
    }));
}
}  // namespace

TEST_CASE("unchanged files keep their inode; an unchanged build leaves the folder alone") {
    test::TempDir dir;
    auto out = dir.path() / "public";
    build(out, "f1", {{"a.html", "A"}, {"b/index.html", "B"}});
    ino_t folder = inode(out), a = inode(out / "a.html"), b = inode(out / "b/index.html");

    {
        output::DiskOutput o(out, "f1");
        CHECK(o.up_to_date());
    }
    build(out, "f2", {{"a.html", "A"}, {"b/index.html", "B"}});  // new inputs, same bytes
    CHECK(inode(out) == folder);                                 // not even swapped
    build(out, "f3", {{"a.html", "A"}, {"b/index.html", "B2"}});
    CHECK(inode(out) != folder);        // swapped in whole
    CHECK(inode(out / "a.html") == a);  // the unchanged file is the same file
    CHECK(inode(out / "b/index.html") != b);
    CHECK(test::read(out / "b/index.html") == "B2");
    {
        output::DiskOutput o(out, "f3");
        CHECK(o.up_to_date());
        output::DiskOutput other(out, "f4");
        CHECK_FALSE(other.up_to_date());
    }
}

TEST_CASE("a manifest that does not belong to the output folder is not trusted") {
    test::TempDir dir;
    auto out = dir.path() / "public";
    build(out, "f1", {{"a.html", "A"}});
    // Someone replaces the folder by hand (or a build stopped between swap and manifest).
    fs::remove_all(out);
    fs::create_directories(out);
    test::write(out / "a.html", "edited by hand");
    output::DiskOutput o(out, "f1");
    CHECK_FALSE(o.up_to_date());
    o.add("a.html", "A");
    CHECK(o.files_written() == 1);  // written, not linked to the hand-edited file
    o.commit();
    CHECK(test::read(out / "a.html") == "A");
}

TEST_CASE(
    "a folder a former podarchive built (a JSON manifest) is still podarchive's; a damaged manifest is not trusted") {
    test::TempDir dir;
    auto out = dir.path() / "public";
    fs::create_directories(out);
    test::write(out / "a.html", "A");
    CHECK_FALSE(output::made_by_podarchive(out));
    test::write(
        dir.path() / ".public.manifest.json",
        R"({"files":{"a.html":["00",1,0]},"fingerprint":"f0","output":")" + std::to_string(inode(out)) + R"(:1.2"})");
    CHECK(output::made_by_podarchive(out));
    build(out, "f1", {{"a.html", "A"}});
    CHECK_FALSE(fs::exists(dir.path() / ".public.manifest.json"));  // replaced by this format's
    CHECK(fs::exists(dir.path() / ".public.manifest"));
    CHECK(output::made_by_podarchive(out));
    {
        output::DiskOutput o(out, "f1");
        CHECK(o.up_to_date());
    }
    const std::string good = test::read(dir.path() / ".public.manifest");
    std::string bytes = good;
    bytes[bytes.size() / 2] ^= 1;
    test::write(dir.path() / ".public.manifest", bytes);
    {
        output::DiskOutput o(out, "f1");
        CHECK_FALSE(o.up_to_date());
        CHECK_FALSE(o.has_previous_build());
    }
    // Damaged after its head, it still names the folder, which is podarchive's (to build whole);
    // damaged in the inode its head names, it names no folder.
    CHECK(output::made_by_podarchive(out));
    bytes = good;
    const std::size_t named = bytes.find(std::to_string(inode(out)) + ":");
    REQUIRE(named != std::string::npos);
    bytes[named] = bytes[named] == '1' ? '2' : '1';
    test::write(dir.path() / ".public.manifest", bytes);
    CHECK_FALSE(output::made_by_podarchive(out));
}

// The manifest is the build's own, but a file beside the folder: one written by hand (or by
// anyone who can write there) that names a file outside the folder (as it is there, size and
// time) is not trusted: nothing it names is looked at, carried over or removed.
TEST_CASE("a manifest naming a file outside the folder, or out of order, is not trusted: nothing outside is touched") {
    test::TempDir dir;
    auto out = dir.path() / "public";
    build(out, "f1", {{"a.html", "A"}, {"b.html", "B"}});
    test::write(dir.path() / "victim.txt", "not the output's");
    struct stat st {};
    REQUIRE(::stat((dir.path() / "victim.txt").c_str(), &st) == 0);
    rewrite_manifest(out, [&](std::vector<ManifestEntry> entries) {
        const std::int64_t mtime = std::int64_t{st.st_mtim.tv_sec} * 1'000'000'000 + st.st_mtim.tv_nsec;
        entries.insert(entries.begin(), {"../victim.txt", 1, static_cast<std::uint64_t>(st.st_size), mtime});
        return entries;  // (sorts first: '.' < 'a')
    });
    for (const bool ahead : {false, true}) {  // (checked when carried over, or on a core of its own)
        output::DiskOutput o(out, "f2");
        CHECK_FALSE(o.has_previous_build());
        if (ahead) o.check_published_ahead();
        CHECK_FALSE(o.carry_over({"../victim.txt"}));
        CHECK_FALSE(o.carry_over({"a.html"}));
    }
    {
        output::DiskOutput o(out, "f2");  // (a whole build: "../victim.txt" is not made)
        o.add("a.html", "A");
        o.add("b.html", "B2");
        o.commit();
    }
    CHECK(test::read(dir.path() / "victim.txt") == "not the output's");
    CHECK(test::read(out / "a.html") == "A");
    CHECK(test::read(out / "b.html") == "B2");

    // Out of path order: not trusted (it is walked by prefixes), so the build is a whole one.
    rewrite_manifest(out, [](std::vector<ManifestEntry> entries) {
        std::reverse(entries.begin(), entries.end());
        return entries;
    });
    output::DiskOutput o(out, "f2");
    CHECK_FALSE(o.has_previous_build());
    CHECK_FALSE(o.carry_over({"a.html"}));
    o.add("a.html", "A");
    o.add("b.html", "B3");
    o.commit();
    CHECK(test::read(out / "b.html") == "B3");
    CHECK(test::read(dir.path() / "victim.txt") == "not the output's");
}

// An incremental build renders a few pages of tens of thousands: linking every other page into
// a new folder and removing the old one cost more than the pages.
TEST_CASE("a build that carries pages over updates the output folder in place, and only through its own folders") {
    test::TempDir dir;
    auto out = dir.path() / "public";
    build(out, "f1", {{"a.html", "A"}, {"b/index.html", "B"}, {"c/d/index.html", "C"}, {"feed.xml", "F"}});
    const ino_t folder = inode(out), a = inode(out / "a.html"), feed = inode(out / "feed.xml");
    {
        output::DiskOutput o(out, "f2");
        o.add("b/index.html", "B2");
        o.add("e/f/index.html", "E");  // a new page in a new folder
        o.add("feed.xml", "F");        // the same bytes: left as it is
        CHECK(o.carry_over({"a.html"}));
        o.commit();  // c/d/index.html is no longer made
    }
    CHECK(inode(out) == folder);
    CHECK(inode(out / "a.html") == a);
    CHECK(inode(out / "feed.xml") == feed);
    CHECK(test::read(out / "b/index.html") == "B2");
    CHECK(test::read(out / "e/f/index.html") == "E");
    CHECK_FALSE(fs::exists(out / "c"));  // the file, and the folders it left empty
    {
        output::DiskOutput again(out, "f2");
        CHECK(again.up_to_date());
    }
    // A page changed by hand is not carried over (the caller builds every page again).
    test::write(out / "a.html", "by hand");
    {  // (checked when carried over)
        output::DiskOutput o(out, "f3");
        CHECK_FALSE(o.carry_over({"b/index.html", "a.html"}));
    }
    {  // (or on a core of its own, beside the build, which asks at its end: the commit asks too)
        output::DiskOutput o(out, "f3");
        o.check_published_ahead();
        CHECK(o.carry_over({"b/index.html", "a.html"}));
        CHECK_FALSE(o.carried_unchanged());
        CHECK_THROWS_AS(o.commit(), std::runtime_error);
    }
    CHECK(test::read(out / "a.html") == "by hand");
    {
        output::DiskOutput o(out, "f3");
        o.check_published_ahead();
        CHECK(o.carry_over({"b/index.html", "e/f/index.html"}));
        CHECK(o.carried_unchanged());
    }
    build(out, "f3", {{"a.html", "A"}, {"b/index.html", "B2"}, {"e/f/index.html", "E"}});
    // A folder of the output replaced by a link out of it (below the top folder, whose change
    // would make the manifest untrusted): nothing is written through it, and nothing in the
    // output changes.
    const fs::path elsewhere = dir.path() / "elsewhere";
    fs::create_directories(elsewhere);
    fs::remove_all(out / "e/f");
    fs::create_directory_symlink(elsewhere, out / "e/f");
    {
        output::DiskOutput o(out, "f4");
        o.add("e/f/index.html", "E2");
        o.add("b/index.html", "B3");
        CHECK(o.carry_over({"a.html"}));
        CHECK_THROWS_AS(o.commit(), std::runtime_error);
    }
    CHECK_FALSE(fs::exists(elsewhere / "index.html"));
    CHECK(test::read(out / "b/index.html") == "B2");
}

TEST_CASE("a file made after it was carried over is the one made, and the manifest names it once") {
    test::TempDir dir;
    auto out = dir.path() / "public";
    build(out, "f1", {{"a.html", "A"}, {"b.html", "B"}, {"c.html", "C"}});
    {
        output::DiskOutput o(out, "f2");
        CHECK(o.carry_over({"a.html", "b.html"}));
        o.add("b.html", "B2");
        CHECK_FALSE(o.carry_over({"c.html", "b.html"}));  // (made by this build already: not carried)
        o.add("c.html", "C");
        o.commit();
    }
    CHECK(test::read(out / "b.html") == "B2");
    std::vector<std::string> named;
    rewrite_manifest(out, [&](std::vector<ManifestEntry> entries) {
        for (const auto& e : entries) named.push_back(e.path + " " + std::to_string(e.size));
        return entries;
    });
    CHECK(named == std::vector<std::string>{"a.html 1", "b.html 2", "c.html 1"});
    output::DiskOutput again(out, "f2");
    CHECK(again.up_to_date());
    CHECK(again.carry_over({"a.html", "b.html", "c.html"}));
}

// The paths to carry over are searched for in the last build's list, in path order, whatever
// order they come in: every one is found, and only those.
TEST_CASE("files carried over in any order are each found in the last build's, and only those") {
    test::TempDir dir;
    auto out = dir.path() / "public";
    std::map<std::string, std::string> files;
    std::vector<std::string> paths;
    for (int i = 0; i < 300; ++i) {
        const std::string path = "episodes/e" + std::to_string(i * 7919 % 1000) + (i % 3 ? "/index.html" : ".json");
        files[path] = std::to_string(i);
    }
    for (const auto& [path, content] : files) paths.push_back(path);
    build(out, "f1", files);
    auto carry = [&](const std::vector<std::string>& asked) {
        output::DiskOutput o(out, "f2");
        return o.carry_over({asked.begin(), asked.end()});
    };
    CHECK(carry(paths));
    std::vector<std::string> reversed(paths.rbegin(), paths.rend());
    CHECK(carry(reversed));
    std::vector<std::string> shuffled = paths;
    for (std::size_t i = 0; i < shuffled.size(); ++i) std::swap(shuffled[i], shuffled[i * 7 % shuffled.size()]);
    CHECK(carry(shuffled));
    for (const char* stranger : {"episodes/e0", "episodes/e999/index.htm", "a", "zz", "episodes/"}) {
        CAPTURE(stranger);
        std::vector<std::string> with = paths;
        with.insert(with.begin() + 150, stranger);
        CHECK_FALSE(carry(with));
    }
}

// An incremental commit renames files into the output folder one by one; an interruption that
// can wait (here SIGTERM, at moments spread over the commit) waits until the folder is whole.
TEST_CASE("a build stopped by SIGTERM while it updates the folder in place leaves it old or new") {
    test::TempDir dir;
    const auto out = dir.path() / "public";
    const int n = 600;
    auto page = [](int i) { return "e/" + std::to_string(i) + ".html"; };
    std::map<std::string, std::string> old_files{{"kept.html", "kept"}};
    for (int i = 0; i < n; ++i) old_files[page(i)] = "old";
    std::size_t killed_while_committing = 0;
    for (useconds_t delay : {0u, 1000u, 3000u, 8000u}) {
        CAPTURE(delay);
        build(out, "old", old_files);
        int ready[2];
        REQUIRE(::pipe(ready) == 0);
        pid_t pid = ::fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            std::signal(SIGTERM, SIG_DFL);  // (not the test runner's)
            output::DiskOutput o(out, "new");
            for (int i = 0; i < n; ++i) o.add(page(i), "new");
            if (!o.carry_over({"kept.html"})) ::_exit(2);
            if (::write(ready[1], "x", 1) != 1) ::_exit(3);
            o.commit();
            ::_exit(0);
        }
        ::close(ready[1]);
        char byte = 0;
        REQUIRE(::read(ready[0], &byte, 1) == 1);
        ::close(ready[0]);
        ::usleep(delay);
        ::kill(pid, SIGTERM);
        int status = 0;
        ::waitpid(pid, &status, 0);
        killed_while_committing += WIFSIGNALED(status);
        std::size_t old_pages = 0, new_pages = 0;
        for (int i = 0; i < n; ++i) {
            const std::string text = test::read(out / page(i));
            old_pages += text == "old";
            new_pages += text == "new";
        }
        CHECK((old_pages == n || new_pages == n));
        CHECK(test::read(out / "kept.html") == "kept");
    }
    CHECK(killed_while_committing > 0);  // (the signals did land before the commit ended)
}

// Pages are written on every core (render/page_queue.cpp): prepare() on many threads at once,
// add() on one, must give the folder and the manifest a build file by file gives.
TEST_CASE("files prepared on several threads at once are the build's, written or linked, once added") {
    test::TempDir dir;
    auto out = dir.path() / "public";
    auto name = [](int i) { return "episodes/e" + std::to_string(i % 37) + "/p" + std::to_string(i) + "/index.html"; };
    build(out, "f1", {{name(0), "unchanged"}, {name(1), "before"}});
    const ino_t unchanged = inode(out / name(0));

    output::DiskOutput o(out, "f2");
    constexpr int k_files = 2000, k_threads = 4;
    std::vector<std::vector<output::Output::Prepared>> prepared(k_threads);
    std::vector<std::thread> threads;
    for (int t = 0; t < k_threads; ++t)
        threads.emplace_back([&, t] {
            for (int i = t; i < k_files; i += k_threads)
                prepared[t].push_back(o.prepare(name(i), i == 0 ? "unchanged" : "page " + std::to_string(i)));
        });
    for (auto& th : threads) th.join();
    CHECK(o.file_count() == 0);  // written, not yet the build's
    for (auto& files : prepared)
        for (auto& file : files) o.add(std::move(file));
    CHECK(o.file_count() == k_files);
    CHECK(o.files_written() == k_files - 1);  // the unchanged file is linked
    o.commit();
    CHECK(inode(out / name(0)) == unchanged);
    for (int i = 1; i < k_files; i += 97) CHECK(test::read(out / name(i)) == "page " + std::to_string(i));
    std::size_t files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(out)) files += entry.is_regular_file();
    CHECK(files == k_files);
    {
        output::DiskOutput again(out, "f2");
        CHECK(again.up_to_date());  // the manifest has every file
    }
    // A path that would leave the folder is refused before anything is written.
    output::DiskOutput bad(out, "f3");
    CHECK_THROWS_AS(bad.prepare("../outside.html", "x"), std::invalid_argument);
    CHECK_FALSE(fs::exists(dir.path() / "outside.html"));
}

// The search index is written by a thread of its own as it is made (stages/publish.cpp): its files are
// in the staging folder at once, and the output's once added on the owning thread.
TEST_CASE("a writer on its own thread writes through Preparing; the files are the output's once added") {
    test::TempDir dir;
    auto out = dir.path() / "public";
    output::DiskOutput o(out, "f1");
    output::Preparing index(o);
    std::thread writer([&] {
        for (int i = 0; i < 50; ++i)
            index.add("search/d/" + std::to_string(i) + ".json", "[" + std::to_string(i) + "]");
    });
    o.add("feed.json", "{}");  // the owning thread goes on meanwhile
    writer.join();
    CHECK(index.file_count() == 50);
    CHECK(o.file_count() == 1);
    index.add_prepared();
    CHECK(o.file_count() == 51);
    CHECK_THROWS_AS(index.add("../outside.json", "x"), std::invalid_argument);
    o.commit();
    CHECK(test::read(out / "search/d/49.json") == "[49]");
    output::DiskOutput again(out, "f1");
    CHECK(again.up_to_date());

    output::MemoryOutput memory;  // (serve): stored when added
    output::Preparing into_memory(memory);
    into_memory.add("search/meta.json", "{\"version\":1}");
    CHECK(memory.find("search/meta.json") == nullptr);
    into_memory.add_prepared();
    REQUIRE(memory.find("search/meta.json"));
    CHECK(*memory.find("search/meta.json") == "{\"version\":1}");
}

// After an edit of one note, feed.xml is the last one's items but one: they are copied from
// file to file, never read into memory, and the file is what writing it whole gives.
TEST_CASE("a file spliced from the published one is written, mapped and recorded as its bytes say") {
    test::TempDir dir;
    auto out = dir.path() / "public";
    build(out, "f1", {{"feed.xml", "<head><item 1/><item 2/><item 3/></tail>"}, {"a.html", "A"}});
    {
        output::DiskOutput o(out, "f2");
        const auto published = o.published("feed.xml");
        REQUIRE(published);
        // The head and item 2 written now; items 1 and 3 copied from the published file.
        const std::string own = "<HEAD><ITEM 2/></tail>";
        const std::vector<output::Splice> runs = {{6, 6, 9}, {15, 24, 9}};
        const auto text = o.add_spliced("feed.xml", own, runs, *published);
        REQUIRE(text);
        const std::string want = "<HEAD><item 1/><ITEM 2/><item 3/></tail>";
        CHECK(text->text() == want);
        CHECK(o.file_count() == 1);
        CHECK(o.byte_count() == want.size());
        o.add("a.html", "A");
        o.commit();
        CHECK(test::read(out / "feed.xml") == want);
    }
    const ino_t spliced = inode(out / "feed.xml");
    // Recorded with its bytes' hash: the same text given whole next is the same file.
    build(out, "f3", {{"feed.xml", "<HEAD><item 1/><ITEM 2/><item 3/></tail>"}, {"a.html", "A2"}});
    CHECK(inode(out / "feed.xml") == spliced);
    {
        // Spliced into the same bytes as the published file: that file, linked (its time kept).
        output::DiskOutput o(out, "f4");
        const auto published = o.published("feed.xml");
        REQUIRE(published);
        const std::vector<output::Splice> runs = {{0, 0, 40}};
        const auto text = o.add_spliced("feed.xml", "", runs, *published);
        REQUIRE(text);
        CHECK(text->text() == "<HEAD><item 1/><ITEM 2/><item 3/></tail>");
        o.add("a.html", "A3");
        o.commit();
        CHECK(inode(out / "feed.xml") == spliced);
        // A run past the published file's end cannot be copied: nothing is added.
        output::DiskOutput again(out, "f5");
        const auto file = again.published("feed.xml");
        REQUIRE(file);
        CHECK_FALSE(again.add_spliced("feed.xml", "x", std::vector<output::Splice>{{1, 30, 20}}, *file));
        CHECK(again.file_count() == 0);
    }
    // An output that cannot splice (serve's, in memory) adds nothing: the caller adds the text.
    output::DiskOutput o(out, "f6");
    const auto published = o.published("feed.xml");
    REQUIRE(published);
    output::MemoryOutput memory;
    CHECK_FALSE(memory.add_spliced("feed.xml", "x", std::vector<output::Splice>{{0, 0, 1}}, *published));
    CHECK(memory.files().empty());
    CHECK_THROWS_AS(o.add_spliced("../feed.xml", "x", {}, *published), std::invalid_argument);
}

TEST_CASE("a spliced file of megabytes is written in halves, and recorded as the same bytes written whole are") {
    test::TempDir dir;
    auto out = dir.path() / "public";
    // 50,000 items of 100 bytes each: five megabytes, so that each half holds several blocks of
    // the hash and the runs cross their bounds.
    auto item = [](std::size_t i, char mark) {
        std::string s = "<item " + std::to_string(i) + std::string(1, mark) + "/>";
        return s + std::string(100 - s.size() - 1, ' ') + "\n";
    };
    std::string before = "<head>\n";
    for (std::size_t i = 0; i < 50'000; ++i) before += item(i, 'a');
    before += "</tail>\n";
    build(out, "f1", {{"feed.xml", before}});
    const ino_t first = inode(out / "feed.xml");
    // Items 3, 24,999 (where the halves meet), 25,000 and 49,999 made anew (one byte longer each);
    // the others copied in runs.
    const std::set<std::size_t> made = {3, 24'999, 25'000, 49'999};
    std::string own = "<HEAD>\n", want = own;
    std::vector<output::Splice> runs;
    std::size_t from = 7;  // (after "<head>\n")
    for (std::size_t i = 0; i < 50'000; ++i, from += 100) {
        if (!made.contains(i)) {
            if (runs.empty() || runs.back().at != own.size() || runs.back().from + runs.back().count != from)
                runs.push_back({own.size(), from, 0});
            runs.back().count += 100;
            want += item(i, 'a');
            continue;
        }
        own += item(i, 'b') + "x";
        want += item(i, 'b') + "x";
    }
    own += "</tail>\n";
    want += "</tail>\n";
    REQUIRE(runs.size() == 3);
    {
        output::DiskOutput o(out, "f2");
        const auto published = o.published("feed.xml");
        REQUIRE(published);
        const auto text = o.add_spliced("feed.xml", own, runs, *published);
        REQUIRE(text);
        CHECK(text->text() == want);
        o.commit();
    }
    CHECK(test::read(out / "feed.xml") == want);
    const ino_t spliced = inode(out / "feed.xml");
    CHECK(spliced != first);
    // Recorded with its bytes' hash, as one written whole is: the same text given next is the
    // same file (its inode kept), and other bytes are not.
    build(out, "f3", {{"feed.xml", want}});
    CHECK(inode(out / "feed.xml") == spliced);
    std::string other = want;
    other[want.size() / 2] = '#';
    build(out, "f4", {{"feed.xml", other}});
    CHECK(inode(out / "feed.xml") != spliced);
    CHECK(test::read(out / "feed.xml") == other);
}

TEST_CASE("a file written in pieces is stored and recorded as its bytes say") {
    test::TempDir dir;
    auto out = dir.path() / "public";
    const auto pieces = [](std::vector<std::string> parts) {
        return [parts](const output::PieceWriter& write) {
            for (const auto& p : parts) write(p);
        };
    };
    build(out, "f1", {{"feed.json", "{\"items\": [1, 2]}"}, {"a.html", "A"}});
    const ino_t first = inode(out / "feed.json");
    {
        output::DiskOutput o(out, "f2");
        // The same bytes in other pieces: the published file, linked (its inode and time kept).
        auto same = o.prepare_in_pieces("feed.json", pieces({"{\"items\": [", "1, 2", "]}"}));
        CHECK(same.size == 17);
        CHECK_FALSE(same.written);
        CHECK(same.content.empty());
        // Read back where it is, in parts (a large feed.xml is checked so).
        const auto written = o.prepared(same);
        REQUIRE(written);
        std::string part;
        CHECK(written->append_to(part, 11, 4));
        CHECK(part == "1, 2");
        CHECK_FALSE(written->append_to(part, 15, 3));
        o.add(std::move(same));
        o.add("a.html", "A2");
        o.commit();
        CHECK(inode(out / "feed.json") == first);
    }
    {
        output::DiskOutput o(out, "f3");
        auto other = o.prepare_in_pieces("feed.json", pieces({"{\"items\": [", "1, 2, 3", "]}"}));
        CHECK(other.written);
        CHECK(other.hash == files::content_hash("{\"items\": [1, 2, 3]}"));
        o.add(std::move(other));
        CHECK(o.byte_count() == 20);
        o.add("a.html", "A3");
        o.commit();
        CHECK(test::read(out / "feed.json") == "{\"items\": [1, 2, 3]}");
        CHECK(inode(out / "feed.json") != first);
    }
    // Recorded with its bytes' hash: the same text given whole next is the same file.
    const ino_t pieced = inode(out / "feed.json");
    build(out, "f4", {{"feed.json", "{\"items\": [1, 2, 3]}"}, {"a.html", "A4"}});
    CHECK(inode(out / "feed.json") == pieced);
    {
        // A writer that fails leaves no file added, and the published output as it was.
        output::DiskOutput o(out, "f5");
        CHECK_THROWS_AS(o.prepare_in_pieces("feed.json",
                                            [](const output::PieceWriter& write) {
                                                write("{\"items\": [");
                                                throw std::runtime_error("no more");
                                            }),
                        std::runtime_error);
        CHECK(o.file_count() == 0);
        CHECK_THROWS_AS(o.prepare_in_pieces("../feed.json", pieces({"x"})), std::invalid_argument);
    }
    CHECK(test::read(out / "feed.json") == "{\"items\": [1, 2, 3]}");
    // In memory, the pieces make the file's text.
    output::MemoryOutput memory;
    auto in_memory = memory.prepare_in_pieces("feed.json", pieces({"a", "", "bc"}));
    CHECK_FALSE(memory.prepared(in_memory));  // (its text is the Prepared's)
    memory.add(std::move(in_memory));
    REQUIRE(memory.find("feed.json"));
    CHECK(*memory.find("feed.json") == "abc");
}
