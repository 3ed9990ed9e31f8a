#pragma once
// The client-side search index, split so that one query fetches a small part of it.
//
//   search/meta.json          {"version", "docs", "block_size", "shards": [keys]}
//   search/t/<key>.json       {"word": [[doc, score], ...], ...} for words starting with <key>
//   search/d/<block>.json     [[title, url, date, text], ...] for docs block*block_size...
//
// <key> is a word's first two letters ("cu" for "cuda"); a query word of two letters or more
// needs one shard, and the documents it shows need one block each. Words come from the match
// form (util::match_form): NFKC, case folded, accents kept; the browser folds queries the same way.
#include <string>
#include <vector>

#include "core/episode.hpp"
#include "notes/curation.hpp"
#include "output/output.hpp"
#include "render/site_info.hpp"

namespace render {

constexpr std::size_t k_search_block_size = 50;

// Title words weigh 8, topics and guests 4, the summary 2, notes and show notes 1.
void write_search_index(const core::Catalog& catalog, const notes::Curation& curation, const SiteInfo& site,
                        output::Output& out);

// The shard key of a word in match form: its first two bytes as lowercase hex when they are not
// plain ASCII letters or digits.
std::string search_shard_key(const std::string& word);

}  // namespace render
