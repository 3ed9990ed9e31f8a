#pragma once
// What pages, feeds and the search index show of an episode's text, computed once per build
// (sanitizing and flattening HTML is the costliest step of rendering; doing it once per episode
// instead of once per use is most of a large build's speed).
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "concurrency/parallel.hpp"
#include "core/episode.hpp"
#include "text/shared_text.hpp"

namespace site {

// (The notes and their plain text, most of a large archive's texts, are views of the kept texts'
// file when they were read from it: KeptTexts.)
struct EpisodeText {
    text::SharedText notes_html;  // sanitized show notes (feed HTML filtered, plain text linkified)
    text::SharedText plain;       // the notes as plain text, white space collapsed
    std::string summary;          // the opening prose, up to 220 characters (site/summary.hpp)
    std::string short_summary;    // the same up to 160 characters, for meta descriptions
    std::uint64_t source = 0;     // hash of what it was made from (see text_source_hash)
};

// Texts an earlier build kept (on_disk/saved_texts.hpp) where they are, in bytes `bytes` holds
// (a mapped file): each made into an EpisodeText when first asked, by whichever thread asks. A
// build after an edit of one note shows a handful of an archive's texts; decoding every one
// first was 18 MB of new memory at 10,000 episodes (which the kernel zeroes before it is used).
class KeptTexts {
public:
    struct Text {
        std::string_view notes_html, plain, summary, short_summary;  // (EpisodeText's, in its order)
        std::uint64_t source = 0;
        // A view of `t` (which must outlive it).
        static Text of(const EpisodeText& t) {
            return {t.notes_html.view(), t.plain.view(), t.summary, t.short_summary, t.source};
        }
    };
    KeptTexts(std::vector<Text> texts, std::shared_ptr<const void> bytes);
    std::size_t size() const { return m_texts.size(); }
    std::uint64_t source(std::size_t i) const { return m_texts[i].source; }
    const EpisodeText& at(std::size_t i) const;

private:
    std::shared_ptr<const void> m_bytes;  // what the views point into
    std::vector<Text> m_texts;
    concurrency::LazySlots<EpisodeText> m_decoded;
};

// Every episode's text, in the catalog's order.
class TextCache {
public:
    TextCache() = default;
    // Computes the text of every episode, on up to `threads` threads. Texts of `previous` (optional)
    // made from the same show notes are reused (an incremental rebuild after a note edit).
    // `image_word`: what show notes' images without alt text are named (make_episode_text).
    TextCache(const core::Catalog& catalog, unsigned threads, const TextCache* previous = nullptr,
              std::string_view image_word = "image");
    // Texts an earlier build kept, of no catalog: only to be reused as `previous`.
    explicit TextCache(std::shared_ptr<const KeptTexts> kept);
    // The texts of `made` as `kept` holds them, when they were written from it, in its order
    // (on_disk::write_saved_texts): each read from there (a view of the file) where it has the
    // same source, else still made's. A build that made most of its texts holds them so, not
    // twice.
    TextCache(const TextCache& made, std::shared_ptr<const KeptTexts> kept);
    // The text of an episode of that catalog (computed on the spot for any other episode, under
    // a lock: any thread may ask).
    const EpisodeText& of(const core::Episode& e) const;
    // How many texts it holds, and the one at `i` (< size()).
    std::size_t size() const { return m_texts.size(); }
    const EpisodeText& at(std::size_t i) const;
    // How many of them were made here, not reused from `previous`.
    std::size_t made() const { return m_made; }

private:
    // A text made (here, or by the cache it was reused from), else the kept one at `kept`.
    struct Slot {
        std::shared_ptr<const EpisodeText> made;
        std::size_t kept = 0;
    };
    std::vector<Slot> m_texts;
    std::shared_ptr<const KeptTexts> m_kept;    // (the one its kept slots are of)
    std::span<const core::Episode> m_episodes;  // the catalog's (its buffer stays when the catalog moves)
    mutable std::mutex m_extra_lock;
    mutable std::unordered_map<std::uint64_t, EpisodeText> m_extra;  // by text_source_hash (guarded by m_extra_lock)
    std::string m_channel_link;  // what show notes' relative links resolve against when an episode has no page
    std::string m_image_word = "image";
    std::size_t m_made = 0;

    std::uint64_t source(const Slot& slot) const { return slot.made ? slot.made->source : m_kept->source(slot.kept); }
};

// `channel_link`: the show's site (the feed's <link>), for episodes without a page of their own;
// `image_word`: what an image in the show notes is named when they give it no alt text ("image",
// the site language's word: the image is a link).
EpisodeText make_episode_text(const core::Episode& e, std::string_view channel_link = {},
                              std::string_view image_word = "image");

// A hash of the fields an episode's text is made from (and of what else make_episode_text is given).
std::uint64_t text_source_hash(const core::Episode& e, std::string_view channel_link = {},
                               std::string_view image_word = "image");

// Cuts plain text at a word boundary near `max_chars` code points, adding "…" when cut.
std::string cut_at_word(std::string_view text, std::size_t max_chars);

}  // namespace site
