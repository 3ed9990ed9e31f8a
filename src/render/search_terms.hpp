#pragma once
// The words of the episodes as the search index counts them (search_index.hpp): each indexing
// thread's lexicon (each word read, with the number of its term: its Snowball stem), one
// episode's terms with their scores and moments, and each term's postings, cut to the best as
// they come.
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "util/stemmer.hpp"

namespace render {

constexpr int k_max_score = 40;
constexpr int k_max_transcript_score = 6;  // however often a transcript says a word
constexpr int k_moments_per_posting = 3;
// A moment as postings write it: a transcript paragraph's start in seconds (0 or more), or
// chapter c as -(c + 1).
constexpr std::int32_t k_no_moment = INT32_MIN;

// One term in one episode: its score, and the first moments it is in.
struct Hit {
    int score = 0;
    int transcript_score = 0;
    std::int32_t moments[k_moments_per_posting] = {};
    std::uint8_t moment_count = 0;

    void add_moment(std::int32_t m) {
        if (moment_count < k_moments_per_posting && (moment_count == 0 || moments[moment_count - 1] != m)) moments[moment_count++] = m;
    }
};

// A term's entry for one episode, as small as it can be: a large archive has millions.
struct Posting {
    std::uint32_t doc = 0;
    std::uint8_t score = 0;
    std::uint8_t moment_count = 0;
    std::int32_t moments[k_moments_per_posting] = {};
};

// A term's postings as a thread collects them: only its best are kept once it has many (the
// best of every thread's hold the best of all), with how many episodes had it.
struct TermPostings {
    std::vector<Posting> list;
    std::size_t count = 0;

    void add(const Posting& p);
    // Cuts the list to its k_max_postings best (score, then archive order), in no order.
    void keep_best();
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
        for (const Slot& s : m_slots)
            if (s.id != k_free && m_terms[s.id] != s.word) fn(s.word, m_terms[s.id]);
    }

    std::vector<TermPostings> postings;  // by term number

private:
    // Words by their view into m_words, in an open-addressing table at most half full. (Looked
    // up for every word of every transcript: std::unordered_map's nodes and hash were most of
    // the index's time.)
    static constexpr std::uint32_t k_free = ~std::uint32_t{0};
    struct Slot {
        std::uint64_t hash = 0;
        std::string_view word;
        std::uint32_t id = k_free;
    };
    util::Stemmer m_stemmer;
    std::deque<std::string> m_words;  // (a deque: views stay valid as it grows)
    std::vector<Slot> m_slots = std::vector<Slot>(1 << 14);
    std::size_t m_used = 0;
    std::unordered_map<std::string, std::uint32_t> m_term_ids;
    std::vector<std::string> m_terms;

    void grow();
};

// One episode's terms with their hits, by term number (an array: no hashing), reused for the
// next episode.
class DocTerms {
public:
    explicit DocTerms(Lexicon& lexicon) : m_lexicon(lexicon) {}

    // Adds the words of `text` with `weight`; `moment` (or k_no_moment) is the moment they are in.
    void add(std::string_view text, int weight, std::int32_t moment = k_no_moment, bool transcript = false);

    // Adds the episode's postings to the lexicon's, and clears the table for the next.
    void post(std::uint32_t doc);

private:
    Lexicon& m_lexicon;
    std::vector<Hit> m_hits;
    std::vector<std::uint32_t> m_touched;
};

}  // namespace render
