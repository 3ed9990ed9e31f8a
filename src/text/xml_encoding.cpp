#include "text/xml_encoding.hpp"

#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace text {

namespace {

// Where the declaration's encoding label is, in `xml` (which starts with "<?xml"): [begin, end)
// of the quoted name, or nothing.
std::optional<std::pair<std::size_t, std::size_t>> encoding_label_at(std::string_view xml) {
    if (!xml.starts_with("<?xml")) return std::nullopt;
    const std::size_t end = xml.find("?>");
    if (end == std::string_view::npos || end > 512) return std::nullopt;
    const std::string_view declaration = xml.substr(0, end);
    std::size_t at = declaration.find("encoding");
    if (at == std::string_view::npos) return std::nullopt;
    at = declaration.find_first_of("\"'", at);
    if (at == std::string_view::npos) return std::nullopt;
    const std::size_t close = declaration.find(declaration[at], at + 1);
    if (close == std::string_view::npos) return std::nullopt;
    return std::make_pair(at + 1, close);
}

// The text the parser should read instead of `xml`, its label replaced by "UTF-8".
std::string relabelled(std::string_view before, std::string_view after_label_utf8) {
    return std::string(before) + "UTF-8" + std::string(after_label_utf8);
}

// The NULs (which XML forbids) in `text`: how many, and the line of the first; nothing when
// it has none.
struct Nuls {
    std::size_t count = 0;
    int line = 1;
};
std::optional<Nuls> nuls_in(std::string_view text) {
    const std::size_t first = text.find('\0');
    if (first == std::string_view::npos) return std::nullopt;
    return Nuls{
        static_cast<std::size_t>(std::count(text.begin(), text.end(), '\0')),
        1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(first), '\n'))};
}

std::string shown(std::string_view junk) {
    std::string line;
    for (char c : junk.substr(0, 80)) line += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
    line = std::string(trim(line));
    return sanitize_utf8(line) + (junk.size() > 80 ? "..." : "");
}

}  // namespace

std::optional<std::string> single_byte_xml_as_utf8(std::string_view xml) {
    const auto label_at = encoding_label_at(xml);
    if (!label_at) return std::nullopt;
    const auto [at, close] = *label_at;
    const std::string name = ascii_lower(xml.substr(at, close - at));
    static constexpr std::string_view k_single_byte[] = {"iso-8859-1", "iso8859-1", "iso_8859-1",   "latin1",
                                                         "latin-1",    "l1",        "windows-1252", "cp1252",
                                                         "us-ascii",   "ascii"};
    if (std::find(std::begin(k_single_byte), std::end(k_single_byte), name) == std::end(k_single_byte))
        return std::nullopt;
    const bool utf8 = is_valid_utf8(xml);  // the declaration is the mistake: the bytes are UTF-8
    std::string out;
    out.reserve(xml.size() + xml.size() / 8);
    auto append = [&](std::string_view part) {
        if (utf8) return void(out.append(part));
        std::string converted;
        std::size_t invalid = 0;
        convert_to_utf8(part, "windows-1252", converted, invalid);  // (the five bytes it leaves undefined: U+FFFD)
        out += converted;
    };
    append(xml.substr(0, at));
    out.append("UTF-8");
    append(xml.substr(close));
    return out;
}

