#include "text/strings.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <numeric>

#include "text/byte_block.hpp"

namespace text {

namespace {
// ' ', tab, newline, vertical tab, form feed, carriage return: the last five are 9 to 13.
bool is_space(char c) {
    return c == ' ' || static_cast<unsigned char>(c - '\t') <= '\r' - '\t';
}
}  // namespace

std::string_view trim(std::string_view text) {
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    return text;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == separator) {
            parts.push_back(text.substr(start, i - start));
            start = i + 1;
        }
    }
    return parts;
}

std::vector<std::string_view> split_words(std::string_view text) {
    std::vector<std::string_view> words;
    for_each_word(text, [&](std::string_view w) { words.push_back(w); });
    return words;
}

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    if (text.find('\r') == std::string_view::npos) {  // (most text: memchr finds each line's end)
        for (std::size_t start = 0; start < text.size();) {
            std::size_t end = text.find('\n', start);
            if (end == std::string_view::npos) end = text.size();
            lines.push_back(text.substr(start, end - start));
            start = end + 1;
        }
        return lines;
    }
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n' || text[i] == '\r') {
            lines.push_back(text.substr(start, i - start));
            if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            start = i + 1;
        }
    }
    if (start < text.size()) lines.push_back(text.substr(start));
    return lines;
}

std::string ascii_lower(std::string_view text) {
    std::string out(text);
    for (auto& c : out) c = ascii_lower(c);
    return out;
}

bool starts_with_icase(std::string_view text, std::string_view prefix) {
    // Compared in place: each media URL is tried against every tracking prefix while linking.
    return text.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), text.begin(),
                                                      [](char a, char b) { return ascii_lower(a) == ascii_lower(b); });
}

std::size_t count_spaces(std::string_view text) {
    // Eight bytes at a time: a space becomes a zero byte, each zero byte a 1 in its byte (found
    // exactly: no carry from one byte into the next), and a multiplication sums the bytes into
    // the top one. std::count widened every byte to 64 bits; std::popcount is a call into libgcc
    // on the x86-64 baseline, which has no popcnt instruction.
    constexpr std::uint64_t k_spaces = 0x2020202020202020ull, k_low7 = 0x7F7F7F7F7F7F7F7Full,
                            k_ones = 0x0101010101010101ull;
    std::size_t n = 0, i = 0;
    for (; i + 8 <= text.size(); i += 8) {
        std::uint64_t x;
        std::memcpy(&x, text.data() + i, 8);
        x ^= k_spaces;
        const std::uint64_t zero_bytes = (~(((x & k_low7) + k_low7) | x | k_low7)) >> 7;
        n += static_cast<std::size_t>((zero_bytes * k_ones) >> 56);
    }
    for (; i < text.size(); ++i) n += text[i] == ' ';
    return n;
}

void append_collapsed(std::string& out, std::string_view text) {
    // Written through a pointer into room for the longest result (the text's own length),
    // which is not zero-filled first: every description of every source comes here.
    using namespace byte_block;
    const std::size_t at = out.size();
    out.resize_and_overwrite(at + text.size(), [&](char* whole, std::size_t) {
        char* const begin = whole + at;
        char* w = begin;
        bool pending = false;  // white space since the last word
        for (std::size_t i = 0; i < text.size();) {
            // Most blocks of prose have no white space but single spaces: copied whole.
            if (i + k_size <= text.size()) {
                const Block b = load(text.data() + i);
                if (!any((b >= splat('\t')) & (b <= splat('\r'))) &&
                    write_spaced_words(w, begin, b, b == splat(' '), pending)) {
                    i += k_size;
                    continue;
                }
            }
            // Elsewhere (other white space, two spaces, the text's end), a few bytes one at a
            // time, then a block again.
            for (const std::size_t end = std::min(text.size(), i + 8); i < end; ++i) {
                const char c = text[i];
                if (is_space(c)) {
                    pending = w != begin;
                    continue;
                }
                if (pending) *w++ = ' ', pending = false;
                *w++ = c;
            }
        }
        return static_cast<std::size_t>(w - whole);
    });
}

std::string collapse_whitespace(std::string_view text) {
    std::string out;
    append_collapsed(out, text);
    return out;
}

std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t limit) {
    if (a.size() > b.size()) std::swap(a, b);
    if (b.size() - a.size() > limit) return limit + 1;
    std::vector<std::size_t> row(a.size() + 1);
    std::iota(row.begin(), row.end(), std::size_t{0});
    for (std::size_t j = 1; j <= b.size(); ++j) {
        std::size_t diagonal = row[0];
        row[0] = j;
        std::size_t row_min = row[0];
        for (std::size_t i = 1; i <= a.size(); ++i) {
            std::size_t above = row[i];
            row[i] = std::min({row[i] + 1, row[i - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
            row_min = std::min(row_min, row[i]);
        }
        if (row_min > limit) return limit + 1;
    }
    return row[a.size()];
}

std::string replace_all(std::string_view text, std::string_view from, std::string_view to) {
    if (from.empty()) return std::string(text);
    std::string out;
    std::size_t pos = 0;
    while (true) {
        std::size_t hit = text.find(from, pos);
        if (hit == std::string_view::npos) break;
        out.append(text.substr(pos, hit - pos));
        out.append(to);
        pos = hit + from.size();
    }
    out.append(text.substr(pos));
    return out;
}

bool parse_uint(std::string_view text, long long& out) {
    if (text.empty()) return false;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc{} && ptr == text.data() + text.size() && out >= 0;
}

void append_zero_padded(std::string& out, long long value, int width) {
    char digits[20];  // (2^64 has 20)
    int count = 0;
    unsigned long long rest =
        value < 0 ? 0ULL - static_cast<unsigned long long>(value) : static_cast<unsigned long long>(value);
    do {
        digits[count++] = static_cast<char>('0' + rest % 10);
        rest /= 10;
    } while (rest != 0);
    if (value < 0) out += '-', --width;  // (the sign counts in the width, as printf's)
    if (width > count) out.append(static_cast<std::size_t>(width - count), '0');
    while (count > 0) out += digits[--count];
}

bool is_lowercase_uuid(std::string_view text) {
    if (text.size() != 36) return false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? c != '-' : !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    }
    return true;
}

std::string count_text(std::size_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string nearest_word(std::string_view word, const std::vector<std::string>& candidates) {
    std::string best;
    std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
    std::string lower = ascii_lower(word);
    for (const auto& candidate : candidates) {
        std::size_t d = edit_distance(lower, ascii_lower(candidate), best_distance);
        if (d < best_distance) best_distance = d, best = candidate;
    }
    return best;
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out.append(separator);
        out.append(items[i]);
    }
    return out;
}

}  // namespace text
