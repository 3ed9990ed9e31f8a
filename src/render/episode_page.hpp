#pragma once
// An episode's page: its data and its JSON-LD; its embeddable player and oEmbed answer.
#include <string>

#include "core/episode.hpp"
#include "i18n/words.hpp"
#include "notes/curation.hpp"
#include "render/cards.hpp"
#include "render/data.hpp"
#include "site/site_content.hpp"

namespace render {

// schema.org PodcastEpisode JSON-LD for an episode page, as a <script> element whose JSON
// cannot close the element early ("<" is written as \u003c).
std::string episode_jsonld(const site::SiteInfo& site, const core::Episode& e, const std::string& description);

// The whole episode for its page, with `older` and `newer` neighbours and what its note adds.
// Cards (its own, its neighbours', related episodes') come from `cards` when given (made from the same curation):
// they are references then, and the page is rendered with `cards` as its shared data.
Data episode_data(const site::SiteContent& content, const core::Episode& e, const core::Episode* older,
                  const core::Episode* newer, const notes::EpisodeExtras* extras, const site::EpisodeLookup& lookup,
                  const CardCache* cards = nullptr);

// An audio file's size beside its download link ("15 MB"), or false when `bytes` is not known
// or cannot be the size of audio `seconds` long (0: not known; core::plausible_audio_size).
Data audio_size(const i18n::Words& words, long long bytes, double seconds);

// The player another site embeds: "episodes/<slug>/embed/" (a page of the player alone) and
// the oEmbed answer that offers it, "episodes/<slug>/oembed.json" (a "rich" type: an iframe of
// k_embed_width x k_embed_height, which pages link with rel="alternate" for discovery).
constexpr int k_embed_width = 480;
constexpr int k_embed_height = 250;
std::string embed_dir(const core::Episode& e);
std::string oembed_path(const core::Episode& e);
std::string oembed_json(const site::SiteInfo& site, const core::Episode& e);
// What another site pastes into its page to play the episode (oEmbed's `html`, and the episode
// page's "Share and embed"): an iframe of the player alone, nothing else.
std::string embed_code(const site::SiteInfo& site, const core::Episode& e);

}  // namespace render
