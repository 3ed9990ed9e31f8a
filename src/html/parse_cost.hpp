#pragma once
// What gumbo would spend on a fragment, judged before it is asked to parse it.
//
// Gumbo follows HTML5's tree-building rules, and some of them cost in proportion to what is
// open: each tag's scope checks walk the open elements, and each text or tag reopens every
// formatting element closed by another's end tag ("reconstructing the active formatting
// elements"). So a feed's description of 200,000 nested <div> (1.4 MB) took gumbo 30 s, and
// "<p><b id=N>x" repeated 20,000 times (260 KB) more than 15 GB before the kernel ended the
// build. Attributes cost too: gumbo compares each with the tag's before it, two formatting
// elements attribute by attribute, and copies them all with each element it reopens (one tag
// of 100,000 attributes took 15 s). Nothing a host writes for listeners nests, reopens or
// piles up attributes like that; a fragment past the budget is shown as its text instead
// (html_sanitizer.cpp).
#include <string>
#include <string_view>
#include <vector>

namespace html {

// An estimate of gumbo's work in building `html`'s tree, in steps of a scope check (an element
// made counts as 256): it follows the rules that open, close and reopen elements (scopes,
// implied end tags, the active formatting elements, the adoption agency's moves, a table's
// misplaced content), erring towards more work (in tag soup, where it simplifies the table modes,
// foreign content and markers, it is within a factor of two), and stops reading once the work
// passes `limit`.
std::size_t gumbo_work(std::string_view html, std::size_t limit);

// The most work allowed for HTML of `length` bytes: 4 million steps, and an element's worth for
// each byte (no HTML makes an element of fewer than 3 bytes but by reopening one). Orderly HTML
// costs 2 to 60 a byte (the most among 30 real feeds and the seeds: 4 for 60 KB of CRE's); a
// hostile fragment's work grows with the square of its length. At the budget gumbo takes a few
// milliseconds and megabytes for a fragment of a few kilobytes, at most about 0.4 us a byte.
std::size_t gumbo_budget(std::size_t length);

// True when gumbo_work is within the budget: gumbo then parses `html` in time and memory about
// proportional to its length.
bool gumbo_may_parse(std::string_view html);

// The visible text of `html`, read tag by tag without a tree: one paragraph for each run of
// text between block tags (<p>, <div>, <li>, headings, <br>...), character references decoded,
// the content of script, style and the other elements the sanitizer drops left out. The text
// is not trimmed or collapsed; paragraphs of white space alone are left out.
std::vector<std::string> text_paragraphs(std::string_view html);

}  // namespace html
