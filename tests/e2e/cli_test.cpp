#include <doctest/doctest.h>

#include "files/files.hpp"
#include "loopback_server.hpp"
#include "support.hpp"
#include "text/strings.hpp"

namespace fs = std::filesystem;

TEST_CASE("the command line: version, help and exit codes") {
    test::TempDir dir;
    std::string out;
    CHECK(test::run_podarchive("--version", dir.path(), out) == 0);
    // The release and the commit built: a hash (and "-modified" for a changed checkout, or how it
    // was read without git), or "unknown" outside git.
    CHECK(out.starts_with(std::string("podarchive ") + PODARCHIVE_VERSION + " (commit "));
    const std::string commit = out.substr(out.find("(commit ") + 8, out.find(')') - out.find("(commit ") - 8);
    CHECK(
        (commit.starts_with("unknown") || (commit.size() >= 12 && commit.find_first_not_of("0123456789abcdef") >= 12)));
    CHECK(test::run_podarchive("--help", dir.path(), out) == 0);
    CHECK(out.find("build") != std::string::npos);
    CHECK(test::run_podarchive("help build", dir.path(), out) == 0);
    CHECK(out.find("--base-url") != std::string::npos);
    CHECK(test::run_podarchive("help help", dir.path(), out) == 0);  // (a newcomer's first try)
    CHECK(out.find("The command to explain") != std::string::npos);
    CHECK(test::run_podarchive("help fetch", dir.path(), out) == 0);
    CHECK(out.find("--history") != std::string::npos);
    CHECK(test::run_podarchive("help frobnicate", dir.path(), out) == 2);
    CHECK(out.find("no command named 'frobnicate'; `podarchive help` lists them") != std::string::npos);
    CHECK(test::run_podarchive("build --no-such-flag", dir.path(), out) == 2);
    CHECK(test::run_podarchive("frobnicate", dir.path(), out) == 2);
    CHECK(test::run_podarchive("build", dir.path(), out) == 1);  // no site.yaml here
    CHECK(out.find("site.yaml: error: file not found; run `podarchive init`") != std::string::npos);
    CHECK(out.find("--config PATH") != std::string::npos);
}

TEST_CASE("the command line: a misspelled command or option gets the nearest name, in the order typed") {
    test::TempDir dir;
    std::string out;
    CHECK(test::run_podarchive("biuld", dir.path(), out) == 2);
    CHECK(out.find("podarchive: error: 'biuld' is not a command of 'podarchive'; did you mean 'build'?") !=
          std::string::npos);
    CHECK(test::run_podarchive("build --outptu x", dir.path(), out) == 2);
    CHECK(out == "podarchive: error: unknown option '--outptu' for 'podarchive build'; did you mean '--output'?\n");
    CHECK(test::run_podarchive("build --outptu=x --base-ulr y --verbos", dir.path(), out) == 2);
    auto first = out.find("'--outptu=x'"), second = out.find("'--base-ulr'"), third = out.find("'--verbos'");
    REQUIRE(third != std::string::npos);
    CHECK(first < second);
    CHECK(second < third);
    CHECK(out.find("did you mean '--base-url'?") != std::string::npos);
    CHECK(out.find("did you mean '--verbose'?") != std::string::npos);
    CHECK(test::run_podarchive("new nite strides", dir.path(), out) == 2);
    CHECK(out.find("'nite' is not a command of 'podarchive new'; did you mean 'note'?") != std::string::npos);
    CHECK(test::run_podarchive("build --quiet extra", dir.path(), out) == 2);
    CHECK(out.find("unexpected argument 'extra' for 'podarchive build'") != std::string::npos);
    CHECK(test::run_podarchive("xyzzy", dir.path(), out) == 2);  // nothing near: no guess
    CHECK(out.find("did you mean") == std::string::npos);
}

