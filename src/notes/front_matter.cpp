#include "notes/front_matter.hpp"

#include "text/strings.hpp"

namespace notes {

std::optional<FrontMatter> split_front_matter(std::string_view text, bool& unclosed) {
    unclosed = false;
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    auto lines = text::split_lines(text);
    if (lines.empty() || text::trim(lines[0]) != "---") return std::nullopt;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        std::string_view line = text::trim(lines[i]);
        if (line != "---" && line != "...") continue;
        FrontMatter fm;
        fm.yaml_line = 2;
        for (std::size_t k = 1; k < i; ++k) fm.yaml.append(lines[k]).push_back('\n');
        fm.body_line = static_cast<int>(i) + 2;
        for (std::size_t k = i + 1; k < lines.size(); ++k) fm.body.append(lines[k]).push_back('\n');
        return fm;
    }
    unclosed = true;
    return std::nullopt;
}

}  // namespace notes
