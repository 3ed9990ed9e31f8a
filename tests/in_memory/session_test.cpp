#include "in_memory/session.hpp"

#include <doctest/doctest.h>

#include "config/site_config.hpp"
#include "output/output.hpp"
#include "pipeline/build_site.hpp"
#include "pipeline/last_build.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {

using test::differences;

// A whole build of the site as it is now, for comparison (`state`: what it recorded).
output::MemoryOutput whole_build(const fs::path& dir, pipeline::LastBuild* state = nullptr) {
    output::MemoryOutput out;
    const config::SiteConfig config = config::load_config(dir / "site.yaml");
    if (state)
        pipeline::build_site(config, out, *state, {});
    else
        pipeline::build_site(config, out);
    return out;
}

bool contains(const std::string* text, const std::string& needle) {
    return text && text->find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("serve's incremental rebuild gives the same site as a whole build, after every kind of note edit") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    const fs::path note = dir.path() / "content/episodes/hop.md";
    test::write(note, test::k_hop_note);
    in_memory::Session session((dir.path() / "site.yaml").string());
    in_memory::Rebuild first = session.pages({});
    CHECK(first.whole);
    CHECK(output::same_files(*first.site, whole_build(dir.path())));

    // Each edit: the pages are right at once, and with the feeds the whole site equals a whole build.
    auto edit = [&](const fs::path& file, const std::string& text) {
        if (text.empty())
            fs::remove(file);
        else
            test::write(file, text);
        in_memory::Rebuild r = session.pages({file});
        CHECK_FALSE(r.whole);
        auto complete = session.feeds();
        pipeline::LastBuild state;
        auto expected = whole_build(dir.path(), &state);
        CHECK_MESSAGE(output::same_files(*complete, expected),
                      differences(test::tree(*complete), test::tree(expected)));
        // Pages not rendered again kept their record: it must still be what a whole build records.
        CHECK(session.dependencies() == state.pages);
        return r;
    };

    SUBCASE("the body: its episode page and nothing that does not show it") {
        auto r = edit(note, test::replace_first(test::k_hop_note, "First version", "Second version"));
        CHECK(r.bodies_only);                // the notes were not applied again
        CHECK(r.site->find("sitemap.xml"));  // kept as it was
        CHECK(contains(r.site->find("episodes/higher-order-operators/index.html"), "Second version"));
        CHECK(r.pages_rendered == 1);
        CHECK(r.pages > 10);
        // Named another way by the watcher, the file is still the one read again.
        r = edit(dir.path() / "content/pages/../episodes/./hop.md",
                 test::replace_first(test::k_hop_note, "First version", "Third version"));
        CHECK(r.bodies_only);
        CHECK(contains(r.site->find("episodes/higher-order-operators/index.html"), "Third version"));
        // Then the front matter: every note is applied again, from the state the bodies left.
        r = edit(note, test::replace_first(test::replace_first(test::k_hop_note, "First version", "Third version"),
                                           "[Compiler]", "[Graphs]"));
        CHECK_FALSE(r.bodies_only);
        CHECK(contains(r.site->find("episodes/higher-order-operators/index.html"), "Third version"));
        r = edit(note, test::replace_first(test::k_hop_note, "[Compiler]", "[Graphs]"));
        CHECK(r.bodies_only);
        CHECK(contains(r.site->find("episodes/higher-order-operators/index.html"), "First version"));
    }
    SUBCASE("a body that links to an episode it did not: 'mentioned in' there too, so every note is applied again") {
        auto r = edit(note, test::replace_first(test::k_hop_note, "First version",
                                                "After [strides](episode:strides), the first version"));
        CHECK_FALSE(r.bodies_only);
        CHECK(contains(r.site->find("episodes/strides/index.html"), "Mentioned in"));
        // The same link written again elsewhere in the body: the same episodes, only the body.
        r = edit(note, test::replace_first(test::k_hop_note, "First version",
                                           "Before [strides](episode:strides) came the first version"));
        CHECK(r.bodies_only);
        CHECK(contains(r.site->find("episodes/higher-order-operators/index.html"), "came the first version"));
        r = edit(note, test::k_hop_note);  // the link gone: not only the body again
        CHECK_FALSE(r.bodies_only);
        CHECK_FALSE(contains(r.site->find("episodes/strides/index.html"), "Mentioned in"));
    }
    SUBCASE("a body linking to no episode is an error, as when every note is applied") {
        edit(note, test::replace_first(test::k_hop_note, "First version", "See [strides](episode:strides)"));
        REQUIRE(contains(session.feeds()->find("episodes/strides/index.html"), "Mentioned in"));
        test::write(note,
                    test::replace_first(test::k_hop_note, "First version", "See [this](episode:no-such-episode)"));
        CHECK_THROWS_AS(session.pages({note}), core::InputError);
        session.feeds();  // (serve writes the feeds of the last good state when the edits pause)
        // The note that failed was never applied: the next edit is measured against the last
        // one applied, which linked to strides (only its body changes, but not only its HTML).
        auto r = edit(note, test::replace_first(test::k_hop_note, "First version", "Mended version"));
        CHECK_FALSE(r.bodies_only);
        CHECK(contains(r.site->find("episodes/higher-order-operators/index.html"), "Mended version"));
        CHECK_FALSE(contains(r.site->find("episodes/strides/index.html"), "Mentioned in"));
        r = edit(note, test::replace_first(test::k_hop_note, "First version", "Mended again"));
        CHECK(r.bodies_only);
    }
    SUBCASE("two notes saved at once: every note is applied again") {
        const fs::path other = dir.path() / "content/episodes/strides.md";
        edit(other, "---\nepisode: strides\n---\nStrides, first.\n");
        test::write(note, test::replace_first(test::k_hop_note, "First version", "Both, one"));
        test::write(other, "---\nepisode: strides\n---\nStrides, both.\n");
        auto r = session.pages({note, other});
        CHECK_FALSE(r.whole);
        CHECK_FALSE(r.bodies_only);
        CHECK(contains(r.site->find("episodes/higher-order-operators/index.html"), "Both, one"));
        CHECK(contains(r.site->find("episodes/strides/index.html"), "Strides, both."));
        auto complete = session.feeds();
        auto expected = whole_build(dir.path());
        CHECK_MESSAGE(output::same_files(*complete, expected),
                      differences(test::tree(*complete), test::tree(expected)));
    }
    SUBCASE("the summary: the episode, its home page and its topic page") {
        auto r = edit(note, test::replace_first(test::k_hop_note, "How HOPs carry subgraphs.",
                                                "Subgraphs as operator arguments."));
        CHECK_FALSE(r.bodies_only);
        CHECK(contains(r.site->find("topics/compiler/index.html"), "Subgraphs as operator arguments."));
        CHECK(r.pages_rendered == 3);
    }
    SUBCASE("topics: a topic page goes, another comes") {
        REQUIRE(first.site->find("topics/compiler/index.html"));
        auto r = edit(note, test::replace_first(test::k_hop_note, "[Compiler]", "[Tracing, Graphs]"));
        CHECK_FALSE(r.site->find("topics/compiler/index.html"));
        CHECK(r.site->find("topics/tracing/index.html"));
    }
    SUBCASE("chapters a note lists, then a transcript file it names (not a note: a whole build)") {
        auto r = edit(note, test::replace_first(test::k_hop_note, "topics:",
                                                "chapters:\n  - \"0:00 Opening\"\n  - \"3:10 Subgraphs\"\ntopics:"));
        CHECK(contains(r.site->find("episodes/higher-order-operators/chapters.json"), "Subgraphs"));
        CHECK(contains(r.site->find("episodes/higher-order-operators/index.html"), "href=\"#t=190\""));
        test::write(dir.path() / "content/transcripts/hop.vtt",
                    "WEBVTT\n\n00:00.000 --> 00:05.000\n<v Ed>Higher-order operators take graphs.\n");
        r = edit(note,
                 test::replace_first(test::k_hop_note, "topics:", "transcript: content/transcripts/hop.vtt\ntopics:"));
        CHECK(contains(r.site->find("episodes/higher-order-operators/index.html"),
                       "Higher-order operators take graphs."));
        CHECK(r.site->find("episodes/higher-order-operators/transcript.json"));
        CHECK_FALSE(r.site->find("episodes/higher-order-operators/chapters.json"));
        // The transcript file edited: a whole build, which reads the note's file again.
        test::write(dir.path() / "content/transcripts/hop.vtt",
                    "WEBVTT\n\n00:00.000 --> 00:05.000\n<v Ed>Operators that take subgraphs.\n");
        in_memory::Rebuild whole = session.pages({dir.path() / "content/transcripts/hop.vtt"});
        CHECK(whole.whole);
        CHECK(
            contains(whole.site->find("episodes/higher-order-operators/index.html"), "Operators that take subgraphs."));
    }
    SUBCASE("a new note: related episodes and 'mentioned in'") {
        edit(dir.path() / "content/episodes/strides.md",
             "---\nepisode: strides\nrelated: [higher-order-operators]\nguests: [Ada Lovelace]\n---\nSee "
             "[HOPs](episode:higher-order-operators).\n");
    }
    SUBCASE("a date that moves the episode: every page that shows the order") {
        auto r = edit(note, test::replace_first(test::k_hop_note, "topics:", "date: 2030-01-01\ntopics:"));
        CHECK(r.pages_rendered > 5);
    }
    SUBCASE("a title override, then the note deleted") {
        edit(note, test::replace_first(test::k_hop_note, "topics:", "title: HOPs, explained\ntopics:"));
        edit(note, "");
    }
    SUBCASE("a page with navigation: every page") {
        auto r = edit(dir.path() / "content/pages/about.md", "---\ntitle: About\n---\nAbout this archive.\n");
        CHECK(r.pages_rendered == r.pages);
    }
    SUBCASE("a broken note is an error; the session goes on from its last good state") {
        test::write(note, "---\nepisode: [unclosed\n---\n");
        CHECK_THROWS_AS(session.pages({note}), core::InputError);
        edit(note, test::replace_first(test::k_hop_note, "First version", "Fixed version"));
    }
}

