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
