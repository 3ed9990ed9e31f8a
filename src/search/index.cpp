#include "search/index.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <unordered_map>
#include <utility>

#include "concurrency/parallel.hpp"
#include "core/slug.hpp"
#include "dates/dates.hpp"
#include "html/escape.hpp"
#include "html/html_sanitizer.hpp"
#include "listening/timecode.hpp"
#include "search/index_patch.hpp"
#include "search/shards.hpp"
#include "search/stemmer_script.hpp"
#include "search/terms.hpp"
#include "site/site_paths.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace search {

namespace {

constexpr std::size_t k_excerpt_chars = 100;

// The start of `text` a result shows: cut at the last word boundary within k_excerpt_chars
// code points, with an ellipsis when anything was cut ("NCCL co" was shown before).
std::string excerpt_of(std::string_view text) {
    const std::string_view cut = text::truncate_code_points(text, k_excerpt_chars);
    if (cut.size() == text.size()) return std::string(cut);
    std::size_t end = cut.find_last_of(" \t\n");
    if (end == std::string_view::npos || end < cut.size() / 2) end = cut.size();  // (one long word: cut it)
    std::string_view kept = cut.substr(0, end);
    while (!kept.empty() && std::string_view(" ,;:-").find(kept.back()) != std::string_view::npos)
        kept.remove_suffix(1);
    return std::string(kept) + "\xE2\x80\xA6";
}

// What one indexing thread keeps.
struct Worker {
    explicit Worker(const std::string& language) : lexicon(language), terms(lexicon) {}
    Lexicon lexicon;
    DocTerms terms;
};

// An episode's entry in a block, made by a worker, written by the caller.
struct IndexedDoc {
    std::size_t doc = 0;
    std::string entry;  // [title, slug, date, excerpt, [[chapter seconds, chapter title], ...]]
};

// The episode's chapters that are listed: the moments a hit can land on.
std::vector<const core::Chapter*> listed_chapters(const core::Episode& e) {
    std::vector<const core::Chapter*> chapters;
    for (const auto& c : e.chapters.list)
        if (c.listed) chapters.push_back(&c);
    return chapters;
}

// Adds the episode's words to `terms`, its note's body being `note_html`. (`transcript` is
// let go of once read: freed here when it held the last reference, and the postings reuse its
// memory.)
void add_terms(DocTerms& terms, const core::Episode& e, core::SharedTranscript transcript,
               const site::SiteContent& content, std::string_view note_html) {
    const notes::EpisodeExtras* extras = content.curation.extras(e);
    terms.add(e.title, 8);
    terms.add(content.text(e).plain.view(), 1);
    if (extras) {
        for (const auto& t : notes::Curation::topics_of(extras, e)) terms.add(t, 4);
        for (const auto& g : extras->guests) terms.add(g, 4);
        terms.add(extras->summary, 2);
        terms.add(html::html_to_text(note_html), 1);
    }
    // The moments: chapter titles (weighing 3) and the transcript's timed paragraphs.
    const std::vector<const core::Chapter*> chapters = listed_chapters(e);
    for (std::size_t c = 0; c < chapters.size(); ++c)
        terms.add(chapters[c]->title, 3, -static_cast<std::int32_t>(c) - 1);
    if (!transcript) return;
    const auto& paragraphs = transcript->segments;
    for (std::size_t k = 0; k < paragraphs.size(); ++k) {
        // The next paragraph is asked of memory while this one is read: the transcripts were
        // read long before, and each paragraph's first read waited for memory (a tenth of
        // indexing them).
        if (k + 1 < paragraphs.size()) text::prefetch(paragraphs[k + 1].text);
        const auto& p = paragraphs[k];
        terms.add(p.text, 1,
                  transcript->timed ? static_cast<std::int32_t>(listening::whole_seconds(p.start)) : k_no_moment, true);
    }
}

// An episode's entry in a block: [title, slug, date, excerpt, [[chapter seconds, chapter title], ...]].
std::string doc_entry(const core::Episode& e, const site::SiteContent& content) {
    const notes::EpisodeExtras* extras = content.curation.extras(e);
    const std::string_view text = content.text(e).plain.view();
    const std::string excerpt =
        extras && !extras->summary.empty() ? extras->summary + " " + std::string(text) : std::string(text);
    const std::vector<const core::Chapter*> chapters = listed_chapters(e);
    std::string entry = "[";
    html::append_json_string(entry, e.title);
    entry += ',';
    html::append_json_string(entry, e.slug);
    entry += ',';
    html::append_json_string(entry, e.date ? content.site.words->day(*e.date) : "");
    entry += ',';
    html::append_json_string(entry, excerpt_of(excerpt));
    entry += ",[";
    for (std::size_t c = 0; c < chapters.size(); ++c) {
        if (c) entry += ',';
        entry += '[' + std::to_string(listening::whole_seconds(chapters[c]->start)) + ',';
        html::append_json_string(entry, chapters[c]->title);
        entry += ']';
    }
    entry += "]]";
    return entry;
}

IndexedDoc index_doc(Worker& w, std::size_t doc, const core::Episode& e, core::SharedTranscript transcript,
                     const site::SiteContent& content) {
    const notes::EpisodeExtras* extras = content.curation.extras(e);
    add_terms(w.terms, e, std::move(transcript), content, extras ? extras->note_html : "");
    w.terms.post(static_cast<std::uint32_t>(doc));
    return {doc, doc_entry(e, content)};
}

// The filters' lists: an episode's year, topics and guests.
struct Filters {
    using Terms = std::map<std::string, std::pair<std::string, std::vector<std::size_t>>>;  // slug -> name, docs
    std::map<int, std::vector<std::size_t>> years;
    Terms topics, guests;
};

Filters filters_of(const core::Catalog& catalog, const notes::Curation& curation) {
    Filters f;
    // Each name's slug made once: a few names, each on many episodes (slugging one is a
    // Unicode normalization, 2% of a build after a note edit when made for each episode).
    std::unordered_map<std::string_view, std::string> slugs;
    auto add = [&slugs](Filters::Terms& terms, const std::vector<std::string>& names, std::size_t doc) {
        for (const auto& name : names) {
            auto [slug, fresh] = slugs.try_emplace(name);
            if (fresh) slug->second = site::term_slug(name);
            auto& [first_name, docs] = terms[slug->second];
            if (first_name.empty()) first_name = name;
            if (docs.empty() || docs.back() != doc) docs.push_back(doc);
        }
    };
    for (std::size_t i = 0; i < catalog.episodes.size(); ++i) {
        const core::Episode& e = catalog.episodes[i];
        if (e.date) f.years[dates::year_of(*e.date)].push_back(i);
        if (const notes::EpisodeExtras* x = curation.extras(e))
            add(f.topics, notes::Curation::topics_of(x, e), i), add(f.guests, x->guests, i);
    }
    return f;
}

// (Topics and guests sorted as the show's language sorts names, as their pages are.)
nlohmann::json write_filters(const Filters& f, const i18n::Words& words, output::Output& out) {
    auto docs = [](const std::vector<std::size_t>& list) { return nlohmann::json(list).dump(); };
    nlohmann::json years = nlohmann::json::array(), topics = nlohmann::json::array(), guests = nlohmann::json::array();
    for (auto it = f.years.rbegin(); it != f.years.rend(); ++it) {
        out.add("search/f/y" + std::to_string(it->first) + ".json", docs(it->second));
        years.push_back({it->first, it->second.size()});
    }
    for (const auto& [section, map, prefix] :
         {std::tuple{&topics, &f.topics, "t-"}, std::tuple{&guests, &f.guests, "g-"}}) {
        std::vector<std::pair<std::string, const Filters::Terms::value_type*>> sorted;
        for (const auto& slug_entry : *map)
            if (!slug_entry.first.empty()) sorted.emplace_back(words.sort_key(slug_entry.second.first), &slug_entry);
        std::sort(sorted.begin(), sorted.end());
        for (const auto& [key, slug_entry] : sorted) {
            const auto& [slug, entry] = *slug_entry;
            out.add("search/f/" + std::string(prefix) + slug + ".json", docs(entry.second));
            section->push_back({entry.first, slug, entry.second.size()});
        }
    }
    return {{"years", years}, {"topics", topics}, {"guests", guests}};
}

using Workers = std::vector<std::unique_ptr<Worker>>;

// Indexes the episodes on every core, each thread into its own postings with its own stemmer;
// `entries` receives each episode's entry for the result blocks.
Workers index_episodes(const site::SiteContent& content, std::vector<core::SharedTranscript>& transcripts,
                       std::vector<std::string>& entries) {
    const core::Catalog& catalog = content.catalog;
    const std::size_t n = catalog.episodes.size();
    concurrency::PipelineShape shape;
    shape.threads = concurrency::threads_for(n, 16);
    Workers workers(shape.threads);
    std::atomic<std::size_t> next_worker{0};
    entries.assign(n, {});
    concurrency::bounded_pipeline(
        n, shape,
        [&] {
            auto& w = workers[next_worker++];
            w = std::make_unique<Worker>(content.site.language);
            return w.get();
        },
        [&](Worker* w, std::size_t i) {
            return index_doc(*w, i, catalog.episodes[i], std::move(transcripts[i]), content);
        },
        [&](IndexedDoc doc) { entries[doc.doc] = std::move(doc.entry); });
    return workers;
}

void write_blocks(std::vector<std::string> entries, output::Output& out) {
    const std::size_t n = entries.size();
    for (std::size_t first = 0; first < n; first += k_block_size) {
        std::string block = "[";
        for (std::size_t i = first; i < std::min(n, first + k_block_size); ++i) {
            if (i > first) block += ',';
            block += entries[i];
        }
        out.add("search/d/" + std::to_string(first / k_block_size) + ".json", block + "]");
    }
}

// Each term's postings from every worker, joined, cut and written as JSON on every core (the
// workers' lists are freed as they go), and the words whose stem is another term.
std::vector<ShardEntry> shard_entries(Workers& workers) {
    std::unordered_map<std::string_view, std::vector<TermPostings>>
        parts;  // (a term's list from each worker that has it)
    for (const auto& w : workers)
        if (w)
            for (std::uint32_t id = 0; id < w->lexicon.size(); ++id)
                parts[w->lexicon.term(id)].push_back(w->lexicon.postings.take(id));
    std::vector<std::pair<std::string_view, std::vector<TermPostings>*>> terms;
    terms.reserve(parts.size());
    for (auto& [term, lists] : parts) terms.emplace_back(term, &lists);
    std::vector<ShardEntry> entries(terms.size());
    concurrency::parallel_for(terms.size(), 256, [&](std::size_t i) {
        std::vector<TermPostings>& lists = *terms[i].second;
        TermPostings& all = lists.front();  // (each is one term's: joined on any thread)
        for (std::size_t k = 1; k < lists.size(); ++k) all.join(std::exchange(lists[k], {}));
        entries[i] = term_entry(terms[i].first, all);
    });
    std::map<std::string_view, std::string_view> forms;  // (one entry a word, whichever thread read it)
    for (const auto& w : workers)
        if (w)
            w->lexicon.for_each_form(
                [&](std::string_view word, const std::string& stem) { forms.emplace(word, stem); });
    for (const auto& [word, stem] : forms) entries.push_back(form_entry(word, stem));
    return entries;
}

// The words of the episode at `doc` as the index counts them, its note's body being
// `note_html`; `algorithm` receives the stemmer's name.
DocWords words_of(const site::SiteContent& content, std::size_t doc, core::SharedTranscript transcript,
                  std::string_view note_html, std::string& algorithm) {
    Worker w(content.site.language);
    add_terms(w.terms, content.catalog.episodes[doc], std::move(transcript), content, note_html);
    w.terms.post(static_cast<std::uint32_t>(doc));
    DocWords words;
    for (std::uint32_t id = 0; id < w.lexicon.size(); ++id) {
        TermPostings postings = w.lexicon.postings.take(id);
        if (!postings.list.empty()) words.postings.emplace(w.lexicon.term(id), postings.list.front());
    }
    w.lexicon.for_each_form([&](std::string_view word, const std::string& term) { words.forms.emplace(word, term); });
    algorithm = w.lexicon.algorithm();
    return words;
}

// What patch_index wrote: every top-level key, and the last build's files that stay.
struct Patched {
    std::vector<std::string> tops, carried;
};

// The index's terms after an edit of one note's body, patched into the last build's and written,
// when they can be; nothing otherwise. A body edit changes nothing a result shows, so the last
// build's result blocks stay too.
Patched patch_index(const site::SiteContent& content, const std::vector<core::SharedTranscript>& transcripts,
                    output::Output& out, const EditedNote& edited, std::string& algorithm) {
    const core::Catalog& catalog = content.catalog;
    if (edited.episode >= catalog.episodes.size()) return {};
    std::vector<std::string> blocks = out.published_under("search/d/");
    if (blocks.size() != (catalog.episodes.size() + k_block_size - 1) / k_block_size) return {};
    const auto words = [&](std::string_view note_html) {
        return words_of(content, edited.episode, transcripts[edited.episode], note_html, algorithm);
    };
    const notes::EpisodeExtras* extras = content.curation.extras(catalog.episodes[edited.episode]);
    const DocWords before = words(edited.note_html), after = words(extras ? extras->note_html : "");
    const auto reads_word = [&](std::uint32_t doc, const std::string& word) {
        const notes::EpisodeExtras* x = content.curation.extras(catalog.episodes[doc]);
        std::string unused;
        return words_of(content, doc, transcripts[doc], x ? std::string_view(x->note_html) : "", unused)
            .forms.contains(word);
    };
    auto patched = patch_shards(out, catalog.episodes.size(), algorithm, static_cast<std::uint32_t>(edited.episode),
                                before, after, reads_word);
    if (!patched) return {};
    std::vector<std::string> tops = write_shards(std::move(patched->entries), out);
    tops.insert(tops.end(), patched->kept_tops.begin(), patched->kept_tops.end());
    std::sort(tops.begin(), tops.end());
    blocks.insert(blocks.end(), patched->kept.begin(), patched->kept.end());
    return {std::move(tops), std::move(blocks)};
}

}  // namespace

