#include "core/slug.hpp"

#include <array>

#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace core {

namespace {
bool separates_words(char32_t cp) {
    return cp == ' ' || cp == '_' || cp == '-' || cp == '\t' || cp == '\n' || cp == 0x2013 || cp == 0x2014 ||
           cp == 0xA0;
}
}  // namespace

std::string slugify(std::string_view text, std::size_t max_bytes) {
    std::string folded = text::strip_accents_lower(text);
    std::string slug;
    slug.reserve(folded.size());
    bool pending_dash = false;
    if (text::is_ascii(folded)) {
        // Most titles fold to ASCII: the same steps a byte at a time, without decoding (every
        // title of every source is slugified while linking).
        for (char c : folded) {
            if (separates_words(static_cast<unsigned char>(c))) {
                pending_dash = !slug.empty();
            } else if (text::is_letter_or_digit(static_cast<unsigned char>(c))) {
                if (pending_dash) slug.push_back('-');
                pending_dash = false;
                slug.push_back(c);
            }
        }
    } else {
        bool after_letter = false;
        text::for_each_code_point(folded, [&](char32_t cp, std::size_t offset, std::size_t length) {
            if (separates_words(cp)) {
                pending_dash = !slug.empty();
                after_letter = false;
                return;
            }
            // A mark that belongs to the letter before it stays with it (Indic vowel signs).
            if (text::is_combining_mark(cp) && after_letter && !pending_dash) {
                slug.append(folded, offset, length);
                return;
            }
            after_letter = text::is_letter_or_digit(cp) && cp != 0xFFFD;
            if (!after_letter) return;
            if (pending_dash) slug.push_back('-');
            pending_dash = false;
            slug.append(folded, offset, length);
        });
    }
    if (slug.size() > max_bytes) {
        std::size_t cut = slug.rfind('-', max_bytes);
        if (cut == std::string::npos || cut < max_bytes / 2) {
            cut = text::truncate_code_points(slug, max_bytes).size();
            while (cut > max_bytes)
                cut = text::truncate_code_points(slug.substr(0, cut), text::code_point_count(slug.substr(0, cut)) - 1)
                          .size();
        }
        slug.resize(cut);
        while (!slug.empty() && slug.back() == '-') slug.pop_back();
    }
    return slug;
}

namespace {
bool is_reserved_device_name(std::string_view segment) {
    static constexpr std::array<std::string_view, 4> k_plain = {"con", "prn", "aux", "nul"};
    std::string lower = text::ascii_lower(segment.substr(0, segment.find('.')));
    for (auto name : k_plain)
        if (lower == name) return true;
    return lower.size() == 4 && (lower.starts_with("com") || lower.starts_with("lpt")) && lower[3] >= '0' &&
           lower[3] <= '9';
}
}  // namespace

bool is_safe_path_segment(std::string_view segment) {
    if (segment.empty() || segment == "." || segment == ".." || segment.size() > 200) return false;
    for (char c : segment)
        if (c == '/' || c == '\\' || static_cast<unsigned char>(c) < 0x20 || c == ':' || c == '*' || c == '?' ||
            c == '"' || c == '<' || c == '>' || c == '|')
            return false;
    if (segment.back() == '.' || segment.back() == ' ') return false;
    return !is_reserved_device_name(segment);
}

std::string make_safe_segment(std::string slug) {
    if (is_reserved_device_name(slug)) slug += "-episode";
    return slug;
}

}  // namespace core
