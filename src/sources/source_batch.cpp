#include "sources/source_batch.hpp"

#include "util/strings.hpp"

namespace sources {

core::Provenance provenance(const SourceInfo& info, int first_line, int last_line) {
    return {info.name, info.file, first_line, last_line < first_line ? first_line : last_line};
}

bool ends_truncated(std::string_view raw) {
    std::string_view text = util::trim(raw);
    return text.ends_with("...") || text.ends_with("\xE2\x80\xA6") || text.ends_with("[...]");
}

std::string strip_truncation(std::string_view raw) {
    std::string_view text = util::trim(raw);
    for (std::string_view marker : {"[...]", "[\xE2\x80\xA6]", "...", "\xE2\x80\xA6"})
        if (text.ends_with(marker)) {
            text.remove_suffix(marker.size());
            break;
        }
    return std::string(util::trim(text));
}

}  // namespace sources
