#pragma once
// The words of the episodes as the search index counts them (index.hpp): each indexing
// thread's lexicon (each word read, with the number of its term: its Snowball stem), one
// episode's terms with their scores and moments, and each term's postings, cut to the best as
// they come.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "text/stemmer.hpp"
#include "text/word_breaks.hpp"

namespace search {

constexpr int k_max_score = 40;
constexpr int k_max_transcript_score = 6;  // however often a transcript says a word
constexpr int k_moments_per_posting = 3;
// A moment as postings write it: a transcript paragraph's start in seconds (0 or more), or
// chapter c as -(c + 1).
constexpr std::int32_t k_no_moment = INT32_MIN;

// A term's entry for one episode, in 12 bytes: a large archive has millions, and memory touched
// for the first time is the dearest part of a build with transcripts (bench/README.md). So the
// episode's number has 24 bits (an archive's first 16,777,216 episodes are searched), and each
// moment 21: a second past k_max_moment (12 days in) is written as k_max_moment. (The readers
// stop at 100 hours.)
class Posting {
public:
    static constexpr std::uint32_t k_max_doc = (1u << 24) - 1;
    static constexpr std::int32_t k_max_moment = (1 << 20) - 1;

    Posting() = default;
    explicit Posting(std::uint32_t doc) : m_head(doc & k_max_doc) {}

    std::uint32_t doc() const { return m_head & k_max_doc; }
    int score() const { return static_cast<int>(m_head >> 26); }
    int moment_count() const { return static_cast<int>(m_head >> 24 & 3); }
    std::int32_t moment(int i) const {
        const auto bits = static_cast<std::int32_t>(moment_bits() >> (21 * i) & 0x1FFFFF);
        return bits & 0x100000 ? bits - 0x200000 : bits;  // (its sign)
    }

    void set_score(int score) {
        m_head = (m_head & 0x03FFFFFFu) | static_cast<std::uint32_t>(score) << 26;
    }  // 0 to k_max_score
    // Adds a moment unless k_moments_per_posting are there or it is the last one's.
    void add_moment(std::int32_t moment) {
        const int n = moment_count();
        moment = std::clamp(moment, -k_max_moment - 1, k_max_moment);
        if (n == k_moments_per_posting || (n > 0 && this->moment(n - 1) == moment)) return;
        const std::uint64_t bits = moment_bits() | (static_cast<std::uint64_t>(moment) & 0x1FFFFF) << (21 * n);
        m_moments[0] = static_cast<std::uint32_t>(bits);
        m_moments[1] = static_cast<std::uint32_t>(bits >> 32);
        m_head += 1u << 24;
    }

private:
    std::uint32_t m_head = 0;         // the score (6 bits), the number of moments (2), the episode (24)
    std::uint32_t m_moments[2] = {};  // three moments of 21 bits, the first lowest

    std::uint64_t moment_bits() const { return std::uint64_t{m_moments[1]} << 32 | m_moments[0]; }
};
static_assert(sizeof(Posting) == 12 && k_max_score < 64 && k_moments_per_posting == 3);

// A posting's place in a term's order as one number, the best first: score, then archive order.
inline std::uint64_t posting_rank(const Posting& p) {
    return std::uint64_t(p.score()) << 32 | (~p.doc() & 0xFFFFFFFFu);
}

// A term's postings in archive order, cut to its best as it is written (term_entry), with how
// many episodes had it.
struct TermPostings {
    std::vector<Posting> list;
    std::size_t count = 0;

