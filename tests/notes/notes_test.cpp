#include <doctest/doctest.h>

#include <algorithm>

#include "core/diagnostic.hpp"
#include "dates/dates.hpp"
#include "notes/apply_notes.hpp"
#include "notes/front_matter.hpp"
#include "notes/load_notes.hpp"
#include "notes/markdown.hpp"
#include "support.hpp"

using notes::parse_episode_note;

namespace {
std::string first_error(const std::string& text, const std::string& file = "content/episodes/x.md") {
    std::vector<core::Diagnostic> d;
    parse_episode_note(text, file, d);
    return d.empty() ? "" : core::format(d.front());
}

core::Catalog small_catalog() {
    core::Catalog c;
    for (const char* slug : {"cuda-graph-trees", "cuda-graphs", "aotautograd", "same-title-a", "same-title-b"}) {
        core::Episode e;
        e.slug = slug;
        e.title = std::string(slug).starts_with("same") ? "Same title" : slug;
        e.guid = std::string("guid-") + slug;
        e.sources.set("title", {"feed", "feed.xml", 3});
        c.episodes.push_back(e);
    }
    return c;
}

notes::Curation apply(core::Catalog& c, std::vector<std::string> texts) {
    return test::apply_note_texts(c, texts);
}

std::string apply_error(std::vector<std::string> texts) {
    auto c = small_catalog();
    return test::input_errors([&] { apply(c, texts); });
}
}  // namespace

TEST_CASE("front matter: fences, BOM, CRLF and line numbers") {
    bool unclosed = false;
    auto fm = notes::split_front_matter("\xEF\xBB\xBF---\r\na: 1\r\n---\r\nbody\r\n", unclosed);
    REQUIRE(fm);
    CHECK(fm->yaml == "a: 1\n");
    CHECK(fm->body == "body\n");
    CHECK(fm->body_line == 4);
    CHECK_FALSE(notes::split_front_matter("no front matter", unclosed));
    CHECK_FALSE(unclosed);
    CHECK_FALSE(notes::split_front_matter("---\na: 1\n", unclosed));
    CHECK(unclosed);
}

TEST_CASE("every front-matter key is read") {
    std::vector<core::Diagnostic> d;
    auto n = parse_episode_note(
        "---\nepisode: cuda-graphs\ntitle: CUDA graphs!\nsummary: Short.\ntopics: [CUDA, PT2]\nguests: [Shen Li]\n"
        "related: [aotautograd]\nerrata: [Oops]\nlinks:\n  - title: Docs\n    url: https://x.example/d\ndraft: false\n"
        "date: 2021-06-28\nduration: '13:05'\ndescription: New text.\nimage: https://x.example/i.png\n"
        "url: https://x.example/e\nnumber: 7\nseason: 2\ntranscript: {url: https://x.example/t.vtt, type: text/vtt}\n"
        "chapters: https://x.example/c.json\n---\nBody *text*.\n",
        "n.md", d);
    CHECK(d.empty());
    CHECK(n.episode.value == "cuda-graphs");
    CHECK(n.episode.at.line == 2);
    CHECK(*n.title == "CUDA graphs!");
    CHECK(*n.summary == "Short.");
    CHECK(n.topics == std::vector<std::string>{"CUDA", "PT2"});
    CHECK(n.guests == std::vector<std::string>{"Shen Li"});
    REQUIRE(n.related.size() == 1);
    CHECK(n.related[0].value == "aotautograd");
    CHECK(n.errata.size() == 1);
    REQUIRE(n.links.size() == 1);
    CHECK(n.links[0].url == "https://x.example/d");
    CHECK(dates::format_day(*n.date) == "2021-06-28");
    CHECK(n.duration->seconds == 785);
    CHECK(*n.description == "New text.");
    CHECK(*n.number == 7);
    CHECK(*n.season == 2);
    CHECK(n.transcript->url == "https://x.example/t.vtt");
    CHECK(*n.chapters == "https://x.example/c.json");
    CHECK(n.body == "Body *text*.\n");
    CHECK(n.body_line == 23);
}

