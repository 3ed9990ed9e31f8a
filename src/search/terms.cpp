#include "search/terms.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <functional>
#include <utility>

#include "files/hash.hpp"
#include "search/index.hpp"
#include "text/normalize.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace search {

namespace {

// Cuts `list` to its k_max_postings best, which keep their order (archive order: the episodes
// are posted in it, and written in it); returns the rank of the worst kept. (A term's postings
// are of different episodes, so their ranks differ: the best are those ranked at least the
// k_max_postings-th.)
std::uint64_t cut(std::vector<Posting>& list) {
    std::vector<std::uint64_t> ranks(list.size());
    std::transform(list.begin(), list.end(), ranks.begin(), posting_rank);
    const auto worst_kept = ranks.begin() + (k_max_postings - 1);
    std::nth_element(ranks.begin(), worst_kept, ranks.end(), std::greater<>());
    const std::uint64_t floor = *worst_kept;
    std::erase_if(list, [floor](const Posting& p) { return posting_rank(p) < floor; });
    return floor;
}

// A letter or digit alone is not searched for. (The match form is valid UTF-8: a word is one
// code point when its first byte's sequence is the whole word.)
bool one_code_point(std::string_view word) {
    const auto lead = static_cast<unsigned char>(word[0]);
    return word.size() <= (lead < 0x80 ? 1u : lead < 0xE0 ? 2u : lead < 0xF0 ? 3u : 4u);
}

// A word's first 8 bytes, zero-padded (no word of the match form has a zero byte).
std::uint64_t head_of(std::string_view w) {
    std::uint64_t v = 0;
    if (w.size() >= 8)
        std::memcpy(&v, w.data(), 8);
    else
        for (std::size_t i = 0; i < w.size(); ++i) v |= std::uint64_t{static_cast<unsigned char>(w[i])} << (8 * i);
    return v;
}

// The lexicon's hash of a word. Most words are at most 8 bytes, which are their head: those are
// mixed where they are (murmur3's finalizer), not passed to xxHash in the library (a call for
// every word of every transcript).
std::uint64_t word_hash(std::string_view word, std::uint64_t head) {
    if (word.size() > 8) return files::content_hash(word);
    std::uint64_t x = head;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    return x ^ (x >> 33);
}

}  // namespace

void TermPostings::join(TermPostings other) {
    const auto by_doc = [](const Posting& a, const Posting& b) { return a.doc() < b.doc(); };
    const auto middle = static_cast<std::ptrdiff_t>(list.size());
    list.insert(list.end(), other.list.begin(), other.list.end());
    std::inplace_merge(list.begin(), list.begin() + middle, list.end(), by_doc);
    count += other.count;
}

void TermPostings::keep_best() {
    if (list.size() > k_max_postings) cut(list);
}

void PostingLists::add_term() {
    m_lists.emplace_back();
    m_floors.push_back(0);
    m_counts.push_back(0);
}

void PostingLists::add(std::uint32_t term, const Posting& p) {
    ++m_counts[term];
    if (posting_rank(p) <= m_floors[term]) return;
    std::vector<Posting>& list = m_lists[term];
    // (Grown by half, to twice the best at the most: a list keeps its room to the end, and
    // doubling left a third of the postings' memory empty.)
    if (list.size() == list.capacity())
        list.reserve(std::min(list.capacity() + list.capacity() / 2 + 4, 2 * k_max_postings));
    list.push_back(p);
    if (list.size() >= 2 * k_max_postings) m_floors[term] = cut(list);
}

void PostingLists::prefetch_place(std::uint32_t term) const {
    __builtin_prefetch(&m_counts[term]);
    __builtin_prefetch(&m_floors[term]);
    __builtin_prefetch(&m_lists[term]);
}

void PostingLists::prefetch_end(std::uint32_t term) const {
    const std::vector<Posting>& list = m_lists[term];
    __builtin_prefetch(list.data() + list.size(), 1);
}

TermPostings PostingLists::take(std::uint32_t term) {
    return {std::exchange(m_lists[term], {}), m_counts[term]};
}

