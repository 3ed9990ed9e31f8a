#include "text/unicode.hpp"

#include <utf8proc.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>

#include "text/strings.hpp"

namespace text {

std::string encode_utf8(char32_t code_point) {
    utf8proc_uint8_t buf[4];
    auto n = utf8proc_encode_char(static_cast<utf8proc_int32_t>(code_point), buf);
    return std::string(reinterpret_cast<const char*>(buf), static_cast<std::size_t>(n));
}

std::size_t decode_utf8_at(std::string_view text, std::size_t offset, char32_t& code_point) {
    if (const auto byte = static_cast<unsigned char>(text[offset]); byte < 0x80) {  // most text: no call into utf8proc
        code_point = byte;
        return 1;
    }
    utf8proc_int32_t cp = 0;
    auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(text.data() + offset),
                              static_cast<utf8proc_ssize_t>(text.size() - offset), &cp);
    if (n <= 0) {
        code_point = 0xFFFD;
        return 1;
    }
    code_point = static_cast<char32_t>(cp);
    return static_cast<std::size_t>(n);
}

namespace {
// Where the ASCII from `i` on ends: 32 bytes at a time while no byte has its top bit set (every
// transcript and description is looked at here), then eight.
std::size_t skip_ascii(std::string_view text, std::size_t i) {
    for (; i + 32 <= text.size(); i += 32) {
        std::uint64_t words[4];
        std::memcpy(words, text.data() + i, 32);
        if ((words[0] | words[1] | words[2] | words[3]) & 0x8080808080808080ull) break;
    }
    for (; i + 8 <= text.size(); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, text.data() + i, 8);
        if (word & 0x8080808080808080ull) break;
    }
    while (i < text.size() && static_cast<unsigned char>(text[i]) < 0x80) ++i;
    return i;
}
}  // namespace

bool is_ascii(std::string_view text) {
    return skip_ascii(text, 0) == text.size();
}

bool is_valid_utf8(std::string_view text) {
    // Most text is ASCII with a few other characters: the ASCII runs are skipped without
    // decoding, and only the characters between them go through utf8proc.
    for (std::size_t i = skip_ascii(text, 0); i < text.size(); i = skip_ascii(text, i)) {
        utf8proc_int32_t cp = 0;
        auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(text.data() + i),
                                  static_cast<utf8proc_ssize_t>(text.size() - i), &cp);
        if (n <= 0) return false;
        i += static_cast<std::size_t>(n);
    }
    return true;
}

std::optional<std::string> stray_bytes_as_1252(std::string_view text, StrayBytes& stray) {
    if (is_valid_utf8(text)) return std::nullopt;
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    std::size_t copied = 0;  // (the runs between stray bytes are copied whole)
    for (std::size_t i = 0; i < text.size();) {
        char32_t cp = 0;
        const std::size_t length = decode_utf8_at(text, i, cp);
        if (cp == 0xFFFD && length == 1) {
            const auto byte = static_cast<unsigned char>(text[i]);
            if (stray.count++ == 0) {
                stray.line =
                    1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(i), '\n'));
                stray.first = byte;
            }
            out.append(text, copied, i - copied);
            out += encode_utf8(windows_1252_code_point(byte));
            copied = i + 1;
        }
        i += length;
    }
    out.append(text, copied);
    return out;
}

std::string stray_bytes_message(const StrayBytes& stray, std::string_view fix) {
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X", stray.first);
    return count_text(stray.count, "byte", "bytes") + (stray.count == 1 ? " is" : " are") +
           " not UTF-8 (the first on this line, " + byte + "): read as Windows-1252 (" + byte + " as \"" +
           encode_utf8(windows_1252_code_point(stray.first)) + "\"), what such bytes most often are; " +
           std::string(fix);
}