TEST_CASE("note errors are located in the real file") {
    CHECK(first_error("---\nepisode: x\ntopic: [a]\n---\n") ==
          "content/episodes/x.md:3:1: error: unknown front-matter key 'topic'; did you mean 'topics'?\n    topic: "
          "[a]\n    ^");
    CHECK(first_error("---\nepisode: x\ntopics: CUDA\n---\n")
              .starts_with("content/episodes/x.md:3:9: error: 'topics' must be a list"));
    CHECK(first_error("---\nepisode: x\ndraft: maybe\n---\n")
              .starts_with("content/episodes/x.md:3:8: error: 'draft' must be true or false"));
    CHECK(first_error("---\nepisode: x\ndate: someday\n---\n")
              .starts_with("content/episodes/x.md:3:7: error: cannot read date 'someday'"));
    CHECK(first_error("---\nepisode: x\nlinks:\n  - title: t\n    url: javascript:alert(1)\n---\n")
              .starts_with("content/episodes/x.md:5:10: error: 'url' must be an absolute http(s) URL"));
    CHECK(first_error("---\nepisode: x\ntitle: [unclosed\n---\n")
              .starts_with("content/episodes/x.md:4:1: error: malformed YAML"));
    // Nested deeper than yaml-cpp reads: said so, where it happens (yaml-cpp's own words were
    // "bad file").
    const std::string deep =
        first_error("---\nepisode: x\ntopics: " + std::string(50000, '[') + std::string(50000, ']') + "\n---\n");
    CHECK(deep.starts_with("content/episodes/x.md:3:"));
    CHECK(deep.find("malformed YAML: lists or mappings nested too deeply") != std::string::npos);
    CHECK(first_error("---\ntitle: t\n---\n").find("missing 'episode'") != std::string::npos);
    CHECK(first_error("no front matter").find("expected front matter") != std::string::npos);
    CHECK(first_error("---\nepisode: x\n").find("never closed") != std::string::npos);
}

TEST_CASE("applying notes: a note's date moves its episode, and mentions follow the new order") {
    auto c = small_catalog();
    const char* dates[] = {"2024-01-01", "2023-01-01", "2022-01-01"};  // the first three, newest first
    for (int i = 0; i < 3; ++i) c.episodes[static_cast<std::size_t>(i)].date = dates::parse_iso8601(dates[i]);
    auto cur = apply(c, {"---\nepisode: cuda-graphs\nrelated: [same-title-a]\n---\n",
                         "---\nepisode: aotautograd\ndate: 2025-01-01\nrelated: [same-title-a]\n---\n"});
    std::vector<std::string> order;
    for (const auto& e : c.episodes) order.push_back(e.slug);
    // Newest first; the undated ones stay right after the episode they followed.
    CHECK(order ==
          std::vector<std::string>{"aotautograd", "same-title-a", "same-title-b", "cuda-graph-trees", "cuda-graphs"});
    CHECK(cur.by_slug.at("same-title-a").mentioned_in == std::vector<std::string>{"aotautograd", "cuda-graphs"});
}

TEST_CASE("applying notes: overrides carry note provenance; errors name the closest slugs") {
    auto c = small_catalog();
    auto cur = apply(c, {"---\nepisode: cuda-graphs\ntitle: CUDA graphs\nrelated: [aotautograd]\ntopics: [CUDA]\n---\n"
                         "See [trees](episode:cuda-graph-trees).\n"});
    const auto& e = c.episodes[1];
    CHECK(e.title == "CUDA graphs");
    CHECK(e.sources.at("title").source == "note:content/episodes/n0.md");
    const auto& x = cur.by_slug.at("cuda-graphs");
    CHECK(x.related == std::vector<std::string>{"aotautograd"});
    CHECK(x.note_html ==
          "<p>See <a href=\"/base/episodes/cuda-graph-trees/\" rel=\"nofollow noopener\">trees</a>.</p>\n");
    CHECK(cur.by_slug.at("cuda-graph-trees").mentioned_in == std::vector<std::string>{"cuda-graphs"});
    CHECK(cur.by_slug.at("aotautograd").mentioned_in == std::vector<std::string>{"cuda-graphs"});

    CHECK(apply_error({"---\nepisode: cuda-graph\n---\n"}) ==
          "content/episodes/n0.md:2:10: error: episode 'cuda-graph' matches no episode (by slug, guid or title); "
          "closest slugs: cuda-graphs, cuda-graph-trees\n");
    CHECK(apply_error({"---\nepisode: Same title\n---\n"}).find("matches 2 episodes (same-title-a, same-title-b)") !=
          std::string::npos);
    CHECK(apply_error({"---\nepisode: aotautograd\n---\n\n\nA [bad](episode:aotautogradd) link.\n"})
              .starts_with("content/episodes/n0.md:6:3: error: link to episode:aotautogradd matches no episode; "
                           "closest slugs: aotautograd"));
    CHECK(apply_error({"---\nepisode: aotautograd\n---\n", "---\nepisode: guid-aotautograd\n---\n"})
              .find("already has a note") != std::string::npos);
    // Every problem of every note in one run.
    std::string all = apply_error({"---\nepisode: nope\n---\n", "---\nepisode: aotautograd\nrelated: [nah]\n---\n"});
    CHECK(std::count(all.begin(), all.end(), '\n') == 2);
}

