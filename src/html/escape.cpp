#include "html/escape.hpp"

#include <gumbo.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>

#include "text/byte_block.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace html {

namespace {

// Escaping looks at every byte of every page's values, feed.json and the search index, and
// nearly all of them need nothing: blocks of 16 bytes with nothing to do are skipped at once,
// and only a block that holds a byte to act on is walked byte by byte. Tested across block
// boundaries against the byte-by-byte result (strings_test.cpp).
constexpr std::size_t k_block = text::byte_block::k_size;

// The 16 bytes at `at` hold one of & < > " ', or a control character.
bool has_html_special(const char* at) {
    using namespace text::byte_block;
    const Block b = load(at);
    return any((b == splat('&')) | (b == splat('<')) | (b == splat('>')) | (b == splat('"')) | (b == splat('\'')) |
               (b < splat(0x20)) | (b == splat(0x7F)));
}

// A control character HTML and XML forbid (tab, line feed, form feed and carriage return are
// white space; form feed only in HTML, so XML checks it apart).
bool is_forbidden_control(unsigned char c) {
    return (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f') || c == 0x7F;
}

// A character reference at `at` ("&#27;", "&#x1B;") to a code point XML 1.0 forbids: its length,
// or 0.
std::size_t forbidden_reference_at(std::string_view xml, std::size_t at) {
    if (xml.compare(at, 2, "&#") != 0) return 0;
    std::size_t i = at + 2;
    const bool hex = i < xml.size() && (xml[i] == 'x' || xml[i] == 'X');
    i += hex;
    long long value = 0;
    const std::size_t digits = i;
    for (; i < xml.size() && i - digits < 8; ++i) {
        const char c = xml[i];
        int v = c >= '0' && c <= '9' ? c - '0' : hex && (c | 32) >= 'a' && (c | 32) <= 'f' ? (c | 32) - 'a' + 10 : -1;
        if (v < 0) break;
        value = value * (hex ? 16 : 10) + v;
    }
    if (i == digits || i >= xml.size() || xml[i] != ';') return 0;
    const bool forbidden = (value < 0x20 && value != 0x9 && value != 0xA && value != 0xD) ||
                           (value >= 0xD800 && value <= 0xDFFF) || value == 0xFFFE || value == 0xFFFF ||
                           value > 0x10FFFF;
    return forbidden ? i + 1 - at : 0;
}

bool is_xml_forbidden_byte(unsigned char c) {
    return c < 0x20 && c != '\t' && c != '\n' && c != '\r';
}

// The 16 bytes at `at` hold a byte JSON escapes (quote, backslash, control) or one of a
// character of several bytes (which is checked as UTF-8).
bool has_json_work(const char* at) {
    using namespace text::byte_block;
    const Block b = load(at);
    return any((b < splat(0x20)) | (b >= splat(0x80)) | (b == splat('"')) | (b == splat('\\')));
}

}  // namespace

void append_html_escaped(std::string& out, std::string_view text) {
    // The runs between special characters are appended whole: every value of every page
    // comes here, and most have none.
    std::size_t run = 0;
    for (std::size_t i = 0; i < text.size();) {
        if (i + k_block <= text.size() && !has_html_special(text.data() + i)) {
            i += k_block;
            continue;
        }
        for (const std::size_t end = std::min(text.size(), i + k_block); i < end; ++i) {
            std::string_view entity;
            switch (text[i]) {
                case '&':
                    entity = "&amp;";
                    break;
                case '<':
                    entity = "&lt;";
                    break;
                case '>':
                    entity = "&gt;";
                    break;
                case '"':
                    entity = "&quot;";
                    break;
                case '\'':
                    entity = "&#39;";
                    break;
                default:
                    if (!is_forbidden_control(static_cast<unsigned char>(text[i]))) continue;
                    entity = "";  // (left out)
            }
            out.append(text, run, i - run);
            out += entity;
            run = i + 1;
        }
    }
    out.append(text, run);
}

std::string html_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    append_html_escaped(out, text);
    return out;
}

void append_json_string(std::string& out, std::string_view text) {
    const std::size_t start = out.size();
    out += '"';
    std::size_t run = 0;  // the text from here to the byte at hand needs no escape
    for (std::size_t i = 0, end = 0; i < text.size();) {
        if (i >= end) {  // at a block's start: skip it whole when nothing in it needs a look
            if (i + k_block <= text.size() && !has_json_work(text.data() + i)) {
                i += k_block;
                continue;
            }
            end = i + k_block;  // (a character of several bytes may take i past it)
        }
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x80) {
            // A character of several bytes, checked as dump() checks it: on invalid UTF-8
            // nlohmann itself says what is wrong (it throws).
            char32_t code_point = 0;
            const std::size_t length = text::decode_utf8_at(text, i, code_point);
            if (code_point == 0xFFFD && length == 1) {
                out.resize(start);
                out += nlohmann::json(std::string(text)).dump();
                return;
            }
            i += length;
            continue;
        }
        if (c >= 0x20 && c != '"' && c != '\\') {
            ++i;
            continue;
        }
        out.append(text, run, i - run);
        run = ++i;
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                out += "\\u00";
                out += text::k_hex_digits[c >> 4];
                out += text::k_hex_digits[c & 15];
        }
    }
    out.append(text, run);
    out += '"';
}

