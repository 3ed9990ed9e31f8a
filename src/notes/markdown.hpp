#pragma once
// GFM markdown to sanitized HTML with cmark-gfm: tables, autolinks, strikethrough, task lists,
// footnotes; raw HTML goes through the same allow-list sanitizer as show notes (what GitHub
// does). Links written [text](episode:<slug>) are resolved by the caller.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace notes {

struct EpisodeLink {
    std::string slug;  // what came after "episode:"
    int line = 0;      // line in the file
    int column = 0;
};

// Returns the URL for an episode slug, or nullopt when there is no such episode.
using EpisodeResolver = std::function<std::optional<std::string>(const std::string& slug)>;

struct RenderedMarkdown {
    std::string html;
    std::vector<EpisodeLink> resolved;    // episode: links that were found
    std::vector<EpisodeLink> unresolved;  // episode: links to nothing (errors for the caller)
    // Its HTML (raw HTML that leaves elements open, or Markdown nested thousands deep) nests or
    // reopens elements past what gumbo reads in bounded time (html/parse_cost.hpp): `html` is
    // then its text alone (an error for the caller).
    bool tangled = false;
    // The line (in the file) of a row with more cells than a table may have (k_max_row_cells):
    // `html` then has no tables, their rows read as text (an error for the caller). 0: none.
    int wide_row_line = 0;
};

// A table row's most cells: cmark-gfm's table extension appends each cell of a row to a list
// it walks to the end, so a row costs the square of its cells (measured: 22 rows of 5,000
// cells took 1.1 s, of 10,000 4.2 s; a note of 4 MB could hold one of two million).
constexpr std::size_t k_max_row_cells = 256;

// Renders `markdown` whose first line is line `first_line` of its file.
RenderedMarkdown render_markdown(std::string_view markdown, int first_line, const EpisodeResolver& resolve);

}  // namespace notes