// Raw HTML in a body goes through the sanitizer; past gumbo's budget (html/parse_cost.hpp) the
// page would show its text alone, which the author should hear of where the body starts.
TEST_CASE("a body whose raw HTML is past the parser's budget is an error at the body's line") {
    std::string tangled;
    for (int i = 0; i < 3000; ++i) tangled += "<p><b id=\"" + std::to_string(i) + "\">x\n";
    CHECK(apply_error({"---\nepisode: aotautograd\n---\n\n" + tangled}) ==
          "content/episodes/n0.md:4:1: error: the body nests or reopens its elements past what an HTML parser "
          "reads in bounded time (each tag's work grows with the elements open), so the page would show its text "
          "alone; close the elements its HTML opens, and nest less deep\n");
    // The same paragraphs with their <b> closed are the parser's.
    std::string orderly;
    for (int i = 0; i < 3000; ++i) orderly += "<p><b id=\"" + std::to_string(i) + "\">x</b></p>\n";
    auto c = small_catalog();
    CHECK(apply(c, {"---\nepisode: aotautograd\n---\n\n" + orderly})
              .by_slug.at("aotautograd")
              .note_html.find("<b>x</b>") != std::string::npos);
}

// cmark-gfm's tables cost the square of a row's cells (notes/markdown.hpp): a row past
// k_max_row_cells is an error at its line, and the body is rendered without tables meanwhile.
TEST_CASE("a table row of thousands of cells is an error at its line, not a renderer's minutes") {
    std::string wide = "|";
    for (int i = 0; i < 20000; ++i) wide += " x |";
    std::string rule = "|";
    for (int i = 0; i < 20000; ++i) rule += "---|";
    CHECK(apply_error({"---\nepisode: aotautograd\n---\n\nA table:\n\n" + wide + "\n" + rule + "\n" + wide + "\n"}) ==
          "content/episodes/n0.md:7:1: error: a table row of more than 256 cells ('|'): the Markdown renderer's time "
          "grows with the square of a row's cells; split the table, or write its rows as a list\n");
    auto none = [](const std::string&) -> std::optional<std::string> { return std::nullopt; };
    const auto r = notes::render_markdown("A table:\n\n" + wide + "\n" + rule + "\n", 10, none);
    CHECK(r.wide_row_line == 12);
    CHECK(r.html.find("<table>") == std::string::npos);
    CHECK(r.html.find("| x |") != std::string::npos);
    // A wide table of sensible rows stays a table.
    std::string row = "|", sep = "|";
    for (int i = 0; i < 200; ++i) row += " x |", sep += "---|";
    const auto table = notes::render_markdown(row + "\n" + sep + "\n" + row + "\n", 1, none);
    CHECK(table.wide_row_line == 0);
    CHECK(table.html.find("<table>") != std::string::npos);
}

TEST_CASE("draft notes are checked but not applied") {
    auto c = small_catalog();
    auto cur = apply(c, {"---\nepisode: aotautograd\ntitle: Changed\ndraft: true\n---\n"});
    CHECK(c.episodes[2].title == "aotautograd");
    CHECK(cur.by_slug.empty());
    CHECK_FALSE(apply_error({"---\nepisode: nothing-like-it\ndraft: true\n---\n"}).empty());
}

TEST_CASE("markdown: GFM features, raw HTML filtered, hostile links dropped") {
    auto none = [](const std::string&) -> std::optional<std::string> { return std::nullopt; };
    auto r = notes::render_markdown(
        "| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~ https://x.example\n\n- [x] done\n\n"
        "Note[^1].\n\n[^1]: The footnote.\n\n<script>alert(1)</script><b onclick=x>bold</b>\n\n"
        "[click](javascript:alert(1)) [data](data:text/html,x)\n",
        1, none);
    CHECK(r.html.find("<table>") != std::string::npos);
    CHECK(r.html.find("<del>old</del>") != std::string::npos);
    CHECK(r.html.find("<a href=\"https://x.example\"") != std::string::npos);
    CHECK(r.html.find("<input type=\"checkbox\" disabled checked>") != std::string::npos);
    CHECK(r.html.find("The footnote.") != std::string::npos);
    CHECK(r.html.find("<b>bold</b>") != std::string::npos);
    CHECK(r.html.find("<script") == std::string::npos);
    CHECK(r.html.find("onclick") == std::string::npos);
    CHECK(r.html.find("javascript:") == std::string::npos);
    CHECK(r.html.find("data:") == std::string::npos);
}