TEST_CASE("the command line: build, then a broken site.yaml and a broken feed change nothing") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    std::string out;
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(out.find("built 6 episodes") != std::string::npos);
    // Its time as people read it: two decimals, not six digits.
    const auto took = out.find(" s\n", out.find(" into "));
    REQUIRE(took != std::string::npos);
    const std::string seconds = out.substr(out.rfind(' ', took - 1) + 1, took - out.rfind(' ', took - 1) - 1);
    CHECK(seconds.size() >= 4);
    CHECK(seconds[seconds.size() - 3] == '.');
    std::string index = test::read(dir.path() / "public/index.html");

    std::string yaml = test::read(dir.path() / "site.yaml");
    test::write(dir.path() / "site.yaml", yaml + "episodes_per_pag: 3\n");
    CHECK(test::run_podarchive("build", dir.path(), out) == 1);
    CHECK(out.find("site.yaml:13:1: error: unknown key 'episodes_per_pag'; did you mean 'episodes_per_page'?") !=
          std::string::npos);
    CHECK(test::read(dir.path() / "public/index.html") == index);

    test::write(dir.path() / "site.yaml", yaml);
    fs::copy_file(test::fixture("feeds/malformed.xml"), dir.path() / "content/sources/feed.xml",
                  fs::copy_options::overwrite_existing);
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
    // The sources' title and date are comments, not keys that would override the sources.
    CHECK(
        note.starts_with("---\nepisode: strides\n# The sources say (uncomment a line only to correct them):\n"
                         "# title: Strides\n# date: 2022-05-30\ntopics: []\n---\n"));
    REQUIRE(test::run_podarchive("merge --json", dir.path(), out) == 0);
    CHECK(out.find("\"source\": \"note:") == std::string::npos);
    CHECK(test::run_podarchive("new note strides", dir.path(), out) == 1);
    CHECK(out.find("already exists") != std::string::npos);
    CHECK(test::read(dir.path() / "content/episodes/strides.md") == note);
    CHECK(test::run_podarchive("new note stride", dir.path(), out) == 1);
    CHECK(out.find("closest slugs: strides") != std::string::npos);
    CHECK(test::run_podarchive("new note x", dir.path(), out) == 1);  // nothing near: says where the slugs are
    CHECK(out.find(
              "'x' matches no episode's slug, guid or title; `podarchive merge` lists every episode with its slug") !=
          std::string::npos);
    test::write(dir.path() / "content/episodes/strides.md",
                "---\nepisode: strides\ntopics: [Memory]\nerrata: [\"A fix\"]\nrelated: [compiler-collectives]\n---\nA "
                "*note*.\n");
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
    CHECK(out.find("content/episodes/b.md:2:10: error: episode 'no-such-episode' matches no episode") !=
          std::string::npos);
    CHECK(test::read(dir.path() / "public/index.html") == index);
}

// The summary's count of episodes the feed leaves out agrees with its number: three listings
// without audio, then one.
TEST_CASE("the command line: the episodes the feed leaves out are counted in words that agree") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    std::string out;
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(out.find("; 3 episodes left out because no source gives their audio files (they still have pages);") !=
          std::string::npos);
    test::write(dir.path() / "content/sources/listings.json",
                R"([{"title": "Compiler collectives", "date": "2024-08-04T01:47:46+00:00", "duration": 993}])");
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(out.find("; 1 episode left out because no source gives its audio file (it still has a page);") !=
          std::string::npos);
}

// A note put in place as a symbolic link (to a file outside the project, here) is never read,
// and each build says so: the one after the link appears is no "nothing changed" either.
TEST_CASE("the command line: a note that is a symbolic link is not followed, and said so") {
    test::TempDir dir, outside;
    test::copy_site("site", dir.path());
    std::string out;
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    test::write(outside.path() / "strides.md", "---\nepisode: strides\nsummary: FROM-OUTSIDE\n---\nFROM-OUTSIDE\n");
    std::filesystem::create_directories(dir.path() / "content/episodes");
    std::filesystem::create_symlink(outside.path() / "strides.md", dir.path() / "content/episodes/strides.md");
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(out.find("content/episodes/strides.md: warning: a symbolic link, which podarchive does not follow") !=
          std::string::npos);
    CHECK(out.find("nothing changed") == std::string::npos);
    CHECK(test::read(dir.path() / "public/episodes/strides/index.html").find("FROM-OUTSIDE") == std::string::npos);
    // A whole build says the same.
    REQUIRE(test::run_podarchive("build --output public2", dir.path(), out) == 0);
    CHECK(out.find("content/episodes/strides.md: warning: a symbolic link") != std::string::npos);
}