TEST_CASE("serve rebuilds everything after a change that is not a note") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    in_memory::Session session((dir.path() / "site.yaml").string());
    session.pages({});
    test::write(dir.path() / "site.yaml",
                test::replace_first(test::read(dir.path() / "site.yaml"), "Fixture Archive", "Renamed Archive"));
    in_memory::Rebuild r = session.pages({dir.path() / "site.yaml"});
    CHECK(r.whole);
    CHECK(contains(r.site->find("index.html"), "Renamed Archive"));
    CHECK(output::same_files(*r.site, whole_build(dir.path())));
}

TEST_CASE("serve ignores the files an editor leaves beside a note, and nothing else") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    in_memory::Session session((dir.path() / "site.yaml").string());
    CHECK_FALSE(session.unread(dir.path() / "content/episodes/hop.md~"));  // no build yet: nothing is known
    session.pages({});
    const fs::path episodes = dir.path() / "content/episodes";
    // vim's backup, swap and write-test files; another editor's temporary file; in a subfolder.
    for (const char* name : {"hop.md~", ".hop.md.swp", "4913", "hop.md.tmp.1234", "drafts/notes.txt"})
        CHECK_MESSAGE(session.unread(episodes / name), name);
    CHECK(session.unread(dir.path() / "content/pages/about.md.bak"));
    // Notes, folders (moving one moves its notes) and files of other folders are read.
    CHECK_FALSE(session.unread(episodes / "hop.md"));
    CHECK_FALSE(session.unread(episodes / "drafts" / ""));
    CHECK_FALSE(session.unread(dir.path() / "content/pages/about.md"));
    CHECK_FALSE(session.unread(dir.path() / "templates/episode.mustache"));
    CHECK_FALSE(session.unread(dir.path() / "site.yaml"));
    CHECK_FALSE(session.unread(dir.path() / "content/sources/feed.xml"));
}