TEST_CASE("pages: slug, order, reserved names") {
    std::vector<core::Diagnostic> d;
    auto p = notes::parse_page("---\ntitle: About\norder: -2\nnav: false\n---\nHi\n", "content/pages/About Us.md",
                               "about-us", d);
    CHECK(d.empty());
    CHECK(p.slug == "about-us");
    CHECK(p.order == -2);
    CHECK_FALSE(p.nav);
    auto c = small_catalog();
    notes::NoteSet set;
    set.pages.push_back(
        notes::parse_page("---\ntitle: Episodes\nslug: episodes\n---\n", "content/pages/e.md", "e", set.diagnostics));
    CHECK_THROWS_AS(notes::apply_notes(c, set, [](const std::string& s) { return s; }), core::InputError);
}

TEST_CASE("a body alone changed: the same front matter, the same episodes linked by the same names") {
    auto note = [](const std::string& text) {
        std::vector<core::Diagnostic> d;
        auto n = parse_episode_note(text, "content/episodes/x.md", d);
        REQUIRE(d.empty());
        return n;
    };
    const std::string head = "---\nepisode: aotautograd\nsummary: One.\n---\n";
    const auto before = note(head + "See [graphs](episode:cuda-graphs) and [trees](episode:cuda-graph-trees).\n");
    // Other words, the links in another order, one of them twice: the same episodes.
    CHECK(notes::body_alone_changed(
        before,
        note(head +
             "Trees: [t](episode:cuda-graph-trees); [g](episode:cuda-graphs), [again](episode:cuda-graphs).\n")));
    // A link more, a link less, an episode named another way, the front matter: more changed.
    CHECK_FALSE(notes::body_alone_changed(
        before, note(head + "[g](episode:cuda-graphs) [t](episode:cuda-graph-trees) [a](episode:same-title-a)\n")));
    CHECK_FALSE(notes::body_alone_changed(before, note(head + "[g](episode:cuda-graphs)\n")));
    CHECK_FALSE(notes::body_alone_changed(
        before, note(head + "[g](episode:guid-cuda-graphs) [t](episode:cuda-graph-trees)\n")));
    CHECK_FALSE(notes::body_alone_changed(
        before, note("---\nepisode: aotautograd\nsummary: Two.\n---\nSee [graphs](episode:cuda-graphs) and "
                     "[trees](episode:cuda-graph-trees).\n")));
    // A line more above the body moves its line numbers (errors name them): not the body alone.
    CHECK_FALSE(notes::body_alone_changed(
        before, note("---\nepisode: aotautograd\n\nsummary: One.\n---\nSee [graphs](episode:cuda-graphs) and "
                     "[trees](episode:cuda-graph-trees).\n")));
    // A draft's body is not applied at all: its notes are compared whole.
    const std::string draft = "---\nepisode: aotautograd\ndraft: true\n---\n";
    CHECK_FALSE(notes::body_alone_changed(note(draft + "One.\n"), note(draft + "Two.\n")));
}

