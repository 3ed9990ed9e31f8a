#include <doctest/doctest.h>

#include <sys/stat.h>

#include "output/output.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {
ino_t inode(const fs::path& p) {
    struct stat st {};
    ::stat(p.c_str(), &st);
    return st.st_ino;
}
void build(const fs::path& out, const std::string& fingerprint, const std::map<std::string, std::string>& files) {
    output::DiskOutput o(out, fingerprint);
    for (const auto& [path, content] : files) o.add(path, content);
    o.commit();
}
}  // namespace

TEST_CASE("unchanged files keep their inode; an unchanged build leaves the folder alone") {
    test::TempDir dir;
    auto out = dir.path() / "public";
    build(out, "f1", {{"a.html", "A"}, {"b/index.html", "B"}});
    ino_t folder = inode(out), a = inode(out / "a.html"), b = inode(out / "b/index.html");

    {
        output::DiskOutput o(out, "f1");
        CHECK(o.up_to_date());
    }
    build(out, "f2", {{"a.html", "A"}, {"b/index.html", "B"}});  // new inputs, same bytes
    CHECK(inode(out) == folder);                                 // not even swapped
    build(out, "f3", {{"a.html", "A"}, {"b/index.html", "B2"}});
    CHECK(inode(out) != folder);                                 // swapped in whole
    CHECK(inode(out / "a.html") == a);                           // the unchanged file is the same file
    CHECK(inode(out / "b/index.html") != b);
    CHECK(test::read(out / "b/index.html") == "B2");
    {
        output::DiskOutput o(out, "f3");
        CHECK(o.up_to_date());
        output::DiskOutput other(out, "f4");
        CHECK_FALSE(other.up_to_date());
    }
}

TEST_CASE("a manifest that does not belong to the output folder is not trusted") {
    test::TempDir dir;
    auto out = dir.path() / "public";
    build(out, "f1", {{"a.html", "A"}});
    // Someone replaces the folder by hand (or a build stopped between swap and manifest).
    fs::remove_all(out);
    fs::create_directories(out);
    test::write(out / "a.html", "edited by hand");
    output::DiskOutput o(out, "f1");
    CHECK_FALSE(o.up_to_date());
    o.add("a.html", "A");
    CHECK(o.files_written() == 1);  // written, not linked to the hand-edited file
    o.commit();
    CHECK(test::read(out / "a.html") == "A");
}
