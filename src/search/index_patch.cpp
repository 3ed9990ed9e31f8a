#include "search/index_patch.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "search/index.hpp"

namespace search {

namespace {

using Json = nlohmann::json;

// The terms and words of one top-level key, as the last build's shards hold them.
struct Group {
    std::map<std::string, TermPostings> terms;
    std::map<std::string, std::string> forms;
};

std::optional<std::string> read_published(const output::Output& last, const std::string& path) {
    const auto file = last.published(path);
    std::string text;
    if (!file || !file->append_to(text, 0, file->size())) return std::nullopt;
    return text;
}

std::optional<Json> parse(const std::string& text) {
    Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (json.is_discarded() || !json.is_object()) return std::nullopt;
    return json;
}

// The bytes a shard's file name stands for (key_name's inverse).
std::optional<std::string> key_of_name(const std::string& name) {
    std::string key;
    for (std::size_t i = 0; i < name.size(); ++i) {
        if (name[i] != '_') {
            key += name[i];
            continue;
        }
        if (i + 2 >= name.size()) return std::nullopt;
        const auto hex = [](char c) { return c >= 'a' ? c - 'a' + 10 : c - '0'; };
        key += static_cast<char>(hex(name[i + 1]) << 4 | hex(name[i + 2]));
        i += 2;
    }
    if (key_name(key) != name) return std::nullopt;
    return key;
}

// The files of the shard of `key` and of the longer keys it was split into (path and text);
// false when one cannot be read.
bool read_key_files(const output::Output& last, const std::string& key,
                    std::vector<std::pair<std::string, std::string>>& files) {
    const std::string name = key_name(key);
    const std::string path = shard_path(name);
    auto text = read_published(last, path);
    if (!text) return false;
    if (!text->starts_with("{\"s\":")) {
        files.emplace_back(path, std::move(*text));
        return true;
    }
    const auto split = parse(*text);
    files.emplace_back(path, std::move(*text));
    if (!split || !split->contains("s") || !(*split)["s"].is_array() || key.size() > 64) return false;
    for (const auto& child : (*split)["s"]) {
        const auto next = child.is_string() ? key_of_name(child.get<std::string>()) : std::nullopt;
        if (!next || next->size() != 1 || !read_key_files(last, key + *next, files)) return false;
    }
    if (split->value("x", 0) == 1) {
        const std::string exact = "search/t/" + name + "_.json";
        auto entries = read_published(last, exact);
        if (!entries) return false;
        files.emplace_back(exact, std::move(*entries));
    }
    return true;
}

// A term's postings as append_postings wrote them.
std::optional<std::vector<Posting>> decode_postings(const Json& flat) {
    if (!flat.is_array()) return std::nullopt;
    std::vector<Posting> list;
    std::int64_t doc = 0;
    for (std::size_t i = 0; i < flat.size();) {
        if (i + 1 >= flat.size() || !flat[i].is_number_integer() || !flat[i + 1].is_number_integer())
            return std::nullopt;
        doc += flat[i].get<std::int64_t>();
        const std::int64_t code = flat[i + 1].get<std::int64_t>();
        const int moments = static_cast<int>(code % 4);
        if (doc < 0 || doc > Posting::k_max_doc || code < 0 || code / 4 > k_max_score || i + 2 + moments > flat.size())
            return std::nullopt;
        Posting p(static_cast<std::uint32_t>(doc));
        p.set_score(static_cast<int>(code / 4));
        for (int m = 0; m < moments; ++m) {
            const Json& moment = flat[i + 2 + static_cast<std::size_t>(m)];
            if (!moment.is_number_integer()) return std::nullopt;
            p.add_moment(static_cast<std::int32_t>(moment.get<std::int64_t>()));
        }
        list.push_back(p);
        i += 2 + static_cast<std::size_t>(moments);
    }
    return list;
}

// Adds the entries of a shard's file ({"c", "f", "t"}) to `group`.
bool read_entries(const std::string& text, Group& group) {
    const auto json = parse(text);
    if (!json) return false;
    static const Json none = Json::object();
    const auto part = [&](const char* name) -> const Json& {  // (found, not copied)
        auto it = json->find(name);
        return it == json->end() ? none : *it;
    };
    const Json &terms = part("t"), &counts = part("c"), &forms = part("f");
    if (!terms.is_object() || !counts.is_object() || !forms.is_object()) return false;
    for (const auto& [term, flat] : terms.items()) {
        auto list = decode_postings(flat);
        if (!list) return false;
        TermPostings& postings = group.terms[term];
        postings.count = list->size();
        if (auto count = counts.find(term); count != counts.end()) {
            if (!count->is_number_unsigned() || count->get<std::size_t>() < list->size()) return false;
            postings.count = count->get<std::size_t>();
        }
        postings.list = std::move(*list);
    }
    for (const auto& [word, term] : forms.items()) {
        if (!term.is_string()) return false;
        group.forms.emplace(word, term.get<std::string>());
    }
    return true;
}

bool same_posting(const Posting& a, const Posting& b) {
    if (a.score() != b.score() || a.moment_count() != b.moment_count()) return false;
    for (int m = 0; m < a.moment_count(); ++m)
        if (a.moment(m) != b.moment(m)) return false;
    return true;
}

// Whether the listed posting `at` of a cut list, become `now`, is still among the list's best:
// it ranks no lower than it did, or above another listed one (whose rank is above every posting
// the list left out). Else an episode the list left out may rank above it, and which one is not
// in the files.
bool stays_among_best(const std::vector<Posting>& list, std::vector<Posting>::const_iterator at, const Posting& now) {
    const std::uint64_t rank = posting_rank(now);
    if (rank >= posting_rank(*at)) return true;
    for (auto p = list.begin(); p != list.end(); ++p)
        if (p != at && posting_rank(*p) < rank) return true;
    return false;
}

// The term's postings with the edited episode's `before` replaced by `after` (either may be
// absent); false when the result cannot be known from `postings` (above).
bool patch_term(TermPostings& postings, std::uint32_t doc, const Posting* before, const Posting* after) {
    std::vector<Posting>& list = postings.list;
    const bool cut = postings.count > list.size();
    auto at = std::find_if(list.begin(), list.end(), [doc](const Posting& p) { return p.doc() == doc; });
    const bool listed = at != list.end();
    if (listed && (!before || !same_posting(*at, *before))) return false;  // (not the index of these words)
    if (!listed && before && !cut) return false;  // (a list not cut holds every episode's posting)
    if (listed) {
        if (cut && (!after || !stays_among_best(list, at, *after))) return false;  // (who follows?)
        list.erase(at);
    }
    if (before && postings.count == 0) return false;
    postings.count = postings.count - (before ? 1 : 0) + (after ? 1 : 0);
    if (after)  // (a cut list that gains one drops its worst when written: term_entry)
        list.insert(std::upper_bound(list.begin(), list.end(), doc,
                                     [](std::uint32_t d, const Posting& p) { return d < p.doc(); }),
                    *after);
    return true;
}

// Whether an episode besides `doc` reads `word`, whose term is `term`, as the last build's
// postings of the term (in `terms`) list them; nullopt when they cannot tell: a cut list, or
// more episodes to read again than the patch saves.
std::optional<bool> others_read(const std::map<std::string, TermPostings>& terms, const std::string& word,
                                const std::string& term, std::uint32_t doc, std::size_t docs,
                                const WordReader& reads_word) {
    constexpr std::size_t k_most_read = 32;
    auto postings = terms.find(term);
    if (postings == terms.end() || postings->second.count > postings->second.list.size() ||
        postings->second.list.size() > k_most_read + 1)
        return std::nullopt;
    for (const Posting& p : postings->second.list)
        if (p.doc() >= docs) return std::nullopt;  // (not of these episodes)
    for (const Posting& p : postings->second.list)
        if (p.doc() != doc && reads_word(p.doc(), word)) return true;
    return false;
}

std::string top_of(const std::string& key) {
    return key.substr(0, 2);  // (as write_shards groups them)
}

}  // namespace

std::optional<PatchedShards> patch_shards(const output::Output& last, std::size_t docs, const std::string& algorithm,
                                          std::uint32_t doc, const DocWords& before, const DocWords& after,
                                          const WordReader& reads_word) {
    if (doc > Posting::k_max_doc) return std::nullopt;
    // The words the edit took out whose term is another string: their entries stay while
    // another episode reads them.
    std::vector<std::pair<const std::string*, const std::string*>> gone;  // word, term
    for (const auto& [word, term] : before.forms)
        if (!after.forms.contains(word)) gone.emplace_back(&word, &term);
    std::map<std::string, std::pair<const Posting*, const Posting*>> changed;  // term -> before, after
    for (const auto& [term, p] : before.postings) {
        auto now = after.postings.find(term);
        if (now == after.postings.end() || !same_posting(p, now->second))
            changed[term] = {&p, now == after.postings.end() ? nullptr : &now->second};
    }
    for (const auto& [term, p] : after.postings)
        if (!before.postings.contains(term)) changed[term] = {nullptr, &p};
    std::map<std::string, Group> touched;  // by top-level key
    for (const auto& [term, postings] : changed) touched[top_of(term)];
    for (const auto& [word, term] : after.forms)
        if (!before.forms.contains(word)) touched[top_of(word)];
    for (const auto& [word, term] : gone) touched[top_of(*word)], touched[top_of(*term)];

    const auto meta_text = read_published(last, "search/meta.json");
    const auto meta = meta_text ? parse(*meta_text) : std::nullopt;
    if (!meta || meta->value("version", 0) != 3 || meta->value("docs", std::size_t{0}) != docs ||
        meta->value("stemmer", std::string()) != algorithm || !meta->contains("shards") ||
        !(*meta)["shards"].is_array())
        return std::nullopt;
    PatchedShards out;
    std::set<std::string> read;  // the touched keys' files
    for (const auto& name : (*meta)["shards"]) {
        const auto top = name.is_string() ? key_of_name(name.get<std::string>()) : std::nullopt;
        if (!top) return std::nullopt;
        auto group = touched.find(*top);
        if (group == touched.end()) {
            out.kept_tops.push_back(*top);
            continue;
        }
        std::vector<std::pair<std::string, std::string>> files;
        if (!read_key_files(last, *top, files)) return std::nullopt;
        for (const auto& [path, text] : files) {
            if (!text.starts_with("{\"s\":") && !read_entries(text, group->second)) return std::nullopt;
            read.insert(path);
        }
    }
    for (auto& path : last.published_under("search/t/"))
        if (!read.contains(path)) out.kept.push_back(std::move(path));
    for (const auto& [word, term] : gone) {
        const std::optional<bool> elsewhere =
            others_read(touched[top_of(*term)].terms, *word, *term, doc, docs, reads_word);
        std::map<std::string, std::string>& forms = touched[top_of(*word)].forms;
        if (!elsewhere || !forms.contains(*word)) return std::nullopt;  // (or the files are not of these words)
        if (!*elsewhere) forms.erase(*word);
    }

    for (auto& [top, group] : touched) {
        for (auto it = changed.lower_bound(top); it != changed.end() && it->first.starts_with(top); ++it) {
            if (top_of(it->first) != top) continue;
            const auto [was, now] = it->second;
            if (!patch_term(group.terms[it->first], doc, was, now)) return std::nullopt;
        }
        for (const auto& [word, term] : after.forms)
            if (top_of(word) == top) group.forms.emplace(word, term);
        for (auto& [term, postings] : group.terms)
            if (postings.count > 0) out.entries.push_back(term_entry(term, postings));
        for (const auto& [word, term] : group.forms) out.entries.push_back(form_entry(word, term));
    }
    return out;
}

}  // namespace search
