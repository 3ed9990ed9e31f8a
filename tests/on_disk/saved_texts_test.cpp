#include "on_disk/saved_texts.hpp"

#include <doctest/doctest.h>

#include "config/site_config.hpp"
#include "on_disk/folder_build.hpp"
#include "on_disk/saved_build.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {

// Two episodes, with show notes of each kind.
core::Catalog two_episodes() {
    core::Catalog catalog;
    catalog.channel.link = "https://show.example/";
    for (const char* notes : {"<p>First <b>show</b> notes. Second sentence.</p>", "Plain notes, https://a.example/x"}) {
        core::Episode e;
        e.slug = notes[0] == '<' ? "one" : "two";
        e.description = notes;
        e.description_is_html = notes[0] == '<';
        catalog.episodes.push_back(e);
    }
    return catalog;
}

// Their texts, as a build makes them.
site::TextCache two_texts() {
    return site::TextCache(two_episodes(), 2);
}

}  // namespace

TEST_CASE("the episodes' texts read back as written, only for the inputs they were made from") {
    test::TempDir dir;
    const fs::path file = on_disk::saved_texts_path(dir.path() / "public");
    CHECK(file.filename() == ".public.texts");
    const site::TextCache texts = two_texts();
    CHECK(texts.made() == 2);
    REQUIRE(on_disk::write_saved_texts(file, "fp-1", texts));
    auto back = on_disk::read_saved_texts(file, "fp-1");
    REQUIRE(back);
    REQUIRE(back->size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
        const site::EpisodeText &a = texts.at(i), &b = back->at(i);
        CHECK(a.notes_html == b.notes_html);
        CHECK(a.plain == b.plain);
        CHECK(a.summary == b.summary);
        CHECK(a.short_summary == b.short_summary);
        CHECK(a.source == b.source);
        CHECK_FALSE(a.summary.empty());
    }
    CHECK_FALSE(on_disk::read_saved_texts(file, "fp-2"));  // other sources, or another podarchive
    CHECK_FALSE(on_disk::read_saved_texts(file, ""));
    CHECK_FALSE(on_disk::read_saved_texts(dir.path() / "none", "fp-1"));
    // Damaged anywhere: none (the next build makes them again).
    const std::string bytes = test::read(file);
    for (std::size_t at : {bytes.size() / 3, bytes.size() - 1}) {
        std::string damaged = bytes;
        damaged.resize(at);
        test::write(file, damaged);
        CHECK_FALSE(on_disk::read_saved_texts(file, "fp-1"));
    }
    test::write(file, bytes + "x");
    CHECK_FALSE(on_disk::read_saved_texts(file, "fp-1"));
}

TEST_CASE("texts just kept are read from the file written: the cache of them views it, the made ones let go of") {
    test::TempDir dir;
    const fs::path file = on_disk::saved_texts_path(dir.path() / "public");
    const core::Catalog catalog = two_episodes();
    auto made = std::make_shared<const site::TextCache>(catalog, 2);
    std::shared_ptr<const site::KeptTexts> kept;
    REQUIRE(on_disk::write_saved_texts(file, "fp-1", *made, &kept));
    REQUIRE(kept);
    REQUIRE(kept->size() == 2);
    const site::TextCache texts(*made, kept);
    CHECK(texts.made() == made->made());
    const std::string bytes = test::read(file);  // (what the views must read as)
    std::vector<site::EpisodeText> before = {made->at(0), made->at(1)};
    made.reset();  // (its texts go: those of `texts` are the file's)
    for (std::size_t i = 0; i < 2; ++i) {
        const site::EpisodeText& t = texts.at(i);
        CHECK(t.notes_html == before[i].notes_html);
        CHECK(t.plain == before[i].plain);
        CHECK(t.summary == before[i].summary);
        CHECK(t.source == before[i].source);
        CHECK(bytes.find(t.notes_html.view()) != std::string::npos);
        CHECK(before[i].notes_html.view().data() != t.notes_html.view().data());
    }
    // Replaced on disk (the next build), the texts held still read as written.
    REQUIRE(on_disk::write_saved_texts(file, "fp-2", site::TextCache()));
    CHECK(texts.at(1).plain == before[1].plain);
    // A kept text of other fields than made's (not written from it) is not taken: made's stays.
    core::Catalog other;
    core::Episode e;
    e.description = "Other notes.";
    other.episodes.push_back(e);
    other.episodes.push_back(e);
    const site::TextCache others(other, 1);
    const site::TextCache mixed(others, kept);
    CHECK(mixed.at(0).plain == "Other notes.");
}

TEST_CASE("a build keeps the texts it made, a whole one too, and the next one reuses them") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    const fs::path note = dir.path() / "content/episodes/hop.md";
    test::write(note, test::k_hop_note);
    auto config = config::load_config(dir.path() / "site.yaml");
    const fs::path out = config.output_dir(), file = on_disk::saved_texts_path(out);
    // A whole build keeps them too, for the inputs it names.
    on_disk::build_folder(config);
    const auto whole = on_disk::read_saved_build(on_disk::saved_build_path(out));
    REQUIRE(whole);
    CHECK(on_disk::read_saved_texts(file, whole->all_but_notes));
    test::write(note, test::replace_first(test::k_hop_note, "First version", "Second version"));
    CHECK(on_disk::build_folder(config).report.incremental);
    REQUIRE(fs::exists(file));
    const auto saved = on_disk::read_saved_build(on_disk::saved_build_path(out));
    REQUIRE(saved);
    auto kept = on_disk::read_saved_texts(file, saved->all_but_notes);
    REQUIRE(kept);
    // Reused by what they were made from: a kept text with the same source shows as kept (which
    // no build would write: it proves the text was not made again).
    auto marked = std::make_shared<std::vector<site::EpisodeText>>();
    for (std::size_t i = 0; i < kept->size(); ++i) {
        marked->push_back(kept->at(i));
        marked->back().plain = text::SharedText(std::string("KEPT TEXT"));  // (feed.json's summaries are made from it)
    }
    REQUIRE_FALSE(marked->empty());
    std::vector<site::KeptTexts::Text> views;
    for (const auto& t : *marked) views.push_back(site::KeptTexts::Text::of(t));
    const site::TextCache marked_texts(std::make_shared<const site::KeptTexts>(std::move(views), marked));
    REQUIRE(on_disk::write_saved_texts(file, saved->all_but_notes, marked_texts));
    // (An edit of the summary: after one of a body alone, feed.json, which reads no note's body,
    // is the last build's.)
    test::write(note, test::replace_first(test::k_hop_note, "How HOPs carry subgraphs.", "Subgraphs as arguments."));
    CHECK(on_disk::build_folder(config).report.incremental);
    CHECK(test::read(out / "feed.json").find("KEPT TEXT") != std::string::npos);
    // Another merge (a source changed): the kept texts are not of it, and every text is made.
    test::write(dir.path() / "site.yaml",
                test::replace_first(test::read(dir.path() / "site.yaml"), "Fixture Archive", "Renamed"));
    config = config::load_config(dir.path() / "site.yaml");
    on_disk::build_folder(config);
    test::write(note, test::k_hop_note);
    CHECK(on_disk::build_folder(config).report.incremental);
    CHECK(test::read(out / "feed.json").find("KEPT TEXT") == std::string::npos);
}
