#include "html/tags.hpp"

#include <algorithm>
#include <array>

#include "text/strings.hpp"

namespace html {

bool dropped_with_content(GumboTag tag) {
    static constexpr std::array k_dropped = {
        GUMBO_TAG_SCRIPT,   GUMBO_TAG_STYLE,     GUMBO_TAG_IFRAME,   GUMBO_TAG_OBJECT,   GUMBO_TAG_EMBED,
        GUMBO_TAG_NOSCRIPT, GUMBO_TAG_TEMPLATE,  GUMBO_TAG_TEXTAREA, GUMBO_TAG_SELECT,   GUMBO_TAG_BUTTON,
        GUMBO_TAG_HEAD,     GUMBO_TAG_TITLE,     GUMBO_TAG_META,     GUMBO_TAG_LINK,     GUMBO_TAG_BASE,
        GUMBO_TAG_FRAME,    GUMBO_TAG_FRAMESET,  GUMBO_TAG_APPLET,   GUMBO_TAG_SVG,      GUMBO_TAG_MATH,
        GUMBO_TAG_XMP,      GUMBO_TAG_PLAINTEXT, GUMBO_TAG_NOEMBED,  GUMBO_TAG_NOFRAMES, GUMBO_TAG_AUDIO,
        GUMBO_TAG_VIDEO,    GUMBO_TAG_SOURCE,    GUMBO_TAG_TRACK,    GUMBO_TAG_CANVAS,   GUMBO_TAG_FORM,
        GUMBO_TAG_INPUT};
    return std::find(k_dropped.begin(), k_dropped.end(), tag) != k_dropped.end();
}

std::size_t find_closing_tag(std::string_view html, std::string_view name, std::size_t from) {
    for (std::size_t at = html.find("</", from); at != std::string_view::npos; at = html.find("</", at + 2))
        if (text::starts_with_icase(html.substr(at + 2), name)) return at;
    return std::string_view::npos;
}

}  // namespace html
