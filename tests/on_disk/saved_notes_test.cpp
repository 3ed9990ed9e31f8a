#include "on_disk/saved_notes.hpp"

#include <doctest/doctest.h>

#include "config/site_config.hpp"
#include "on_disk/folder_build.hpp"
#include "on_disk/saved_build.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {

// An episode note with every field set to something no other field has (but the transcript it
// read, which no kept note has): a field the file leaves out comes back as its default.
notes::EpisodeNote every_field() {
    notes::EpisodeNote n;
    n.file = "content/episodes/a.md";
    n.episode = {"slug-a", {"content/episodes/a.md", 2, 10}};
    n.title = "title";
    n.summary = "summary";
    n.topics = {"Compilers", "GPUs"};
    n.guests = {"Ada"};
    n.related = {{"slug-b", {"content/episodes/a.md", 6, 3}}};
    n.errata = {"erratum"};
    n.links = {{"Paper", "https://example.com/paper"}};
    n.draft = true;
    n.date = dates::Timestamp{1700000000, 60, true, true};
    n.duration = dates::Duration{3723, false};
    n.description = "description";
    n.image = "https://example.com/a.jpg";
    n.url = "https://host.example/a";
    n.number = 12;
    n.season = 3;
    n.transcript = notes::NoteLink{"text/vtt", "https://example.com/a.vtt"};
    n.chapters = "https://example.com/c.json";
    n.chapter_list = std::vector<core::Chapter>{{1.5, "Opening", "https://example.com/o", "", true}};
    n.chapters_at = {"content/episodes/a.md", 9, 1};
    n.chapters_from_show_notes = false;
    n.transcript_type = "text/vtt";
    n.body = "Body with [a link](episode:slug-b).\n";
    n.body_line = 14;
    return n;
}

}  // namespace

TEST_CASE("the notes read back as parsed and rendered, only for the inputs they were made from") {
    test::TempDir dir;
    const fs::path file = on_disk::saved_notes_path(dir.path() / "public");
    CHECK(file.filename() == ".public.notes");
    notes::NoteFileCache parsed;
    parsed.files["/p/content/episodes/a.md"] = {
        11,
        std::make_shared<const notes::EpisodeNote>(every_field()),
        std::nullopt,
        {core::warning_at({"content/episodes/a.md", 3, 1}, "unknown key 'titel'", "titel: x")}};
    notes::PageNote page{"content/pages/about.md", "about", "About", "What it is", 2, false, true, "Hello", 5};
    parsed.files["/p/content/pages/about.md"] = {22, nullptr, page, {}};
    // A note that read a file of its own is parsed again: that file may lie where no fingerprint looks.
    notes::EpisodeNote reads = every_field();
    reads.transcript_file = notes::Located{"transcripts/a.vtt", {"content/episodes/t.md", 4, 1}};
    parsed.files["/p/content/episodes/t.md"] = {33, std::make_shared<const notes::EpisodeNote>(reads), {}, {}};
    notes::MarkdownCache rendered;
    rendered["14\nBody"] = {"<p>Body</p>", {{"slug-b", 14, 20}}, {{"nowhere", 15, 2}}, true};
    REQUIRE(on_disk::write_saved_notes(file, "fp-1", parsed, rendered));

    auto back = on_disk::read_saved_notes(file, "fp-1");
    REQUIRE(back);
    REQUIRE(back->files.files.size() == 2);
    const auto& a = back->files.files.at("/p/content/episodes/a.md");
    CHECK(a.hash == 11);
    REQUIRE(a.episode);
    CHECK(*a.episode == every_field());
    CHECK_FALSE(a.page);
    REQUIRE(a.diagnostics.size() == 1);
    CHECK(core::format(a.diagnostics[0]) == core::format(parsed.files["/p/content/episodes/a.md"].diagnostics[0]));
    const auto& about = back->files.files.at("/p/content/pages/about.md");
    CHECK_FALSE(about.episode);
    REQUIRE(about.page);
    CHECK(about.page->slug == "about");
    CHECK(about.page->order == 2);
    CHECK_FALSE(about.page->nav);
    CHECK(about.page->body_line == 5);
    CHECK_FALSE(back->files.files.contains("/p/content/episodes/t.md"));
    REQUIRE(back->apply.markdown.size() == 1);
    const notes::RenderedMarkdown& body = back->apply.markdown.at("14\nBody");
    CHECK(body.html == "<p>Body</p>");
    REQUIRE(body.resolved.size() == 1);
    CHECK(body.resolved[0].slug == "slug-b");
    CHECK(body.resolved[0].column == 20);
    REQUIRE(body.unresolved.size() == 1);
    CHECK(body.unresolved[0].line == 15);
    CHECK(body.tangled);

    CHECK_FALSE(on_disk::read_saved_notes(file, "fp-2"));  // other sources, or another podarchive
    CHECK_FALSE(on_disk::read_saved_notes(file, ""));
    CHECK_FALSE(on_disk::read_saved_notes(dir.path() / "none", "fp-1"));
    const std::string bytes = test::read(file);
    for (std::size_t at : {bytes.size() / 2, bytes.size() - 1}) {
        test::write(file, bytes.substr(0, at));
        CHECK_FALSE(on_disk::read_saved_notes(file, "fp-1"));
    }
}

