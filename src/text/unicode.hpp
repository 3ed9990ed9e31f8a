#pragma once
// Unicode through utf8proc: validation, normalization and character classes.
#include <optional>
#include <string>
#include <string_view>

namespace text {

// The UTF-8 bytes of a code point (none past U+10FFFF).
std::string encode_utf8(char32_t code_point);

// True when the text is well-formed UTF-8 (no overlong forms, surrogates or bytes past U+10FFFF).
bool is_valid_utf8(std::string_view text);

// True when every byte is below 0x80 (checked eight bytes at a time).
bool is_ascii(std::string_view text);

// Replaces every invalid byte sequence with U+FFFD, so later stages only see valid UTF-8.
std::string sanitize_utf8(std::string_view text);

// What Windows-1252 (and so, as browsers read them, ISO-8859-1 documents) puts at bytes
// 0x80-0x9F; the bytes 0xA0-0xFF are U+00A0-U+00FF as in Latin-1. Five bytes have no character
// (0x81, 0x8D, 0x8F, 0x90, 0x9D): they are the C1 control of the same number.
char32_t windows_1252_code_point(unsigned char byte);

// The bytes of a text read as UTF-8 that are no part of a UTF-8 character: how many, and the
// line and value of the first.
struct StrayBytes {
    std::size_t count = 0;
    int line = 1;
    unsigned char first = 0;
};

// `text` with each byte that is no part of a UTF-8 character read as Windows-1252, what such
// bytes most often are (a file saved so, or text pasted from a word processor into a UTF-8
// one), instead of the U+FFFD they would otherwise be in every text they are in; none when
// `text` is UTF-8.
std::optional<std::string> stray_bytes_as_1252(std::string_view text, StrayBytes& stray);

// "9 bytes are not UTF-8 (the first on this line, 0xE9): read as Windows-1252 (0xE9 as "é"),
// what such bytes most often are; " and `fix`.
std::string stray_bytes_message(const StrayBytes& stray, std::string_view fix);

// NFKC plus case folding: the comparison form ("Ｔｏｒｃｈ" and "torch" become equal).
std::string fold_for_matching(std::string_view text);

// Case folded, with the accents of Latin letters removed ("Café" -> "cafe"); the marks of other
// scripts stay ("コンパイラ", "йод"), composed again. Used for slugs.
std::string strip_accents_lower(std::string_view text);

// Calls fn(code_point, byte_offset, byte_length) for each code point; invalid bytes give U+FFFD.
template <class Fn>
void for_each_code_point(std::string_view text, Fn&& fn);

// True for a combining mark (utf8proc's categories Mn, Mc, Me): an accent, a kana's voicing mark,
// an Indic vowel sign.
bool is_combining_mark(char32_t code_point);

// True for a letter or a number of any script (utf8proc's categories L* and N*).
bool is_letter_or_digit(char32_t code_point);

// Number of code points (invalid bytes count one each).
std::size_t code_point_count(std::string_view text);

// Cuts to at most `max_code_points` code points, never inside a UTF-8 sequence.
std::string_view truncate_code_points(std::string_view text, std::size_t max_code_points);

// `text` as a terminal may show it: control characters (C0 but tab and, when
// `keep_newlines`, newline; DEL; C1), line and paragraph separators, the bidirectional
// overrides and isolates, and bytes that are not UTF-8 are written as escapes ("\x1b",
// "\u202e"). A feed's title or a site.yaml value printed raw could retitle the terminal, clear
// it, write to the clipboard (OSC 52) or show text in another order than it has.
std::string terminal_safe(std::string_view text, bool keep_newlines = false);

// Decodes one code point at `offset`; returns its byte length (1 for an invalid byte, with U+FFFD).
std::size_t decode_utf8_at(std::string_view text, std::size_t offset, char32_t& code_point);

template <class Fn>
void for_each_code_point(std::string_view text, Fn&& fn) {
    for (std::size_t i = 0; i < text.size();) {
        char32_t cp = 0;
        std::size_t length = decode_utf8_at(text, i, cp);
        fn(cp, i, length);
        i += length;
    }
}

}  // namespace text
