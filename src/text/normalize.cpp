#include "text/normalize.hpp"

#include <algorithm>
#include <cstring>

#include "text/byte_block.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace text {

namespace {

// Letters that OCR and copy-paste confuse with Latin ones (Cyrillic and Greek look-alikes).
char32_t latin_look_alike(char32_t cp) {
    switch (cp) {
        case 0x0430:
            return 'a';
        case 0x0435:
            return 'e';
        case 0x043E:
            return 'o';
        case 0x0440:
            return 'p';
        case 0x0441:
            return 'c';
        case 0x0443:
            return 'y';
        case 0x0445:
            return 'x';
        case 0x0456:
            return 'i';
        case 0x0458:
            return 'j';
        case 0x04BB:
            return 'h';
        case 0x0455:
            return 's';
        case 0x0501:
            return 'd';
        case 0x0410:
            return 'A';
        case 0x0412:
            return 'B';
        case 0x0415:
            return 'E';
        case 0x041A:
            return 'K';
        case 0x041C:
            return 'M';
        case 0x041D:
            return 'H';
        case 0x041E:
            return 'O';
        case 0x0420:
            return 'P';
        case 0x0421:
            return 'C';
        case 0x0422:
            return 'T';
        case 0x0425:
            return 'X';
        case 0x0406:
            return 'I';
        case 0x03BF:
            return 'o';
        case 0x03B1:
            return 'a';
        case 0x039F:
            return 'O';
        case 0x0391:
            return 'A';
        case 0x0392:
            return 'B';
        case 0x0395:
            return 'E';
        case 0x0397:
            return 'H';
        case 0x039A:
            return 'K';
        case 0x039C:
            return 'M';
        case 0x039D:
            return 'N';
        case 0x03A1:
            return 'P';
        case 0x03A4:
            return 'T';
        default:
            return 0;
    }
}

// Undoes the commonest mojibake: UTF-8 bytes that were decoded as Windows-1252/Latin-1 and
// encoded again ("Ã©" for "é", "â€™" for "’"). Only applied when the result is valid UTF-8.
std::string repair_mojibake(std::string_view text) {
    if (text.find("\xC3") == std::string_view::npos && text.find("\xC3\xA2\xE2\x82\xAC") == std::string_view::npos)
        return std::string(text);
    // Map each code point back to the single byte Windows-1252 would have shown it for.
    std::string bytes;
    bool all_single = true;
    for_each_code_point(text, [&](char32_t cp, std::size_t, std::size_t) {
        if (cp < 0x100) {
            bytes.push_back(static_cast<char>(cp));
            return;
        }
        for (unsigned byte = 0x80; byte < 0xA0; ++byte)
            if (windows_1252_code_point(static_cast<unsigned char>(byte)) == cp)
                return bytes.push_back(static_cast<char>(byte));
        all_single = false;
    });
    if (all_single && is_valid_utf8(bytes) && bytes.size() < text.size()) return bytes;
    return std::string(text);
}

std::string unescape_markdown(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 1 < text.size() &&
            std::string_view("\\`*_{}[]()#+-.!<>|~").find(text[i + 1]) != std::string_view::npos) {
            out.push_back(text[++i]);
            continue;
        }
        out.push_back(text[i]);
    }
    return out;
}

// clean_text's repairs, each run only when its mark is in the text (each returns the text as it
// is without it). The result views `text` or `storage`: most text needs no repair and is not
// copied here. `ascii`: whether `text` is ASCII, which is valid UTF-8 with no mojibake. (The
// repairs keep text ASCII or not: they drop or decode bytes of ASCII, and write others as
// characters past it.)
std::string_view repaired(std::string_view text, std::string& storage, bool ascii) {
    std::string_view current = text;
    auto repair = [&](std::string next) {
        storage = std::move(next);
        current = storage;
    };
    if (!ascii && !is_valid_utf8(current)) repair(sanitize_utf8(current));
    if (!ascii && current.find('\xC3') != std::string_view::npos) repair(repair_mojibake(current));
    if (current.find('\\') != std::string_view::npos) repair(unescape_markdown(current));
    if (current.find("**") != std::string_view::npos) repair(replace_all(current, "**", ""));
    return current;
}
}  // namespace