TEST_CASE("a build after an edit of notes parses and renders only the notes that changed") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    const fs::path hop = dir.path() / "content/episodes/hop.md", strides = dir.path() / "content/episodes/strides.md";
    test::write(hop, test::k_hop_note);
    test::write(strides, "---\nepisode: strides\nsummary: Strides explained.\n---\nThe body of the strides note.\n");
    auto config = config::load_config(dir.path() / "site.yaml");
    const fs::path out = config.output_dir(), file = on_disk::saved_notes_path(out);
    // A whole build keeps them too, for the inputs it names (its fingerprints are made beside it).
    on_disk::build_folder(config);
    auto saved = on_disk::read_saved_build(on_disk::saved_build_path(out));
    REQUIRE(saved);
    auto kept = on_disk::read_saved_notes(file, saved->all_but_notes);
    REQUIRE(kept);
    CHECK(kept->files.files.size() == 2);
    CHECK(kept->apply.markdown.size() == 2);
    test::write(hop, test::replace_first(test::k_hop_note, "First version", "Second version"));
    CHECK(on_disk::build_folder(config).report.incremental);
    saved = on_disk::read_saved_build(on_disk::saved_build_path(out));
    REQUIRE(saved);
    kept = on_disk::read_saved_notes(file, saved->all_but_notes);
    REQUIRE(kept);
    CHECK(kept->files.files.size() == 2);
    CHECK(kept->apply.markdown.size() == 2);
    // Taken as kept while a note's bytes are the same: a kept parse and a kept body that say what
    // no parse or render would show that neither was made again.
    notes::NoteFileCache marked = kept->files;
    for (auto& [path, entry] : marked.files) {
        if (fs::path(path).filename() != "strides.md") continue;
        REQUIRE(entry.episode);
        notes::EpisodeNote note = *entry.episode;
        note.summary = "KEPT PARSE";
        entry.episode = std::make_shared<const notes::EpisodeNote>(std::move(note));
    }
    notes::MarkdownCache bodies = kept->apply.markdown;
    for (auto& [key, body] : bodies)
        if (key.find("strides note") != std::string::npos) body.html = "<p>KEPT RENDER</p>";
    REQUIRE(on_disk::write_saved_notes(file, saved->all_but_notes, marked, bodies));
    // (The edited note now links to the strides episode, whose page then lists it: rendered again.)
    test::write(hop, test::replace_first(test::k_hop_note, "First version of the note.",
                                         "First version, after [strides](episode:strides)."));
    CHECK(on_disk::build_folder(config).report.incremental);
    CHECK(test::read(out / "episodes/strides/index.html").find("KEPT PARSE") != std::string::npos);
    CHECK(test::read(out / "episodes/strides/index.html").find("KEPT RENDER") != std::string::npos);
    CHECK(test::read(out / "episodes/higher-order-operators/index.html").find("after <a") != std::string::npos);
    // The note edited now is parsed and rendered anew; so is every note after a change of anything
    // else (here site.yaml: another fingerprint, so the kept notes are not of these inputs).
    test::write(strides, "---\nepisode: strides\nsummary: Strides again.\n---\nThe body of the strides note.\n");
    CHECK(on_disk::build_folder(config).report.incremental);
    CHECK(test::read(out / "episodes/strides/index.html").find("Strides again.") != std::string::npos);
    CHECK(test::read(out / "episodes/strides/index.html").find("KEPT PARSE") == std::string::npos);
    CHECK(test::read(out / "episodes/strides/index.html").find("KEPT RENDER") != std::string::npos);
    REQUIRE(on_disk::write_saved_notes(file, saved->all_but_notes, marked, bodies));
    test::write(dir.path() / "site.yaml",
                test::replace_first(test::read(dir.path() / "site.yaml"), "Fixture Archive", "Renamed"));
    config = config::load_config(dir.path() / "site.yaml");
    on_disk::build_folder(config);
    test::write(hop, test::k_hop_note);  // (no link: the strides page is rendered again)
    CHECK(on_disk::build_folder(config).report.incremental);
    CHECK(test::read(out / "episodes/strides/index.html").find("KEPT") == std::string::npos);
    CHECK(test::read(out / "episodes/strides/index.html").find("The body of the strides note.") != std::string::npos);
}
