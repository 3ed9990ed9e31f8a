#pragma once
// What an episode's page shows a listener beyond the audio: chapters, the transcript, who
// speaks, the moments worth hearing, and where to support the show.
#include <string>
#include <string_view>

#include "core/episode.hpp"
#include "notes/curation.hpp"
#include "render/data.hpp"
#include "site/site_info.hpp"

namespace render {

// Adds chapters, transcript, persons, soundbites, funding and value to the episode's data `d`.
void put_listening(Data& d, const site::SiteInfo& site, const core::Episode& e, const notes::EpisodeExtras* extras);

// Adds the chapters alone (`has_chapters`, `chapters`, ...): the embeddable player's.
void put_chapters(Data& d, const site::SiteInfo& site, const core::Episode& e);

// The episode's transcript in the Podcast Index JSON format, as the site publishes it.
std::string transcript_json(const core::Transcript& t);

// Whether the site writes the episode's captions (WebVTT, listening/captions.hpp;
// site::SitePaths::captions_file): it has a timed transcript and a video the page plays (a
// <track> must come from the page's own site, as a WebVTT file).
bool has_captions(const core::Episode& e);

// What else the feed points listeners to (core::FeedLink): `comments`, `videos`, `trailers`
// and `podroll` (lists of {label, url, type, playable: a video in a format browsers play,
// captions: `captions` for a playable video, when not ""}, or false), `license` and `location`
// (the first: {label, url or false, type}, or false); false when it points to none of these.
Data feed_links_data(const std::vector<core::FeedLink>& links, const std::string& captions = "");

// Where listeners find the apps that send value for value (Podcast Index's list of apps).
inline constexpr std::string_view k_value_apps_url = "https://podcastindex.org/apps";

// Whom value for value pays (podcast:value) as a support line: `recipients` ({first, name,
// share: its part of the shares that are no fee, "90%", or false when no split is given}; fees and unnamed
// recipients are not listed), `ledger` ("Lightning") and `apps_url`; false when none is listed.
Data value_data(const site::SiteInfo& site, const core::Value& value);

// People (podcast:person) as pages list them: {name, role in the site's words, link}; a guest
// that `extras` (an episode's note) names links to their page here.
Data people_data(const site::SiteInfo& site, const std::vector<core::Person>& persons,
                 const notes::EpisodeExtras* extras = nullptr);

}  // namespace render