std::string key_name(std::string_view key) {
    std::string name;
    for (unsigned char c : key) {
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            name += static_cast<char>(c);
        } else {
            name += '_';
            name += text::k_hex_digits[c >> 4];
            name += text::k_hex_digits[c & 15];
        }
    }
    return name;
}

std::string shard_path(const std::string& key_name) {
    return "search/t/" + key_name + (core::is_safe_path_segment(key_name) ? "" : "-") + ".json";
}

std::vector<core::SharedTranscript> transcripts_of(const core::Catalog& catalog) {
    std::vector<core::SharedTranscript> out;
    out.reserve(catalog.episodes.size());
    for (const auto& e : catalog.episodes) out.push_back(e.transcript);
    return out;
}

std::vector<std::string> write_index(const site::SiteContent& content, std::vector<core::SharedTranscript> transcripts,
                                     output::Output& out, const EditedNote* edited) {
    const core::Catalog& catalog = content.catalog;
    const site::SiteInfo& site = content.site;
    std::string algorithm;
    Patched patched = edited ? patch_index(content, transcripts, out, *edited, algorithm) : Patched();
    std::vector<std::string>& tops = patched.tops;
    if (patched.carried.empty()) {  // (not patched: every episode indexed)
        std::vector<std::string> entries;
        Workers workers = index_episodes(content, transcripts, entries);
        write_blocks(std::move(entries), out);
        tops = write_shards(shard_entries(workers), out);
        algorithm = workers.empty() || !workers[0] ? "" : workers[0]->lexicon.algorithm();
    }
    nlohmann::json keys = nlohmann::json::array();
    for (const auto& top : tops) keys.push_back(key_name(top));
    nlohmann::json meta = {{"version", 3},
                           {"docs", catalog.episodes.size()},
                           {"block_size", k_block_size},
                           {"stemmer", algorithm},
                           {"shards", keys}};
    meta.update(write_filters(filters_of(catalog, content.curation), *site.words, out));
    out.add("search/meta.json", meta.dump());
    // The same algorithm for the query words the index does not hold ("dispatching" when it has
    // only "dispatch" and "dispatched").
    if (const std::string_view script = stemmer_script(algorithm); !script.empty())
        out.add("search/stem.js", std::string(script));
    return std::move(patched.carried);
}

}  // namespace search