// A static file put in place as a symbolic link is not published, and the build says so.
TEST_CASE("the command line: a static file that is a symbolic link is not published, and said so") {
    test::TempDir dir, outside;
    test::copy_site("site", dir.path());
    test::write(outside.path() / "secret.txt", "FROM-OUTSIDE");
    test::write(dir.path() / "static/robots-extra.txt", "kept");
    std::filesystem::create_symlink(outside.path() / "secret.txt", dir.path() / "static/secret.txt");
    std::string out;
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(out.find("static/secret.txt: warning: a symbolic link, which podarchive does not follow") !=
          std::string::npos);
    CHECK_FALSE(std::filesystem::exists(std::filesystem::symlink_status(dir.path() / "public/secret.txt")));
    CHECK(test::read(dir.path() / "public/robots-extra.txt") == "kept");
}

// audio upload on a site that keeps no copies: nothing to do, said so by hand; nothing named to
// the workflow, which asks with --needs which tool to install.
TEST_CASE("the command line: audio upload where no copies are kept says so, and needs nothing") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    std::string out;
    CHECK(test::run_podarchive("audio upload", dir.path(), out) == 0);
    CHECK(out.find("audio: nothing to upload: site.yaml keeps no copies of the audio") != std::string::npos);
    CHECK(test::run_podarchive("audio upload --needs", dir.path(), out) == 0);
    CHECK(out.empty());
}

// A word table that is a symbolic link is refused by the theme's lookup, which no stage
// locates: the error still names the file.
TEST_CASE("the command line: an error about a file names the file, however deep it was raised") {
    test::TempDir dir, outside;
    test::copy_site("site", dir.path());
    test::write(outside.path() / "en.yaml", "nav.episodes: Episodes\n");
    std::filesystem::create_directories(dir.path() / "i18n");
    std::filesystem::create_symlink(outside.path() / "en.yaml", dir.path() / "i18n/en.yaml");
    std::string out;
    CHECK(test::run_podarchive("build", dir.path(), out) == 1);
    CHECK(out.find("i18n/en.yaml: error: is a symbolic link, which podarchive does not follow here") !=
          std::string::npos);
    CHECK(out.find("podarchive: 1 error; nothing was written") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir.path() / "public"));
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

TEST_CASE("the command line: init with a feed file, then build, in an empty folder") {
    test::TempDir dir;
    fs::copy_file(test::fixture("hosts/libsyn_2011.xml"), dir.path() / "show.xml");
    std::string out;
    REQUIRE(test::run_podarchive("init --feed show.xml", dir.path(), out) == 0);
    CHECK(out.find("podarchive build") != std::string::npos);
    std::string yaml = test::read(dir.path() / "site.yaml");
    CHECK(yaml.find("title: \"Garage Radio\"\n") != std::string::npos);  // from the feed
    CHECK(yaml.find("    path: \"show.xml\"\n") != std::string::npos);   // where it is: not copied
    CHECK(yaml.find("# category: Technology") != std::string::npos);     // every other key, commented
    CHECK(fs::is_regular_file(dir.path() / "content/pages/about.md"));
    CHECK(fs::is_directory(dir.path() / "content/episodes"));
    CHECK(fs::is_regular_file(dir.path() / "templates/README.md"));
    CHECK(test::read(dir.path() / ".gitignore").find("/public/") != std::string::npos);
    // The workflow that publishes it, for this release (tests/e2e/publish_workflow_test.cpp runs it).
    const std::string workflow = test::read(dir.path() / ".github/workflows/publish.yml");
    CHECK(workflow.find(std::string("PODARCHIVE_VERSION: \"") + PODARCHIVE_VERSION + "\"") != std::string::npos);
    CHECK(workflow.find("- cron: ") != std::string::npos);
    CHECK(out.find("Settings > Pages") != std::string::npos);
    CHECK(out.find("3. run the Publish workflow once by hand") !=
          std::string::npos);  // (the first push's run fails at Configure Pages)
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(out.find("built 4 episodes: ") != std::string::npos);  // (no directory announces a count)
    CHECK(fs::is_regular_file(dir.path() / "public/about/index.html"));
    CHECK(test::run_podarchive("check", dir.path(), out) == 0);
    // A second init changes nothing.
    CHECK(test::run_podarchive("init --feed show.xml", dir.path(), out) == 1);
    CHECK(out.find("exists already") != std::string::npos);
    CHECK(test::read(dir.path() / "site.yaml") == yaml);
}

