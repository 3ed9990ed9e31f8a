#include <doctest/doctest.h>

#include "support.hpp"

namespace fs = std::filesystem;

TEST_CASE("the command line: version, help and exit codes") {
    test::TempDir dir;
    std::string out;
    CHECK(test::run_podarchive("--version", dir.path(), out) == 0);
    CHECK(out.starts_with("podarchive "));
    CHECK(test::run_podarchive("--help", dir.path(), out) == 0);
    CHECK(out.find("build") != std::string::npos);
    CHECK(test::run_podarchive("help build", dir.path(), out) == 0);
    CHECK(out.find("--base-url") != std::string::npos);
    CHECK(test::run_podarchive("build --no-such-flag", dir.path(), out) == 2);
    CHECK(test::run_podarchive("frobnicate", dir.path(), out) == 2);
    CHECK(test::run_podarchive("build", dir.path(), out) == 1);  // no site.yaml here
    CHECK(out.find("site.yaml: error: file not found") != std::string::npos);
}

TEST_CASE("the command line: build, then a broken site.yaml and a broken feed change nothing") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    std::string out;
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(out.find("built 6 episodes") != std::string::npos);
    std::string index = test::read(dir.path() / "public/index.html");

    std::string yaml = test::read(dir.path() / "site.yaml");
    test::write(dir.path() / "site.yaml", yaml + "episodes_per_pag: 3\n");
    CHECK(test::run_podarchive("build", dir.path(), out) == 1);
    CHECK(out.find("site.yaml:13:1: error: unknown key 'episodes_per_pag'; did you mean 'episodes_per_page'?") != std::string::npos);
    CHECK(test::read(dir.path() / "public/index.html") == index);

    test::write(dir.path() / "site.yaml", yaml);
    fs::copy_file(test::fixture("feeds/malformed.xml"), dir.path() / "content/sources/feed.xml", fs::copy_options::overwrite_existing);
    CHECK(test::run_podarchive("build", dir.path(), out) == 1);
    CHECK(out.find("content/sources/feed.xml:7:") != std::string::npos);
    CHECK(test::read(dir.path() / "public/index.html") == index);

    CHECK(test::run_podarchive("build --output other --base-url https://x.example/sub/", dir.path(), out) == 1);
}

TEST_CASE("the command line: new note writes a note once, then the build uses it") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    std::string out;
    REQUIRE(test::run_podarchive("new note strides", dir.path(), out) == 0);
    std::string note = test::read(dir.path() / "content/episodes/strides.md");
    CHECK(note.starts_with("---\nepisode: strides\ntitle: Strides\ndate: 2022-05-30\ntopics: []\n---\n"));
    CHECK(test::run_podarchive("new note strides", dir.path(), out) == 1);
    CHECK(out.find("already exists") != std::string::npos);
    CHECK(test::read(dir.path() / "content/episodes/strides.md") == note);
    CHECK(test::run_podarchive("new note stride", dir.path(), out) == 1);
    CHECK(out.find("closest slugs: strides") != std::string::npos);
    test::write(dir.path() / "content/episodes/strides.md",
                "---\nepisode: strides\ntopics: [Memory]\nerrata: [\"A fix\"]\nrelated: [compiler-collectives]\n---\nA *note*.\n");
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    std::string page = test::read(dir.path() / "public/episodes/strides/index.html");
    CHECK(page.find("<p>A <em>note</em>.</p>") != std::string::npos);
    CHECK(page.find("A fix") != std::string::npos);
    CHECK(page.find("href=\"/fixture-archive/topics/memory/\"") != std::string::npos);
    CHECK(fs::exists(dir.path() / "public/topics/memory/index.html"));
    std::string other = test::read(dir.path() / "public/episodes/compiler-collectives/index.html");
    CHECK(other.find("Mentioned in") != std::string::npos);
    // merge --json shows the note as the source of what it overrides.
    test::write(dir.path() / "content/episodes/strides.md", "---\nepisode: strides\ntitle: Strides (2022)\n---\n");
    REQUIRE(test::run_podarchive("merge --json", dir.path(), out) == 0);
    CHECK(out.find("\"source\": \"note:content/episodes/strides.md\"") != std::string::npos);
}

TEST_CASE("the command line: a broken note fails the build and leaves the output alone") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    std::string out;
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    std::string index = test::read(dir.path() / "public/index.html");
    test::write(dir.path() / "content/episodes/a.md", "---\nepisode: strides\ntopics: [unclosed\n---\n");
    test::write(dir.path() / "content/episodes/b.md", "---\nepisode: no-such-episode\n---\n");
    CHECK(test::run_podarchive("build", dir.path(), out) == 1);
    CHECK(out.find("content/episodes/a.md:") != std::string::npos);
    CHECK(out.find("content/episodes/b.md:2:10: error: episode 'no-such-episode' matches no episode") != std::string::npos);
    CHECK(test::read(dir.path() / "public/index.html") == index);
}

// A first build (no previous output) hashes its inputs beside the build; what it records must
// let the next build with the same inputs do nothing, and a changed input build again.
TEST_CASE("the command line: a first build's fingerprint makes the same build a no-op") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    std::string out;
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(out.find("built 6 episodes") != std::string::npos);
    auto index = dir.path() / "public/index.html";
    auto written = fs::last_write_time(index);
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(out.find("nothing changed since the last build") != std::string::npos);
    CHECK(fs::last_write_time(index) == written);
    test::write(dir.path() / "content/episodes/strides.md", "---\nepisode: strides\nsummary: Changed.\n---\n");
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(out.find("built 6 episodes") != std::string::npos);
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(out.find("nothing changed since the last build") != std::string::npos);
}
