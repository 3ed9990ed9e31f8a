#pragma once
// Allow-list HTML sanitizer for HTML from feeds and rendered markdown (parsed with HTML5 rules).
#include <optional>
#include <string>
#include <string_view>

namespace html {

// Parses `html` as an HTML5 fragment and re-serializes only allowed elements and attributes.
// Dropped with their content: script, style, iframe, object, embed, form controls and the like.
// Unknown elements are unwrapped (their text stays). Attributes: a small per-element allow-list;
// every href/src must pass is_safe_link. <h1> becomes <h2> (the page owns its <h1>); <img>
// becomes a link to the image so pages never load third-party resources.
// When `plain` is given it also receives the visible text of the result (before white space is
// collapsed), as html_to_text of the result would find it, without parsing the result again.
// Plain HTML (nearly every feed item's) is parsed by parse_simple_html, the rest by gumbo.
std::string sanitize_html(std::string_view html, std::string* plain = nullptr);

// HTML written for another site (a feed's): their relative links (<a href>, <img src>)
// are resolved against `base`, the page they were written for (an absolute URL; empty when
// unknown), a link that still is not an absolute http(s) or mailto: URL is plain text, and
// their headings are placed beneath the heading the page gives it (h3 and down).
// An image (made a link) without alt text is named `image_word`, in the page's language.
struct ForeignFragment {
    std::string_view base;
    std::string_view image_word = "image";
};
std::string sanitize_html(std::string_view html, std::string* plain, const ForeignFragment& notes);

// The same with every input parsed by gumbo: the reference the fast parser is tested against.
std::string sanitize_html_with_gumbo(std::string_view html, std::string* plain = nullptr);

// Escapes plain text as HTML, turns http(s) URLs into links (GitHub issue/PR URLs are labelled
// "owner/repo#123"), blank lines into paragraphs and runs of lines that start with "- ", "* ",
// "• " or "1. " into lists, as does a list a directory flattened into one line after a colon
// ("Questions: - Are ...? - Why ...?").
std::string linkify_text(std::string_view text);

// HTML that sets nothing out with blocks (no paragraph, list, heading, table...) but with its
// lines, as many hosts write it ("... with <a href=...>Tom</a>.\n\nRecorded at ..."): its blank
// lines made paragraphs and its other line breaks <br>, as feed readers show it (a browser runs
// the lines together). Such HTML in one line, or set out with <br>s, is one paragraph (a page's
// paragraphs each take their text's direction). Nothing for HTML with blocks, which stays as it is.
std::optional<std::string> lines_set_out(std::string_view html);

// The visible text of an HTML fragment, white space collapsed (for summaries and search).
std::string html_to_text(std::string_view html);

// A fast approximation of html_to_text for comparing texts, not for showing them: tags are
// replaced by spaces and entities decoded; no HTML parsing.
std::string strip_tags(std::string_view html);

}  // namespace html
