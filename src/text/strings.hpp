#pragma once
// Plain string helpers shared by every stage.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace text {

// Returns the text without leading and trailing ASCII white space.
std::string_view trim(std::string_view text);

// Splits on every occurrence of `separator` (empty fields kept).
std::vector<std::string_view> split(std::string_view text, char separator);

// The words between spaces, empty ones dropped (the words of a match form, for instance).
std::vector<std::string_view> split_words(std::string_view text);

// Calls fn(word) for each word split_words gives, without making the list.
template <class Fn>
void for_each_word(std::string_view text, Fn&& fn) {
    // (A loop over bytes: words are short, and calling memchr for the next space cost more than
    // the word. The search index splits every word of every transcript here.)
    const char* p = text.data();
    const char* const end = p + text.size();
    while (p < end) {
        const char* start = p;
        while (p < end && *p != ' ') ++p;
        if (p > start) fn(std::string_view(start, static_cast<std::size_t>(p - start)));
        ++p;
    }
}

// Asks memory for `text` ahead of its use (a hint: nothing waits for it).
inline void prefetch(std::string_view text) {
    for (std::size_t at = 0; at < text.size(); at += 64) __builtin_prefetch(text.data() + at);
}

// The number of spaces in `text`.
std::size_t count_spaces(std::string_view text);
// The words of a text whose white space is collapsed (words one space apart, as
// collapse_whitespace leaves them: a transcript's paragraph).
inline std::size_t word_count(std::string_view collapsed) {
    return collapsed.empty() ? 0 : count_spaces(collapsed) + 1;
}

// Splits into lines, accepting \n, \r\n and \r endings; the endings are dropped.
std::vector<std::string_view> split_lines(std::string_view text);

// ASCII-only lower-casing; bytes >= 0x80 are left alone.
inline char ascii_lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
inline char ascii_upper(char c) {
    return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}
std::string ascii_lower(std::string_view text);

// True when `text` starts with `prefix`, ASCII letters compared without case.
bool starts_with_icase(std::string_view text, std::string_view prefix);

// Collapses every run of white space (including newlines) into one space and trims.
std::string collapse_whitespace(std::string_view text);
// The same, appended to `out`.
void append_collapsed(std::string& out, std::string_view text);

// Levenshtein distance over bytes, stopping early once it exceeds `limit`.
std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t limit = 64);

// Replaces every occurrence of `from` with `to`.
std::string replace_all(std::string_view text, std::string_view from, std::string_view to);

// Parses a non-negative decimal integer that fills the whole view.
bool parse_uint(std::string_view text, long long& out);

// The hex digits, lower-case, by value.
inline constexpr char k_hex_digits[] = "0123456789abcdef";

// Appends `value` in decimal, at least `width` characters with zeros after any sign: what
// printf's "%0<width>d" writes, without reading a format each time (every page and feed item
// formats several dates).
void append_zero_padded(std::string& out, long long value, int width);

// True for a UUID in its canonical lowercase form ("917393e3-1b1e-5cef-ace4-edaa54e1f810").
bool is_lowercase_uuid(std::string_view text);

// "1 file", "2 files": a count with its noun in the right number.
std::string count_text(std::size_t n, std::string_view one, std::string_view many);

// Returns the candidate closest to `word` within a small edit distance (case-insensitive), or "".
std::string nearest_word(std::string_view word, const std::vector<std::string>& candidates);

// Joins the items with `separator`.
std::string join(const std::vector<std::string>& items, std::string_view separator);

}  // namespace text
