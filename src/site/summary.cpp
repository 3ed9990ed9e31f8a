#include "site/summary.hpp"

#include <algorithm>
#include <array>

#include "html/escape.hpp"
#include "html/html_sanitizer.hpp"
#include "site/episode_text.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace site {

namespace {

// Elements whose text is not prose a summary can run on with.
constexpr std::array<std::string_view, 16> k_skipped = {"h1",         "h2",     "h3",    "h4",    "h5", "h6",
                                                        "ul",         "ol",     "pre",   "table", "dl", "figure",
                                                        "blockquote", "script", "style", "iframe"};
// Elements that end a paragraph of text.
constexpr std::array<std::string_view, 5> k_breaks = {"p", "br", "div", "section", "hr"};

bool one_of(std::string_view name, auto& names) {
    for (auto n : names)
        if (n == name) return true;
    return false;
}

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool is_url_word(std::string_view word) {
    return word.starts_with("http://") || word.starts_with("https://") || word.starts_with("www.") ||
           word.starts_with("(http") || word.starts_with("<http");
}

// The CJK marks that end a sentence, which no space follows ("。", "！", "？", "｡").
constexpr std::array<std::string_view, 4> k_cjk_stops = {"\u3002", "\uFF01", "\uFF1F", "\uFF61"};

// Where the first CJK full stop in `word` ends, when something follows it in the word; else npos.
std::size_t after_cjk_stop(std::string_view word) {
    for (std::size_t i = 0; i < word.size(); ++i) {
        const auto lead = static_cast<unsigned char>(word[i]);
        if (lead != 0xE3 && lead != 0xEF) continue;  // (no mark starts otherwise)
        for (std::string_view mark : k_cjk_stops)
            if (word.substr(i).starts_with(mark) && i + mark.size() < word.size()) return i + mark.size();
    }
    return std::string_view::npos;
}

bool ends_with_cjk_stop(std::string_view text) {
    return std::any_of(k_cjk_stops.begin(), k_cjk_stops.end(), [&](std::string_view m) { return text.ends_with(m); });
}

bool ends_sentence(std::string_view word) {
    return word.back() == '.' || word.back() == '?' || word.back() == '!' || ends_with_cjk_stop(word);
}

// The text without its URLs, white space collapsed. A sentence that held a URL is dropped
// whole: without its address it reads "See also the PR at." (A URL followed by a capital ends
// its sentence: notes often end one with an address and no full stop.) When every sentence held
// one, only the URLs are dropped. CJK text ends a sentence at its full stop with no space after
// it ("回。https://example.com/ja を見てください。"): a word is cut there, and its parts are
// written together again.
std::string without_urls(std::string_view text) {
    std::string out, sentence, bare;  // bare: every sentence, URLs dropped
    bool had_url = false;
    auto end_sentence = [&] {
        if (!had_url && !sentence.empty()) out += (out.empty() || ends_with_cjk_stop(out) ? "" : " ") + sentence;
        sentence.clear();
        had_url = false;
    };
    std::size_t i = 0;
    while (i < text.size()) {
        const bool cut_before = i > 0 && !is_space(text[i]);  // (the last word was cut from this one's run)
        while (i < text.size() && is_space(text[i])) ++i;
        std::size_t end = i;
        while (end < text.size() && !is_space(text[end])) ++end;
        if (const std::size_t cut = after_cjk_stop(text.substr(i, end - i)); cut != std::string_view::npos)
            end = i + cut;
        std::string_view word = text.substr(i, end - i);
        i = end;
        if (word.empty()) continue;
        if (is_url_word(word)) {
            had_url = true;
            std::size_t next = i;
            while (next < text.size() && is_space(text[next])) ++next;
            if (next < text.size() && text[next] >= 'A' && text[next] <= 'Z') end_sentence();
            continue;
        }
        const bool joins = cut_before || std::string_view(".,;:!?").find(word[0]) != std::string_view::npos;
        if (!sentence.empty() && !joins) sentence += ' ';
        sentence.append(word);
        if (!bare.empty() && !joins) bare += ' ';
        bare.append(word);
        if (ends_sentence(word)) end_sentence();
    }
    end_sentence();
    return out.empty() ? bare : out;
}

// The paragraphs of prose at the start of `html`, each as plain text.
std::vector<std::string> prose_paragraphs(std::string_view html, std::size_t enough) {
    std::vector<std::string> paragraphs(1);
    std::size_t skipping = 0;  // depth inside skipped elements
    std::size_t collected = 0;
    for (std::size_t i = 0; i < html.size();) {
        if (html[i] != '<') {
            std::size_t end = html.find('<', i);
            if (end == std::string_view::npos) end = html.size();
            if (skipping == 0) {
                paragraphs.back() += html::decode_entities(html.substr(i, end - i));
                // A paragraph of megabytes gives its start: the summary needs no more.
                if (collected + paragraphs.back().size() > enough * 4) break;
            }
            i = end;
            continue;
        }
        std::size_t end = html.find('>', i);
        if (end == std::string_view::npos) break;
        std::string_view tag = html.substr(i + 1, end - i - 1);
        i = end + 1;
        bool closing = tag.starts_with('/');
        if (closing) tag.remove_prefix(1);
        std::string name = text::ascii_lower(tag.substr(0, tag.find_first_of(" \t\n/")));
        if (one_of(name, k_skipped)) {
            if (closing && skipping > 0)
                --skipping;
            else if (!closing)
                ++skipping;
            if (!paragraphs.back().empty()) paragraphs.emplace_back();
        } else if (one_of(name, k_breaks) && skipping == 0 && !text::trim(paragraphs.back()).empty()) {
            collected += paragraphs.back().size();
            if (collected >= enough) break;
            paragraphs.emplace_back();
        }
    }
    std::vector<std::string> out;
    for (auto& p : paragraphs)
        if (std::string text = without_urls(p); !text.empty()) out.push_back(std::move(text));
    return out;
}

// Where the sentence that starts at `from` ends (after its ". ", "? " or "! ", the Arabic "؟ "
// or the Devanagari "। ", or after a CJK "。", "！", "？" or "｡", which no space follows), or npos.
std::size_t sentence_end(std::string_view text, std::size_t from) {
    static constexpr std::array<std::string_view, 4> k_spaced = {".", "?", "!", "\u061F"};
    constexpr std::string_view k_danda = "\u0964";
    for (std::size_t i = from; i < text.size(); ++i) {
        const char c = text[i];
        if (c != '.' && c != '?' && c != '!' && static_cast<unsigned char>(c) < 0xD8) continue;  // (no mark starts so)
        const std::string_view rest = text.substr(i);
        for (std::string_view mark : k_spaced)
            if (rest.starts_with(mark) && rest.size() > mark.size() && rest[mark.size()] == ' ') return i + mark.size();
        const auto unspaced = [&](std::string_view mark) {
            return rest.starts_with(mark) && rest.size() > mark.size();
        };
        for (std::string_view mark : k_cjk_stops)
            if (unspaced(mark)) return i + mark.size();
        if (unspaced(k_danda)) return i + k_danda.size();
    }
    return std::string_view::npos;
}

}  // namespace

