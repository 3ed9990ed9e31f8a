#pragma once
// Splits a markdown file into its YAML front matter and its body, keeping real line numbers.
#include <optional>
#include <string>
#include <string_view>

namespace notes {

struct FrontMatter {
    std::string yaml;   // without the --- fences
    int yaml_line = 0;  // line of the file where the YAML starts (1-based)
    std::string body;   // the markdown after the closing fence
    int body_line = 0;  // line of the file where the body starts
};

// Accepts a UTF-8 BOM and CRLF line endings. The front matter opens with "---" on the first
// line and closes with "---" or "..." on a line of its own. Returns nullopt when the file has
// no front matter (the whole text is then the body, from line 1); `unclosed` is set when it
// opens but never closes.
std::optional<FrontMatter> split_front_matter(std::string_view text, bool& unclosed);

}  // namespace notes