TEST_CASE("the command line: init into a new folder copies a feed from elsewhere; a broken feed is refused") {
    test::TempDir dir;
    std::string out;
    REQUIRE(test::run_podarchive("init site --feed " + test::fixture("hosts/atom_blog.xml").string(), dir.path(),
                                 out) == 0);
    CHECK(test::read(dir.path() / "site/content/sources/feed.xml") == test::read(test::fixture("hosts/atom_blog.xml")));
    CHECK(test::read(dir.path() / "site/site.yaml").find("url: \"https://shed.example.net/podcast.atom\"") !=
          std::string::npos);
    REQUIRE(test::run_podarchive("build", dir.path() / "site", out) == 0);
    CHECK(test::run_podarchive("init other --feed " + test::fixture("feeds/malformed.xml").string(), dir.path(), out) ==
          1);
    CHECK(out.find("malformed.xml:7:") != std::string::npos);
    CHECK_FALSE(fs::exists(dir.path() / "other"));
    REQUIRE(test::run_podarchive("init empty", dir.path(), out) == 0);  // no feed yet: a site that builds, with none
    CHECK(test::run_podarchive("build", dir.path() / "empty", out) == 0);
}

TEST_CASE("the command line: init finds the feed's address by namespace, and where the host moved it") {
    test::TempDir dir;
    std::string out;
    const std::string head =
        "<?xml version=\"1.0\"?><rss version=\"2.0\" "
        "xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\"><channel>"
        "<title>Moved Show</title><link>https://show.example/</link><description>d</description>";
    const std::string item =
        "<item><title>One</title><guid>one</guid><pubDate>Mon, 01 Jan 2024 10:00:00 +0000</pubDate>"
        "<enclosure url=\"https://show.example/1.mp3\" length=\"1\" type=\"audio/mpeg\"/></item></channel></rss>";
    // FeedBurner declares its own prefix for Atom on the element itself.
    test::write(
        dir.path() / "feedburner.xml",
        head +
            "<atom10:link xmlns:atom10=\"http://www.w3.org/2005/Atom\" rel=\"self\" type=\"application/rss+xml\" "
            "href=\"https://feeds.feedburner.example/moved\"/>" +
            item);
    REQUIRE(test::run_podarchive("init a --feed feedburner.xml", dir.path(), out) == 0);
    CHECK(test::read(dir.path() / "a/site.yaml").find("    url: \"https://feeds.feedburner.example/moved\"\n") !=
          std::string::npos);
    CHECK(out.find("does not say where it is published") == std::string::npos);
    // itunes:new-feed-url wins over the self link: apps move there.
    test::write(dir.path() / "moved.xml", head +
                                              "<itunes:new-feed-url>https://new.example/feed.xml</itunes:new-feed-url>"
                                              "<atom:link xmlns:atom=\"http://www.w3.org/2005/Atom\" rel=\"self\" "
                                              "href=\"https://old.example/feed.xml\"/>" +
                                              item);
    REQUIRE(test::run_podarchive("init b --feed moved.xml", dir.path(), out) == 0);
    CHECK(test::read(dir.path() / "b/site.yaml").find("    url: \"https://new.example/feed.xml\"\n") !=
          std::string::npos);
    // A namespace written with a trailing slash (Simplecast's feeds of 2016) is still Atom's, as apps read it.
    test::write(dir.path() / "slash.xml",
                test::replace_first(head, "<channel>",
                                    "<channel><atom:link rel=\"self\" href=\"https://simplecast.example/rss\"/>")
                        .replace(head.find("<rss ") + 5, 0, "xmlns:atom=\"http://www.w3.org/2005/Atom/\" ") +
                    item);
    REQUIRE(test::run_podarchive("init e --feed slash.xml", dir.path(), out) == 0);
    CHECK(test::read(dir.path() / "e/site.yaml").find("    url: \"https://simplecast.example/rss\"\n") !=
          std::string::npos);
    // Neither: init says what to add.
    test::write(dir.path() / "plain.xml", head + item);
    REQUIRE(test::run_podarchive("init c --feed plain.xml", dir.path(), out) == 0);
    CHECK(out.find("warning: the feed does not say where it is published") != std::string::npos);
    // A feed URL that cannot be had leaves nothing behind: no site folder, no content/sources/.
    CHECK(test::run_podarchive("init d --feed http://127.0.0.1:9/feed.xml", dir.path(), out) == 1);
    CHECK(out.find("nothing was saved (there is no previous snapshot)") != std::string::npos);
    CHECK_FALSE(fs::exists(dir.path() / "d"));
}

