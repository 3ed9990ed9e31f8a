#pragma once
// What an episode's page shows a listener beyond the audio: chapters, the transcript, who
// speaks, the moments worth hearing, and where to support the show.
#include <string>
#include <string_view>

#include "core/episode.hpp"
#include "notes/curation.hpp"
#include "render/data.hpp"
#include "render/site_info.hpp"

namespace render {

// Adds chapters, transcript, persons, soundbites, funding and value to the episode's data `d`.
void put_listening(Data& d, const SiteInfo& site, const core::Episode& e, const notes::EpisodeExtras* extras);

// Adds the chapters alone (`has_chapters`, `chapters`, ...): the embeddable player's.
void put_chapters(Data& d, const SiteInfo& site, const core::Episode& e);

// The site's copy of the episode's chapters (chapters.json in its folder), when it has some.
std::string chapters_path(const core::Episode& e);
// The site's copy of the episode's transcript (transcript.json, the JSON format), made for a
// transcript a note gives (a feed's has its own address).
std::string transcript_path(const core::Episode& e);

// The episode's transcript in the Podcast Index JSON format, as the site publishes it.
std::string transcript_json(const core::Transcript& t);

// The episode's captions (WebVTT, listening/captions.hpp), which the site writes when the
// episode has a timed transcript and a video the page plays: a <track> must come from the page's
// own site, as a WebVTT file.
std::string captions_path(const core::Episode& e);
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
Data value_data(const SiteInfo& site, const core::Value& value);

// People (podcast:person) as pages list them: {name, role in the site's words, link}; a guest
// that `extras` (an episode's note) names links to their page here.
Data people_data(const SiteInfo& site, const std::vector<core::Person>& persons,
                 const notes::EpisodeExtras* extras = nullptr);

// The people of an episode: the feed's podcast:person, then the note's guests not among them.
std::vector<core::Person> episode_persons(const core::Episode& e, const notes::EpisodeExtras* extras);

}  // namespace render
