#include "render/search_terms.hpp"

#include <algorithm>

#include "render/search_index.hpp"
#include "util/hash.hpp"
#include "util/normalize.hpp"
#include "util/strings.hpp"
#include "util/unicode.hpp"

namespace render {

namespace {

// The order a term's list is cut in: the best first (score, then archive order).
bool better(const Posting& a, const Posting& b) { return a.score != b.score ? a.score > b.score : a.doc < b.doc; }

}  // namespace

void TermPostings::add(const Posting& p) {
    list.push_back(p);
    ++count;
    if (list.size() >= 2 * k_max_postings) keep_best();
}

void TermPostings::keep_best() {
    if (list.size() <= k_max_postings) return;
    std::nth_element(list.begin(), list.begin() + k_max_postings, list.end(), better);
    list.resize(k_max_postings);
}

std::uint32_t Lexicon::id(std::string_view word) {
    const std::uint64_t h = util::content_hash(word);
    const std::size_t mask = m_slots.size() - 1;
    std::size_t i = static_cast<std::size_t>(h) & mask;
    for (; m_slots[i].id != k_free; i = (i + 1) & mask)
        if (m_slots[i].hash == h && m_slots[i].word == word) return m_slots[i].id;
    // A word not seen before: its term (stem), numbered when new.
    const std::string stem = m_stemmer.stem(word);
    auto [term, fresh] = m_term_ids.try_emplace(stem, static_cast<std::uint32_t>(m_terms.size()));
    if (fresh) {
        m_terms.push_back(stem);
        postings.emplace_back();
    }
    m_slots[i] = {h, m_words.emplace_back(word), term->second};
    if (2 * ++m_used > m_slots.size()) grow();
    return term->second;
}

void Lexicon::grow() {
    std::vector<Slot> old(2 * m_slots.size());
    old.swap(m_slots);
    const std::size_t mask = m_slots.size() - 1;
    for (const Slot& s : old) {
        if (s.id == k_free) continue;
        std::size_t i = static_cast<std::size_t>(s.hash) & mask;
        while (m_slots[i].id != k_free) i = (i + 1) & mask;
        m_slots[i] = s;
    }
}

void DocTerms::add(std::string_view text, int weight, std::int32_t moment, bool transcript) {
    const std::string form = util::match_form(text);
    util::for_each_word(form, [&](std::string_view word) {
        // (Eight bytes are at least two code points: only short words are counted.)
        if (word.size() > 40 || (word.size() < 8 && util::code_point_count(word) < 2)) return;
        const std::uint32_t id = m_lexicon.id(word);
        if (id >= m_hits.size()) m_hits.resize(std::max<std::size_t>(2 * m_hits.size(), id + 1024));
        Hit& h = m_hits[id];
        if (h.score == 0 && h.transcript_score == 0) m_touched.push_back(id);
        if (transcript) {
            if (h.transcript_score < k_max_transcript_score) ++h.transcript_score, h.score += weight;
        } else {
            h.score += weight;
        }
        if (moment != k_no_moment) h.add_moment(moment);
    });
}

void DocTerms::post(std::uint32_t doc) {
    for (std::uint32_t id : m_touched) {
        Hit& h = m_hits[id];
        Posting p{doc, static_cast<std::uint8_t>(std::min(h.score, k_max_score)), h.moment_count, {}};
        std::copy(h.moments, h.moments + h.moment_count, p.moments);
        m_lexicon.postings[id].add(p);
        h = Hit();
    }
    m_touched.clear();
}

}  // namespace render