namespace {

// Labels the Encoding Standard gives that ICU's alias table lacks, by the name ICU knows.
constexpr std::pair<std::string_view, const char*> k_whatwg_labels[] = {
    {"csiso88596e", "iso-8859-6"},
    {"csiso88596i", "iso-8859-6"},
    {"csiso88598e", "iso-8859-8"},
    {"csiso88598i", "iso-8859-8"},
    {"visual", "iso-8859-8"},
    {"logical", "iso-8859-8"},
    {"koi", "koi8-r"},
    {"dos-874", "windows-874"},
    {"x-mac-ukrainian", "x-mac-cyrillic"},
};

// ICU's to-Unicode callback: a byte sequence that is no character is counted and becomes U+FFFD.
void count_and_replace(const void* context, UConverterToUnicodeArgs* args, const char*, int32_t,
                       UConverterCallbackReason reason, UErrorCode* error) {
    if (reason > UCNV_IRREGULAR) return;  // (reset, close, clone: nothing to replace)
    ++*static_cast<std::size_t*>(const_cast<void*>(context));
    *error = U_ZERO_ERROR;
    const UChar replacement = 0xFFFD;
    ucnv_cbToUWriteUChars(args, &replacement, 1, 0, error);
}

UConverter* open_converter(const std::string& label) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter* converter = ucnv_open(label.c_str(), &status);
    if (U_SUCCESS(status) && converter) return converter;
    const std::string lower = ascii_lower(trim(label));
    for (const auto& [alias, name] : k_whatwg_labels)
        if (lower == alias) {
            status = U_ZERO_ERROR;
            converter = ucnv_open(name, &status);
            return U_SUCCESS(status) ? converter : nullptr;
        }
    return nullptr;
}

}  // namespace

bool convert_to_utf8(std::string_view bytes, const std::string& label, std::string& out, std::size_t& invalid) {
    UConverter* converter = open_converter(label);
    if (!converter) return false;
    invalid = 0;
    UErrorCode status = U_ZERO_ERROR;
    ucnv_setToUCallBack(converter, count_and_replace, &invalid, nullptr, nullptr, &status);
    // (Converted in pieces of a megabyte: a feed of hundreds of megabytes is not held three times over.)
    out.clear();
    out.reserve(bytes.size() + bytes.size() / 2);
    std::vector<UChar> unicode(std::min<std::size_t>(1u << 20, bytes.size() + 16));
    const char* in = bytes.data();
    const char* const end = bytes.data() + bytes.size();
    do {
        UChar* put = unicode.data();
        status = U_ZERO_ERROR;
        ucnv_toUnicode(converter, &put, unicode.data() + unicode.size(), &in, end, nullptr, true, &status);
        if (U_FAILURE(status) && status != U_BUFFER_OVERFLOW_ERROR) break;
        icu::UnicodeString(false, unicode.data(), static_cast<int32_t>(put - unicode.data())).toUTF8String(out);
    } while (status == U_BUFFER_OVERFLOW_ERROR);
    ucnv_close(converter);
    return true;
}

std::optional<std::string> unicode_text_as_utf8(std::string_view bytes) {
    const char* label = nullptr;
    if (bytes.starts_with(std::string_view("\xFF\xFE\0\0", 4)))
        label = "UTF-32LE";
    else if (bytes.starts_with(std::string_view("\0\0\xFE\xFF", 4)))
        label = "UTF-32BE";
    else if (bytes.starts_with("\xFF\xFE"))
        label = "UTF-16LE";
    else if (bytes.starts_with("\xFE\xFF"))
        label = "UTF-16BE";
    if (!label) return std::nullopt;
    const std::size_t mark = std::string_view(label).starts_with("UTF-32") ? 4 : 2;
    std::string out;
    std::size_t invalid = 0;
    if (!convert_to_utf8(bytes.substr(mark), label, out, invalid)) return std::nullopt;
    return out;
}

namespace {

// Where the markup before the first element ends, from `at` on: npos for text that is not markup.
std::size_t prolog_end(std::string_view text, std::size_t at) {
    for (;;) {
        while (at < text.size() && (text[at] == ' ' || text[at] == '\t' || text[at] == '\r' || text[at] == '\n')) ++at;
        const std::string_view rest = text.substr(at);
        std::size_t end = std::string_view::npos;
        if (rest.starts_with("<!--")) {
            end = rest.find("-->");
            if (end != std::string_view::npos) end += 3;
        } else if (rest.starts_with("<?") || rest.starts_with("<!")) {
            end = rest.find('>');
            // (A doctype's internal subset holds declarations of its own, each ending in '>'.
            // Looked for before the first '>' only: each search stays within what it passes.)
            const std::size_t subset = rest.substr(0, end).find('[');
            if (rest.starts_with("<!") && subset != std::string_view::npos)
                if (const std::size_t closed = rest.find(']', subset); closed != std::string_view::npos)
                    end = rest.find('>', closed);
            if (end != std::string_view::npos) ++end;
        }
        if (end == std::string_view::npos) return at;
        at += end;
    }
}

}  // namespace

