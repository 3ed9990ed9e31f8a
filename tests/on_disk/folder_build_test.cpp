#include "on_disk/folder_build.hpp"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <map>

#include "config/site_config.hpp"
#include "feed/identity.hpp"
#include "files/files.hpp"
#include "on_disk/saved_build.hpp"
#include "on_disk/saved_sources.hpp"
#include "output/output.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {

// Every file under `dir` and its bytes.
std::map<std::string, std::string> tree(const fs::path& dir) {
    std::map<std::string, std::string> files;
    for (const auto& file : files::files_under(dir))
        files[file.lexically_relative(dir).generic_string()] = test::read(file);
    return files;
}

std::string differences(const std::map<std::string, std::string>& a, const std::map<std::string, std::string>& b) {
    std::string out;
    for (const auto& [path, content] : a)
        if (!b.contains(path) || b.at(path) != content) out += path + " ";
    for (const auto& [path, content] : b)
        if (!a.contains(path)) out += "+" + path + " ";
    return out;
}

struct stat stat_of(const fs::path& p) {
    struct stat st {};
    ::stat(p.c_str(), &st);
    return st;
}

// The project in `dir` built into `output` (a folder of its own for each).
on_disk::FolderBuild build_into(const fs::path& dir, const fs::path& output) {
    auto config = config::load_config(dir / "site.yaml");
    config.output = output;
    return on_disk::build_folder(config);
}

// The "site" fixture with test::k_hop_note as content/episodes/hop.md, built into public/.
struct NotedSite {
    test::TempDir dir;
    const fs::path note = dir.path() / "content/episodes/hop.md";
    const fs::path out = dir.path() / "public";
    on_disk::FolderBuild first;

    NotedSite() {
        test::copy_site("site", dir.path());
        test::write(note, test::k_hop_note);
        first = build_into(dir.path(), out);
    }
};

}  // namespace