std::string sanitize_utf8(std::string_view text) {
    if (is_valid_utf8(text)) return std::string(text);
    std::string out;
    out.reserve(text.size());
    for_each_code_point(text, [&](char32_t cp, std::size_t offset, std::size_t length) {
        if (cp == 0xFFFD && length == 1)
            out += "\xEF\xBF\xBD";
        else
            out.append(text.substr(offset, length));
    });
    return out;
}

namespace {
// Both mappings below (case folding with composition or decomposition, ignorables and marks
// dropped) change no ASCII character but the capitals: most text is ASCII, and every title of
// every source is slugified and folded while linking, so ASCII text is lower-cased without
// utf8proc (tests/text/strings_test.cpp compares the two for every ASCII character).
//
// Text that is not all ASCII is mapped run by run: each run of other characters with the ASCII
// character before it (a mark composes with the letter it follows) through utf8proc, the rest
// lower-cased here. Neither mapping joins or reorders characters across an ASCII one (each is a
// starter, and none is the second of a composed pair), so the runs map as the whole text does
// (tests/text/strings_test.cpp compares them); utf8proc reads every character it is given, and
// one curly quote in a long text sent all of it (a twentieth of the CPU of a build whose texts
// were mostly ASCII).
std::string map_with(std::string_view text, int options) {
    if (is_ascii(text)) return ascii_lower(text);
    const std::string valid = sanitize_utf8(text);
    std::string out;
    out.reserve(valid.size());
    auto is_byte_ascii = [&valid](std::size_t i) { return static_cast<unsigned char>(valid[i]) < 0x80; };
    for (std::size_t at = 0; at < valid.size();) {
        std::size_t run = at;  // (the next character that is not ASCII)
        while (run < valid.size() && is_byte_ascii(run)) ++run;
        const std::size_t from = run > at && run < valid.size() ? run - 1 : run;  // (its ASCII character before)
        for (std::size_t i = at; i < from; ++i) out.push_back(ascii_lower(valid[i]));
        if (run == valid.size()) break;
        std::size_t end = run;
        while (end < valid.size() && !is_byte_ascii(end)) ++end;
        utf8proc_uint8_t* mapped = nullptr;
        auto n =
            utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(valid.data() + from),
                         static_cast<utf8proc_ssize_t>(end - from), &mapped, static_cast<utf8proc_option_t>(options));
        std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owner(mapped, &std::free);
        if (n < 0) return valid;  // (as the whole text was when utf8proc refused it)
        out.append(reinterpret_cast<const char*>(mapped), static_cast<std::size_t>(n));
        at = end;
    }
    return out;
}
}  // namespace

std::string fold_for_matching(std::string_view text) {
    return map_with(text, UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT | UTF8PROC_CASEFOLD | UTF8PROC_IGNORE);
}

namespace {
// Latin letters (Basic Latin to Latin Extended-B, IPA, Latin Extended Additional, -C, -D, -E):
// the script whose accents a slug folds as Simplecast does ("Café" -> "cafe").
bool is_latin(char32_t cp) {
    return cp < 0x250 || (cp >= 0x1E00 && cp < 0x1F00) || (cp >= 0x2C60 && cp < 0x2C80) ||
           (cp >= 0xA720 && cp < 0xA800) || (cp >= 0xAB30 && cp < 0xAB70);
}

}  // namespace

bool is_combining_mark(char32_t cp) {
    if (cp < 0x300) return false;
    const auto category = utf8proc_category(static_cast<utf8proc_int32_t>(cp));
    return category == UTF8PROC_CATEGORY_MN || category == UTF8PROC_CATEGORY_MC || category == UTF8PROC_CATEGORY_ME;
}