std::size_t first_element(std::string_view text) {
    const std::size_t at = prolog_end(text, text.starts_with("\xEF\xBB\xBF") ? 3 : 0);
    return at < text.size() && text[at] == '<' ? at : std::string_view::npos;
}

bool is_feed_root_at(std::string_view text, std::size_t at) {
    if (at >= text.size()) return false;
    const std::string_view after = text.substr(at);
    for (std::string_view name : {"<rss", "<feed", "<rdf:RDF"}) {
        if (!after.starts_with(name) || after.size() == name.size()) continue;
        const char next = after[name.size()];
        if (next == ' ' || next == '>' || next == '\t' || next == '\r' || next == '\n' || next == '/') return true;
    }
    return false;
}

std::size_t root_after_junk(std::string_view text) {
    // Comments, processing instructions and a doctype may come first: they are markup.
    const std::size_t at = prolog_end(text, text.starts_with("\xEF\xBB\xBF") ? 3 : 0);
    const std::size_t limit = std::min(text.size(), std::size_t{64} << 10);
    for (std::size_t root = text.find('<', at); root < limit; root = text.find('<', root + 1))
        if (is_feed_root_at(text, root))
            return root == at || text.substr(at, root - at).find("<?xml") != std::string_view::npos
                       ? std::string_view::npos
                       : root;
    return std::string_view::npos;
}

