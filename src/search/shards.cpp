#include "search/shards.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <span>

#include "concurrency/parallel.hpp"
#include "html/escape.hpp"
#include "search/index.hpp"

namespace search {

namespace {

// A term's postings (in archive order) as one flat list: for each, the episode (the first by
// its number, each next by how far it is from the one before), its score times 4 plus the
// number of its moments (at most 3: Posting counts them in two bits), then those moments.
// (Postings as lists of their own took a third more bytes: every query fetches them.)
void append_postings(std::string& out, const std::vector<Posting>& list) {
    out += '[';
    char digits[16];
    bool first = true;
    auto number = [&](long long v) {
        if (!first) out += ',';
        first = false;
        out.append(digits, std::to_chars(digits, digits + sizeof digits, v).ptr);
    };
    std::uint32_t last = 0;
    for (const Posting& p : list) {
        number(p.doc() - last);
        last = p.doc();
        number(p.score() * 4 + p.moment_count());
        for (int m = 0; m < p.moment_count(); ++m) number(p.moment(m));
    }
    out += ']';
}

// A shard: its entries, or, split, the next bytes of the longer keys it was split into (and its
// entries as long as its key apart, in "<key>_.json": a browser walking to a longer key passes
// through the split shard, which stays a few bytes).
struct Shard {
    std::vector<const ShardEntry*> entries;
    std::vector<std::string> children;  // key names of one byte ("n", "_c3")
};

std::string entries_json(const std::vector<const ShardEntry*>& entries) {
    std::string t = "{", c = "{", f = "{";
    for (const ShardEntry* e : entries) {
        std::string& part = e->part == 'f' ? f : t;
        if (part.size() > 1) part += ',';
        part += e->json;
        if (!e->count_json.empty()) {
            if (c.size() > 1) c += ',';
            c += e->count_json;
        }
    }
    return "{\"c\":" + c + "},\"f\":" + f + "},\"t\":" + t + "}}";  // (in nlohmann's dump() order)
}

std::string split_json(const Shard& shard) {
    std::string s = "{\"s\":[";
    for (std::size_t i = 0; i < shard.children.size(); ++i) {
        if (i) s += ',';
        html::append_json_string(s, shard.children[i]);
    }
    return s + "],\"x\":" + (shard.entries.empty() ? "0" : "1") + "}";
}

// Splits entries (sorted by key, all starting with `prefix`) into shards of at most
// k_shard_bytes where the keys allow it (the longest key that starts a word names its shard).
void assign_shards(const std::string& prefix, std::span<const ShardEntry*> entries,
                   std::map<std::string, Shard>& shards) {
    Shard& shard = shards[prefix];  // (std::map: the reference stays valid as the map grows)
    std::size_t bytes = 0;
    for (const ShardEntry* e : entries) bytes += e->json.size() + e->count_json.size() + 2;
    if (bytes <= k_shard_bytes || prefix.size() >= 24) {
        shard.entries.assign(entries.begin(), entries.end());
        return;
    }
    std::size_t i = 0;
    while (i < entries.size() && entries[i]->key.size() == prefix.size()) ++i;  // (sorted: the prefix itself first)
    shard.entries.assign(entries.begin(), entries.begin() + static_cast<std::ptrdiff_t>(i));
    while (i < entries.size()) {
        std::size_t j = i;
        const char next = entries[i]->key[prefix.size()];
        while (j < entries.size() && entries[j]->key[prefix.size()] == next) ++j;
        shard.children.push_back(key_name(std::string(1, next)));
        assign_shards(prefix + next, entries.subspan(i, j - i), shards);
        i = j;
    }
}

}  // namespace

ShardEntry term_entry(std::string_view term, TermPostings& postings) {
    std::vector<Posting>& list = postings.list;
    postings.keep_best();
    ShardEntry e{std::string(term), "", 't', ""};
    html::append_json_string(e.json, term);
    e.json += ':';
    append_postings(e.json, list);
    if (postings.count > list.size()) {
        html::append_json_string(e.count_json, term);
        e.count_json += ':' + std::to_string(postings.count);
    }
    std::vector<Posting>().swap(list);
    return e;
}

ShardEntry form_entry(std::string_view word, std::string_view term) {
    ShardEntry e{std::string(word), "", 'f', ""};
    html::append_json_string(e.json, word);
    e.json += ':';
    html::append_json_string(e.json, term);
    return e;
}

std::vector<std::string> write_shards(std::vector<ShardEntry> all, output::Output& out) {
    std::sort(all.begin(), all.end(), [](const ShardEntry& a, const ShardEntry& b) {
        return a.key != b.key ? a.key < b.key : a.part < b.part;
    });
    std::map<std::string, Shard> shards;
    std::vector<std::string> tops;  // each word's first two bytes
    for (std::size_t i = 0; i < all.size();) {
        const std::string top = all[i].key.substr(0, 2);
        std::size_t j = i;
        std::vector<const ShardEntry*> group;
        for (; j < all.size() && all[j].key.compare(0, 2, top) == 0; ++j) group.push_back(&all[j]);
        assign_shards(top, group, shards);
        tops.push_back(top);
        i = j;
    }
    // Written on every core (a large archive has tens of thousands of shards), counted here.
    std::vector<std::pair<std::string, const Shard*>> files_of;  // (a split shard with entries has two files)
    for (const auto& [key, shard] : shards) {
        const std::string name = key_name(key);
        files_of.emplace_back(shard_path(name), &shard);
        if (!shard.children.empty() && !shard.entries.empty())
            files_of.emplace_back("search/t/" + name + "_.json", &shard);
    }
    std::vector<output::Output::Prepared> files(files_of.size());
    concurrency::parallel_for(files_of.size(), 64, [&](std::size_t i) {
        const auto& [path, shard] = files_of[i];
        const bool exact = path.ends_with("_.json");
        files[i] =
            out.prepare(path, shard->children.empty() || exact ? entries_json(shard->entries) : split_json(*shard));
    });
    for (auto& file : files) out.add(std::move(file));
    return tops;
}

}  // namespace search
