#include <doctest/doctest.h>

#include "util/files.hpp"
#include "util/slug.hpp"

TEST_CASE("slugs the way Simplecast makes them") {
    struct Row { const char* title; const char* slug; };
    const Row rows[] = {
        {"TORCH_TRACE and tlparse", "torch-trace-and-tlparse"},
        {"PyTorch 2.0", "pytorch-20"},
        {"C++ frontend", "c-frontend"},
        {"Inductor - Post-grad FX passes", "inductor-post-grad-fx-passes"},
        {"Multiple dispatch in __torch_function__", "multiple-dispatch-in-torch-function"},
        {"What's up with Café Ünïcode?", "whats-up-with-cafe-unicode"},
        {"  --  ", ""},
        {"!!!", ""},
        {"日本語のタイトル", "日本語のタイトル"},
    };
    for (const auto& row : rows) {
        CAPTURE(row.title);
        CHECK(util::slugify(row.title) == row.slug);
    }
}

TEST_CASE("long titles are cut at a word boundary") {
    std::string title;
    for (int i = 0; i < 2000; ++i) title += "word ";
    std::string slug = util::slugify(title);
    CHECK(slug.size() <= 80);
    CHECK(slug.back() != '-');
    CHECK(slug.starts_with("word-word"));
}

TEST_CASE("path segments are safe on every file system") {
    CHECK(util::is_safe_path_segment("torch-trace"));
    for (const char* bad : {"", ".", "..", "a/b", "a\\b", "con", "NUL", "com1", "lpt9.txt", "trailing."})
        CHECK_FALSE(util::is_safe_path_segment(bad));
    CHECK(util::make_safe_segment("con") == "con-episode");
    CHECK(util::make_safe_segment("console") == "console");
    CHECK(util::is_safe_path_segment(util::make_safe_segment("aux")));
}

TEST_CASE("output paths cannot leave the output folder") {
    CHECK(util::is_safe_relative_path("episodes/x/index.html"));
    for (const char* bad : {"", "/etc/passwd", "../x", "a/../../x", "a//b", "a\\..\\b", "./a"})
        CHECK_FALSE(util::is_safe_relative_path(bad));
}
