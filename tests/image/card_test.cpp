#include "image/card.hpp"

#include <doctest/doctest.h>

#include <array>

#include "image/image_check.hpp"

TEST_CASE("card: a 1200 x 630 PNG of the title, the same bytes each time; boxes counted") {
    const image::CardText text{"PyTorch Developer Podcast", "Edward Yang", "example.github.io/pytorch", "en"};
    const image::Card card = image::render_card(text);
    const image::ImageCheck checked = image::check_image(card.png);
    CHECK(checked.error == "");
    CHECK(checked.width == image::k_card_width);
    CHECK(checked.height == image::k_card_height);
    CHECK(card.missing_glyphs == 0);  // (Latin: fonts-dejavu-core has it)
    CHECK(image::render_card(text).png == card.png);
    // Another title, another card; a title far too long is cut, not drawn past the card.
    CHECK(image::render_card({"Another show", "", "example.org", "en"}).png != card.png);
    const image::Card long_one = image::render_card({std::string(5000, 'W'), "", "x", "en"});
    CHECK(image::check_image(long_one.png).error == "");
    // A character no font can have (U+0378 is unassigned) is a box, and counted.
    CHECK(image::render_card({"A\u0378B", "", "example.org", "en"}).missing_glyphs >= 1);
    // Right to left, and nothing at all: still a whole card.
    CHECK(image::check_image(image::render_card({"פודקאסט", "", "example.org", "he"}).png).error == "");
    CHECK(image::check_image(image::render_card({"", "", "", ""}).png).error == "");
}

TEST_CASE("card: the accent behind white words, in RGB as drawn") {
    const image::Card card = image::render_card({"WWWWWWWW", "", "example.org", "en"});
    const auto pixels = image::decode_image(card.png, image::k_card_width);
    REQUIRE(pixels);
    REQUIRE(pixels->channels == 3);
    auto at = [&](int x, int y) {
        const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(pixels->width) + x) * 3;
        return std::array<int, 3>{pixels->data[i], pixels->data[i + 1], pixels->data[i + 2]};
    };
    CHECK(at(0, 0) == std::array<int, 3>{0xb3, 0x36, 0x1b});  // the default theme's accent, red first
    CHECK(at(image::k_card_width - 1, image::k_card_height - 1) == std::array<int, 3>{0xb3, 0x36, 0x1b});
    // The title's strokes, from the top margin (80 px) down: some pixel of its first line is white.
    bool white = false;
    for (int y = 80; y < 170 && !white; ++y)
        for (int x = 80; x < 600 && !white; ++x) white = at(x, y) == std::array<int, 3>{255, 255, 255};
    CHECK(white);
}
