#include "on_disk/folder_build.hpp"

#include <doctest/doctest.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <tuple>

#include "config/site_config.hpp"
#include "feed/identity.hpp"
#include "files/files.hpp"
#include "files/hash.hpp"
#include "on_disk/saved_build.hpp"
#include "on_disk/saved_sources.hpp"
#include "output/output.hpp"
#include "pipeline/build_site.hpp"
#include "pipeline/change.hpp"
#include "stages/sources.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {

using test::build_into;
using test::differences;
using test::tree;
using test::warnings_of;

struct stat stat_of(const fs::path& p) {
    struct stat st {};
    ::stat(p.c_str(), &st);
    return st;
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
        CHECK(warnings_of(r.report) == warnings_of(whole.report));
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
        CHECK(r.report.body_edit);  // known from the recorded note, not by comparing the content
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
        // What comes before the stages is timed too (`build --verbose`): the inputs judged, then
        // the kept merge and texts read.
        REQUIRE(r.report.stages.size() > 2);
        CHECK(r.report.stages[0].first == "inputs");
        CHECK(r.report.stages[1].first == "kept");
        // The next build starts from this one's record.
        r = edit(note, test::replace_first(test::k_hop_note, "First version", "Third version"));
        CHECK(r.report.incremental);
        CHECK(r.report.pages_rendered == 1);
    }
    SUBCASE("the body, after a file of the search index was changed by hand: every page made again") {
        // (The search index is patched from the last build's, whose files it carries over.)
        const fs::path block = out / "search/d/0.json";
        REQUIRE(fs::exists(block));
        test::write(block, test::read(block) + " ");
        auto r = edit(note, test::replace_first(test::k_hop_note, "First version", "Second version"));
        CHECK_FALSE(r.report.incremental);
        r = edit(note, test::replace_first(test::k_hop_note, "First version", "Third version"));
        CHECK(r.report.body_edit);
    }
    SUBCASE("the summary: the episode, its home page and its topic page") {
        auto r = edit(note, test::replace_first(test::k_hop_note, "How HOPs carry subgraphs.",
                                                "Subgraphs as operator arguments."));
        CHECK(r.report.incremental);
        CHECK_FALSE(r.report.body_edit);
        CHECK(r.report.pages_rendered == 3);
    }
    SUBCASE("a body that links to another episode: that episode's 'mentioned in' too") {
        auto r = edit(note, test::replace_first(test::k_hop_note, "First version",
                                                "See [strides](episode:strides). First version"));
        CHECK(r.report.incremental);
        CHECK_FALSE(r.report.body_edit);
        CHECK(test::read(out / "episodes/strides/index.html").find("higher-order-operators") != std::string::npos);
        // The same link in other words: the body alone changed.
        r = edit(note, test::replace_first(test::k_hop_note, "First version", "See [strides](episode:strides)."));
        CHECK(r.report.body_edit);
        CHECK(r.report.pages_rendered == 1);
        // The link gone: 'mentioned in' goes with it.
        r = edit(note, test::k_hop_note);
        CHECK_FALSE(r.report.body_edit);
        CHECK(test::read(out / "episodes/strides/index.html").find("higher-order-operators") == std::string::npos);
    }
    SUBCASE("the body of a draft, and of a note beside another edit: every note compared") {
        const fs::path other = dir.path() / "content/episodes/strides.md";
        edit(other, "---\nepisode: strides\ndraft: true\n---\nNot yet.\n");
        auto r = edit(other, "---\nepisode: strides\ndraft: true\n---\nStill not.\n");
        CHECK_FALSE(r.report.body_edit);
        CHECK(r.report.pages_rendered == 0);
        test::write(other, "---\nepisode: strides\n---\nPublished.\n");
        r = edit(note, test::replace_first(test::k_hop_note, "First version", "Second version"));
        CHECK_FALSE(r.report.body_edit);
        CHECK(test::read(out / "episodes/strides/index.html").find("Published.") != std::string::npos);
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
    SUBCASE("chapters changed with the title: chapters.json too, and gone with them") {
        // (Found by tests/e2e/edit_sessions_test.cpp: a file that reads the chapters alone was
        // kept when the same edit changed the episode otherwise.)
        const std::string with_chapters = test::replace_first(
            test::k_hop_note, "topics:", "chapters:\n  - \"0:00 Opening\"\n  - \"3:10 Subgraphs\"\ntopics:");
        edit(note, with_chapters);
        edit(note, test::replace_first(test::replace_first(with_chapters, "topics:", "title: HOPs\ntopics:"),
                                       "3:10 Subgraphs", "4:20 Operators"));
        CHECK(test::read(out / "episodes/higher-order-operators/chapters.json").find("Operators") != std::string::npos);
        auto r = edit(note, test::replace_first(test::k_hop_note, "topics:", "title: HOPs, again\ntopics:"));
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

TEST_CASE("after an edit of a note, feed.xml keeps the other episodes' items as written, and says the same") {
    // Items whose input has what feed.xml leaves out (a foreign element, a script link, a
    // control character): the counts in the warnings add up every item's, copied or made again.
    test::TempDir dir;
    test::copy_site("site", dir.path());
    const fs::path source = dir.path() / "content/sources/feed.xml";
    const std::string item_extras =
        "<item>\n      <xhtml:div xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">x</xhtml:div>\n"
        "      <comments>javascript:alert(1)</comments>\n      <itunes:subtitle>Esc &#27; here</itunes:subtitle>";
    std::string feed = test::read(source);
    const int items = test::count_of(feed, "<item>");
    REQUIRE(items == 3);
    for (auto at = feed.find("<item>"); at != std::string::npos; at = feed.find("<item>", at + item_extras.size()))
        feed.replace(at, 6, item_extras);
    test::write(source, feed);
    const fs::path note = dir.path() / "content/episodes/hop.md";
    test::write(note, test::k_hop_note);
    const fs::path out = dir.path() / "public";
    build_into(dir.path(), out);
    const std::string before = test::read(out / "feed.xml");

    test::write(note, test::replace_first(test::k_hop_note, "First version", "Second version"));
    auto r = build_into(dir.path(), out);
    CHECK(r.report.incremental);
    auto whole = build_into(dir.path(), dir.path() / "whole");
    const std::string now = test::read(out / "feed.xml");
    CHECK(now == test::read(dir.path() / "whole/feed.xml"));
    CHECK(now != before);
    CHECK(test::contains(now, "Second version"));
    CHECK(warnings_of(r.report) == warnings_of(whole.report));
    CHECK(test::contains(warnings_of(r.report), "3 links of the input's that would run code"));
    CHECK(test::contains(warnings_of(r.report), "3 control characters"));
    CHECK(test::contains(warnings_of(r.report), "3 elements of namespaces podcast apps do not read"));
    // The record the next build copies from is the whole build's.
    auto saved = on_disk::read_saved_build(on_disk::saved_build_path(out));
    auto saved_whole = on_disk::read_saved_build(on_disk::saved_build_path(dir.path() / "whole"));
    REQUIRE(saved);
    REQUIRE(saved_whole);
    CHECK(saved->record.feed.item_offsets == saved_whole->record.feed.item_offsets);
    REQUIRE(saved->record.feed.items.size() == saved_whole->record.feed.items.size());
    for (std::size_t i = 0; i < saved->record.feed.items.size(); ++i) {
        const auto& a = saved->record.feed.items[i];
        const auto& b = saved_whole->record.feed.items[i];
        CHECK(std::tie(a.guid, a.enclosure_url, a.slug, a.file, a.line, a.title, a.day) ==
              std::tie(b.guid, b.enclosure_url, b.slug, b.file, b.line, b.title, b.day));
    }
    // What the check keeps of each item (the copied ones taken unread) is what reading all says.
    REQUIRE(saved->record.feed.checked.size() == saved->record.feed.items.size());
    CHECK(saved->record.feed.checked == saved_whole->record.feed.checked);
    // feed.xml edited by hand since (another episode's item, its size kept): not copied from
    // (its modification time is not the manifest's).
    REQUIRE(test::contains(now, "TORCH_TRACE and tlparse"));
    test::write(out / "feed.xml", test::replace_first(now, "TORCH_TRACE and tlparse", "Hand-made title edited!"));
    test::write(note, test::replace_first(test::k_hop_note, "First version", "Third version"));
    r = build_into(dir.path(), out);
    CHECK(r.report.incremental);
    CHECK_FALSE(test::contains(test::read(out / "feed.xml"), "Hand-made title"));
    build_into(dir.path(), dir.path() / "whole-2");
    CHECK(test::read(out / "feed.xml") == test::read(dir.path() / "whole-2/feed.xml"));
}

TEST_CASE("after an edit of one note's body, the guard still compares with the feed apps have, and says the same") {
    // The build copies the other items from the folder's feed.xml, which then holds the very
    // identities it writes: that comparison is left out. The one with the published feed (a
    // runner's: apps know an older audio URL) is not.
    NotedSite site;
    const auto& [dir, note, out, first] = site;
    auto known = feed::read_identities(test::read(out / "feed.xml")).value();
    REQUIRE(known.size() > 1);
    known[1].enclosure_url = "https://old-host.example/episode.mp3";
    const stages::PublishedSite published{{"https://site.example/feed.xml", known}};
    auto config = config::load_config(dir.path() / "site.yaml");
    config.output = out;
    on_disk::build_folder(config, &published);  // (the feeds the build reads)
    test::write(note, test::replace_first(test::k_hop_note, "First version", "Second version"));
    const auto edited = on_disk::build_folder(config, &published);
    CHECK(edited.report.body_edit);
    CHECK(edited.report.pages_rendered == 1);
    const std::string said = warnings_of(edited.report);
    CHECK(test::contains(said, "1 item keeps its guid with a new audio URL since https://site.example/feed.xml"));
    CHECK(test::contains(said, "https://old-host.example/episode.mp3 -> "));
    // A build of everything with the same feeds says the same, and writes the same feed.xml.
    config.output = dir.path() / "whole";
    const auto whole = on_disk::build_folder(config, &published);
    CHECK(warnings_of(whole.report) == said);
    CHECK(test::read(out / "feed.xml") == test::read(dir.path() / "whole/feed.xml"));
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
    const feed::WrittenFeed& items = saved->record.feed;
    REQUIRE(items.items.size() == published.size());
    REQUIRE(items.item_offsets.size() == published.size() + 1);
    const std::string xml = test::read(out / "feed.xml");
    for (std::size_t i = 0; i < published.size(); ++i) {
        CHECK(items.items[i].guid == published[i].guid);
        CHECK(items.items[i].enclosure_url == published[i].enclosure_url);
        // (where the item is in feed.xml: what the next build copies it by)
        const std::string item = xml.substr(items.item_offsets[i], items.item_offsets[i + 1] - items.item_offsets[i]);
        CHECK(item.starts_with("    <item>"));
        CHECK(item.ends_with("</item>\n"));
        auto alone = feed::read_identities("<rss version=\"2.0\"><channel>" + item + "</channel></rss>");
        REQUIRE(alone);
        REQUIRE(alone->size() == 1);
        CHECK(alone->front().guid == published[i].guid);
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

// What lets folder_build's second try (after a page changed by hand) keep the identities apps
// know without reading feed.xml again: the sequence's own contract.
TEST_CASE("a build that throws once its pages render leaves the last feed's items, and they still guard") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    const config::SiteConfig config = config::load_config(dir.path() / "site.yaml");
    pipeline::LastBuild last;
    output::MemoryOutput first;
    pipeline::build_site(config, first, last, {});
    REQUIRE(last.feed_items);
    const auto items = last.feed_items->items;
    REQUIRE(items.size() > 2);
    // An item gone from the sources: the feed's check, after the pages, refuses it.
    const fs::path source = dir.path() / "content/sources/feed.xml";
    const std::string text = test::read(source);
    const auto at = text.find(items[1].guid);
    REQUIRE(at != std::string::npos);
    const auto start = text.rfind("<item>", at), end = text.find("</item>", at) + 7;
    test::write(source, text.substr(0, start) + text.substr(end));
    const config::SiteConfig changed = config::load_config(dir.path() / "site.yaml");
    for (int attempt = 0; attempt < 2; ++attempt) {  // (the second: from what the first left)
        CAPTURE(attempt);
        output::MemoryOutput out;
        const std::string errors = test::input_errors([&] { pipeline::build_site(changed, out, last, {}); });
        CHECK(errors.find("(guid '" + items[1].guid + "')") != std::string::npos);
        REQUIRE(last.feed_items);
        REQUIRE(last.feed_items->items.size() == items.size());
        for (std::size_t i = 0; i < items.size(); ++i) CHECK(last.feed_items->items[i].guid == items[i].guid);
        CHECK(last.pages.empty());  // (nothing else: the next build is whole)
    }
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

// The edit of a body alone (build's quickest route) meets the same check as a whole build.
TEST_CASE("a note's body whose raw HTML is past the parser's budget fails the build, which changes nothing") {
    NotedSite noted;
    const auto& [dir, note, out, first] = noted;
    const auto site = tree(out);
    std::string tangled;
    for (int i = 0; i < 3000; ++i) tangled += "<p><b id=\"" + std::to_string(i) + "\">x\n";
    test::write(note, test::replace_first(test::k_hop_note, "First version", "First version\n\n" + tangled));
    const std::string errors = test::input_errors([&] { build_into(dir.path(), out); });
    CHECK(errors.find("error: the body nests or reopens its elements past what an HTML parser reads") !=
          std::string::npos);
    CHECK(tree(out) == site);
}

TEST_CASE("the build record reads back as written, and refuses what it did not write") {
    test::TempDir dir;
    const fs::path file = dir.path() / ".public.build-record";
    on_disk::SavedBuild saved{"f1", "f2", {}};
    saved.record.notes = {{false, "/p/content/episodes/a.md", "---\nepisode: a\n---\nText\n"},
                          {true, "/p/content/pages/b.md", ""}};
    saved.record.pages = {{"index.html", {1, 2, 3}}, {"episodes/a/index.html", {}}};
    saved.record.feed.items = {{"guid-1", "https://x/1.mp3", "a", "feed.xml", 3},
                               {"https://x/2.mp3", "https://x/2.mp3", "b", "", 0}};
    saved.record.feed.item_offsets = {100, 200, 350};
    saved.record.feed.left_out_of_items = {{1, 2, {3, {{"itunes:new-feed-url", 1}}, {{"x", 2}}}}, {}};
    saved.record.feed.checked = {{true, 7, 11, 22, -1700000000}, {}};
    REQUIRE(on_disk::write_saved_build(file, saved));
    auto back = on_disk::read_saved_build(file);
    REQUIRE(back);
    CHECK(back->fingerprint == "f1");
    CHECK(back->all_but_notes == "f2");
    CHECK(back->record.notes == saved.record.notes);
    CHECK(back->record.pages == saved.record.pages);
    REQUIRE(back->record.feed.items.size() == 2);
    CHECK(back->record.feed.items[0].guid == "guid-1");
    CHECK(back->record.feed.items[0].slug == "a");
    CHECK(back->record.feed.items[0].line == 3);
    CHECK(back->record.feed.items[1].enclosure_url == "https://x/2.mp3");
    CHECK(back->record.feed.item_offsets == saved.record.feed.item_offsets);
    REQUIRE(back->record.feed.left_out_of_items.size() == 2);
    const feed::LeftOutOfItem& left = back->record.feed.left_out_of_items[0];
    CHECK(left.script_links == 1);
    CHECK(left.control_characters == 2);
    CHECK(left.foreign.foreign_elements == 3);
    CHECK(left.foreign.host_claims == std::map<std::string, std::size_t>{{"itunes:new-feed-url", 1}});
    CHECK(left.foreign.undeclared == std::map<std::string, std::size_t>{{"x", 2}});
    CHECK(back->record.feed.checked == saved.record.feed.checked);
    // The same pages recorded in another order (pages are rendered on several threads) are the
    // same bytes.
    on_disk::SavedBuild reordered = saved;
    reordered.record.pages.clear();
    reordered.record.pages.rehash(64);
    for (int i = 200; i-- > 0;)
        reordered.record.pages.emplace("episodes/e" + std::to_string(i) + "/index.html", render::DepKeys{});
    for (const auto& entry : saved.record.pages) reordered.record.pages.insert(entry);
    on_disk::SavedBuild forward = reordered;
    forward.record.pages.clear();
    for (const auto& entry : saved.record.pages) forward.record.pages.insert(entry);
    for (int i = 0; i < 200; ++i)
        forward.record.pages.emplace("episodes/e" + std::to_string(i) + "/index.html", render::DepKeys{});
    const fs::path other = dir.path() / ".other.build-record";
    REQUIRE(on_disk::write_saved_build(file, reordered));
    REQUIRE(on_disk::write_saved_build(other, forward));
    CHECK(test::read(file) == test::read(other));
    REQUIRE(on_disk::read_saved_build(other));
    CHECK(on_disk::read_saved_build(other)->record.pages == reordered.record.pages);
    REQUIRE(on_disk::write_saved_build(file, saved));
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

// Classifying an edit reads only the note files whose bytes the inputs' fingerprints say changed:
// the others are the texts the record holds (here a note on disk differs from its recorded text
// while its fingerprint says it does not, and is taken as recorded).
TEST_CASE("a note the fingerprints say is the same is taken from the record, not read, to classify an edit") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    const fs::path hop = dir.path() / "content/episodes/hop.md", strides = dir.path() / "content/episodes/strides.md";
    const std::string strides_note = "---\nepisode: strides\nsummary: Strides explained.\n---\nThe strides note.\n";
    test::write(hop, test::k_hop_note);
    test::write(strides, strides_note);
    const auto config = config::load_config(dir.path() / "site.yaml");
    on_disk::build_folder(config);
    auto saved = on_disk::read_saved_build(on_disk::saved_build_path(config.output_dir()));
    REQUIRE(saved);
    const pipeline::LastBuild last{.pages = saved->record.pages, .notes = saved->record.notes};
    const std::string hop_recorded = test::read(hop);
    test::write(hop, test::replace_first(test::k_hop_note, "First version", "Another version"));
    test::write(strides, test::replace_first(strides_note, "The strides note.", "The strides note, edited."));
    auto hash_now = [](const std::string& path) -> std::optional<std::uint64_t> {
        files::Hasher h;
        return h.add_file(path) ? std::optional(h.digest()) : std::nullopt;
    };
    auto hop_unchanged = [&](const std::string& path) -> std::optional<std::uint64_t> {
        if (fs::path(path).filename() != "hop.md") return hash_now(path);
        files::Hasher h;
        h.add(hop_recorded);
        return h.digest();
    };
    const pipeline::Change taken =
        pipeline::classify_change(config, last, {.notes_alone = true, .file_hash = hop_unchanged}, nullptr);
    CHECK(taken.scope == pipeline::Change::Scope::note_body);
    CHECK(fs::path(taken.note_file).filename() == "strides.md");
    REQUIRE(taken.note_texts);
    const auto at = std::find_if(taken.note_texts->begin(), taken.note_texts->end(),
                                 [](const auto& t) { return fs::path(t.path).filename() == "hop.md"; });
    REQUIRE(at != taken.note_texts->end());
    CHECK(at->text == hop_recorded);
    // Every file read (both edits seen: not one body's edit alone).
    const pipeline::Change read =
        pipeline::classify_change(config, last, {.notes_alone = true, .file_hash = hash_now}, nullptr);
    CHECK(read.scope == pipeline::Change::Scope::notes);
}

// (Read back with PR_GET_THP_DISABLE, and cleared again: the test process builds many sites.)
TEST_CASE("a build of everything holds its memory in small pages; a build after a note edit keeps huge ones") {
    auto small_pages = [] { return ::prctl(PR_GET_THP_DISABLE, 0, 0, 0, 0) == 1; };
    auto clear = [] { ::prctl(PR_SET_THP_DISABLE, 0, 0, 0, 0); };
    clear();
    REQUIRE_FALSE(small_pages());
    NotedSite site;  // (its first build is a whole one)
    CHECK(small_pages());
    clear();
    test::write(site.note, test::replace_first(test::k_hop_note, "First version", "Another version"));
    const on_disk::FolderBuild edited = build_into(site.dir.path(), site.out);
    REQUIRE(edited.report.incremental);
    CHECK_FALSE(small_pages());
    // A change the kept sources cannot carry (site.yaml's) builds everything again.
    const fs::path yaml = site.dir.path() / "site.yaml";
    test::write(yaml, test::read(yaml) + "\n# edited\n");
    const on_disk::FolderBuild whole = build_into(site.dir.path(), site.out);
    CHECK_FALSE(whole.report.incremental);
    CHECK(small_pages());
    clear();
}

// The merge a build keeps holds the sources' warnings and the merge's; the site's (its artwork,
// its card) are made again with the site from the kept merge, so an edit says each once.
TEST_CASE("after a note edit, the site's own warnings are said once, as a build of everything says them") {
    NotedSite site;
    const auto& [dir, note, out, first] = site;
    test::write(dir.path() / "content/sources/artwork.jpg", "GIF89a is not a JPEG");
    const on_disk::FolderBuild whole = build_into(dir.path(), out);
    REQUIRE_FALSE(whole.report.incremental);
    const std::string said = warnings_of(whole.report);
    CHECK(test::count_of(said, "artwork.jpg: warning: is not used") == 1);
    test::write(note, test::replace_first(test::k_hop_note, "First version", "Second version"));
    const on_disk::FolderBuild edited = build_into(dir.path(), out);
    REQUIRE(edited.report.body_edit);
    CHECK(warnings_of(edited.report) == said);
    CHECK_FALSE(test::contains(test::read(on_disk::saved_sources_path(out)), "is not used"));  // (not kept)
}

TEST_CASE("an episode its host retitles keeps the page the site published it at, and the notes that name it") {
    // Before, the page moved to the new title's slug: every link and embed of the old address
    // was a 404, and the note naming the episode by its slug stopped the build ("matches no
    // episode"), on the first publish after the host corrected a title.
    NotedSite site;
    const auto& [dir, note, out, first] = site;
    REQUIRE(fs::exists(out / "episodes/higher-order-operators/index.html"));
    const fs::path feed = dir.path() / "content/sources/feed.xml";
    test::write(feed, test::replace_first(test::read(feed), "<title>Higher order operators</title>",
                                          "<title>Higher-order operators, revisited</title>"));
    build_into(dir.path(), out);
    CHECK(test::contains(test::read(out / "episodes/higher-order-operators/index.html"),
                         "Higher-order operators, revisited"));
    CHECK_FALSE(fs::exists(out / "episodes/higher-order-operators-revisited"));
    CHECK(test::contains(test::read(out / "feed.xml"),
                         "<link>https://example.github.io/fixture-archive/episodes/higher-order-operators/</link>"));
    // A runner has no output folder: the published feed tells the same (`build --published-feed`),
    // and the site it builds is the same bytes.
    auto config = config::load_config(dir.path() / "site.yaml");
    const site::SitePaths paths(config.base_url);
    const stages::PublishedSite published{{"https://example.github.io/fixture-archive/feed.xml",
                                           feed::read_identities(test::read(out / "feed.xml"), &paths).value()}};
    config.output = dir.path() / "runner";
    on_disk::build_folder(config, &published);
    CHECK(differences(tree(out), tree(dir.path() / "runner")) == "");
    // Without either, the page follows the title, and the note's name for it is an error that
    // says where the page is now.
    fs::remove_all(dir.path() / "runner");
    const std::string errors = test::input_errors([&] { on_disk::build_folder(config); });
    CHECK(test::contains(errors, "closest slugs: higher-order-operators-revisited"));
}

TEST_CASE("a page's kept records are an input: the episodes fetch keeps of it have their pages") {
    // (Only the kept file changes: a build that took it for unchanged would reuse its last merge.
    // A YAML listing's is not its name with .kept, as a feed's kept items are.)
    test::TempDir dir;
    test::write(dir.path() / "site.yaml",
                "title: L\nbase_url: https://example.org/l/\nsources:\n  - path: listing.yaml\n");
    test::write(dir.path() / "listing.yaml", "- title: Part 2\n  date: 2023-02-01\n");
    build_into(dir.path(), dir.path() / "public");
    REQUIRE(fs::exists(dir.path() / "public/episodes/part-2/index.html"));
    test::write(dir.path() / "listing.kept.json", R"([{"title": "Part 1", "date": "2023-01-01"}])");
    const auto r = build_into(dir.path(), dir.path() / "public");
    CHECK(fs::exists(dir.path() / "public/episodes/part-1/index.html"));
    CHECK(fs::exists(dir.path() / "public/episodes/part-2/index.html"));
    CHECK_FALSE(test::contains(warnings_of(r.report), "gone"));
    fs::remove(dir.path() / "listing.kept.json");
    CHECK(test::contains(warnings_of(build_into(dir.path(), dir.path() / "public").report),
                         "1 episode page the last build published is gone (episodes/part-1/)"));
}

TEST_CASE("an episode page the last build published that no source has any more is said, not lost in silence") {
    // A listing changed by hand (fetch keeps what one with a `url:` drops) loses an episode only
    // it listed (no audio: no feed item to keep it), which left the site without a word.
    test::TempDir dir;
    auto listing = [](int from) {
        std::string json = "[";
        for (int n = 3; n >= from; --n)
            json += std::string(n < 3 ? "," : "") + "{\"title\": \"Part " + std::to_string(n) +
                    "\", \"date\": \"2023-0" + std::to_string(n) + "-01\", \"url\": \"https://podcasts.example/" +
                    std::to_string(n) + "\"}";
        return json + "]";
    };
    test::write(dir.path() / "site.yaml",
                "title: L\nbase_url: https://example.org/l/\nsources:\n  - path: listing.json\n");
    test::write(dir.path() / "listing.json", listing(1));
    build_into(dir.path(), dir.path() / "public");
    REQUIRE(fs::exists(dir.path() / "public/episodes/part-1/index.html"));
    test::write(dir.path() / "listing.json", listing(2));
    const std::string said = warnings_of(build_into(dir.path(), dir.path() / "public").report);
    CHECK(test::contains(said,
                         "warning: 1 episode page the last build published is gone (episodes/part-1/): links "
                         "to it now answer 404"));
    // Dropped: two, the first named.
    test::write(dir.path() / "listing.json", listing(1));
    build_into(dir.path(), dir.path() / "public");
    test::write(dir.path() / "listing.json", listing(3));
    CHECK(test::contains(warnings_of(build_into(dir.path(), dir.path() / "public").report),
                         "2 episode pages the last build published are gone (the first: episodes/part-1/)"));
    // Nothing gone (another title for the site: every page made again): nothing said.
    test::write(dir.path() / "site.yaml",
                "title: L2\nbase_url: https://example.org/l/\nsources:\n  - path: listing.json\n");
    const auto again = build_into(dir.path(), dir.path() / "public");
    CHECK(again.report.pages_rendered == again.report.pages);
    CHECK_FALSE(test::contains(warnings_of(again.report), "gone"));
}
