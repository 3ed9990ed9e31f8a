#pragma once
// The client-side search index, split so that one query fetches a small part of it.
//
//   search/meta.json           {"version": 3, "docs", "block_size", "stemmer",
//                               "shards": [top-level keys], "years": [[year, count]], "topics"
//                               and "guests": [[name, slug, count]]}
//   search/t/<key>.json        {"c": {term: documents},    (lists cut to the best k_max_postings)
//                                "f": {word: term},         (a word whose stem is another term)
//                                "t": {term: [doc, score * 4 + n, n moments, ...]}}
//                                             (by episode; each doc after the first is how
//                                             far it is from the one before)
//                              or, split: {"s": [next byte, ...], "x": 1 when <key>_.json has
//                              the terms as long as the key, 0}
//   search/d/<block>.json      [[title, slug, date, excerpt, [[seconds, chapter title], ...]],
//                               ...] for docs block*block_size...
//   search/f/<filter>.json     [doc, ...]: the episodes of y<year>, t-<topic slug>, g-<guest slug>
//
// Terms are the stems (Snowball, text::Stemmer, in the site's language) of the words of the match
// form (text::match_form: NFKC, case folded); "f" tells the browser each word's stem, so a query
// is stemmed exactly as the index was. A posting names up to three moments where the term is: a
// transcript paragraph by its start (seconds), chapter c as -(c + 1); so a hit lands on that
// time (#t=), and a phrase is found where its words share a moment (or the next paragraph).
// (The moments' texts are not in the index: they are the episode page's, and would double the
// site's size.)
//
// A term's shard is the longest key that starts it: keys begin as a word's first two bytes (the
// top level, listed in meta.json) and a shard larger than k_shard_bytes is split by the next
// byte: it names the longer keys ("s") and the terms as long as its key go to "<key>_.json". In
// file names a byte that is not a-z or 0-9 is written "_hh" (hex).
#include <string>
#include <string_view>
#include <vector>

#include "core/episode.hpp"
#include "notes/curation.hpp"
#include "output/output.hpp"
#include "site/site_content.hpp"

namespace search {

constexpr std::size_t k_block_size = 4;          // results a block holds
constexpr std::size_t k_max_postings = 300;      // a term's list is cut to its best
constexpr std::size_t k_shard_bytes = 6 * 1024;  // a larger shard is split

// Where the index's files are (search/index.html, the search page, is not one): a site the index
// is written into again (serve's, in memory) must lose these first. (On disk, the files a build
// does not write or carry over are removed by the output.)
inline constexpr std::string_view k_index_parts[] = {"search/meta.json", "search/d/", "search/t/", "search/f/"};

// The episodes' transcripts, one an episode (empty where it has none), as write_index
// reads them.
std::vector<core::SharedTranscript> transcripts_of(const core::Catalog& catalog);

// The one change since the last build whose index `out` holds: the body of the note of the
// episode at `episode` (in the catalog), which was `note_html` then.
struct EditedNote {
    std::size_t episode = 0;
    std::string note_html;
};

// Title words weigh 8, topics and guests 4, chapter titles 3, the summary 2, notes, show notes
// and the transcript 1 (the transcript at most 6 a term). `transcripts` are the episodes'
// (transcripts_of): the index lets go of each once it is indexed, so one whose other references
// are gone by then is freed at once (a transcript is an episode's largest part; build lets go of
// the catalog's while the index runs).
// With `edited`, the terms are the last build's (read from `out`: Output::published) with that
// episode's words patched in, when they can be (search/index_patch.hpp), and the last build's
// files that stay the same (its result blocks, the terms the edit did not touch) are returned
// for the caller to carry over (Output::carry_over, on the thread that owns `out`). Otherwise, or
// without it, every episode is indexed and nothing is returned. The files are the same either way.
std::vector<std::string> write_index(const site::SiteContent& content, std::vector<core::SharedTranscript> transcripts,
                                     output::Output& out, const EditedNote* edited = nullptr);

// A shard key's file name: its bytes, each that is not a-z or 0-9 as "_hh".
std::string key_name(std::string_view key);

// The file of the shard named `key_name` (key_name's): "search/t/<key_name>.json", with a
// '-' after a Windows device name ("search/t/con-.json"), which cannot be checked out there.
// search.js names its files the same way.
std::string shard_path(const std::string& key_name);

}  // namespace search