TEST_CASE(
    "build after an edit of notes alone renders only the pages that read what changed, and gives a whole build's "
    "site") {
    NotedSite site;
    const auto& [dir, note, out, first] = site;
    CHECK_FALSE(first.report.incremental);
    CHECK(first.report.pages_rendered == first.report.pages);
    REQUIRE(fs::exists(on_disk::saved_build_path(out)));

    // Each edit: the site equals a whole build's into a fresh folder, and so does the record the
    // next build starts from (pages not rendered again kept their recorded inputs).
    int fresh = 0;
    auto edit = [&](const fs::path& file, const std::string& text) {
        if (text.empty())
            fs::remove(file);
        else
            test::write(file, text);
        auto r = build_into(dir.path(), out);
        const fs::path expected = dir.path() / ("whole-" + std::to_string(++fresh));
        auto whole = build_into(dir.path(), expected);
        CHECK_FALSE(whole.report.incremental);
        // The same warnings too, whatever the build started from.
        auto said = [](const pipeline::BuildReport& report) {
            std::string all;
            for (const auto& d : report.warnings) all += core::format(d) + "\n";
            return all;
        };
        CHECK(said(r.report) == said(whole.report));
        auto got = tree(out), want = tree(expected);
        CHECK_MESSAGE(got == want, differences(got, want));
        auto saved = on_disk::read_saved_build(on_disk::saved_build_path(out));
        auto saved_whole = on_disk::read_saved_build(on_disk::saved_build_path(expected));
        REQUIRE(saved);
        REQUIRE(saved_whole);
        CHECK(saved->record.pages == saved_whole->record.pages);
        CHECK(saved->record.notes.size() == saved_whole->record.notes.size());
        return r;
    };

    SUBCASE("the body: its episode page alone; the other pages are the same files as before") {
        const fs::path other_page = out / "episodes/strides/index.html";
        const auto before = stat_of(other_page);
        auto r = edit(note, test::replace_first(test::k_hop_note, "First version", "Second version"));
        CHECK(r.report.incremental);
        CHECK(r.report.pages_rendered == 1);
        CHECK(r.report.pages > 10);
        CHECK(test::read(out / "episodes/higher-order-operators/index.html").find("Second version") !=
              std::string::npos);
        const auto after = stat_of(other_page);
        CHECK(after.st_ino == before.st_ino);
        CHECK(after.st_mtim.tv_nsec == before.st_mtim.tv_nsec);
        // The sources were not loaded again: the merge the last build kept was read back.
        CHECK(fs::exists(on_disk::saved_sources_path(out)));
        CHECK(std::none_of(r.report.stages.begin(), r.report.stages.end(),
                           [](const auto& stage) { return stage.first == "load"; }));
        // The next build starts from this one's record.
        r = edit(note, test::replace_first(test::k_hop_note, "First version", "Third version"));
        CHECK(r.report.incremental);
        CHECK(r.report.pages_rendered == 1);
    }
    SUBCASE("the summary: the episode, its home page and its topic page") {
        auto r = edit(note, test::replace_first(test::k_hop_note, "How HOPs carry subgraphs.",
                                                "Subgraphs as operator arguments."));
        CHECK(r.report.incremental);
        CHECK(r.report.pages_rendered == 3);
    }
    SUBCASE("topics: a topic page goes, another comes") {
        REQUIRE(fs::exists(out / "topics/compiler/index.html"));
        auto r = edit(note, test::replace_first(test::k_hop_note, "[Compiler]", "[Tracing, Graphs]"));
        CHECK(r.report.incremental);
        CHECK_FALSE(fs::exists(out / "topics/compiler/index.html"));
        CHECK(fs::exists(out / "topics/tracing/index.html"));
    }
    SUBCASE("chapters a note lists: the episode's page, its embed and its chapters.json; gone with them") {
        auto r = edit(note, test::replace_first(test::k_hop_note, "topics:",
                                                "chapters:\n  - \"0:00 Opening\"\n  - \"3:10 Subgraphs\"\ntopics:"));
        CHECK(r.report.incremental);
        CHECK(r.report.pages_rendered == 3);  // the page, the embedded player and the chapters file
        CHECK(test::read(out / "episodes/higher-order-operators/embed/index.html").find("Subgraphs") !=
              std::string::npos);
        CHECK(test::read(out / "episodes/higher-order-operators/chapters.json").find("Subgraphs") != std::string::npos);
        r = edit(note, test::k_hop_note);
        CHECK(r.report.incremental);
        CHECK_FALSE(fs::exists(out / "episodes/higher-order-operators/chapters.json"));
    }
    SUBCASE("a new note with related episodes and 'mentioned in'; a date that reorders; the note deleted") {
        edit(dir.path() / "content/episodes/strides.md",
             "---\nepisode: strides\nrelated: [higher-order-operators]\nguests: [Ada Lovelace]\n---\nSee "
             "[HOPs](episode:higher-order-operators).\n");
        auto r = edit(note, test::replace_first(test::k_hop_note, "topics:", "date: 2030-01-01\ntopics:"));
        CHECK(r.report.incremental);
        CHECK(r.report.pages_rendered > 5);
        edit(note, "");
    }
    SUBCASE("a page with navigation: every page") {
        auto r = edit(dir.path() / "content/pages/about.md", "---\ntitle: About\n---\nAbout this archive.\n");
        CHECK(r.report.incremental);
        CHECK(r.report.pages_rendered == r.report.pages);
    }
    SUBCASE("anything but notes: a whole build") {
        auto r = edit(dir.path() / "site.yaml",
                      test::replace_first(test::read(dir.path() / "site.yaml"), "Fixture Archive", "Renamed"));
        CHECK_FALSE(r.report.incremental);
        r = edit(note, test::replace_first(test::k_hop_note, "First version", "Then a note"));
        CHECK(r.report.incremental);  // the whole build left a record too
    }
    SUBCASE("a page changed by hand in the output is made again, with every other page") {
        test::write(out / "episodes/strides/index.html", "edited by hand");
        auto r = edit(note, test::replace_first(test::k_hop_note, "First version", "Second version"));
        CHECK_FALSE(r.report.incremental);
        CHECK(test::read(out / "episodes/strides/index.html") != "edited by hand");
    }
    SUBCASE("a damaged or missing record: a whole build") {
        const fs::path record = on_disk::saved_build_path(out);
        std::string bytes = test::read(record);
        bytes[bytes.size() / 2] ^= 1;
        test::write(record, bytes);
        CHECK_FALSE(on_disk::read_saved_build(record));
        auto r = edit(note, test::replace_first(test::k_hop_note, "First version", "Second version"));
        CHECK_FALSE(r.report.incremental);
        fs::remove(record);
        r = edit(note, test::replace_first(test::k_hop_note, "First version", "Third version"));
        CHECK_FALSE(r.report.incremental);
    }
    SUBCASE("a damaged or missing kept merge: the sources are loaded and merged again") {
        const fs::path merged = on_disk::saved_sources_path(out);
        std::string bytes = test::read(merged);
        bytes[bytes.size() / 3] ^= 1;
        test::write(merged, bytes);
        auto r = edit(note, test::replace_first(test::k_hop_note, "First version", "Second version"));
        CHECK(r.report.incremental);
        CHECK(std::any_of(r.report.stages.begin(), r.report.stages.end(),
                          [](const auto& stage) { return stage.first == "load"; }));
        fs::remove(merged);
        r = edit(note, test::replace_first(test::k_hop_note, "First version", "Third version"));
        CHECK(r.report.incremental);
        CHECK(fs::exists(merged));  // kept again
    }
    SUBCASE("nothing changed: nothing done") {
        CHECK(build_into(dir.path(), out).up_to_date);
    }
}

