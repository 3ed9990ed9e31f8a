#include "core/slug.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "files/files.hpp"

TEST_CASE("slugs the way Simplecast makes them") {
    struct Row {
        const char* title;
        const char* slug;
    };
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
        // Only Latin accents are folded: other scripts' marks make other words.
        {"コンパイラの仕組み", "コンパイラの仕組み"},  // (パ is not ハ, ガ is not カ)
        {"Йод и ёжик", "йод-и-ёжик"},                  // (й is not и)
        {"한국어 팟캐스트", "한국어-팟캐스트"},
        {"हिन्दी पॉडकास्ट", "हिन्दी-पॉडकास्ट"},  // (vowel signs and virama stay)
        {"Tiếng Việt", "tieng-viet"},
        {"Ελληνικά", "ελληνικά"},
    };
    for (const auto& row : rows) {
        CAPTURE(row.title);
        CHECK(core::slugify(row.title) == row.slug);
    }
}

TEST_CASE("long titles are cut at a word boundary") {
    std::string title;
    for (int i = 0; i < 2000; ++i) title += "word ";
    std::string slug = core::slugify(title);
    CHECK(slug.size() <= 80);
    CHECK(slug.back() != '-');
    CHECK(slug.starts_with("word-word"));
}

TEST_CASE("path segments are safe on every file system") {
    CHECK(core::is_safe_path_segment("torch-trace"));
    for (const char* bad : {"", ".", "..", "a/b", "a\\b", "con", "NUL", "com1", "lpt9.txt", "trailing."})
        CHECK_FALSE(core::is_safe_path_segment(bad));
    CHECK(core::make_safe_segment("con") == "con-episode");
    CHECK(core::make_safe_segment("console") == "console");
    CHECK(core::is_safe_path_segment(core::make_safe_segment("aux")));
}

TEST_CASE("output paths cannot leave the output folder") {
    CHECK(files::is_safe_relative_path("episodes/x/index.html"));
    CHECK(files::is_safe_relative_path("a"));
    CHECK(files::is_safe_relative_path("a.b/..c/c.."));
    for (const char* bad : {"", "/etc/passwd", "../x", "a/../../x", "a//b", "a\\..\\b", "./a", "a/", "a/.", "a/..", "/",
                            "a/b\x01c", "\x1f"})
        CHECK_FALSE(files::is_safe_relative_path(bad));
}

TEST_CASE("slugify: ASCII text, taken a byte at a time, slugs as the code-point path slugs it") {
    // A bullet is neither a letter nor a word separator: it is dropped, and having it makes
    // slugify take its code-point path. Every ASCII text must come out the same either way.
    const std::string alphabet = "aZ9 _-\t\n.'(\r\x7F";
    std::vector<std::string> texts = {""};
    for (int length = 1; length <= 5; ++length) {
        std::vector<std::string> longer;
        for (const auto& t : texts)
            for (char c : alphabet) longer.push_back(t + c);
        texts = std::move(longer);
        for (const auto& t : texts) REQUIRE_MESSAGE(core::slugify(t) == core::slugify(t + "\xE2\x80\xA2"), t);
    }
    CHECK(core::slugify("Hello, World -- PT2 (part 3)") == "hello-world-pt2-part-3");
    CHECK(core::slugify("\xE2\x80\xA2 Caf\xC3\xA9 \xE2\x80\x93 na\xC3\xAFve") == "cafe-naive");  // (folds to ASCII)
}
