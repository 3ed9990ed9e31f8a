#include "config/site_config.hpp"

#include <doctest/doctest.h>

#include "core/diagnostic.hpp"
#include "support.hpp"

namespace {
// Parses YAML as <dir>/site.yaml and returns the first formatted error, or "" when it loads.
std::string first_error(const std::string& yaml, const std::filesystem::path& dir) {
    try {
        config::parse_config(yaml, dir / "site.yaml");
    } catch (const core::InputError& e) {
        return core::format(e.diagnostics().front());
    }
    return "";
}
}  // namespace

TEST_CASE("a valid site.yaml loads with defaults") {
    test::TempDir dir;
    test::write(dir.path() / "feed.xml", "<rss/>");
    auto site = config::parse_config(
        "title: T\nbase_url: https://u.github.io/r\nsources:\n  - path: feed.xml\n    url: https://f.example/x\n",
        dir.path() / "site.yaml");
    CHECK(site.title == "T");
    CHECK(site.base_url == "https://u.github.io/r/");
    CHECK(site.output == "public");
    CHECK(site.episodes_per_page == 10);
    REQUIRE(site.sources.size() == 1);
    CHECK(site.sources[0].name == "feed");
    CHECK(site.sources[0].line == 4);
}

TEST_CASE("errors name the file, line, column and the nearest key") {
    test::TempDir dir;
    std::string p = (dir.path() / "site.yaml").string();
    CHECK(first_error("title: T\nbase_url: https://x.y/\ntitel: oops\n", dir.path()) ==
          p + ":3:1: error: unknown key 'titel'; did you mean 'title'?\n    titel: oops\n    ^");
    CHECK(first_error("title: T\nbase_url: https://x.y/\nepisodes_per_page: many\n", dir.path())
              .starts_with(p + ":3:20: error: 'episodes_per_page' must be a whole number"));
    CHECK(first_error("title: [a, b]\nbase_url: https://x.y/\n", dir.path())
              .starts_with(p + ":1:8: error: 'title' must be a string"));
    CHECK(first_error("title: T\nbase_url: https://x.y/\nsources:\n  - path: missing.xml\n", dir.path())
              .starts_with(p + ":4:11: error: source file 'missing.xml' not found"));
    CHECK(first_error("title: T\nbase_url: https://x.y/\nsources:\n  - pth: a.xml\n", dir.path())
              .starts_with(p + ":4:5: error: unknown key 'pth' in a source entry; did you mean 'path'?"));
    CHECK(first_error("title: T\nbase_url: not a url\n", dir.path())
              .starts_with(p + ":2:11: error: 'base_url' must be an absolute"));
    CHECK(first_error("title: T\n", dir.path()).find("missing required key 'base_url'") != std::string::npos);
    CHECK(first_error("title: T\nbase_url: https://x.y/\nsources:\n  - path: [unclosed\n", dir.path())
              .starts_with(p + ":5:1: error: malformed YAML: "));
    // Nested deeper than yaml-cpp reads: said so, on its line (yaml-cpp's own words: "bad file").
    std::string deep = "title: T\nbase_url: https://x.y/\nextra: ";
    for (int i = 0; i < 50000; ++i) deep += "{a: ";
    CHECK(first_error(deep + "1\n", dir.path()).starts_with(p + ":3:"));
    CHECK(first_error(deep + "1\n", dir.path()).find("error: malformed YAML: lists or mappings nested too deeply") !=
          std::string::npos);
}

TEST_CASE("every problem of one file is reported in one run") {
    test::TempDir dir;
    try {
        config::parse_config("titel: T\nbase_url: 3\nfoo: 1\n", dir.path() / "site.yaml");
        FAIL("expected an error");
    } catch (const core::InputError& e) {
        CHECK(e.diagnostics().size() == 4);  // titel, base_url, foo, missing title
    }
}

TEST_CASE("output folders that would destroy inputs are refused") {
    test::TempDir dir;
    for (const char* out : {"/", ".", "content", "content/public", "..", "themes"}) {
        CAPTURE(out);
        std::string error =
            first_error(std::string("title: T\nbase_url: https://x.y/\noutput: \"") + out + "\"\n", dir.path());
        CHECK(error.find("output folder") != std::string::npos);
    }
    CHECK(first_error("title: T\nbase_url: https://x.y/\noutput: site-out\n", dir.path()).empty());
}