XmlAsUtf8 xml_as_utf8(std::string_view raw) {
    XmlAsUtf8 result;
    // UTF-16 and UTF-32 are the parser's to read (it knows them by their first bytes).
    if (raw.starts_with("\xFF\xFE") || raw.starts_with("\xFE\xFF") ||
        raw.starts_with(std::string_view("\0\0\xFE\xFF", 4)) || raw.starts_with(std::string_view("<\0", 2)) ||
        raw.starts_with(std::string_view("\0<", 2)))
        return result;
    std::string_view xml = raw;
    std::string without_nul;  // the document without its NUL bytes, when it had some
    if (const auto nuls = nuls_in(xml)) {
        result.warnings.push_back(
            {nuls->line, count_text(nuls->count, "NUL byte", "NUL bytes") + " (which XML forbids) " +
                             (nuls->count == 1 ? "is" : "are") +
                             " dropped, the first on this line: ask the feed's host to remove them"});
        without_nul.assign(xml);
        std::erase(without_nul, '\0');
        xml = without_nul;
    }
    std::string text;  // the document from its declaration (or root element) on, when something came before it
    const std::size_t bom = xml.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    const std::size_t declaration = xml.find("<?xml", bom);
    const std::string_view before = xml.substr(bom, declaration == std::string_view::npos ? 0 : declaration - bom);
    auto drop_before = [&](std::size_t start, std::string_view what, std::string_view why, std::string_view from) {
        const std::string_view junk = xml.substr(bom, start - bom);
        result.warnings.push_back({1, std::to_string(junk.size()) + " bytes come before " + std::string(what) + " (\"" +
                                          shown(junk) + "\", " + std::string(why) + "); the feed is read from " +
                                          std::string(from) + " on: ask its host to remove them"});
        // (line breaks kept: every later line keeps its number for messages)
        text.assign(static_cast<std::size_t>(std::count(junk.begin(), junk.end(), '\n')), '\n');
        text.append(xml.substr(start));
        xml = text;
    };
    if (declaration != std::string_view::npos && declaration < (64u << 10) && !trim(before).empty() &&
        before.find("<rss") == std::string_view::npos && before.find("<feed") == std::string_view::npos)
        drop_before(declaration, "the XML declaration", "a server's message printed into the feed", "the declaration");
    else if (const std::size_t root = root_after_junk(xml);
             root != std::string_view::npos && declaration == std::string_view::npos)
        drop_before(root, "the root element", "text saved with the feed, as a browser saves a page",
                    "its root element");
    // The document as it is (but for what was dropped above): UTF-8, as it says or as XML reads
    // a document that names no encoding. A byte that is no UTF-8 would be U+FFFD in every text
    // it is in: it is read as Windows-1252 (stray_bytes_as_1252), and said.
    auto keep_text = [&]() -> std::optional<std::string> {
        StrayBytes stray;
        if (auto read = stray_bytes_as_1252(xml, stray)) {
            result.warnings.push_back({stray.line, stray_bytes_message(stray, "have the host save the feed as UTF-8")});
            return read;
        }
        if (!text.empty()) return text;
        if (!without_nul.empty()) return without_nul;
        return std::nullopt;
    };
    const auto label_at = encoding_label_at(xml);
    if (!label_at) {
        result.text = keep_text();
        return result;
    }
    const std::string label(xml.substr(label_at->first, label_at->second - label_at->first));
    const std::string lower = ascii_lower(label);
    if (lower == "utf-8" || lower == "utf8" || lower.starts_with("utf-16") || lower.starts_with("utf-32") ||
        lower == "ucs-2" || lower == "unicode") {
        result.text = keep_text();
        return result;
    }
    const auto lying = [&] {
        return "declares the encoding \"" + label +
               "\", but its bytes are UTF-8; it is read as UTF-8: correct the declaration to encoding=\"UTF-8\"";
    };
    if (auto western = single_byte_xml_as_utf8(xml)) {
        if (!is_ascii(xml) && is_valid_utf8(xml)) result.warnings.push_back({1, lying()});
        result.text = std::move(western);
        return result;
    }
    const std::string_view head = xml.substr(0, label_at->first), tail = xml.substr(label_at->second);
    if (is_ascii(xml)) {  // (the same in every encoding that keeps ASCII; the label is the parser's only doubt)
        result.text = relabelled(head, tail);
        return result;
    }
    if (is_valid_utf8(xml)) {
        result.warnings.push_back({1, lying()});
        result.text = relabelled(head, tail);
        return result;
    }
    std::string converted;
    std::size_t invalid = 0;
    if (!convert_to_utf8(xml, label, converted, invalid)) {
        result.warnings.push_back({1, "declares the encoding \"" + label +
                                          "\", which podarchive cannot read; it is read as UTF-8, and what is not "
                                          "UTF-8 shows as \xEF\xBF\xBD: convert the feed to UTF-8"});
        result.text = relabelled(sanitize_utf8(head), sanitize_utf8(tail));  // (bytes before the label too)
        return result;
    }
    if (invalid > 0)
        result.warnings.push_back(
            {1, std::to_string(invalid) + (invalid == 1 ? " byte is" : " bytes are") + " not " + label +
                    " as the declaration says; each shows as \xEF\xBF\xBD: correct the declaration or the bytes"});
    // A NUL the decoder made of other bytes (UTF-7's "+AAA-" is one) is dropped as a NUL byte is:
    // what the parser reads holds none, and reading it again changes nothing.
    if (const auto nuls = nuls_in(converted)) {
        const bool one = nuls->count == 1;
        result.warnings.push_back({nuls->line, count_text(nuls->count, "character", "characters") + " in " + label +
                                                   (one ? " reads" : " read") + " as NUL (which XML forbids) and " +
                                                   (one ? "is" : "are") +
                                                   " dropped, the first on this line: ask the feed's host to remove " +
                                                   (one ? "it" : "them")});
        std::erase(converted, '\0');
    }
    // (the converted text's declaration is ASCII, at the same place)
    const auto converted_label = encoding_label_at(converted);
    result.text = converted_label ? relabelled(std::string_view(converted).substr(0, converted_label->first),
                                               std::string_view(converted).substr(converted_label->second))
                                  : converted;
    return result;
}

}  // namespace text
