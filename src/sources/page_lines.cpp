#include "sources/page_lines.hpp"

#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace sources {

PageLines::PageLines(std::string_view text) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    std::string valid = text::sanitize_utf8(text);
    for (auto line : text::split_lines(valid)) m_lines.emplace_back(text::trim(line));
}

std::string_view PageLines::at(int line) const {
    if (line < 1 || line > size()) return {};
    return m_lines[static_cast<std::size_t>(line - 1)];
}

int PageLines::next_nonblank(int line) const {
    for (int l = line + 1; l <= size(); ++l)
        if (!blank(l)) return l;
    return size() + 1;
}

int PageLines::previous_nonblank(int line) const {
    for (int l = line - 1; l >= 1; --l)
        if (!blank(l)) return l;
    return 0;
}

}  // namespace sources