TEST_CASE("the record's feed items are the published feed's, and the next build's feed must keep them") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    const fs::path out = dir.path() / "public";
    build_into(dir.path(), out);
    auto saved = on_disk::read_saved_build(on_disk::saved_build_path(out));
    REQUIRE(saved);
    auto published = feed::read_identities(test::read(out / "feed.xml")).value();
    REQUIRE(published.size() > 2);
    REQUIRE(saved->record.feed.size() == published.size());
    for (std::size_t i = 0; i < published.size(); ++i) {
        CHECK(saved->record.feed[i].guid == published[i].guid);
        CHECK(saved->record.feed[i].enclosure_url == published[i].enclosure_url);
    }
    // An item gone from the sources is an item gone from the published feed: refused, named as
    // the published feed.xml, though the build did not read that file.
    const fs::path source = dir.path() / "content/sources/feed.xml";
    std::string text = test::read(source);
    const std::string guid = published[1].guid;
    auto at = text.find(guid);
    REQUIRE(at != std::string::npos);
    auto start = text.rfind("<item>", at), end = text.find("</item>", at) + 7;
    test::write(source, text.substr(0, start) + text.substr(end));
    // (the listings still name it: only the feed's check can tell it went). The record is what
    // tells: the published file, overwritten in place, no longer has any item.
    test::write(out / "feed.xml", "<rss version=\"2.0\"><channel></channel></rss>");
    std::string errors = test::input_errors([&] { build_into(dir.path(), out); });
    CHECK(errors.find("(guid '" + guid + "')") != std::string::npos);
    CHECK(errors.find("is no longer in the archive") != std::string::npos);
    CHECK(errors.find((out / "feed.xml").string()) != std::string::npos);
}

TEST_CASE("a build that fails leaves the output and its record as they were") {
    NotedSite noted;
    const auto& [dir, note, out, first] = noted;
    const std::string record = test::read(on_disk::saved_build_path(out));
    const auto site = tree(out);
    test::write(note, "---\nepisode: [unclosed\n---\n");
    CHECK_FALSE(test::input_errors([&] { build_into(dir.path(), out); }).empty());
    CHECK(test::read(on_disk::saved_build_path(out)) == record);
    CHECK(tree(out) == site);
    // Mended, the next build still starts from that record.
    test::write(note, test::replace_first(test::k_hop_note, "First version", "Mended version"));
    auto r = build_into(dir.path(), out);
    CHECK(r.report.incremental);
    CHECK(r.report.pages_rendered == 1);
}

