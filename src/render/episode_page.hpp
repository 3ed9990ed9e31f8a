#pragma once
// An episode's page: its data and its JSON-LD.
#include <string>

#include "core/episode.hpp"
#include "notes/curation.hpp"
#include "render/cards.hpp"
#include "render/data.hpp"
#include "render/site_info.hpp"

namespace render {

// schema.org PodcastEpisode JSON-LD for an episode page, as a <script> element whose JSON
// cannot close the element early ("<" is written as \u003c).
std::string episode_jsonld(const SiteInfo& site, const core::Episode& e, const std::string& description);

// The whole episode for its page, with `older` and `newer` neighbours and what its note adds.
// Cards (its own, its neighbours', related episodes') come from `cards` when given (made from the same curation):
// they are references then, and the page is rendered with `cards` as its shared data.
Data episode_data(const SiteInfo& site, const core::Episode& e, const core::Episode* older, const core::Episode* newer,
                  const notes::EpisodeExtras* extras, const EpisodeLookup& lookup, const CardCache* cards = nullptr);

}  // namespace render
