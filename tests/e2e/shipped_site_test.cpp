// The shipped archive (site.yaml and content/ at the repository's top), built as a listener
// meets it: every episode page says how to listen, dates are the episode's own, undated episodes
// stand apart, and the show's links lead to the show.
#include <doctest/doctest.h>

#include <regex>

#include "config/site_config.hpp"
#include "output/output.hpp"
#include "pipeline/build_site.hpp"
#include "render/site_check.hpp"
#include "support.hpp"

namespace {

struct ShippedSite {
    output::MemoryOutput out;
    pipeline::BuildReport report;
    ShippedSite() {
        auto config = config::load_config(test::source_dir() / "site.yaml");
        report = pipeline::build_site(config, out);
    }
    const std::string& file(const std::string& path) const { return test::file_in(out, path); }
};

using test::contains;

// The text between the first `open` and the next `close` after it ("" when absent).
std::string between(const std::string& text, const std::string& open, const std::string& close) {
    auto at = text.find(open);
    if (at == std::string::npos) return "";
    auto end = text.find(close, at + open.size());
    return text.substr(at + open.size(), end == std::string::npos ? std::string::npos : end - at - open.size());
}

}  // namespace

TEST_CASE("the shipped archive: every episode page says how to listen") {
    ShippedSite site;
    int pages = 0, players = 0, links = 0, notices = 0;
    for (const auto& [path, content] : site.out.files()) {
        if (!path.starts_with("episodes/") || !path.ends_with("/index.html") || path.ends_with("/embed/index.html"))
            continue;
        ++pages;
        const bool player = contains(*content, "<audio"), listen = contains(*content, "data-listen=\"links\""),
                   none = contains(*content, "data-listen=\"none\"");
        CHECK_MESSAGE((player || listen || none), path);
        players += player, links += listen, notices += none;
        if (none) CHECK_MESSAGE(contains(*content, "No audio is known for this episode"), path);
    }
    CHECK(pages == 71);
    CHECK(players >= 2);
    CHECK(links > 30);  // pages at directories named after the episode (pod.casts.io, Goodpods, Apple, ...)
    // "CUDA graphs" has no audio and no page of its own anywhere: the notice, with the show's pages.
    const std::string& cuda = site.file("episodes/cuda-graphs/index.html");
    CHECK(contains(cuda, "data-listen=\"none\""));
    CHECK(contains(cuda, "href=\"https://podcasts.apple.com/podcast/id1566080008\">Apple Podcasts</a>"));
    CHECK(contains(cuda, "href=\"https://feeds.simplecast.com/OB5FkIl8\">The show&#39;s feed at its host</a>"));
    // "CUDA graph trees" is linked at the directories that name it, and not at "CUDA graphs".
    const std::string& trees = site.file("episodes/cuda-graph-trees/index.html");
    CHECK(contains(trees, "https://goodpods.com/podcasts/pytorch-developer-podcast-373610/cuda-graph-trees-53495812"));
    CHECK_FALSE(contains(cuda, "cuda-graph-trees-53495812"));
    // No episode page links another episode's page elsewhere as its own (Castbox's page of
    // "Inductor - Define-by-run IR" is listed beside 14 episodes).
    for (const auto& [path, content] : site.out.files())
        if (path.starts_with("episodes/") && path != "episodes/inductor-define-by-run-ir/index.html")
            CHECK_MESSAGE(!contains(*content, "Inductor---Define-by-run-IR-id4104899"), path);
    // podarchive check agrees.
    CHECK(render::check_site(site.out, "https://example.github.io/pytorch-podcast-archive/").empty());
}

