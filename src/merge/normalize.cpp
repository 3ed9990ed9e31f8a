#include "merge/normalize.hpp"

#include <algorithm>
#include <set>

#include "html/html_sanitizer.hpp"
#include "text/normalize.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace merge {

std::string description_form(std::string_view text, bool is_html) {
    // Matching looks at how descriptions start; 500 characters decide it, and the rest of a long
    // text would only cost time, so only a prefix is read. The text of a prefix is the start of
    // the whole text but for its last few characters (a tag, an entity or white space cut in
    // two): a prefix whose text is well over 500 characters long starts the same.
    std::string plain;
    for (std::size_t take = 2048;; take *= 4) {
        bool whole = take >= text.size();
        std::string_view part = whole ? text : text.substr(0, take);
        plain = is_html ? html::strip_tags(part) : std::string(part);
        if (whole || text::code_point_count(plain) >= 600) break;
    }
    std::string_view body = text::trim(plain);
    if (body.size() > 500) body = text::truncate_code_points(body, 500);  // at a code point boundary
    for (std::string_view marker : {"...", "\xE2\x80\xA6"})
        if (body.ends_with(marker)) body.remove_suffix(marker.size());
    return text::match_form(body);
}

bool is_prefix_match(std::string_view a, std::string_view b, std::size_t min_chars) {
    if (a.size() > b.size()) std::swap(a, b);
    if (a.size() < min_chars) return false;
    if (b.starts_with(a)) return true;
    // A truncated copy may end mid-word: compare up to the last complete word of the shorter one.
    std::size_t cut = a.rfind(' ');
    return cut != std::string_view::npos && cut >= min_chars && b.starts_with(a.substr(0, cut));
}

bool shares_long_prefix(std::string_view a, std::string_view b) {
    std::size_t shorter = std::min(a.size(), b.size());
    std::size_t common = 0;
    while (common < shorter && a[common] == b[common]) ++common;
    return common >= 60 && (common >= 150 || common * 5 >= shorter * 4);
}

std::string sorted_words(std::string_view form) {
    std::vector<std::string_view> words = text::split_words(form);
    std::sort(words.begin(), words.end());
    words.erase(std::unique(words.begin(), words.end()), words.end());
    std::string joined;
    for (auto w : words) (joined.empty() ? joined : joined += ' ') += w;
    return joined;
}

std::size_t common_words(std::string_view words_a, std::string_view words_b) {
    // Both lists are sorted: walked side by side.
    auto next = [](std::string_view& words) {
        const std::size_t end = std::min(words.find(' '), words.size());
        const std::string_view word = words.substr(0, end);
        words.remove_prefix(std::min(end + 1, words.size()));
        return word;
    };
    std::size_t common = 0;
    for (std::string_view wa = next(words_a), wb = next(words_b); !wa.empty() && !wb.empty();) {
        if (wa == wb)
            ++common, wa = next(words_a), wb = next(words_b);
        else if (wa < wb)
            wa = next(words_a);
        else
            wb = next(words_b);
    }
    return common;
}

bool similar_titles(std::string_view a, std::string_view words_a, std::string_view b, std::string_view words_b,
                    double threshold) {
    if (a.empty() || b.empty()) return false;
    if (a == b) return true;
    const std::size_t count_a = text::word_count(words_a), count_b = text::word_count(words_b);
    const std::size_t common = common_words(words_a, words_b);
    double jaccard = static_cast<double>(common) / static_cast<double>(count_a + count_b - common);
    if (jaccard >= threshold) return true;
    std::size_t longest = std::max(a.size(), b.size());
    auto limit = static_cast<std::size_t>((1.0 - threshold) * static_cast<double>(longest));
    std::size_t length_gap = a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
    if (length_gap > limit) return false;  // the edit distance is at least the length difference
    return text::edit_distance(a, b, limit) <= limit;
}

}  // namespace merge
