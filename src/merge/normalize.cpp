#include "merge/normalize.hpp"

#include <algorithm>
#include <set>

#include "util/html_sanitizer.hpp"
#include "util/normalize.hpp"
#include "util/strings.hpp"

namespace merge {

std::string description_form(std::string_view text, bool is_html) {
    std::string plain = is_html ? util::html_to_text(text) : std::string(text);
    std::string_view body = util::trim(plain);
    for (std::string_view marker : {"...", "\xE2\x80\xA6"})
        if (body.ends_with(marker)) body.remove_suffix(marker.size());
    return util::match_form(body);
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

double title_similarity(std::string_view a, std::string_view b) {
    std::string fa = util::match_form(a), fb = util::match_form(b);
    if (fa.empty() || fb.empty()) return 0.0;
    if (fa == fb) return 1.0;
    // Word order may be scrambled (OCR), so compare the sets of words, then spelling.
    std::set<std::string> wa, wb;
    for (auto w : util::split(fa, ' ')) wa.emplace(w);
    for (auto w : util::split(fb, ' ')) wb.emplace(w);
    std::size_t common = 0;
    for (const auto& w : wa) common += wb.count(w);
    double jaccard = static_cast<double>(common) / static_cast<double>(wa.size() + wb.size() - common);
    std::size_t longest = std::max(fa.size(), fb.size());
    std::size_t distance = util::edit_distance(fa, fb, longest);
    double spelling = 1.0 - static_cast<double>(distance) / static_cast<double>(longest);
    return std::max(jaccard, spelling);
}

}  // namespace merge