TEST_CASE("the build record reads back as written, and refuses what it did not write") {
    test::TempDir dir;
    const fs::path file = dir.path() / ".public.build-record";
    on_disk::SavedBuild saved{"f1", "f2", {}};
    saved.record.notes = {{false, "/p/content/episodes/a.md", "---\nepisode: a\n---\nText\n"},
                          {true, "/p/content/pages/b.md", ""}};
    saved.record.pages = {{"index.html", {1, 2, 3}}, {"episodes/a/index.html", {}}};
    saved.record.feed = {{"guid-1", "https://x/1.mp3", "", "", 0}, {"https://x/2.mp3", "https://x/2.mp3", "", "", 0}};
    REQUIRE(on_disk::write_saved_build(file, saved));
    auto back = on_disk::read_saved_build(file);
    REQUIRE(back);
    CHECK(back->fingerprint == "f1");
    CHECK(back->all_but_notes == "f2");
    CHECK(back->record.notes == saved.record.notes);
    CHECK(back->record.pages == saved.record.pages);
    REQUIRE(back->record.feed.size() == 2);
    CHECK(back->record.feed[0].guid == "guid-1");
    CHECK(back->record.feed[1].enclosure_url == "https://x/2.mp3");
    // Cut short anywhere, or not a record at all: nothing.
    const std::string bytes = test::read(file);
    for (std::size_t size : {std::size_t{0}, std::size_t{10}, bytes.size() / 2, bytes.size() - 1}) {
        test::write(file, bytes.substr(0, size));
        CHECK_FALSE(on_disk::read_saved_build(file));
    }
    test::write(file, "podarchive build record 2\n" + std::string(64, '\xff'));
    CHECK_FALSE(on_disk::read_saved_build(file));
    // Only for the output it describes.
    REQUIRE(on_disk::write_saved_build(file, saved));
    CHECK(on_disk::record_of_output(file, "f1"));
    CHECK_FALSE(on_disk::record_of_output(file, "f0"));
    CHECK_FALSE(on_disk::record_of_output(file, ""));
}

TEST_CASE("one build at a time in an output folder: a second is refused before it touches anything") {
    NotedSite site;
    const auto before = tree(site.out);
    test::write(site.note, std::string(test::k_hop_note) + "\nA line more.\n");
    {
        std::string error;
        const files::FileLock held(output::beside(site.out, ".lock"), error, files::FileLock::Kind::own);
        REQUIRE(held.held());  // (another build, writing the folder now)
        try {
            build_into(site.dir.path(), site.out);
            FAIL("a second build of the folder ran");
        } catch (const core::InputError& e) {
            REQUIRE(e.diagnostics().size() == 1);
            const std::string message = core::format(e.diagnostics()[0]);
            CHECK(message.find("another podarchive build is writing this folder now (process " +
                               std::to_string(::getpid()) + ")") != std::string::npos);
            CHECK(message.starts_with(site.out.string()));
        }
        CHECK(tree(site.out) == before);
    }
    // Once the other build is done, the lock is free again, and names nobody.
    CHECK(test::read(output::beside(site.out, ".lock")).empty());
    CHECK(build_into(site.dir.path(), site.out).report.pages_rendered > 0);
    CHECK(tree(site.out) != before);
}

TEST_CASE("the build lock is not taken through a link planted in its place") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    const fs::path out = dir.path() / "public", elsewhere = dir.path() / "elsewhere";
    test::write(elsewhere, "not podarchive's\n");
    fs::create_symlink(elsewhere, output::beside(out, ".lock"));
    CHECK_THROWS_AS(build_into(dir.path(), out), core::InputError);
    CHECK(test::read(elsewhere) == "not podarchive's\n");
    CHECK_FALSE(fs::exists(out));
}
