#include <doctest/doctest.h>

#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "output/output.hpp"
#include "pipeline/build_site.hpp"
#include "render/site_check.hpp"
#include "support.hpp"

using test::contains;

namespace {

// tests/fixtures/listening_site (with what `fetch` would have downloaded, where it puts it:
// content/sources/attachments/README.md), built in memory.
struct ListeningSite {
    test::TempDir dir;
    output::MemoryOutput out;
    pipeline::BuildReport report;
    std::string warnings;

    ListeningSite() {
        test::copy_site("listening_site", dir.path());
        report = pipeline::build_site(config::load_config(dir.path() / "site.yaml"), out);
        for (const auto& w : report.warnings) warnings += core::format(w) + "\n";
    }
    const std::string& file(const std::string& path) const { return test::file_in(out, path); }
};

const ListeningSite& listening_site() {
    static const ListeningSite built;
    return built;
}

}  // namespace

TEST_CASE("listening: what else the feed points to: comments, video, place, licence, trailer, podroll, people") {
    const std::string& page = listening_site().file("episodes/captions-in-webvtt/index.html");
    // podcast:socialInteract, the video podcast:alternateEnclosure's first http(s) source (not
    // the audio one), the item's podcast:location as an OpenStreetMap way.
    CHECK(contains(page,
                   "<li><a href=\"https://podcastindex.social/@fixture/111\">Join the conversation</a> "
                   "<span class=\"meta\">(podcastindex.social)</span></li>"));
    // (An MP4 plays on the page, fetched only once the listener opens it and presses play, with
    // the episode's timed transcript as its captions, from the site.)
    CHECK(contains(
        page,
        "<li><details class=\"video\"><summary>Watch the video <span class=\"meta\">(720p)</span></summary>"
        "<video controls preload=\"none\" playsinline><source src=\"https://cdn.example.com/video/vtt-720.mp4\" "
        "type=\"video/mp4\"><track kind=\"captions\" src=\"/listening-fixture/episodes/captions-in-webvtt/"
        "captions.vtt\" srclang=\"en\" label=\"Transcript\"><a href=\"https://cdn.example.com/video/vtt-720.mp4\">"
        "Watch the video</a></video></details></li>"));
    CHECK(listening_site()
              .file("episodes/captions-in-webvtt/captions.vtt")
              .starts_with("WEBVTT\n\n00:00:00.000 --> 00:00:09.500\n<v Ada Host>Welcome to the listening fixture."));
    // (No video the page plays, no captions file: the .mov is a link.)
    CHECK(listening_site().out.files().count("episodes/subtitles-in-srt/captions.vtt") == 0);
    CHECK_FALSE(contains(page, "vtt.opus"));
    CHECK_FALSE(contains(page, "ipfs:"));
    CHECK(contains(page,
                   "<span class=\"small-label\">Place:</span> "
                   "<a href=\"https://www.openstreetmap.org/way/43695087\"><bdi>Lady Bird Lake</bdi></a>"));
    // Comments disabled, a script's address, a licence without one: no link, the words alone.
    const std::string& other = listening_site().file("episodes/subtitles-in-srt/index.html");
    CHECK_FALSE(contains(other, "Join the conversation"));
    CHECK_FALSE(contains(other, "javascript:"));
    CHECK(contains(other, "<span class=\"small-label\">License:</span> <bdi>All rights reserved</bdi></li>"));
    CHECK(
        contains(other, "<li><a href=\"https://cdn.example.com/video/srt.mov\">Watch the video</a></li>"));  // (a link)
    // The show's: its people, trailer, place (a relation), licence and podroll on the home page.
    const std::string& home = listening_site().file("index.html");
    CHECK(contains(
        home, "<a href=\"https://hosts.example.com/ada\"><bdi>Ada Host</bdi></a> <span class=\"role\">(Host)</span>"));
    CHECK(contains(home,
                   "<span class=\"small-label\">Trailer:</span> "
                   "<a href=\"https://cdn.example.com/audio/trailer.mp3\"><bdi>Coming in March</bdi></a>"));
    CHECK(contains(home, "<a href=\"https://www.openstreetmap.org/relation/113314\"><bdi>Austin, TX</bdi></a>"));
    CHECK(contains(home, "<a href=\"https://creativecommons.org/licenses/by/4.0/\"><bdi>cc-by-4.0</bdi></a>"));
    // A recommended show fetch has read (content/sources/podroll.json) by its title, linking its
    // website and its feed; one it has not, by its feed's host.
    CHECK(contains(home,
                   "<span class=\"small-label\">Recommended show:</span> "
                   "<a href=\"https://podcastindex.org/\"><bdi>Podcasting 2.0</bdi></a> <span class=\"meta\">(<a "
                   "href=\"https://feeds.podcastindex.org/pc20.xml\">feed</a>)</span></li>"));
    CHECK(contains(home,
                   "<span class=\"small-label\">Recommended show:</span> "
                   "<a href=\"https://feeds.example.org/unread.xml\"><bdi>feeds.example.org</bdi></a></li>"));
    CHECK_FALSE(contains(home, "javascript:"));
    // podcast:value: whom value for value pays, the shares of those that are no fee; an item's own
    // block is its episode's (a split that is no number: the name alone; the name as text).
    CHECK(contains(
        page,
        "<p class=\"support\"><span class=\"small-label\">Value for value:</span> <bdi>Ada Host</bdi> 90% · "
        "<bdi>Fixture Network</bdi> 10% (Lightning). <a href=\"https://podcastindex.org/apps\">Send value from a "
        "Podcasting 2.0 app</a></p>"));
    CHECK_FALSE(contains(page, "Hosting Co"));
    CHECK(contains(other,
                   "<span class=\"small-label\">Value for value:</span> <bdi>&lt;b&gt;Grace&lt;/b&gt; Guest</bdi> "
                   "(Lightning)."));
    // An episode that says none of these has no list.
    CHECK_FALSE(contains(listening_site().file("episodes/segments-in-json/index.html"), "class=\"feed-more\""));
}

