#include "image/card.hpp"

#include <doctest/doctest.h>

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
