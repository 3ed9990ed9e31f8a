#include "files/files.hpp"

#include <doctest/doctest.h>

#include <algorithm>

#include "support.hpp"

namespace fs = std::filesystem;

TEST_CASE("files under a folder come in path order, element by element") {
    test::TempDir dir;
    // Names whose order as whole texts differs from their order element by element: a folder
    // named as another's prefix, bytes below and above '/', spaces, dots, dashes, UTF-8.
    const char* const names[] = {"a/b.md",  "a-b.md",    "a.md",     "a b/c.md",   "a/b/c.md", "a0.md",
                                 "ab/c.md", "a/b-c.md",  "a/b c.md", "a!/x.md",    "é/x.md",   "e/x.md",
                                 "z.md",    "a/.hidden", "a/b/.x",   "a/b.d/e.md", "a/b/d.md", "a/bc.md",
                                 "A/x.md",  "a~/x.md",   "a/~.md",   "ñ.md",       "a.b/c.md", "a.b.md"};
    for (const char* name : names) test::write(dir.path() / name, name);
    const std::vector<fs::path> files = files::files_under(dir.path());
    REQUIRE(files.size() == std::size(names));
    CHECK(std::is_sorted(files.begin(), files.end()));  // (std::filesystem::path's operator<)
    std::vector<fs::path> by_path = files;
    std::sort(by_path.begin(), by_path.end());
    CHECK(files == by_path);
}