TEST_CASE("a missing site.yaml is a located error") {
    try {
        config::load_config("/nonexistent/site.yaml");
        FAIL("expected an error");
    } catch (const core::InputError& e) {
        CHECK(core::format(e.diagnostics().front())
                  .starts_with("/nonexistent/site.yaml: error: file not found; run `podarchive init`"));
    }
}

TEST_CASE("category: every form the README documents, retired ones mapped with a warning, others located errors") {
    test::TempDir dir;
    const std::string head = "title: T\nbase_url: https://x.y/\n";
    auto categories = [&](const std::string& value) {
        auto site = config::parse_config(head + "category: " + value + "\n", dir.path() / "site.yaml");
        std::vector<std::string> out;
        for (const auto& c : site.categories)
            out.push_back(c.name + (c.subcategory.empty() ? "" : " > " + c.subcategory));
        return out;
    };
    CHECK(categories("Technology") == std::vector<std::string>{"Technology"});
    CHECK(categories("News > Tech News") == std::vector<std::string>{"News > Tech News"});
    CHECK(categories("Tech News") ==
          std::vector<std::string>{"News > Tech News"});  // a subcategory alone finds its parent
    CHECK(categories("[Technology, Leisure > Video Games]") ==
          std::vector<std::string>{"Technology", "Leisure > Video Games"});
    // Apple's pre-2019 categories (the README's old example among them) are read as what they became.
    CHECK(categories("Technology > Tech News") == std::vector<std::string>{"News > Tech News"});
    CHECK(categories("Games & Hobbies") == std::vector<std::string>{"Leisure"});
    auto site = config::parse_config(head + "category: Technology > Podcasting\n", dir.path() / "site.yaml");
    REQUIRE(site.warnings.size() == 1);
    CHECK(core::format(site.warnings[0])
              .starts_with((dir.path() / "site.yaml").string() +
                           ":3:11: warning: 'Technology > Podcasting' is a category Apple retired in 2019; written as "
                           "'Technology'"));
    std::string p = (dir.path() / "site.yaml").string();
    CHECK(first_error(head + "category: Tecnology\n", dir.path())
              .starts_with(
                  p +
                  ":3:11: error: 'Tecnology' is not an Apple Podcasts category "
                  "(https://podcasters.apple.com/support/1691-apple-podcasts-categories); did you mean 'Technology'?"));
    CHECK(first_error(head + "category: Arts > Cars\n", dir.path())
              .starts_with(p + ":3:11: error: 'Arts > Cars' is not an Apple Podcasts category"));
    CHECK(first_error(head + "category: [Technology, Nope > Nope]\n", dir.path())
              .starts_with(p + ":3:24: error: 'Nope > Nope'"));
}

TEST_CASE("theme: the built-in one, a folder under themes/, or a located error with the nearest name") {
    test::TempDir dir;
    const std::string head = "title: T\nbase_url: https://x.y/\n";
    std::string p = (dir.path() / "site.yaml").string();
    CHECK(config::parse_config(head, dir.path() / "site.yaml").theme == "default");  // no folder needed
    CHECK(config::parse_config(head + "theme: default\n", dir.path() / "site.yaml").theme == "default");
    CHECK(first_error(head + "theme: defualt\n", dir.path()) ==
          p + ":3:8: error: no theme 'defualt': it is neither a folder under themes/ nor the built-in 'default'; did "
              "you mean 'default'?\n"
              "    theme: defualt\n           ^");
    std::filesystem::create_directories(dir.path() / "themes/midnight/templates");
    CHECK(config::parse_config(head + "theme: midnight\n", dir.path() / "site.yaml").theme == "midnight");
    CHECK(first_error(head + "theme: midnigth\n", dir.path()).find("did you mean 'midnight'?") != std::string::npos);
    CHECK(first_error(head + "theme: ../x\n", dir.path()).find("'theme' must be a folder name under themes/") !=
          std::string::npos);
}