TEST_CASE("the command line: theme export, then the site uses the exported copy") {
    test::TempDir dir;
    fs::copy_file(test::fixture("hosts/atom_blog.xml"), dir.path() / "feed.xml");
    std::string out;
    REQUIRE(test::run_podarchive("init --feed feed.xml", dir.path(), out) == 0);
    REQUIRE(test::run_podarchive("theme export", dir.path(), out) == 0);
    CHECK(fs::is_regular_file(dir.path() / "themes/default/templates/episode.mustache"));
    CHECK(test::run_podarchive("theme export", dir.path(), out) == 1);
    CHECK(out.find("exist already") != std::string::npos);
    test::write(dir.path() / "themes/default/templates/partials/footer.mustache",
                "<footer>exported and edited</footer>\n");
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(test::read(dir.path() / "public/index.html").find("exported and edited") != std::string::npos);
    std::string yaml = test::read(dir.path() / "site.yaml");
    test::write(dir.path() / "site.yaml", yaml + "theme: defualt\n");
    CHECK(test::run_podarchive("build", dir.path(), out) == 1);
    CHECK(out.find("did you mean 'default'?") != std::string::npos);
}

TEST_CASE("the command line: a second fetch of a site says that the first one holds it") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    std::string error;
    files::FileLock first(dir.path() / "site.yaml", error);  // a fetch that is running
    REQUIRE(first.held());
    std::string out;
    CHECK(test::run_podarchive("fetch", dir.path(), out) == 1);
    CHECK(out.find("another podarchive run holds") != std::string::npos);
    CHECK(out.find("another `podarchive fetch` is refreshing this site; run this one when it has finished") !=
          std::string::npos);
}

TEST_CASE(
    "the command line: init writes a site.yaml that builds, whatever the feed's path, and refuses what it cannot "
    "take") {
    test::TempDir dir;
    std::string out;
    // Paths YAML would read otherwise unquoted: a comment, a flow list, an anchor, a list item, a mapping.
    for (const std::string name :
         {"show #1.xml", "[show].xml", "&show.xml", "- show.xml", "show: the feed.xml", "*show.xml"}) {
        CAPTURE(name);
        test::TempDir site;
        fs::copy_file(test::fixture("hosts/libsyn_2011.xml"), site.path() / name);
        REQUIRE(test::run_podarchive("init --feed " + test::shell_quoted(name), site.path(), out) == 0);
        REQUIRE(test::run_podarchive("build", site.path(), out) == 0);
        CHECK(out.find("built 4 episodes") != std::string::npos);
    }
    // A feed inside the output folder would be replaced by the first build.
    test::write(dir.path() / "s/public/feed.xml", test::read(test::fixture("hosts/libsyn_2011.xml")));
    CHECK(test::run_podarchive("init --feed public/feed.xml", dir.path() / "s", out) == 1);
    CHECK(out.find("public/feed.xml: is inside the output folder public/, which every build replaces") !=
          std::string::npos);
    CHECK_FALSE(fs::exists(dir.path() / "s/site.yaml"));
    // A JSON list of episodes is no feed; nothing is left behind.
    test::write(dir.path() / "episodes.json", R"([{"title": "One", "date": "2024-01-01"}])");
    CHECK(test::run_podarchive("init j --feed episodes.json", dir.path(), out) == 1);
    CHECK(out.find("episodes.json:1:1: error: is not an RSS or Atom feed (it reads as records)") != std::string::npos);
    CHECK_FALSE(fs::exists(dir.path() / "j"));
    // A copy never replaces a file there: the site would name a feed other than the one given.
    test::write(dir.path() / "k/content/sources/feed.xml", test::read(test::fixture("hosts/atom_blog.xml")));
    CHECK(test::run_podarchive("init k --feed " + test::fixture("hosts/libsyn_2011.xml").string(), dir.path(), out) ==
          1);
    CHECK(out.find("would be copied to content/sources/feed.xml, which exists already; init never replaces a file") !=
          std::string::npos);
    CHECK(test::read(dir.path() / "k/content/sources/feed.xml") == test::read(test::fixture("hosts/atom_blog.xml")));
    CHECK_FALSE(fs::exists(dir.path() / "k/site.yaml"));
}

