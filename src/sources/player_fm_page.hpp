#pragma once
// Player FM series pages, captured as text in any interface language (the seed is Hebrew).
// The page shows one featured episode ("<title>" then "Manage episode <id> series <id>", a block
// the capture may repeat), then the episode list: each entry starts with the show's name and
// holds a description cut at about 300 characters, and only sometimes a title line
// ("1 <title> 16:38"). Sponsored shows, app adverts and interface text are not episodes.
#include <string_view>

#include "sources/source_batch.hpp"

namespace sources {

// Returns a record per episode found (the featured one once), with its lines as provenance.
// What is not an episode is skipped without a diagnostic: a page with none gives no records.
SourceBatch read_player_fm_page(std::string_view text, const SourceInfo& info);

// True when the text looks like such a page (detect_kind asks).
bool looks_like_player_fm_page(std::string_view text);

}  // namespace sources