TEST_CASE("values site.yaml sets for the feed are checked where they are written") {
    test::TempDir dir;
    const std::string head = "title: T\nbase_url: https://x.y/\n";
    std::string p = (dir.path() / "site.yaml").string();
    CHECK(first_error(head + "image: artwork.jpg\n", dir.path())
              .starts_with(p + ":3:8: error: 'image' must be an absolute http(s) URL"));
    CHECK(first_error(head + "email: nobody\n", dir.path())
              .starts_with(p + ":3:8: error: 'email' must be an e-mail address"));
    CHECK(first_error(head + "podcast_guid: y0ur-gu1d-g035-h3r3\n", dir.path())
              .starts_with(p + ":3:15: error: 'podcast_guid' must be a lowercase UUID"));
    CHECK(config::parse_config(head + "podcast_guid: 917393e3-1b1e-5cef-ace4-edaa54e1f810\n", dir.path() / "site.yaml")
              .podcast_guid == "917393e3-1b1e-5cef-ace4-edaa54e1f810");
}

TEST_CASE("the output folder may hold no input: sources, site.yaml, and not through a link") {
    test::TempDir dir;
    test::write(dir.path() / "data/listings.json", "[]");
    test::write(dir.path() / "feed.xml", "<rss/>");
    std::string p = (dir.path() / "site.yaml").string();
    const std::string head = "title: T\nbase_url: https://x.y/\nsources:\n  - path: data/listings.json\n";
    CHECK(first_error(head + "output: data\n", dir.path()) ==
          p + ":5:9: error: output folder 'data' overlaps the source 'listings' 'data/listings.json'; the build "
              "replaces that folder whole\n"
              "    output: data\n            ^");
    CHECK(first_error(head + "output: data/site\n", dir.path()) == "");  // beside it, not over it
    std::filesystem::create_symlink(dir.path() / "elsewhere", dir.path() / "public");
    CHECK(first_error("title: T\nbase_url: https://x.y/\n", dir.path())
              .find("output folder 'public' is a symbolic link") != std::string::npos);
}

TEST_CASE("a source that is no file says what it is; a base_url with a query is refused") {
    test::TempDir dir;
    std::filesystem::create_directories(dir.path() / "folder.xml");
    std::string p = (dir.path() / "site.yaml").string();
    CHECK(first_error("title: T\nbase_url: https://x.y/\nsources:\n  - path: folder.xml\n", dir.path())
              .starts_with(p + ":4:11: error: source 'folder.xml' is a folder; expected a file"));
    CHECK(
        first_error("title: T\nbase_url: https://x.y/\nsources:\n  - path: /dev/zero\n", dir.path())
            .starts_with(p + ":4:11: error: source '/dev/zero' is not a regular file (a device, a pipe or a socket)"));
    CHECK(first_error("title: T\nbase_url: https://x.y/\nsources:\n  - path: gone.xml\n", dir.path())
              .starts_with(p + ":4:11: error: source file 'gone.xml' not found"));
    CHECK(first_error("title: T\nbase_url: https://x.y/r/?a=1\n", dir.path())
              .starts_with(p + ":2:11: error: 'base_url' must be the site's address without a query or fragment"));
    CHECK(first_error("title: T\nbase_url: https://x.y/r/#top\n", dir.path()).find("without a query or fragment") !=
          std::string::npos);
}

TEST_CASE("site.yaml: subscribe links, each with a name and an http(s) URL") {
    test::TempDir dir;
    auto load = [&](const std::string& extra) {
        test::write(dir.path() / "site.yaml", "title: T\nbase_url: https://x.example/\n" + extra);
        return config::load_config(dir.path() / "site.yaml");
    };
    auto site = load(
        "subscribe:\n  - name: Spotify\n    url: https://open.spotify.com/show/abc\n  - {name: Overcast, url: "
        "https://overcast.fm/itunes1}\n");
    REQUIRE(site.subscribe.size() == 2);
    CHECK(site.subscribe[0].name == "Spotify");
    CHECK(site.subscribe[1].url == "https://overcast.fm/itunes1");
    std::string errors = test::input_errors([&] {
        load(
            "subscribe:\n  - name: Spotify\n    url: javascript:alert(1)\n  - {name: X}\n  - {nme: Y, url: "
            "https://y.example/}\n");
    });
    CHECK(errors.find("site.yaml:5:") != std::string::npos);
    CHECK(errors.find("'url' must be an absolute http(s) URL") != std::string::npos);
    CHECK(errors.find("a subscribe entry needs 'name' and 'url'") != std::string::npos);
    CHECK(errors.find("unknown key 'nme' in a subscribe entry; did you mean 'name'?") != std::string::npos);
}
