#include "render/site_check.hpp"

#include <doctest/doctest.h>

#include "support.hpp"

namespace {
std::string page(const std::string& body) {
    return "<!DOCTYPE html><html lang=\"en\"><head><title>T</title></head><body>" + body + "</body></html>";
}
}  // namespace

TEST_CASE("the site check finds what a visitor under the sub-path would hit") {
    output::MemoryOutput site;
    site.add("index.html",
             page("<a href=\"/sub/a/\">a</a> <a href=\"a/#here\">ok</a> <a href=\"https://example.com/sub/a/\">abs</a>"
                  "<a href=\"https://other.example/\">other</a> <a href=\"#top\">top</a><p id=\"top\"></p>"));
    site.add("a/index.html",
             page("<p id=\"here\"></p><a href=\"../\">up</a><link rel=\"stylesheet\" href=\"/sub/css/s.css\">"));
    site.add("css/s.css", "body{}");
    CHECK(render::check_site(site, "https://example.com/sub/").empty());

    site.add("b/index.html",
             "<html><body><a href=\"/elsewhere/\">escape</a> <a href=\"/sub/missing/\">missing</a>"
             "<a href=\"/sub/a/#nothere\">frag</a><img src=\"../../x.png\"></body></html>");
    auto problems = render::check_site(site, "https://example.com/sub/");
    std::string all;
    for (const auto& p : problems) all += core::format(p) + "\n";
    CHECK(all.find("b/index.html: error: the page has no <title>") != std::string::npos);
    CHECK(all.find("link '/elsewhere/' leaves the base path /sub/") != std::string::npos);
    CHECK(all.find("link '/sub/missing/' points at a file the build did not make (missing/index.html)") !=
          std::string::npos);
    CHECK(all.find("names #nothere") != std::string::npos);
    CHECK(all.find("link '../../x.png' leaves the base path") != std::string::npos);
    CHECK(problems.size() == 5);
}

TEST_CASE("podarchive check: the site, and a feed file") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    std::string out;
    CHECK(test::run_podarchive("check", dir.path(), out) == 0);
    CHECK(out.find("0 problems") != std::string::npos);
    test::write(dir.path() / "templates/404.mustache", "{{> head}}<body><a href=\"/escape/\">x</a></body></html>");
    CHECK(test::run_podarchive("check", dir.path(), out) == 1);
    CHECK(out.find("404.html: error: link '/escape/' leaves the base path /fixture-archive/") != std::string::npos);
    CHECK(out.find(" files: 1 problem, ") != std::string::npos);  // (not "1 problems")
    CHECK(test::run_podarchive("check " + test::fixture("feeds/lint_valid.xml").string(), dir.path(), out) == 0);
    test::write(dir.path() / "bad.xml", test::replace_first(test::read(test::fixture("feeds/lint_valid.xml")),
                                                            "<itunes:explicit>false", "<itunes:explicit>yes"));
    CHECK(test::run_podarchive("check bad.xml", dir.path(), out) == 1);
    CHECK(out.find("bad.xml:13: error: [apple-explicit]") != std::string::npos);
    CHECK(out.find("bad.xml: 1 error, 0 warnings\n") != std::string::npos);  // (not "1 errors")
}

TEST_CASE("the site check: every episode page says how to listen") {
    output::MemoryOutput site;
    site.add("index.html", page("<a href=\"episodes/a/\">a</a>"));
    site.add("episodes/a/index.html", page("<audio controls src=\"https://cdn.example/a.mp3\"></audio>"));
    site.add("episodes/b/index.html",
             page("<section data-listen=\"links\"><a href=\"https://podcasts.apple.com/x\">Apple</a></section>"));
    site.add("episodes/c/index.html", page("<section data-listen=\"none\"><p>No audio is known.</p></section>"));
    site.add("about/index.html", page("<p>Not an episode: no player needed.</p>"));
    CHECK(render::check_site(site, "https://example.com/sub/").empty());
    site.add("episodes/d/index.html", page("<h1>A dead end</h1><p>Show notes only.</p>"));
    auto problems = render::check_site(site, "https://example.com/sub/");
    REQUIRE(problems.size() == 1);
    CHECK(core::format(problems[0])
              .starts_with("episodes/d/index.html: error: the episode page does not say how to listen"));
}
