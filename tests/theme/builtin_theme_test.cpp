// The default theme is in the binary: a site needs no theme folder, a project's file still wins,
// and `theme export` writes out exactly what themes/default/ holds.
#include "theme/builtin_theme.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "config/site_config.hpp"
#include "files/files.hpp"
#include "pipeline/build_site.hpp"
#include "scaffold/scaffold.hpp"
#include "support.hpp"
#include "theme/theme_files.hpp"

namespace fs = std::filesystem;

namespace {
std::map<std::string, std::string> files_of(const fs::path& root) {
    std::map<std::string, std::string> out;
    for (const auto& f : files::files_under(root)) out[fs::relative(f, root).generic_string()] = test::read(f);
    return out;
}

output::MemoryOutput build_in_memory(const fs::path& dir) {
    output::MemoryOutput out;
    pipeline::build_site(config::load_config(dir / "site.yaml"), out);
    return out;
}
}  // namespace

TEST_CASE("the built-in theme is themes/default/, byte for byte") {
    std::map<std::string, std::string> builtin;
    for (const auto& f : theme::builtin_files()) builtin[std::string(f.path)] = std::string(f.bytes);
    CHECK(builtin ==
          files_of(test::source_dir() / "themes/default"));  // (its README, which documents the variables, too)
    CHECK(builtin.count("templates/episode.mustache"));
    CHECK(builtin.count("static/css/style.css"));
}

TEST_CASE("a site without a theme folder builds the same bytes as one with the default theme copied in") {
    test::TempDir bare, copied;
    test::copy_site("site", copied.path());  // (copies themes/ too)
    test::copy_site("site", bare.path());
    fs::remove_all(bare.path() / "themes");
    auto a = build_in_memory(bare.path()), b = build_in_memory(copied.path());
    REQUIRE(a.files().size() == b.files().size());
    for (const auto& [path, content] : b.files()) {
        CAPTURE(path);
        REQUIRE(a.find(path));
        CHECK(*a.find(path) == *content);
    }
}

TEST_CASE("the default theme's scripts are served minified; a theme's own, or an edited copy, as written") {
    test::TempDir dir;
    test::copy_site("site", dir.path());  // (themes/default/ copied in, unchanged)
    const std::string source = test::read(test::source_dir() / "themes/default/static/js/player.js");
    auto out = build_in_memory(dir.path());
    const std::string& served = *out.find("js/player.js");
    CHECK(served.starts_with("// podarchive default theme, from themes/default/static/js/player.js\n"));
    CHECK(served.size() * 3 < source.size() * 2);  // (terser's work: comments, spaces, short names)
    CHECK(served.find("The episode's player") == std::string::npos);
    test::write(dir.path() / "themes/default/static/js/player.js", source + "// edited\n");
    out = build_in_memory(dir.path());
    CHECK(*out.find("js/player.js") == source + "// edited\n");
}

TEST_CASE("lookup: the project's templates/ and static/, then themes/<theme>/, then the built-in theme") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    fs::remove_all(dir.path() / "themes");
    test::write(dir.path() / "themes/plain/templates/partials/footer.mustache", "<footer>theme footer</footer>\n");
    test::write(dir.path() / "themes/plain/static/css/style.css", "body{}\n");
    std::string yaml = test::read(dir.path() / "site.yaml");
    test::write(dir.path() / "site.yaml", test::replace_first(yaml, "theme: default", "theme: plain"));
    auto out = build_in_memory(dir.path());
    CHECK(out.find("index.html")->find("<footer>theme footer</footer>") != std::string::npos);
    CHECK(*out.find("css/style.css") == "body{}\n");
    CHECK(out.find("js/search.js"));  // the theme has none: the built-in one
    test::write(dir.path() / "templates/partials/footer.mustache", "<footer>project footer</footer>\n");
    test::write(dir.path() / "static/css/style.css", "main{}\n");
    out = build_in_memory(dir.path());
    CHECK(out.find("index.html")->find("<footer>project footer</footer>") != std::string::npos);
    CHECK(*out.find("css/style.css") == "main{}\n");
}

TEST_CASE("a broken override is located in its own file; a missing partial names where it was looked for") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    fs::remove_all(dir.path() / "themes");
    test::write(dir.path() / "templates/partials/footer.mustache", "<footer>\n{{#open}}\n</footer>\n");
    std::string errors = test::input_errors([&] { build_in_memory(dir.path()); });
    CHECK(errors.find((dir.path() / "templates/partials/footer.mustache").string() + ":2:") != std::string::npos);
    test::write(dir.path() / "templates/partials/footer.mustache", "{{> nowhere}}\n");
    CHECK(test::input_errors([&] { build_in_memory(dir.path()); }).find("partial 'nowhere' not found") !=
          std::string::npos);
}

TEST_CASE("theme export writes the built-in theme once, and refuses to overwrite") {
    test::TempDir dir;
    auto first = theme::export_builtin(dir.path() / "themes/default");
    CHECK(first.in_the_way.empty());
    CHECK(first.written.size() == theme::builtin_files().size());
    CHECK(files_of(dir.path() / "themes/default") == files_of(test::source_dir() / "themes/default"));
    test::write(dir.path() / "themes/default/templates/index.mustache", "edited\n");
    auto again = theme::export_builtin(dir.path() / "themes/default");
    CHECK(again.written.empty());
    CHECK(again.in_the_way.size() == first.written.size());
    CHECK(test::read(dir.path() / "themes/default/templates/index.mustache") == "edited\n");
    CHECK(theme::builtin_fingerprint().size() == 16);
}

TEST_CASE("theme export: a dangling link or a file where a folder goes is in the way, and nothing is written") {
    test::TempDir dir;
    const auto theme = dir.path() / "themes/default";
    std::filesystem::create_directories(theme / "templates");
    std::filesystem::create_symlink(dir.path() / "nowhere", theme / "templates/index.mustache");
    test::write(theme / "static", "a file where the static folder goes");
    auto refused = theme::export_builtin(theme);
    CHECK(refused.written.empty());
    REQUIRE(refused.in_the_way.size() >= 2);
    CHECK(std::find(refused.in_the_way.begin(), refused.in_the_way.end(), theme / "templates/index.mustache") !=
          refused.in_the_way.end());
    CHECK(std::find(refused.in_the_way.begin(), refused.in_the_way.end(), theme / "static") !=
          refused.in_the_way.end());
    CHECK(std::filesystem::is_symlink(theme / "templates/index.mustache"));
    CHECK(files_of(theme).size() == 1);  // the file in the way, and nothing else
}

TEST_CASE("the repository's templates/README.md is the one init writes") {
    CHECK(test::read(test::source_dir() / "templates/README.md") == scaffold::templates_readme());
}