namespace {
// The first control byte XML forbids in `text`, sixteen bytes at a time; npos when none.
std::size_t first_forbidden_byte(std::string_view text) {
    using namespace text::byte_block;
    std::size_t i = 0;
    for (; i + k_size <= text.size(); i += k_size) {
        const Block b = load(text.data() + i);
        if (any((b < splat(0x20)) & (b != splat('\t')) & (b != splat('\n')) & (b != splat('\r')))) break;
    }
    for (; i < text.size(); ++i)
        if (is_xml_forbidden_byte(static_cast<unsigned char>(text[i]))) return i;
    return std::string_view::npos;
}
}  // namespace

std::size_t find_xml_forbidden(std::string_view xml) {
    // (a feed is tens of megabytes, checked on every build: sixteen bytes at a time for a control
    // byte or a "&#" — the '&' of escaped HTML is everywhere, a character reference rare)
    using namespace text::byte_block;
    std::size_t i = 0;
    for (; i + k_size + 1 <= xml.size(); i += k_size) {
        const Block b = load(xml.data() + i), next = load(xml.data() + i + 1);
        const auto control = (b < splat(0x20)) & (b != splat('\t')) & (b != splat('\n')) & (b != splat('\r'));
        if (!any(control | ((b == splat('&')) & (next == splat('#'))))) continue;
        for (std::size_t j = i; j < i + k_size; ++j)
            if (is_xml_forbidden_byte(static_cast<unsigned char>(xml[j])) ||
                (xml[j] == '&' && forbidden_reference_at(xml, j) > 0))
                return j;
    }
    for (; i < xml.size(); ++i)
        if (is_xml_forbidden_byte(static_cast<unsigned char>(xml[i])) ||
            (xml[i] == '&' && forbidden_reference_at(xml, i) > 0))
            return i;
    return std::string_view::npos;
}

bool has_xml_forbidden_byte(std::string_view text) {
    return first_forbidden_byte(text) != std::string_view::npos;
}

std::string without_xml_forbidden(std::string_view text, std::size_t& removed) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        if (is_xml_forbidden_byte(static_cast<unsigned char>(c)))
            ++removed;
        else
            out.push_back(c);
    }
    return out;
}

namespace {

// What HTML's named character reference `name` ("ndash", "eacute") stands for, or "" when HTML
// has no such name: gumbo, which knows all 2,231 of them, reads it.
std::string named_reference(std::string_view name) {
    const auto alnum = [](char c) { return (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z'); };
    if (name.empty() || !std::all_of(name.begin(), name.end(), alnum)) return {};
    const std::string html = "&" + std::string(name) + ";";
    GumboOutput* parsed = gumbo_parse_with_options(&kGumboDefaultOptions, html.data(), html.size());
    std::string value;
    const GumboNode* body = parsed->root->v.element.children.length > 1
                                ? static_cast<const GumboNode*>(parsed->root->v.element.children.data[1])
                                : nullptr;
    if (body && body->type == GUMBO_NODE_ELEMENT && body->v.element.children.length == 1) {
        const auto* text = static_cast<const GumboNode*>(body->v.element.children.data[0]);
        // (A legacy name that starts a longer one, "&not" of "&notaname;", leaves the rest: no.)
        const std::string_view read = text->type == GUMBO_NODE_TEXT ? text->v.text.text : "&";
        if (!read.starts_with('&') && (read == ";" || !read.ends_with(';'))) value = read;
    }
    gumbo_destroy_output(&kGumboDefaultOptions, parsed);
    return value;
}

}  // namespace

std::string decode_entities(std::string_view text) {
    struct Named {
        std::string_view name;
        std::string_view value;
    };
    static constexpr std::array<Named, 8> k_named = {{{"amp", "&"},
                                                      {"lt", "<"},
                                                      {"gt", ">"},
                                                      {"quot", "\""},
                                                      {"apos", "'"},
                                                      {"nbsp", "\xC2\xA0"},
                                                      {"hellip", "\xE2\x80\xA6"},
                                                      {"#39", "'"}}};
    std::string out;
    out.reserve(text.size());
    std::map<std::string, std::string, std::less<>> others;  // the rarer names, each read once
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '&') {  // the text up to the next '&', whole: every description comes here
            std::size_t amp = std::min(text.find('&', i), text.size());
            out.append(text, i, amp - i);
            i = amp - 1;
            continue;
        }
        std::size_t semi = text.find(';', i);
        if (semi == std::string_view::npos || semi - i > 10) {
            out.push_back('&');
            continue;
        }
        std::string_view name = text.substr(i + 1, semi - i - 1);
        bool done = false;
        for (const auto& n : k_named)
            if (name == n.name) out.append(n.value), done = true;
        if (!done && name.size() > 1 && name[0] == '#') {
            long long cp = 0;
            bool ok = name[1] == 'x' || name[1] == 'X'
                          ? [&] {
                                cp = 0;
                                for (char c : name.substr(2)) {
                                    int v = (c >= '0' && c <= '9') ? c - '0' : (c | 32) >= 'a' && (c | 32) <= 'f' ? (c | 32) - 'a' + 10 : -1;
                                    if (v < 0) return false;
                                    cp = cp * 16 + v;
                                }
                                return name.size() > 2;
                            }()
                          : text::parse_uint(name.substr(1), cp);
            if (ok && cp > 0 && cp <= 0x10FFFF) out.append(text::encode_utf8(static_cast<char32_t>(cp))), done = true;
        } else if (!done) {
            auto known = others.find(name);
            if (known == others.end()) known = others.emplace(std::string(name), named_reference(name)).first;
            if (!known->second.empty()) out.append(known->second), done = true;
        }
        if (done)
            i = semi;
        else
            out.push_back('&');
    }
    return out;
}

}  // namespace html