std::string clean_text(std::string_view text) {
    // Every title, description and searchable text comes here: copied once, by collapse_whitespace.
    std::string storage;
    return collapse_whitespace(repaired(text, storage, is_ascii(text)));
}

namespace {
// The 16 bytes at `at` lower-cased, and where their spaces are, when they are letters, digits
// and spaces: what ascii_match_form makes of such a block (byte_block::write_spaced_words
// writes it). Most blocks of a sentence are; one with punctuation, an apostrophe or other white
// space is not.
bool words_as_they_are(const char* at, byte_block::Block& lowered, byte_block::Mask& spaces) {
    using namespace byte_block;
    const Block b = load(at);
    const auto capital = (b >= splat('A')) & (b <= splat('Z'));
    spaces = b == splat(' ');
    const auto kept =
        ((b >= splat('a')) & (b <= splat('z'))) | ((b >= splat('0')) & (b <= splat('9'))) | capital | spaces;
    if (any(~kept)) return false;
    lowered = b | (as_block(capital) & splat('a' - 'A'));
    return true;
}

// Most text is ASCII: lower-case letters and digits, everything else separates words. Same
// result as the Unicode path for ASCII input, at a fraction of the cost.
std::string ascii_match_form(std::string_view cleaned) {
    // Written through a pointer into room for the longest result (the text's own length), not
    // zero-filled first: every title and description of every source comes here.
    std::string out;
    out.resize_and_overwrite(cleaned.size(), [&](char* begin, std::size_t) {
        char* w = begin;
        bool space = false;
        for (std::size_t i = 0; i < cleaned.size();) {
            // A block of words is written whole, as collapse_whitespace writes one.
            byte_block::Block lowered;
            byte_block::Mask spaces;
            if (i + byte_block::k_size <= cleaned.size() && words_as_they_are(cleaned.data() + i, lowered, spaces) &&
                byte_block::write_spaced_words(w, begin, lowered, spaces, space)) {
                i += byte_block::k_size;
                continue;
            }
            for (const std::size_t end = std::min(cleaned.size(), i + 8); i < end; ++i) {  // then a block again
                const char c = cleaned[i];
                bool alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z');
                if (alnum) {
                    if (space && w != begin) *w++ = ' ';
                    space = false;
                    *w++ = ascii_lower(c);
                } else if (c != '\'') {
                    space = true;
                }
            }
        }
        return static_cast<std::size_t>(w - begin);
    });
    return out;
}
}  // namespace

namespace {

std::string words_form(std::string_view text, bool latin_look_alikes) {
    // ASCII text skips clean_text's white space collapsing: ascii_match_form separates words at
    // any run of white space itself (the same words, one copy of the text fewer).
    std::string storage;
    const bool ascii = is_ascii(text);
    std::string_view fixed = repaired(text, storage, ascii);
    if (ascii) return ascii_match_form(fixed);
    std::string cleaned = collapse_whitespace(fixed);
    if (latin_look_alikes) {
        std::string latin;
        latin.reserve(cleaned.size());
        for_each_code_point(cleaned, [&](char32_t cp, std::size_t offset, std::size_t length) {
            if (char32_t mapped = latin_look_alike(cp))
                latin.push_back(static_cast<char>(mapped));
            else
                latin.append(cleaned, offset, length);
        });
        cleaned = std::move(latin);
    }
    std::string folded = fold_for_matching(cleaned);
    std::string out;
    bool space = false;
    for_each_code_point(folded, [&](char32_t cp, std::size_t offset, std::size_t length) {
        // (A mark belongs to the letter before it: Devanagari's and Thai's vowel signs.)
        if (is_letter_or_digit(cp) || (cp >= 0x300 && !space && !out.empty() && is_combining_mark(cp))) {
            if (space && !out.empty()) out.push_back(' ');
            space = false;
            out.append(folded, offset, length);
        } else if (cp != '\'' && cp != 0x2019) {
            space = true;  // punctuation separates words: "post-grad" == "post grad"
        }
    });
    return out;
}

}  // namespace

std::string match_form(std::string_view text) {
    return words_form(text, true);
}

std::string search_form(std::string_view text) {
    return words_form(text, false);
}

}  // namespace text
