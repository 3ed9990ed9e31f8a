#pragma once
// The card a link to the site shows in a chat or a timeline (og:image, twitter:image, oEmbed's
// thumbnail) when the show has no artwork of its own: its title, by line and address on the
// theme's colour, drawn by Pango (shaping, bidi, line breaks and the fonts fontconfig finds for
// the language) onto a Cairo image, written as PNG. The same text and fonts give the same bytes.
#include <string>

namespace image {

inline constexpr int k_card_width = 1200, k_card_height = 630;  // what link previews ask for (1.91:1)
// Bump when the drawing or its PNG's encoding changes: cards kept by earlier builds are then
// drawn again (a kept card's bytes are published as they are).
inline constexpr const char* k_card_recipe = "2";

struct CardText {
    std::string title;     // up to three lines, then cut with an ellipsis
    std::string byline;    // one line (the show's author), may be empty
    std::string address;   // one line (where the site is)
    std::string language;  // BCP 47: the fonts and line breaks of the language
};

struct Card {
    std::string png;
    // Characters no installed font draws (shown as boxes): the machine lacks fonts for the
    // title's script.
    int missing_glyphs = 0;
    std::string error;  // why there is none (Pango and Cairo cannot be loaded), to warn of
};

// The card of `text`; its png is empty when Cairo cannot make one (out of memory, or its
// libraries cannot be loaded: `error`).
Card render_card(const CardText& text);

}  // namespace image
