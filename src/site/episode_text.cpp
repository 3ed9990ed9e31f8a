#include "site/episode_text.hpp"

#include <atomic>
#include <thread>

#include "concurrency/parallel.hpp"
#include "files/hash.hpp"
#include "html/html_sanitizer.hpp"
#include "net/url.hpp"
#include "site/summary.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace site {

std::string cut_at_word(std::string_view text, std::size_t max_chars) {
    std::string_view prefix = text::truncate_code_points(text, max_chars);  // reads no further than the cut
    if (prefix.size() == text.size()) return std::string(text);
    std::string cut(prefix);
    if (auto space = cut.rfind(' '); space != std::string::npos && space > cut.size() / 2) cut.resize(space);
    while (!cut.empty() && std::string_view(",;:.-").find(cut.back()) != std::string_view::npos) cut.pop_back();
    return cut + "\xE2\x80\xA6";
}

EpisodeText make_episode_text(const core::Episode& e, std::string_view channel_link, std::string_view image_word) {
    EpisodeText t;
    std::string notes_html, plain;
    if (e.description_is_html) {
        std::string text;
        // Show notes were written for the host's pages: their relative links lead there.
        const html::ForeignFragment notes{net::is_http_url(e.page_url) ? std::string_view(e.page_url) : channel_link,
                                          image_word};
        if (e.description.find('<') == std::string::npos) {
            // Notes without a tag are text (lines, blank lines, addresses) that a page would run
            // together and leave unlinked: set out as the text they are, read as a browser reads
            // them (character references decoded).
            html::sanitize_html(e.description, &text, notes);
            notes_html = html::linkify_text(text);
        } else {
            // (HTML whose lines are its layout gets paragraphs and line breaks first.)
            const std::optional<std::string> set_out = html::lines_set_out(e.description);
            notes_html = html::sanitize_html(set_out ? *set_out : e.description, &text, notes);  // one parse, both
        }
        plain = text::collapse_whitespace(text);
    } else {
        notes_html = html::linkify_text(e.description);
        plain = text::collapse_whitespace(e.description);
    }
    const std::string lead = lead_text(notes_html, 440);
    t.summary = whole_sentences(lead, 220);
    t.short_summary = whole_sentences(lead, 160);
    // Notes that only a cut copy gives end where the source cut them: the summary says so.
    for (std::string* summary : {&t.summary, &t.short_summary})
        if (e.description_truncated && !summary->empty() && *summary == lead && !summary->ends_with("\xE2\x80\xA6"))
            *summary += "\xE2\x80\xA6";
    plain.shrink_to_fit();  // (collapsed in place: its room is the text's before)
    t.notes_html = text::SharedText(std::move(notes_html));
    t.plain = text::SharedText(std::move(plain));
    t.source = text_source_hash(e, channel_link, image_word);
    return t;
}

std::uint64_t text_source_hash(const core::Episode& e, std::string_view channel_link, std::string_view image_word) {
    files::Hasher h;
    h.add(e.description_is_html ? "html" : "text");
    h.add(e.description);
    h.add(e.description_truncated ? "cut" : "whole");  // (a cut text's summary says so)
    h.add(e.page_url);                                 // (links resolve against it)
    h.add(channel_link);
    h.add(image_word);
    return h.digest();
}

KeptTexts::KeptTexts(std::vector<Text> texts, std::shared_ptr<const void> bytes)
    : m_bytes(std::move(bytes)), m_texts(std::move(texts)), m_decoded(m_texts.size()) {}

const EpisodeText& KeptTexts::at(std::size_t i) const {
    return m_decoded.get(i, [&] {
        const Text& t = m_texts[i];
        // (The notes and their plain text are views of the file, which m_bytes keeps.)
        return EpisodeText{text::SharedText(m_bytes, t.notes_html), text::SharedText(m_bytes, t.plain),
                           std::string(t.summary), std::string(t.short_summary), t.source};
    });
}

TextCache::TextCache(const core::Catalog& catalog, unsigned threads, const TextCache* previous,
                     std::string_view image_word)
    : m_channel_link(catalog.channel.link), m_image_word(image_word) {
    const std::size_t n = catalog.episodes.size();
    m_texts.resize(n);
    std::unordered_map<std::uint64_t, const Slot*> reusable;
    if (previous) {
        m_kept = previous->m_kept;
        for (const Slot& slot : previous->m_texts) reusable.emplace(previous->source(slot), &slot);
    }
    std::atomic<std::size_t> made = 0;
    concurrency::parallel_for(
        n, 64,
        [&](std::size_t i) {
            auto it = reusable.empty()
                          ? reusable.end()
                          : reusable.find(text_source_hash(catalog.episodes[i], m_channel_link, m_image_word));
            if (it != reusable.end()) {
                m_texts[i] = *it->second;
                return;
            }
            m_texts[i].made = std::make_shared<const EpisodeText>(
                make_episode_text(catalog.episodes[i], m_channel_link, m_image_word));
            ++made;
        },
        threads);
    m_episodes = catalog.episodes;
    m_made = made;
}

TextCache::TextCache(std::shared_ptr<const KeptTexts> kept) : m_kept(std::move(kept)) {
    m_texts.resize(m_kept->size());
    for (std::size_t i = 0; i < m_texts.size(); ++i) m_texts[i].kept = i;
}

TextCache::TextCache(const TextCache& made, std::shared_ptr<const KeptTexts> kept)
    : m_texts(made.m_texts),
      m_kept(std::move(kept)),
      m_episodes(made.m_episodes),
      m_channel_link(made.m_channel_link),
      m_image_word(made.m_image_word),
      m_made(made.m_made) {
    for (std::size_t i = 0; i < m_texts.size(); ++i) {
        Slot& slot = m_texts[i];
        if (i < m_kept->size() && m_kept->source(i) == made.source(made.m_texts[i]))
            slot = {nullptr, i};
        else if (!slot.made)  // (one of made's own kept texts, which this one does not hold)
            slot.made = std::make_shared<const EpisodeText>(made.at(i));
    }
}

const EpisodeText& TextCache::at(std::size_t i) const {
    const Slot& slot = m_texts[i];
    return slot.made ? *slot.made : m_kept->at(slot.kept);
}

const EpisodeText& TextCache::of(const core::Episode& e) const {
    if (auto i = core::position_in(m_episodes, e)) return at(*i);
    // Known by what its text is made from, not by its address: a cache that outlives one
    // catalog (SiteInfo::text's fallback) must not give an episode the text of another that
    // was at the same address before.
    const std::uint64_t source = text_source_hash(e, m_channel_link, m_image_word);
    std::lock_guard lock(m_extra_lock);
    auto [it, fresh] = m_extra.try_emplace(source);
    if (fresh) it->second = make_episode_text(e, m_channel_link, m_image_word);
    return it->second;
}

}  // namespace site