TEST_CASE("listening: WebVTT transcript, JSON chapters, people, a soundbite and funding on the episode page") {
    const std::string& page = listening_site().file("episodes/captions-in-webvtt/index.html");
    // Chapters from the JSON file: listed with links that seek; the toc:false one is not listed.
    CHECK(contains(
        page,
        "<a class=\"ts\" href=\"#t=90\" data-t=\"90\">1:30</a> <a href=\"https://example.com/tortoise\"><bdi>The "
        "tortoise</bdi></a>"));
    CHECK(contains(page, "href=\"#t=250\" data-t=\"250\">4:10</a> <bdi>Wrapping up</bdi>"));
    CHECK_FALSE(contains(page, "Hidden marker"));
    // The transcript: collapsed, readable without script, a time link per paragraph, speakers where they change.
    CHECK(contains(page, "<details>\n        <summary>Read the transcript ("));
    CHECK(contains(page,
                   "<b class=\"speaker\">Ada Host:</b> Welcome to the listening fixture. Today we talk about captions "
                   "&amp; chapters.</p>"));
    CHECK(contains(page,
                   "<a class=\"ts\" href=\"#t=90\" data-t=\"90\">1:30</a> <b class=\"speaker\">Grace Guest:</b> The "
                   "tortoise wins because the hare naps under a peculiar lemon tree. Slow and steady.</p>"));
    CHECK_FALSE(contains(page, "This SRT copy is not used"));
    // People (the host's href, the feed's guest with a page of guests), numbers, the moment, funding.
    CHECK(contains(page,
                   "<a href=\"/listening-fixture/guests/grace-guest/\"><bdi>Grace Guest</bdi></a> <span "
                   "class=\"role\">(Guest)</span>"));
    CHECK(contains(page, "<span class=\"number\">S2 · E4</span>"));
    CHECK(contains(page,
                   "href=\"#t=90,120\" data-t=\"90\" data-end=\"120\">1:30</a> <bdi>The tortoise and the hare</bdi>"));
    CHECK(
        contains(page, "<a href=\"https://support.example.com/listening\"><bdi>Support the show on Example</bdi></a>"));
    CHECK(contains(page, "js/player.js"));
    // The published chapters file, and the feed pointing to it and to the host's transcripts.
    const std::string& chapters = listening_site().file("episodes/captions-in-webvtt/chapters.json");
    CHECK(contains(chapters, "\"startTime\": 250.5"));
    CHECK(contains(chapters, "\"toc\": false"));
    // The page's provenance names the chapters' file (not the feed item that linked it).
    CHECK(contains(page,
                   "<tr><td>chapters</td><td>podcast:chapters</td><td>content/sources/attachments/"
                   "d78164b432a045c6.json:1</td></tr>"));
    const std::string& feed = listening_site().file("feed.xml");
    CHECK(contains(feed,
                   "<podcast:chapters "
                   "url=\"https://example.github.io/listening-fixture/episodes/captions-in-webvtt/chapters.json\" "
                   "type=\"application/json+chapters\""));
    CHECK(contains(feed, "<podcast:transcript url=\"https://cdn.example.com/transcripts/vtt.vtt\""));
    // A chapter past the end is a lint warning at its file.
    CHECK(contains(listening_site().warnings,
                   "1 chapter starts past the episode's end (10:00): \"Past the end\" at 15:00"));
    CHECK(contains(listening_site().warnings, "chapter 5 has no usable \"startTime\""));
}

TEST_CASE("listening: SRT with speaker prefixes, inline psc:chapters") {
    const std::string& page = listening_site().file("episodes/subtitles-in-srt/index.html");
    CHECK(contains(page, "<b class=\"speaker\">ADA:</b> Subtitles come numbered. Each with a time range.</p>"));
    CHECK(contains(page,
                   "href=\"#t=75\" data-t=\"75\">1:15</a> <b class=\"speaker\">BOB:</b> An orange kangaroo juggles "
                   "seven marmalade jars."));
    CHECK(contains(
        page,
        "href=\"#t=75\" data-t=\"75\">1:15</a> <a href=\"https://example.com/srt\"><bdi>Why subtitles</bdi></a>"));
    CHECK(contains(listening_site().warnings, "cannot read psc:chapter start 'not a time'"));
    CHECK(contains(listening_site().file("feed.xml"),
                   "<podcast:chapters "
                   "url=\"https://example.github.io/listening-fixture/episodes/subtitles-in-srt/chapters.json\""));
    CHECK(contains(listening_site().warnings, "1 cue has no readable start time"));
}

