#include "text/word_breaks.hpp"

#include <unicode/brkiter.h>
#include <unicode/uscript.h>
#include <unicode/utext.h>

#include <algorithm>

#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace text {

namespace {

UScriptCode script_of(char32_t cp) {
    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(static_cast<UChar32>(cp), &status);
    return U_SUCCESS(status) ? script : USCRIPT_INVALID_CODE;
}

bool is_spaceless(char32_t cp) {
    switch (script_of(cp)) {
        case USCRIPT_HAN:
        case USCRIPT_HIRAGANA:
        case USCRIPT_KATAKANA:
        case USCRIPT_THAI:
        case USCRIPT_LAO:
        case USCRIPT_KHMER:
        case USCRIPT_MYANMAR:
            return true;
        default:
            return false;
    }
}

}  // namespace

bool needs_word_breaks(std::string_view word) {
    bool found = false;
    // (Every such script is beyond U+0800: a word without a three- or four-byte sequence has none.)
    for (char c : word)
        if (static_cast<unsigned char>(c) >= 0xE0) {
            found = true;
            break;
        }
    if (!found) return false;
    found = false;
    for_each_code_point(word, [&](char32_t cp, std::size_t, std::size_t) { found = found || is_spaceless(cp); });
    return found;
}

bool is_single_letter_word(char32_t cp) {
    if (cp < 0x1100) return false;
    switch (script_of(cp)) {
        case USCRIPT_HAN:
        case USCRIPT_HIRAGANA:
        case USCRIPT_KATAKANA:
        case USCRIPT_HANGUL:
            return true;
        default:
            return false;
    }
}

struct WordBreaker::Icu {
    std::unique_ptr<icu::BreakIterator> words;
    icu::UnicodeString nothing;  // walked between runs, so that no run is kept
};

WordBreaker::WordBreaker() = default;
WordBreaker::~WordBreaker() = default;

bool WordBreaker::ready() {
    if (!m_icu) {
        m_icu = std::make_unique<Icu>();
        UErrorCode status = U_ZERO_ERROR;
        // The root locale's rules: the same cuts whatever the show's language (the dictionaries
        // are per script).
        m_icu->words.reset(icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status));
        if (U_FAILURE(status)) m_icu->words.reset();
    }
    return m_icu->words != nullptr;
}

template <class Fn>
bool WordBreaker::walk(std::string_view run, Fn&& fn) {
    if (!ready()) return false;
    UErrorCode status = U_ZERO_ERROR;
    UText* text = utext_openUTF8(nullptr, run.data(), static_cast<int64_t>(run.size()), &status);
    if (U_FAILURE(status)) return false;
    m_icu->words->setText(text, status);
    if (U_SUCCESS(status)) {
        // (Offsets are the UTF-8 text's own: views into `run`.)
        int32_t start = m_icu->words->first();
        for (int32_t end = m_icu->words->next(); end != icu::BreakIterator::DONE;
             start = end, end = m_icu->words->next())
            if (end > start)
                fn(run.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(end - start)),
                   m_icu->words->getRuleStatus() >= UBRK_WORD_NONE_LIMIT);
    }
    m_icu->words->setText(m_icu->nothing);
    utext_close(text);
    return U_SUCCESS(status);
}

std::vector<std::string_view> WordBreaker::words(std::string_view run) {
    std::vector<std::string_view> out;
    walk(run, [&](std::string_view piece, bool) { out.push_back(piece); });
    if (out.empty()) out.push_back(run);
    return out;
}

std::size_t WordBreaker::count(std::string_view text) {
    std::size_t n = 0;
    for_each_word(text, [&](std::string_view token) {
        std::size_t in_token = 0;
        if (needs_word_breaks(token)) walk(token, [&](std::string_view, bool word) { in_token += word; });
        n += std::max<std::size_t>(in_token, 1);
    });
    return n;
}

}  // namespace text
