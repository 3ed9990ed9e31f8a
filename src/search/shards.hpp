#pragma once
// The search index's terms written as shards, split until small (index.hpp has the
// files' format and how a browser finds a word's shard).
#include <string>
#include <string_view>
#include <vector>

#include "output/output.hpp"
#include "search/terms.hpp"

namespace search {

// One entry of a shard: a term with its postings (and its count, when they were cut), or a
// word with its term.
struct ShardEntry {
    std::string key;         // the term or the word
    std::string json;        // "term":[...] or "word":"term"
    char part = 't';         // 't' (a term) or 'f' (a word's term)
    std::string count_json;  // "term":N when the list was cut
};

// A term's entry: its postings cut to the best, in archive order (the list is freed).
ShardEntry term_entry(std::string_view term, TermPostings& postings);

// A word's entry: the term it stands for.
ShardEntry form_entry(std::string_view word, std::string_view term);

// Writes search/t/ from the entries (in any order), on every core; returns the top-level keys
// (each entry's first two bytes), in byte order.
std::vector<std::string> write_shards(std::vector<ShardEntry> entries, output::Output& out);

}  // namespace search