TEST_CASE("the command line: init from a URL never replaces a snapshot, and a refused answer leaves nothing") {
    test::LoopbackServer http;
    http.server.Get("/feed.xml", [](const httplib::Request&, httplib::Response& res) {
        res.set_content(test::read(test::fixture("hosts/libsyn_2011.xml")), "application/rss+xml");
    });
    http.server.Get("/episodes.json", [](const httplib::Request&, httplib::Response& res) {
        res.set_content(R"([{"title": "One", "date": "2024-01-01"}])", "application/json");
    });
    http.start();
    test::TempDir dir;
    std::string out;
    test::write(dir.path() / "a/content/sources/feed.xml", "mine");
    CHECK(test::run_podarchive("init a --feed " + http.url("/feed.xml"), dir.path(), out) == 1);
    CHECK(out.find("content/sources/feed.xml exists already; init never replaces a file") != std::string::npos);
    CHECK(test::read(dir.path() / "a/content/sources/feed.xml") == "mine");
    CHECK(test::run_podarchive("init b --feed " + http.url("/episodes.json"), dir.path(), out) == 1);
    CHECK_FALSE(fs::exists(dir.path() / "b"));
    REQUIRE(test::run_podarchive("init c --feed " + http.url("/feed.xml"), dir.path(), out) == 0);
    CHECK(test::read(dir.path() / "c/site.yaml").find("path: \"content/sources/feed.xml\"") != std::string::npos);
}

TEST_CASE("the command line: build shows the first feed lint warnings and a count by rule; --verbose shows every one") {
    test::TempDir dir;
    std::string feed =
        "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Lint "
        "Show</title><link>https://lint.example.org/</link>"
        "<description>Items without durations.</description>";
    for (int n = 1; n <= 12; ++n)
        feed += "<item><title>Item " + std::to_string(n) + "</title><guid>lint-" + std::to_string(n) +
                "</guid><pubDate>" + test::rfc822_date(1700000000 + n * 86400) +
                "</pubDate><enclosure url=\"https://lint.example.org/" + std::to_string(n) +
                ".mp3\" length=\"12000000\" type=\"audio/mpeg\"/>" +
                (n == 12 ? "<ext:a xmlns:ext=\"https://ext.example/ns\" href=\"javascript:alert(1)\">x</ext:a>" : "") +
                "</item>";
    test::write(dir.path() / "content/sources/feed.xml", feed + "</channel></rss>\n");
    test::write(dir.path() / "site.yaml",
                "title: Lint Show\nbase_url: https://x.example/\nsources:\n  - path: content/sources/feed.xml\n");
    std::string out;
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(test::count_of(out, "warning: [") == 5);
    CHECK(test::contains(out, "feed lint: 11 more warnings not shown; by rule: 12 apple-duration"));
    CHECK(test::contains(out, "(`podarchive build --verbose` or `podarchive check` lists every one)"));
    // The feed's other warnings are not the linter's: each is shown (it was one of those hidden
    // behind the first few, and counted among them).
    CHECK(test::contains(out, "warning: 1 element of namespaces podcast apps do not read"));
    CHECK(test::contains(out, "; feed lint: 16 warnings\n"));  // (12 items' and 4 of the channel)
    // So is the identity check's: the host moved its audio (it came after the linter's, unseen).
    const fs::path feed_file = dir.path() / "content/sources/feed.xml";
    test::write(feed_file,
                text::replace_all(test::read(feed_file), "https://lint.example.org/", "https://cdn.example/"));
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(test::contains(out, "warning: 12 items keep their guids with new audio URLs since ./public/feed.xml"));
    CHECK(out.find("more warnings not shown") < out.find("items keep their guids"));  // (under the linter's)
    CHECK(test::contains(out, "; feed lint: 16 warnings\n"));
    test::write(dir.path() / "site.yaml", test::read(dir.path() / "site.yaml") + "# rebuilt\n");
    REQUIRE(test::run_podarchive("build --verbose", dir.path(), out) == 0);
    CHECK(test::count_of(out, "warning: [apple-duration]") == 12);
    CHECK_FALSE(test::contains(out, "more warnings not shown"));
    // Two items (a new site): six warnings, one not shown.
    const std::string all = test::read(feed_file);
    test::write(dir.path() / "two/content/sources/feed.xml",
                all.substr(0, all.find("<item>")) + all.substr(all.find("<item><title>Item 11<")));
    fs::copy_file(dir.path() / "site.yaml", dir.path() / "two/site.yaml");
    REQUIRE(test::run_podarchive("build", dir.path() / "two", out) == 0);
    CHECK(test::contains(out, "feed lint: 1 more warning not shown; by rule: 2 apple-duration"));
}
