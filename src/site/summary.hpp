#pragma once
// The short plain summary a card shows: the show notes' opening prose, whole sentences, never
// headings, lists, code or bare URLs run together into one line.
#include <string>
#include <string_view>

namespace site {

// From sanitized show notes (what html::sanitize_html or html::linkify_text write): the text of
// the opening paragraphs, without headings, lists, code, tables and URLs, cut after the last
// whole sentence within `max_chars` code points (at a word, with "…", when the first sentence is
// longer). When the notes have no prose at all, their plain text, cut the same way.
std::string lead_summary(std::string_view notes_html, std::size_t max_chars);

// lead_summary in two steps, for several lengths of one text: the opening prose (at least
// `enough` code points of it, when the notes have that much), then its whole sentences.
std::string lead_text(std::string_view notes_html, std::size_t enough);
// (the second step: the whole sentences of lead_text's text within `max_chars`)
std::string whole_sentences(const std::string& text, std::size_t max_chars);

}  // namespace site