std::string strip_accents_lower(std::string_view text) {
    // Decomposed, a Latin letter's accents are marks after it, and dropped. Other scripts keep
    // theirs: a kana's voicing mark (パ is not ハ), Cyrillic's й, Indic vowel signs make other
    // words.
    std::string decomposed =
        map_with(text, UTF8PROC_STABLE | UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT | UTF8PROC_CASEFOLD | UTF8PROC_IGNORE);
    if (is_ascii(decomposed)) return decomposed;
    std::string out;
    out.reserve(decomposed.size());
    bool after_latin = false;
    for_each_code_point(decomposed, [&](char32_t cp, std::size_t offset, std::size_t length) {
        if (is_combining_mark(cp)) {
            if (after_latin) return;  // (a Latin accent)
        } else {
            after_latin = is_latin(cp);
        }
        out.append(decomposed, offset, length);
    });
    // (composed again whenever anything but ASCII is left: Hangul decomposes into letters, not marks)
    return is_ascii(out) ? out : map_with(out, UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_IGNORE);
}

bool is_letter_or_digit(char32_t code_point) {
    if (code_point < 0x80)  // as utf8proc's categories have it, without the table lookups
        return (code_point >= 'a' && code_point <= 'z') || (code_point >= 'A' && code_point <= 'Z') ||
               (code_point >= '0' && code_point <= '9');
    switch (utf8proc_category(static_cast<utf8proc_int32_t>(code_point))) {
        case UTF8PROC_CATEGORY_LU:
        case UTF8PROC_CATEGORY_LL:
        case UTF8PROC_CATEGORY_LT:
        case UTF8PROC_CATEGORY_LM:
        case UTF8PROC_CATEGORY_LO:
        case UTF8PROC_CATEGORY_ND:
        case UTF8PROC_CATEGORY_NL:
        case UTF8PROC_CATEGORY_NO:
            return true;
        default:
            return false;
    }
}

namespace {
// The byte length of the code point at `i` (an invalid byte counts one), without decoding ASCII.
std::size_t code_point_length_at(std::string_view text, std::size_t i) {
    if (static_cast<unsigned char>(text[i]) < 0x80) return 1;
    char32_t cp = 0;
    return decode_utf8_at(text, i, cp);
}
}  // namespace

// Both count an ASCII run (a code point a byte) at once and decode only the characters between
// runs: every description is counted and cut while merging, and every excerpt while indexing.
std::size_t code_point_count(std::string_view text) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t ascii_end = skip_ascii(text, i);
        count += ascii_end - i;
        i = ascii_end;
        if (i < text.size()) i += code_point_length_at(text, i), ++count;
    }
    return count;
}

std::string_view truncate_code_points(std::string_view text, std::size_t max_code_points) {
    std::size_t count = 0;  // code points before i (fewer than max_code_points)
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t ascii_end = skip_ascii(text, i);
        if (ascii_end - i >= max_code_points - count) return text.substr(0, i + (max_code_points - count));
        count += ascii_end - i;
        i = ascii_end;
        if (i < text.size()) i += code_point_length_at(text, i), ++count;
    }
    return text;
}

char32_t windows_1252_code_point(unsigned char byte) {
    static constexpr char32_t k_high[32] = {0x20AC, 0x81,   0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
                                            0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,   0x017D, 0x8F,
                                            0x90,   0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                                            0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D,   0x017E, 0x0178};
    return byte >= 0x80 && byte < 0xA0 ? k_high[byte - 0x80] : byte;
}

namespace {
bool shown_escaped(char32_t cp, bool keep_newlines) {
    if (cp == '\t' || (cp == '\n' && keep_newlines)) return false;
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069);
}
}  // namespace

std::string terminal_safe(std::string_view text, bool keep_newlines) {
    std::string out;
    out.reserve(text.size());
    for_each_code_point(text, [&](char32_t cp, std::size_t at, std::size_t length) {
        const bool invalid = cp == 0xFFFD && length == 1;
        if (invalid || (cp < 0x80 && shown_escaped(cp, keep_newlines))) {
            const auto byte = static_cast<unsigned char>(text[at]);
            out += "\\x";
            out += k_hex_digits[byte >> 4];
            out += k_hex_digits[byte & 15];
        } else if (shown_escaped(cp, keep_newlines)) {
            char buffer[16];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(cp));
            out += buffer;
        } else {
            out.append(text.substr(at, length));
        }
    });
    return out;
}

}  // namespace text