TEST_CASE("listening: word-level JSON joined into paragraphs; chapters derived from show notes") {
    const std::string& page = listening_site().file("episodes/segments-in-json/index.html");
    CHECK(contains(page, "<b class=\"speaker\">Ada:</b> Hello from JSON.</p>"));
    CHECK(contains(
        page,
        "href=\"#t=150\" data-t=\"150\">2:30</a> <b class=\"speaker\">Bob:</b> Velvet submarines hum quietly.</p>"));
    CHECK(contains(page, "href=\"#t=150\" data-t=\"150\">2:30</a> <bdi>The middle part</bdi>"));
    // Derived: said above the list, and in the page's provenance.
    CHECK(contains(page, "Taken from the timestamps in the show notes."));
    CHECK(contains(page, "<tr><td>chapters</td><td>show notes (derived)</td><td>content/sources/feed.xml:"));
}

TEST_CASE("listening: HTML transcript; a note's chapter lines win over the show notes'") {
    const std::string& page = listening_site().file("episodes/a-page-of-html/index.html");
    CHECK(contains(page, "<b class=\"speaker\">Bob:</b> Crimson lighthouses whistle at dawn.</p>"));
    CHECK(contains(page, "href=\"#t=65\" data-t=\"65\">1:05</a> <bdi>Lighthouses</bdi>"));
    CHECK(contains(page, "href=\"#t=180\" data-t=\"180\">3:00</a> <bdi>Last words</bdi>"));
    CHECK(contains(
        page, "<tr><td>chapters</td><td>note:content/episodes/html.md</td><td>content/episodes/html.md:4</td></tr>"));
    CHECK_FALSE(contains(page, "Ignored</li>"));
    // The feed links chapters fetch has not downloaded: said once.
    CHECK(contains(listening_site().warnings,
                   "1 episode links to chapters or a transcript that `podarchive fetch` has not downloaded yet"));
}

TEST_CASE("listening: malformed files are located warnings and the episode keeps its page") {
    const std::string& page = listening_site().file("episodes/broken-files/index.html");
    CHECK(contains(page, "<h1><bdi>Broken files</bdi></h1>"));
    CHECK_FALSE(contains(page, "Read the transcript"));
    CHECK_FALSE(contains(page, "id=\"chapters-heading\""));
    CHECK(contains(listening_site().warnings, "not a chapters file"));
    // The host's chapters link stands when its file cannot be read (none are made up instead).
    CHECK(contains(listening_site().file("feed.xml"),
                   "<podcast:chapters url=\"https://cdn.example.com/chapters/broken.json\""));
    CHECK(contains(listening_site().warnings, "the transcript has no text") !=
          contains(listening_site().warnings, "cues have no readable start time"));
}

TEST_CASE("listening: a note's transcript file is published and the feed points to the copy") {
    const std::string& page = listening_site().file("episodes/a-notes-own-transcript/index.html");
    CHECK(contains(page, "Turquoise pelicans debate furniture."));
    CHECK(contains(page, "<span class=\"number\">Bonus</span>"));
    CHECK(contains(listening_site().file("episodes/a-notes-own-transcript/transcript.json"),
                   "{\"speaker\":\"Ada Host\",\"startTime\":30,\"endTime\":36,\"body\":\"Turquoise pelicans debate "
                   "furniture.\"}"));
    CHECK(contains(listening_site().file("feed.xml"),
                   "<podcast:transcript "
                   "url=\"https://example.github.io/listening-fixture/episodes/a-notes-own-transcript/"
                   "transcript.json\" type=\"application/json\""));
}

TEST_CASE("listening: a show with seasons has a season index, each season in episode order") {
    const std::string& seasons = listening_site().file("seasons/index.html");
    CHECK(contains(listening_site().file("index.html"), ">Seasons</a>"));
    const auto one = seasons.find("<h2 id=\"s1\">Season 1</h2>"), two = seasons.find("<h2 id=\"s2\">Season 2</h2>");
    REQUIRE(one != std::string::npos);
    REQUIRE(two != std::string::npos);
    CHECK(one < two);
    CHECK(seasons.find("A page of HTML") < seasons.find("Segments in JSON"));      // E1, E2
    CHECK(seasons.find("Subtitles in SRT") < seasons.find("Captions in WebVTT"));  // E3, E4
    CHECK(seasons.find("No season") < seasons.find("Broken files"));
}

TEST_CASE("listening: the built site passes the site check") {
    auto problems = render::check_site(listening_site().out, "https://example.github.io/listening-fixture/");
    std::string all;
    for (const auto& p : problems) all += core::format(p) + "\n";
    CHECK_MESSAGE(problems.empty(), all);
}