std::string lead_text(std::string_view notes_html, std::size_t enough) {
    std::vector<std::string> paragraphs = prose_paragraphs(notes_html, enough);
    if (paragraphs.empty()) return without_urls(html::html_to_text(notes_html));
    return text::join(paragraphs, " ");
}

std::string whole_sentences(const std::string& text, std::size_t max_chars) {
    // A last sentence that ends in ':' announces what the card does not show (a list, code).
    auto without_announcement = [](std::string kept) {
        if (!kept.ends_with(':')) return kept;
        std::size_t before = kept.find_last_of(".?!");
        return before == std::string::npos ? kept : kept.substr(0, before + 1);
    };
    if (text::code_point_count(text) <= max_chars) return without_announcement(text);
    // Whole sentences while they fit; the first one cut at a word when it alone does not.
    std::size_t fits = 0, counted = 0, at = 0;  // (counted: code points before `at`)
    for (std::size_t end = sentence_end(text, 0); end != std::string_view::npos; end = sentence_end(text, end + 1)) {
        counted += text::code_point_count(std::string_view(text).substr(at, end - at));
        at = end;
        if (counted > max_chars) break;
        fits = end;
    }
    if (fits == 0) return cut_at_word(text, max_chars);
    return without_announcement(text.substr(0, fits));
}

std::string lead_summary(std::string_view notes_html, std::size_t max_chars) {
    return whole_sentences(lead_text(notes_html, max_chars * 2), max_chars);
}

}  // namespace site
