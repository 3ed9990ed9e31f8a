#pragma once
// The search index's terms after an edit of one episode note's body, made from the shards the
// last build wrote instead of from every episode's words again (`build` after such an edit,
// the most common one: its cost was indexing every episode). Exact, or nothing: the shards then
// equal a whole build's, and where they cannot be known from the last build's files (below), the
// caller indexes every episode.
//
// A term's list in the shards is cut to its k_max_postings best, so the edited episode's
// postings before and after tell most changes: one that gained a term or scores higher stays
// among the best or enters them in place of the worst, one below the cut only changes the
// count, and one that falls stays among them while it ranks above another they list. What the
// files do not hold: the posting that would follow a cut list's best when the edited episode's
// leaves it or falls below every other it lists, which makes the patch give up; and whether
// another episode still reads a word the edit took out whose stem is another string (its "f"
// entry): the episodes its term's list names are read again to tell (a few; when the list is
// cut, or long, the patch gives up).
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "output/output.hpp"
#include "search/shards.hpp"
#include "search/terms.hpp"

namespace search {

// One episode's words as the index counts them: its posting for each term, and each word it
// read whose term is another string.
struct DocWords {
    std::map<std::string, Posting> postings;   // by term
    std::map<std::string, std::string> forms;  // word -> term
};

// The last build's index, patched for the episode `doc` whose words were `before` and are now
// `after`.
struct PatchedShards {
    std::vector<ShardEntry> entries;     // every entry of the top-level keys the edit touches
    std::vector<std::string> kept_tops;  // the other top-level keys,
    std::vector<std::string> kept;       // whose files the last build wrote stay as they are
};

// Whether the episode numbered `doc` (not the edited one) reads `word`, as the index reads it.
using WordReader = std::function<bool(std::uint32_t doc, const std::string& word)>;

// Reads the last build's index from `last` (Output::published: files as it wrote them) and
// patches it; nullopt when that index is not of `docs` episodes stemmed by `algorithm`, a file
// cannot be read, or the edit changed what the files cannot tell (above). `reads_word` tells
// whether another episode reads a word the edit took out.
std::optional<PatchedShards> patch_shards(const output::Output& last, std::size_t docs, const std::string& algorithm,
                                          std::uint32_t doc, const DocWords& before, const DocWords& after,
                                          const WordReader& reads_word);

}  // namespace search