std::uint32_t Lexicon::id(std::string_view word) {
    const std::uint64_t head = head_of(word);
    const std::uint64_t h = word_hash(word, head);
    const std::uint32_t tag =
        static_cast<std::uint32_t>(h >> 32) << 8 | static_cast<std::uint32_t>(std::min<std::size_t>(word.size(), 255));
    const std::size_t mask = m_slots.size() - 1;
    std::size_t i = static_cast<std::size_t>(h) & mask;
    for (; m_slots[i].word != k_free; i = (i + 1) & mask) {
        const Slot& s = m_slots[i];
        if (s.tag == tag && s.head == head && (word.size() <= 8 || m_words[s.word] == word))
            return m_word_terms[s.word];
    }
    // A word not seen before: its term (stem), numbered when new.
    const std::string stem = m_stemmer.stem(word);
    auto [term, fresh] = m_term_ids.try_emplace(stem, static_cast<std::uint32_t>(m_terms.size()));
    if (fresh) {
        m_terms.push_back(stem);
        postings.add_term();
    }
    m_slots[i] = {tag, static_cast<std::uint32_t>(m_words.size()), head};
    m_words.emplace_back(word);
    m_word_terms.push_back(term->second);
    if (4 * m_words.size() > 3 * m_slots.size()) grow();
    return term->second;
}

void Lexicon::grow() {
    std::vector<Slot> old(2 * m_slots.size());
    old.swap(m_slots);
    const std::size_t mask = m_slots.size() - 1;
    for (const Slot& s : old) {
        if (s.word == k_free) continue;
        std::size_t i = static_cast<std::size_t>(word_hash(m_words[s.word], s.head)) & mask;
        while (m_slots[i].word != k_free) i = (i + 1) & mask;
        m_slots[i] = s;
    }
}

void DocTerms::add(std::string_view text, int weight, std::int32_t moment, bool transcript) {
    const std::string form = text::search_form(text);
    text::for_each_word(form, [&](std::string_view word) {
        if (!text::needs_word_breaks(word)) return read(word, weight, moment, transcript);
        for (std::string_view w : m_breaker.words(word)) read(w, weight, moment, transcript);
    });
}

void DocTerms::read(std::string_view word, int weight, std::int32_t moment, bool transcript) {
    if (word.size() > 40) return;
    if (one_code_point(word)) {  // (a Han character or a kana is a word, a Latin letter is not)
        char32_t cp = 0;
        text::for_each_code_point(word, [&](char32_t c, std::size_t, std::size_t) { cp = c; });
        if (!text::is_single_letter_word(cp)) return;
    }
    m_read.push_back({m_lexicon.id(word), moment, static_cast<std::uint8_t>(weight), transcript});
}

void DocTerms::post(std::uint32_t doc) {
    if (doc > Posting::k_max_doc) {  // (an archive of more than 16 million episodes: the rest are not searched)
        m_read.clear();
        return;
    }
    // By term, each term's words in the order read (a stable radix sort, a byte of the term
    // number a pass).
    const int bits = std::bit_width(m_lexicon.size());
    m_sorted.resize(m_read.size());
    for (int shift = 0; shift < bits; shift += 8) {
        std::array<std::uint32_t, 257> start{};
        for (const Read& r : m_read) ++start[((r.term >> shift) & 0xFF) + 1];
        for (std::size_t k = 1; k < start.size(); ++k) start[k] += start[k - 1];
        for (const Read& r : m_read) m_sorted[start[(r.term >> shift) & 0xFF]++] = r;
        m_read.swap(m_sorted);
    }
    // Each term's run: its score (the transcript's words counting at most k_max_transcript_score)
    // and its first moments.
    m_posted.clear();
    for (std::size_t i = 0; i < m_read.size();) {
        const std::uint32_t term = m_read[i].term;
        Posting p(doc);
        int score = 0, transcript_score = 0;
        for (; i < m_read.size() && m_read[i].term == term; ++i) {
            const Read& r = m_read[i];
            if (!r.transcript)
                score += r.weight;
            else if (transcript_score < k_max_transcript_score)
                ++transcript_score, score += r.weight;
            if (r.moment != k_no_moment) p.add_moment(r.moment);
        }
        p.set_score(std::min(score, k_max_score));
        m_posted.emplace_back(term, p);
    }
    // Each term's list is somewhere in tens of megabytes (85 MB at 10,000 episodes with
    // transcripts), and each add waited for memory: what it writes is asked for 16 terms ahead,
    // and its list's place, which says where that is, 32 ahead. (The index benchmark does not
    // show it: its 3,000 episodes' lists fit the cache. A build of 10,000 does: bench/README.md.)
    constexpr std::size_t k_ahead = 16;
    for (std::size_t k = 0; k < m_posted.size(); ++k) {
        if (k + 2 * k_ahead < m_posted.size()) m_lexicon.postings.prefetch_place(m_posted[k + 2 * k_ahead].first);
        if (k + k_ahead < m_posted.size()) m_lexicon.postings.prefetch_end(m_posted[k + k_ahead].first);
        m_lexicon.postings.add(m_posted[k].first, m_posted[k].second);
    }
    m_read.clear();
}

}  // namespace search
