#include "sources/source_batch.hpp"

#include "sources/page_lines.hpp"
#include "text/pattern.hpp"
#include "text/strings.hpp"

namespace sources {

core::Provenance provenance(const SourceInfo& info, int first_line, int last_line) {
    return {info.name, info.file, first_line, last_line < first_line ? first_line : last_line};
}

std::optional<CountOnPage> announced_count(std::string_view page_text) {
    // A count of its own, at a line's start or after "Followers": "83 Episodes", "83 פרקים"
    // (Player FM's Hebrew edition), "83 épisodes". Not "episodes" inside a sentence.
    static const text::Pattern count(
        "(?:^|.*\\bFollowers\\s+|.*\\bfollowers\\s+)(\\d{1,5})\\s+(?:[Ee]pisodes|[Ee]pisoden|[Ee]pisodios|\xC3\xA9"
        "pisodes|epis\xC3\xB3"
        "dios|afleveringen|avsnitt|"
        "\xD7\xA4\xD7\xA8\xD7\xA7\xD7\x99\xD7\x9D)(?:\\s.*)?");
    PageLines lines(page_text);
    std::vector<std::string_view> groups;
    for (int l = 1; l <= lines.size(); ++l)
        if (lines.at(l).size() < 80 && count.full_match(lines.at(l), &groups)) {
            long long n = 0;
            if (text::parse_uint(groups[0], n) && n > 0) return CountOnPage{static_cast<int>(n), l};
        }
    return std::nullopt;
}

bool ends_truncated(std::string_view raw) {
    std::string_view text = text::trim(raw);
    return text.ends_with("...") || text.ends_with("\xE2\x80\xA6") || text.ends_with("[...]");
}

bool says_nothing(const core::Record& r) {
    return r.title.empty() && r.description.empty() && r.page_url.empty() && !r.enclosure && r.guid.empty() &&
           r.apple_id.empty() && r.apple_url.empty() && r.apple_episode_guid.empty();
}

bool looks_cut_off(std::string_view raw) {
    std::string_view text = text::trim(raw);
    if (text.empty()) return false;
    // Some pages append "…" to every description, even one whose last sentence is complete.
    if (ends_truncated(text)) {
        std::string stripped = strip_truncation(text);
        return stripped.empty() || std::string_view(".!?").find(stripped.back()) == std::string_view::npos;
    }
    // A URL or closing punctuation ends a description naturally.
    std::string_view last_word =
        text.substr(text.find_last_of(" \n") == std::string_view::npos ? 0 : text.find_last_of(" \n") + 1);
    if (last_word.starts_with("http://") || last_word.starts_with("https://")) return false;
    return std::string_view(".!?)\"'\xBB:;").find(text.back()) == std::string_view::npos &&
           !text.ends_with("\xE2\x80\x9D") && !text.ends_with("\xE2\x80\x99");
}

std::string strip_truncation(std::string_view raw) {
    std::string_view text = text::trim(raw);
    for (std::string_view marker : {"[...]", "[\xE2\x80\xA6]", "...", "\xE2\x80\xA6"})
        if (text.ends_with(marker)) {
            text.remove_suffix(marker.size());
            break;
        }
    return std::string(text::trim(text));
}

}  // namespace sources