TEST_CASE("notes read as texts, then parsed, are the notes load_notes reads from their files") {
    test::TempDir dir;
    const auto content = dir.path() / "content";
    test::write(content / "episodes/a.md",
                "---\nepisode: aotautograd\nsummary: A.\n---\nBody [g](episode:cuda-graphs).\n");
    test::write(content / "episodes/b.md", "---\nepisode: cuda-graphs\ntopics: [GPU]\n---\n");
    test::write(content / "episodes/broken.md", "---\nepisode: [unclosed\n---\n");
    test::write(content / "pages/about.md", "---\ntitle: About\n---\nAbout.\n");
    test::write(content / "episodes/readme.txt", "not a note");
    const auto texts = notes::read_note_texts(content);
    REQUIRE(texts);
    REQUIRE(texts->size() == 4);
    CHECK((*texts)[0].path.ends_with("episodes/a.md"));
    CHECK((*texts)[3].page);
    notes::NoteTexts from_files;
    const notes::NoteSet read = notes::load_notes(content, dir.path(), nullptr, &from_files);
    CHECK(from_files == *texts);
    notes::NoteFileCache filled;
    const notes::NoteSet parsed = notes::load_notes(*texts, dir.path(), nullptr, &filled);
    CHECK(filled.files.size() == 4);
    REQUIRE(parsed.episodes.size() == read.episodes.size());
    for (std::size_t i = 0; i < read.episodes.size(); ++i) CHECK(*parsed.episodes[i] == *read.episodes[i]);
    REQUIRE(parsed.pages.size() == 1);
    CHECK(parsed.pages[0].title == read.pages[0].title);
    CHECK(parsed.pages[0].body == read.pages[0].body);
    CHECK(parsed.diagnostics.size() == read.diagnostics.size());
    CHECK_FALSE(parsed.diagnostics.empty());  // (the broken note's, located the same)
    CHECK(core::format(parsed.diagnostics.front()) == core::format(read.diagnostics.front()));
    // A note that cannot be read (past 4 MB): nothing (load_notes, reading the files, says why).
    test::write(content / "episodes/huge.md", "---\nepisode: aotautograd\n---\n" + std::string(5u << 20, 'x'));
    CHECK_FALSE(notes::read_note_texts(content));
    const auto said = notes::load_notes(content, dir.path()).diagnostics;
    CHECK(std::any_of(said.begin(), said.end(),
                      [](const core::Diagnostic& d) { return d.where.file == "content/episodes/huge.md"; }));
}

TEST_CASE("a symbolic link among the notes is not read, and each one is named in a warning") {
    test::TempDir dir, outside;
    const auto content = dir.path() / "content";
    test::write(content / "episodes/a.md", "---\nepisode: aotautograd\n---\n");
    test::write(outside.path() / "b.md", "---\nepisode: cuda-graphs\nsummary: FROM-OUTSIDE\n---\n");
    test::write(outside.path() / "more/c.md", "---\nepisode: cuda-graph-trees\n---\n");
    std::filesystem::create_symlink(outside.path() / "b.md", content / "episodes/b.md");
    std::filesystem::create_symlink(outside.path() / "more", content / "episodes/more");  // a folder
    std::filesystem::create_directories(content / "pages");
    std::filesystem::create_symlink(outside.path() / "b.md", content / "pages/about.md");
    const notes::NoteSet read = notes::load_notes(content, dir.path());
    REQUIRE(read.episodes.size() == 1);  // a.md alone
    CHECK(read.episodes[0]->episode.value == "aotautograd");
    CHECK(read.pages.empty());
    REQUIRE(notes::read_note_texts(content));
    CHECK(notes::read_note_texts(content)->size() == 1);
    const auto warned = notes::note_link_warnings(content, dir.path());
    REQUIRE(warned.size() == 3);
    CHECK(warned[0].where.file == "content/episodes/b.md");
    CHECK(warned[1].where.file == "content/episodes/more");
    CHECK(warned[2].where.file == "content/pages/about.md");
    CHECK(warned[0].severity == core::Severity::warning);
    CHECK(warned[0].message.find("symbolic link, which podarchive does not follow") != std::string::npos);
    CHECK(notes::note_link_warnings(outside.path(), outside.path()).empty());  // (no note folders there)
}

TEST_CASE("an episode's topics are its note's, else its feed's categories, which take no extras of their own") {
    auto c = small_catalog();
    c.episodes[0].categories = {"CUDA", "Graphs"};  // cuda-graph-trees: categories, no note
    c.episodes[1].categories = {"CUDA"};            // cuda-graphs: categories and a note naming topics
    c.episodes[2].categories = {"Autograd"};        // aotautograd: categories and a note naming none
    auto cur = apply(c, {"---\nepisode: cuda-graphs\ntopics: [Graphs]\n---\n", "---\nepisode: aotautograd\n---\n"});
    CHECK_FALSE(cur.by_slug.contains("cuda-graph-trees"));
    const notes::EpisodeExtras* alone = cur.extras(c.episodes[0]);
    REQUIRE(alone);
    CHECK(alone->note_file.empty());
    CHECK(notes::Curation::topics_of(alone, c.episodes[0]) == std::vector<std::string>{"CUDA", "Graphs"});
    CHECK(notes::Curation::topics_of(cur.extras(c.episodes[1]), c.episodes[1]) == std::vector<std::string>{"Graphs"});
    CHECK(notes::Curation::topics_of(cur.extras(c.episodes[2]), c.episodes[2]) == std::vector<std::string>{"Autograd"});
    CHECK(cur.extras(c.episodes[3]) == nullptr);  // no note, no categories
}