TEST_CASE("the shipped archive: subscribe links lead to the show, named as listeners know them") {
    ShippedSite site;
    const std::string& home = site.file("index.html");
    const std::string subscribe = between(home, "<ul class=\"subscribe\"", "</ul>");
    CHECK(contains(subscribe, "href=\"/pytorch-podcast-archive/subscribe/\">Subscribe</a>"));
    CHECK(contains(subscribe, "href=\"https://podcasts.apple.com/podcast/id1566080008\">Apple Podcasts</a>"));
    CHECK(
        contains(subscribe,
                 "href=\"https://www.podbean.com/podcast-detail/3n24q-1cd540/PyTorch-Developer-Podcast\">Podbean</a>"));
    CHECK(contains(
        subscribe,
        "href=\"https://pod.casts.io/podcasts/pytorch-developer-podcast\">pod.casts.io</a>"));  // (not ?page=2)
    CHECK_FALSE(contains(subscribe, "/episode/"));                                              // no one episode's page
    CHECK_FALSE(contains(subscribe, "?i="));
    CHECK_FALSE(contains(subscribe, "castbox"));         // Castbox gives only episode pages
    CHECK_FALSE(contains(subscribe, "/topics/"));        // a topic listing is not the show
    CHECK_FALSE(contains(subscribe, ">goodpods.com<"));  // names, not host names
    // What is known: 71 here, 83 announced (Podbean's page).
    CHECK(contains(home, "71 episodes in this archive; the show has announced 83."));
    CHECK_FALSE(contains(home, "83 episodes"));
    // The subscribe page, linked from every page's header; the feed is plain XML whose <link> leads there.
    const std::string& page = site.file("subscribe/index.html");
    CHECK(contains(page, "value=\"https://example.github.io/pytorch-podcast-archive/feed.xml\" readonly"));
    CHECK(contains(page, "2 episodes with audio"));
    CHECK(contains(page, "69 episodes of this archive with no known audio file"));
    CHECK(contains(site.file("archive/index.html"), "href=\"/pytorch-podcast-archive/subscribe/\">Subscribe</a>"));
    const std::string& feed = site.file("feed.xml");
    CHECK_FALSE(contains(feed, "xml-stylesheet"));
    CHECK(contains(feed, "<link>https://example.github.io/pytorch-podcast-archive/subscribe/</link>"));
    CHECK(site.out.find("feed.xsl") == nullptr);
    // A favicon on every page; no image from another host.
    CHECK(site.out.find("favicon.svg"));
    for (const auto& [path, content] : site.out.files())
        if (path.ends_with(".html")) {
            CHECK_MESSAGE(contains(*content, "<link rel=\"icon\" href=\"/pytorch-podcast-archive/favicon.svg\""), path);
            CHECK_MESSAGE(!contains(*content, "simplecastcdn.com/images"), path);
        }
}

TEST_CASE("the shipped archive: dates are each episode's own; undated episodes stand apart") {
    ShippedSite site;
    // "Listen to these first" on multiple-dispatch lists an undated episode: "date unknown", not
    // this page's date (a card without a date looked the date up in the page around it).
    const std::string& dispatch = site.file("episodes/multiple-dispatch-in-torch-function/index.html");
    const std::string related = between(dispatch, "id=\"related-heading\"", "</section>");
    REQUIRE_FALSE(related.empty());
    CHECK(contains(related, "date unknown"));
    CHECK_FALSE(contains(related, "August 10, 2021"));
    // The archive: undated episodes after every dated one, under their own heading.
    const std::string& archive = site.file("archive/index.html");
    auto undated = archive.find("<h2 id=\"undated\">Date unknown</h2>");
    REQUIRE(undated != std::string::npos);
    CHECK(archive.find("<time", undated) == std::string::npos);
    // Home pages: a "Date unknown" group, only at the end; the previous/next chain skips across.
    const std::string* last_page = nullptr;
    for (int n = 2; n < 20; ++n)
        if (const std::string* p = site.out.find("page/" + std::to_string(n) + "/index.html")) last_page = p;
    REQUIRE(last_page);
    CHECK(contains(*last_page, "<h2 id=\"date-unknown\">Date unknown</h2>"));
    CHECK_FALSE(contains(site.file("index.html"), "date-unknown"));
    // Plurals.
    for (const auto& [path, content] : site.out.files()) CHECK_MESSAGE(!contains(*content, ">1 episodes"), path);
}

TEST_CASE("the shipped archive: text reads as written") {
    ShippedSite site;
    // The description Player FM has whole wins over the listing's copy cut after one sentence.
    const std::string& dispatch = site.file("episodes/multiple-dispatch-in-torch-function/index.html");
    CHECK(contains(dispatch, "generalizes this mechanism so that invocations of torch.add"));
    // A list a directory flattened into one line is a list again.
    const std::string& symints = site.file("episodes/unbacked-symints/index.html");
    CHECK(contains(symints, "(h/t from Gregory Chanan):</p><ul><li>Are unbacked symints only for export?"));
    // Cards: whole sentences, no bare URL.
    std::regex url_in_summary(R"(<p class="summary">[^<]*https?://)");
    for (const auto& [path, content] : site.out.files())
        if (path == "index.html" || path.starts_with("page/") || path.starts_with("topics/"))
            CHECK_MESSAGE(!std::regex_search(*content, url_in_summary), path);
    // Provenance names sources by their names, inside the collapsed block.
    const std::string block = between(symints, "<details class=\"provenance\">", "</details>");
    CHECK(contains(block, "Sources that list this episode: Public listings, Player FM."));
    CHECK_FALSE(contains(symints, "class=\"tag\">Player FM"));
}

TEST_CASE("the shipped archive: the build's summary sets the episodes against the count a directory announces") {
    std::string out;
    test::TempDir dir;
    REQUIRE(test::run_podarchive("build --output " + (dir.path() / "public").string(), test::source_dir(), out) == 0);
    CHECK(contains(out, "built 71 episodes (Podbean announces 83: content/sources/podbean.txt:6): "));
    CHECK(contains(out, " KB into "));
}
