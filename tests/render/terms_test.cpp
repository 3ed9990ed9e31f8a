// Topics and guests: names that differ only in a symbol keep pages of their own.
#include <doctest/doctest.h>

#include "config/site_config.hpp"
#include "pipeline/build_site.hpp"
#include "site/site_info.hpp"
#include "support.hpp"

TEST_CASE("term slugs spell out the symbols that tell names apart") {
    CHECK(site::term_slug("C") == "c");
    CHECK(site::term_slug("C++") == "c-plus-plus");
    CHECK(site::term_slug("C#") == "c-sharp");
    CHECK(site::term_slug("R&D") == "r-and-d");
    CHECK(site::term_slug("PyTorch 2") == site::term_slug("pytorch-2"));  // one topic, written two ways
    CHECK(site::term_slug("!!!") == "untitled");
}

TEST_CASE("topics C, C++ and C# get a page each, and an episode is listed once on each") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    test::write(dir.path() / "content/episodes/langs.md",
                "---\nepisode: torch-trace-and-tlparse\ntopics: [C, C++, \"C#\", c]\n---\nLanguages.\n");
    output::MemoryOutput out;
    pipeline::build_site(config::load_config(dir.path() / "site.yaml"), out);
    for (const char* page : {"topics/c/index.html", "topics/c-plus-plus/index.html", "topics/c-sharp/index.html"}) {
        CAPTURE(page);
        CHECK(out.find(page));
    }
    CHECK(out.find("topics/c/index.html")->find("<h1><bdi>C</bdi></h1>") != std::string::npos);
    CHECK(out.find("topics/c-sharp/index.html")->find("<h1><bdi>C#</bdi></h1>") != std::string::npos);
    std::string c_page = *out.find("topics/c/index.html"), cpp_page = *out.find("topics/c-plus-plus/index.html");
    auto count = [](const std::string& html) {
        std::size_t n = 0;
        for (std::size_t at = html.find("episodes/torch-trace-and-tlparse/\""); at != std::string::npos;
             at = html.find("episodes/torch-trace-and-tlparse/\"", at + 1))
            ++n;
        return n;
    };
    CHECK(count(c_page) == count(cpp_page));  // "C" and "c" on one episode: listed once, as C++ is
}
