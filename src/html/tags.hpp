#pragma once
// What the HTML readers share about tags, however they read them: gumbo's tree (the sanitizer),
// a tokenizer (parse_cost.hpp) or a scan of the tags (the transcript reader).
#include <gumbo.h>

#include <cstddef>
#include <string_view>

namespace html {

// The elements the sanitizer drops with everything they hold: scripts, styles, frames, forms and
// their controls, embedded media and documents, the head's elements, SVG and MathML.
bool dropped_with_content(GumboTag tag);

// Where the closing tag of `name` (lower case) starts, from `from` on, in any case ("</SCRIPT>";
// what follows the name is the caller's to judge); npos when there is none.
std::size_t find_closing_tag(std::string_view html, std::string_view name, std::size_t from);

}  // namespace html
