#include "render/cards.hpp"

#include <charconv>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "dates/dates.hpp"
#include "dates/durations.hpp"

namespace render {

namespace {

Data term_link(const site::SiteInfo& site, const std::string& section, const std::string& name) {
    Data item;
    put(item, "name", name);
    put(item, "url", site::term_url(site, section, name));
    return item;
}

// "S2 · E12", "Episode 12", "Bonus", "Trailer" (itunes:episodeType), or "", in the site's words.
std::string episode_number_label(const i18n::Words& words, const core::Episode& e) {
    std::string label;
    if (e.season && e.episode_number)
        label = words.fill("episode.season_number",
                           {{"season", words.number(*e.season)}, {"number", words.number(*e.episode_number)}});
    else if (e.episode_number)
        label = words.fill("episode.number", {{"number", words.number(*e.episode_number)}});
    else if (e.season)
        label = words.fill("seasons.season", {{"season", words.number(*e.season)}});
    if (e.episode_type == "trailer" || e.episode_type == "bonus") {
        std::string kind = words.text(e.episode_type == "trailer" ? "episode.trailer" : "episode.bonus");
        label = label.empty() ? kind : kind + words.text("separator") + label;
    }
    return label;
}

constexpr std::size_t k_card_members = 10;        // (card_data's)
constexpr std::size_t k_noted_card_members = 3;   // (make_card's: the reference, summary, topics)
constexpr std::string_view k_topic_prefix = "t";  // (CardCache's references to topic links)

// The card; `topics` is the episode's topic links when it has a note.
Data card_data(const site::SiteContent& content, const core::Episode& e, const notes::EpisodeExtras* extras,
               Data topics) {
    const site::SiteInfo& site = content.site;
    Data card = object(k_card_members);
    put(card, "title", e.title);
    put(card, "slug", e.slug);
    put(card, "url", site.paths.url(site::SitePaths::episode_dir(e.slug)));
    // Every key a card may lack is false, not absent: a template looks a missing key up in the
    // enclosing data, so an undated card on an episode's page showed that page's date.
    put(card, "date_iso", e.date ? text(dates::format_iso8601(*e.date)) : Data(false));
    put(card, "date_human", e.date ? text(site.words->day(*e.date)) : Data(false));
    put(card, "duration", e.duration ? text(site.words->duration(e.duration->seconds)) : Data(false));
    std::string summary = extras && !extras->summary.empty() ? extras->summary : content.text(e).summary;
    put(card, "summary", std::move(summary));
    put(card, "has_audio", e.enclosure.has_value());
    std::string number = episode_number_label(*site.words, e);
    put(card, "number", std::move(number));
    put(card, "topics", extras ? std::move(topics) : list(List()));
    return card;
}

}  // namespace

Data term_links(const site::SiteInfo& site, const std::string& section, const std::vector<std::string>& names) {
    return list(list_of(names, [&](const std::string& name) { return term_link(site, section, name); }));
}

Data episode_card(const site::SiteContent& content, const core::Episode& e, const notes::EpisodeExtras* extras) {
    return card_data(content, e, extras,
                     extras ? term_links(content.site, "topics", notes::Curation::topics_of(extras, e)) : Data());
}

CardCache::CardCache(const site::SiteContent& content)
    : m_content(content), m_cards(2 * content.catalog.episodes.size()) {
    m_extras.reserve(content.catalog.episodes.size());
    for (const auto& e : content.catalog.episodes) {
        const notes::EpisodeExtras* x = m_extras.emplace_back(content.curation.extras(e));
        if (!x) continue;
        for (const auto& name : notes::Curation::topics_of(x, e))  // a few names, each on many episodes
            if (auto [at, fresh] = m_topic_names.try_emplace(name); fresh) {
                at->second = std::string(k_topic_prefix) + std::to_string(m_topic_links.size());
                m_topic_links.push_back(term_link(content.site, "topics", name));
            }
    }
}

std::size_t CardCache::position(const core::Episode& e) const {
    auto position = core::position_in(m_content.catalog.episodes, e);
    if (!position) throw std::logic_error("CardCache: an episode of another catalog");
    return *position;
}

// References name a slot: "<n>" for the plain card of the episode at position n, "<N + n>" for
// its card with its note (an episode without one has only the plain card); "t<n>" a topic's
// link.
Data CardCache::with_note(const core::Episode& e) const {
    std::size_t at = position(e);
    return shared_reference(std::to_string(m_extras[at] ? m_extras.size() + at : at));
}

Data CardCache::plain(const core::Episode& e) const {
    return shared_reference(std::to_string(position(e)));
}

namespace {

// `digits` as a number below `count` (a slot of the cache), or nullopt when they are not one.
std::optional<std::size_t> number_below(std::string_view digits, std::size_t count) {
    std::size_t at = 0;
    auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), at);
    if (error != std::errc() || end != digits.data() + digits.size() || at >= count) return std::nullopt;
    return at;
}

}  // namespace

const Data* CardCache::find(const std::string& name) const {
    if (name.starts_with(k_topic_prefix)) {
        auto at = number_below(std::string_view(name).substr(k_topic_prefix.size()), m_topic_links.size());
        return at ? &m_topic_links[*at] : nullptr;
    }
    auto slot = number_below(name, m_cards.size());
    return slot ? &m_cards.get(*slot, [&] { return make_card(*slot); }) : nullptr;
}

CardCache::~CardCache() = default;

// A card with its note is the plain card with the note's summary and topics over it: a
// reference to the plain card's slot and those two (the rest is looked up there, as
// render/context.hpp's Referents says). Half the cards' memory, where every episode has a note
// or the feed's categories as topics, as a whole card each was.
Data CardCache::make_card(std::size_t slot) const {
    const std::size_t at = slot % m_extras.size();
    const core::Episode& e = m_content.catalog.episodes[at];
    const notes::EpisodeExtras* extras = slot >= m_extras.size() ? m_extras[at] : nullptr;
    if (!extras) return card_data(m_content, e, nullptr, Data());
    List topics = list_of(notes::Curation::topics_of(extras, e),
                          [&](const std::string& name) { return shared_reference(m_topic_names.at(name)); });
    Data card = shared_reference(std::to_string(at), k_noted_card_members);
    if (!extras->summary.empty()) put(card, "summary", extras->summary);
    put(card, "topics", list(std::move(topics)));
    return card;
}

}  // namespace render