    // Adds another thread's postings of the same term (of other episodes), in archive order.
    void join(TermPostings other);
    // Cuts the list to its k_max_postings best (score, then archive order); they keep their order.
    void keep_best();
};

// Every term's postings as one thread collects them, by term number, in the order the episodes
// are posted (archive order): only those that can still be among a term's k_max_postings best
// are stored. (The best of every thread's hold the best of all.) Once a list was cut, the
// worst it kept is its floor: a posting no better is counted, not stored. The floors and
// counts are apart from the lists: every posting reads them, and together they fit the cache
// the lists do not.
class PostingLists {
public:
    void add_term();
    void add(std::uint32_t term, const Posting& p);
    // Ask memory for what add(term, ...) reads (its count, floor and list's place), and then
    // for where it writes (its list's end, which the place says).
    void prefetch_place(std::uint32_t term) const;
    void prefetch_end(std::uint32_t term) const;
    // The term's postings (its best and more, in archive order), taken from here.
    TermPostings take(std::uint32_t term);

private:
    std::vector<std::vector<Posting>> m_lists;
    std::vector<std::uint64_t> m_floors;  // rank() of the worst kept, 0 before the first cut
    std::vector<std::uint32_t> m_counts;
};

// One indexing thread's terms: each word seen, with the number of its term (its stem), and each
// term's postings. A word is looked up once each time it is read (by its view: no string made);
// everything after is by number.
class Lexicon {
public:
    explicit Lexicon(const std::string& language) : m_stemmer(language) {}

    // The number of the term of `word` (a word of the match form), numbered when new.
    std::uint32_t id(std::string_view word);
    const std::string& term(std::uint32_t id) const { return m_terms[id]; }
    std::size_t size() const { return m_terms.size(); }
    const std::string& algorithm() const { return m_stemmer.algorithm(); }

    // Calls fn(word, term) for every word read whose term is another string.
    template <class Fn>
    void for_each_form(Fn&& fn) const {
        for (std::size_t w = 0; w < m_words.size(); ++w)
            if (m_terms[m_word_terms[w]] != m_words[w]) fn(std::string_view(m_words[w]), m_terms[m_word_terms[w]]);
    }

    PostingLists postings;

private:
    // Words in an open-addressing table at most three quarters full, looked up for every word
    // of every transcript: so a slot is small (a quarter of a cache line), and holds a word's
    // first bytes, so that most words are told apart where they are found, without reading the
    // word elsewhere (each read of the table and of the word missed the cache).
    static constexpr std::uint32_t k_free = ~std::uint32_t{0};
    struct Slot {
        std::uint32_t tag = 0;        // the hash's high bits and the word's length
        std::uint32_t word = k_free;  // in m_words
        std::uint64_t head = 0;       // the first 8 bytes, zero-padded
    };
    text::Stemmer m_stemmer;
    std::deque<std::string> m_words;          // each word read, once
    std::vector<std::uint32_t> m_word_terms;  // each word's term
    std::vector<Slot> m_slots = std::vector<Slot>(1 << 14);
    std::unordered_map<std::string, std::uint32_t> m_term_ids;
    std::vector<std::string> m_terms;

    void grow();
};

// One episode's words as the index counts them: each word read with its term, put in order of
// term when the episode is posted, each term's run scored. (Sorted, the words go to their terms
// in the order of their numbers; a table by term number took a wait for memory a word, and one
// more for each term posted.)
class DocTerms {
public:
    explicit DocTerms(Lexicon& lexicon) : m_lexicon(lexicon) {}

    // Adds the words of `text` (text::search_form's, a run in a script written without spaces
    // cut by text::WordBreaker) with `weight`; `moment` (or k_no_moment) is the moment they are in.
    void add(std::string_view text, int weight, std::int32_t moment = k_no_moment, bool transcript = false);

    // Adds the episode's postings to the lexicon's, and lets go of its words.
    void post(std::uint32_t doc);

private:
    struct Read {
        std::uint32_t term;
        std::int32_t moment;
        std::uint8_t weight;
        bool transcript;
    };
    void read(std::string_view word, int weight, std::int32_t moment, bool transcript);

    Lexicon& m_lexicon;
    text::WordBreaker m_breaker;  // (this thread's: Chinese, Japanese, Thai... are cut into their words)
    std::vector<Read> m_read, m_sorted;
    std::vector<std::pair<std::uint32_t, Posting>> m_posted;  // (the episode's, kept for its room)
};

}  // namespace search
