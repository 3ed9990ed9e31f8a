#pragma once
// The words of text written without spaces between them (Chinese, Japanese, Thai, Lao, Khmer,
// Burmese), cut where ICU's word break rules and dictionaries cut them: the search index's
// words, which the browser's Intl.Segmenter cuts the same way in a query (search.js).
#include <memory>
#include <string_view>
#include <vector>

namespace text {

// True when `word` has a letter of a script written without spaces.
bool needs_word_breaks(std::string_view word);

// True for a letter that is a word on its own in its script (a Han character, a kana, a Hangul
// syllable), which the search index keeps although it is one character.
bool is_single_letter_word(char32_t code_point);

// One per thread: ICU's break iterators keep the text they walk.
class WordBreaker {
public:
    WordBreaker();
    ~WordBreaker();
    WordBreaker(const WordBreaker&) = delete;
    WordBreaker& operator=(const WordBreaker&) = delete;

    // The words of `run` (letters, marks and digits, no space), as views into it, in order.
    // A run ICU cannot walk is one word.
    std::vector<std::string_view> words(std::string_view run);

    // The words of `text` as a reader counts them: those between spaces, and in a run of a
    // script written without spaces the words ICU cuts (not its punctuation): "機械学習の仕組み"
    // is four words, not one.
    std::size_t count(std::string_view text);

private:
    // Makes ICU's iterator at first need; false when ICU cannot make one.
    bool ready();
    // Calls fn(piece, is_word) for each piece ICU cuts `run` into; false when it cannot.
    template <class Fn>
    bool walk(std::string_view run, Fn&& fn);

    struct Icu;
    std::unique_ptr<Icu> m_icu;  // made at the first run that needs it
};

}  // namespace text
