#include "notes/apply_notes.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <set>
#include <tuple>
#include <unordered_map>

#include "concurrency/parallel.hpp"
#include "dates/dates.hpp"
#include "listening/attachments.hpp"
#include "listening/chapters.hpp"
#include "notes/markdown.hpp"
#include "text/strings.hpp"

namespace notes {

namespace {

// A rendered body depends on its text and where it starts (the lines of its messages).
std::string markdown_key(const std::string& body, int first_line) {
    return std::to_string(first_line) + "\n" + body;
}

EpisodeResolver resolver(const core::Catalog& catalog, const EpisodeIndex& index, const EpisodeUrl& episode_url) {
    return [&](const std::string& slug) -> std::optional<std::string> {
        auto hits = index.find(slug);
        if (hits.size() != 1) return std::nullopt;
        return episode_url(catalog.episodes[hits[0]].slug);
    };
}

struct Applier {
    core::Catalog& catalog;
    const EpisodeUrl& episode_url;
    ApplyCache* cache;
    const EpisodeIndex& index;
    MarkdownCache used;  // what the cache will hold afterwards: only the notes of this run
    std::vector<core::Diagnostic> errors;
    Curation curation;
    // By position in the catalog as merged (before notes change any date): positions, not slugs,
    // so that no string is hashed or compared for each of thousands of notes.
    std::vector<const std::string*> noted_by;               // episode -> its note's file
    std::map<std::size_t, std::set<std::size_t>> links_to;  // episode -> the episodes whose notes link to it
    bool dates_changed = false;                             // a note gave an episode its date
    std::unordered_map<const std::string*, RenderedMarkdown> prerendered;  // by the body in the NoteSet

    // Resolves a reference to one episode index, or reports why not.
    std::optional<std::size_t> resolve(const Located& ref, const std::string& what) {
        auto hits = index.find(ref.value);
        if (hits.size() == 1) return hits[0];
        if (hits.empty()) {
            auto near = closest_slugs(catalog, ref.value);
            errors.push_back(
                core::error_at(ref.at, what + " '" + ref.value + "' matches no episode (by slug, guid or title)" +
                                           (near.empty() ? "" : "; closest slugs: " + text::join(near, ", "))));
        } else {
            std::vector<std::string> slugs;
            for (auto i : hits) slugs.push_back(catalog.episodes[i].slug);
            errors.push_back(core::error_at(ref.at, what + " '" + ref.value + "' matches " +
                                                        std::to_string(hits.size()) + " episodes (" +
                                                        text::join(slugs, ", ") + "); use a slug"));
        }
        return std::nullopt;
    }

    // A note body as HTML, its episode: links resolved against the catalog as merged (the
    // index is built before any note changes a title, so the result depends on the text only).
    RenderedMarkdown render(const std::string& body, int first_line) {
        std::string key;
        if (cache) {
            key = markdown_key(body, first_line);
            if (auto it = used.find(key); it != used.end()) return it->second;  // the same text twice
            // Moved, not copied, from the last run's cache: this run's replaces it.
            if (auto node = cache->markdown.extract(key)) return used.insert(std::move(node)).position->second;
        }
        auto found = prerendered.find(&body);
        auto rendered = found != prerendered.end()
                            ? std::move(found->second)
                            : render_markdown(body, first_line, resolver(catalog, index, episode_url));
        if (cache) used.emplace(std::move(key), rendered);
        return rendered;
    }

    // Renders, on every core, the bodies render() will be asked for that the cache does not
    // hold: before any note is applied, since rendering reads the catalog as merged (a large
    // archive has thousands of notes, and applying them is otherwise one thread's work).
    void prerender(const NoteSet& notes) {
        std::vector<std::pair<const std::string*, int>> bodies;
        auto want = [&](const std::string& body, int first_line) {
            if (!cache || !cache->markdown.contains(markdown_key(body, first_line)))
                bodies.emplace_back(&body, first_line);
        };
        for (const auto& note : notes.episodes)
            if (!note->draft && !note->episode.value.empty()) want(note->body, note->body_line);
        for (const auto& page : notes.pages)
            if (!page.draft && !page.title.empty()) want(page.body, page.body_line);
        std::vector<RenderedMarkdown> rendered(bodies.size());
        const EpisodeResolver resolve = resolver(catalog, index, episode_url);  // reads only
        concurrency::parallel_for(bodies.size(), 16, [&](std::size_t i) {
            rendered[i] = render_markdown(*bodies[i].first, bodies[i].second, resolve);
        });
        for (std::size_t i = 0; i < bodies.size(); ++i) prerendered.emplace(bodies[i].first, std::move(rendered[i]));
    }

    void set_source(core::Episode& e, const std::string& field, const EpisodeNote& note) {
        e.sources.set(field, {"note:" + note.file, note.file, note.episode.at.line});
    }

    void override_fields(core::Episode& e, const EpisodeNote& n) {
        if (n.title) e.title = *n.title, e.title_derived = false, set_source(e, "title", n);
        if (n.date) e.date = n.date, set_source(e, "date", n), dates_changed = true;
        if (n.duration) e.duration = n.duration, set_source(e, "duration", n);
        if (n.description) {
            e.description = *n.description, e.description_is_html = false, e.description_truncated = false;
            set_source(e, "description", n);
        }
        if (n.image) e.image = *n.image, set_source(e, "image", n);
        if (n.url) {
            e.page_url = *n.url, set_source(e, "page_url", n);
            if (std::none_of(e.listen_on.begin(), e.listen_on.end(), [&](const auto& l) { return l.url == *n.url; }))
                e.listen_on.insert(e.listen_on.begin(), {"", *n.url});  // (named in the site's words)
        }
        if (n.number) e.episode_number = n.number, set_source(e, "episode_number", n);
        if (n.season) e.season = n.season, set_source(e, "season", n);
    }

    // What the note says for listeners: its chapters (a list or a file) before any source's, no
    // chapters from the show notes when it says so, and its transcript file.
    void override_listening(core::Episode& e, const EpisodeNote& n) {
        if (n.chapter_list) {
            listening::set_chapters(e,
                                    {*n.chapter_list,
                                     core::ChapterOrigin::note,
                                     {"note:" + n.file, n.chapters_at.file, n.chapters_at.line, n.chapters_at.line}});
        } else if (e.chapters.origin == core::ChapterOrigin::show_notes || e.chapters.empty()) {
            // The merged sources have their show notes' chapters (stages::merge_sources): they are
            // read again only from the note's own description.
            if (!n.chapters_from_show_notes)
                listening::set_chapters(e, {});
            else if (n.description)
                listening::set_chapters(e, listening::show_notes_chapters(e));
        }
        if (n.transcript_read) e.transcript = n.transcript_read, set_source(e, "transcript", n);
    }

    void apply(const EpisodeNote& note) {
        if (note.episode.value.empty()) return;  // already reported by the loader
        auto found = resolve(note.episode, "episode");
        std::vector<std::size_t> related;
        for (const auto& ref : note.related)
            if (auto i = resolve(ref, "related episode")) related.push_back(*i);
        if (!found || note.draft) return;
        core::Episode& e = catalog.episodes[*found];
        if (noted_by[*found]) {
            errors.push_back(
                core::error_at(note.episode.at, "episode '" + e.slug + "' already has a note: " + *noted_by[*found]));
            return;
        }
        noted_by[*found] = &note.file;
        override_fields(e, note);
        override_listening(e, note);
        EpisodeExtras& x = curation.by_slug[e.slug];
        x.note_file = note.file;
        x.summary = note.summary.value_or("");
        x.note_topics = note.topics;
        x.guests = note.guests;
        x.errata = note.errata;
        x.links = note.links;
        for (std::size_t r : related) x.related.push_back(catalog.episodes[r].slug), links_to[r].insert(*found);
        x.transcript = note.transcript;
        x.chapters = note.chapters;
        RenderedMarkdown rendered = render(note.body, note.body_line);
        check_tangled(rendered, note.file, note.body_line);
        for (const auto& link : rendered.resolved) links_to[index.find(link.slug)[0]].insert(*found);
        for (const auto& link : rendered.unresolved) {
            auto near = closest_slugs(catalog, link.slug);
            errors.push_back(core::error_at({note.file, link.line, link.column},
                                            "link to episode:" + link.slug + " matches no episode" +
                                                (near.empty() ? "" : "; closest slugs: " + text::join(near, ", "))));
        }
        x.note_html = std::move(rendered.html);
    }

    // (Raw HTML that leaves elements open, or Markdown nested thousands deep: 20,000 '>'; a
    // table row of thousands of cells.)
    void check_tangled(const RenderedMarkdown& rendered, const std::string& file, int body_line) {
        if (rendered.wide_row_line > 0)
            errors.push_back(core::error_at({file, rendered.wide_row_line, 1},
                                            "a table row of more than " + std::to_string(k_max_row_cells) +
                                                " cells ('|'): the Markdown renderer's time grows with the square of "
                                                "a row's cells; split the table, or write its rows as a list"));
        if (rendered.tangled)
            errors.push_back(
                core::error_at({file, body_line, 1},
                               "the body nests or reopens its elements past what an HTML parser reads in bounded "
                               "time (each tag's work grows with the elements open), so the page would show its "
                               "text alone; close the elements its HTML opens, and nest less deep"));
    }

    void pages(const NoteSet& notes) {
        const auto& reserved = reserved_page_slugs();
        std::map<std::string, std::string> taken;
        for (const auto& page : notes.pages) {
            if (page.draft || page.title.empty()) continue;
            if (std::find(reserved.begin(), reserved.end(), page.slug) != reserved.end()) {
                errors.push_back(
                    core::error_at({page.file, 1, 1},
                                   "page slug '" + page.slug + "' is taken by the site itself; set another 'slug'"));
                continue;
            }
            if (auto [it, fresh] = taken.emplace(page.slug, page.file); !fresh) {
                errors.push_back(
                    core::error_at({page.file, 1, 1}, "page slug '" + page.slug + "' is also used by " + it->second));
                continue;
            }
            RenderedMarkdown rendered = render(page.body, page.body_line);
            check_tangled(rendered, page.file, page.body_line);
            for (const auto& link : rendered.unresolved)
                errors.push_back(core::error_at({page.file, link.line, link.column},
                                                "link to episode:" + link.slug + " matches no episode"));
            curation.pages.push_back(
                {page.file, page.slug, page.title, page.description, rendered.html, page.order, page.nav});
        }
        std::stable_sort(curation.pages.begin(), curation.pages.end(), [](const ContentPage& a, const ContentPage& b) {
            return a.order != b.order ? a.order < b.order : a.title < b.title;
        });
    }
};

// Dates a note changed move episodes: keep newest first, undated ones next to where they were.
// Returns each episode's new position, by its old one.
std::vector<std::size_t> reorder(core::Catalog& catalog) {
    std::vector<std::pair<std::int64_t, std::size_t>> keys;
    std::int64_t last = INT64_MAX;
    for (std::size_t i = 0; i < catalog.episodes.size(); ++i) {
        const auto& e = catalog.episodes[i];
        last = e.date ? e.date->utc_seconds : (last == INT64_MAX ? last : last - 1);
        keys.emplace_back(last, i);
    }
    std::stable_sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<core::Episode> sorted;
    std::vector<std::size_t> moved_to(keys.size());
    for (const auto& [key, i] : keys) moved_to[i] = sorted.size(), sorted.push_back(std::move(catalog.episodes[i]));
    catalog.episodes = std::move(sorted);
    return moved_to;
}

}  // namespace

const std::vector<std::string>& reserved_page_slugs() {
    static const std::vector<std::string> slugs = {"episodes", "topics", "guests", "page",   "archive", "css",
                                                   "js",       "search", "feed",   "static", "404"};
    return slugs;
}

std::vector<std::size_t> find_episodes(const core::Catalog& catalog, const std::string& reference) {
    EpisodeIndex index(catalog);  // named: the hits point into it
    auto hits = index.find(reference);
    return {hits.begin(), hits.end()};
}

std::string note_template(const core::Episode& e) {
    // Only `episode:` is a key: a `title:` or `date:` here would override the sources from then
    // on and name the note as their source. What the sources say now is shown as comments, to
    // copy into a key when the sources are wrong.
    YAML::Emitter yaml;
    yaml << YAML::BeginMap << YAML::Key << "episode" << YAML::Value << e.slug << YAML::EndMap;
    auto comment_line = [](std::string_view key, std::string value) {
        YAML::Emitter one;  // quoted as YAML would need it, so uncommenting gives a valid key
        one << YAML::BeginMap << YAML::Key << std::string(key) << YAML::Value << text::collapse_whitespace(value)
            << YAML::EndMap;
        return "# " + std::string(one.c_str()) + "\n";
    };
    std::string out = std::string("---\n") + yaml.c_str() + "\n";
    out += "# The sources say (uncomment a line only to correct them):\n";
    out += comment_line("title", e.title);
    out += e.date ? comment_line("date", dates::format_iso8601(*e.date)) : "# date: (no source gives one)\n";
    out += "topics: []\n";
    return out +
           "---\n\n<!-- Write the note here: corrections, context, links to other "
           "episodes as [title](episode:their-slug). -->\n";
}

std::vector<std::string> closest_slugs(const core::Catalog& catalog, const std::string& wanted) {
    std::vector<std::pair<std::size_t, std::string>> scored;
    std::size_t limit = std::max<std::size_t>(3, wanted.size() * 2 / 3);
    for (const auto& e : catalog.episodes) {
        std::size_t d = text::edit_distance(wanted, e.slug, limit);
        if (d <= limit) scored.emplace_back(d, e.slug);
    }
    std::sort(scored.begin(), scored.end());
    std::vector<std::string> out;
    for (std::size_t i = 0; i < scored.size() && i < 3; ++i) out.push_back(scored[i].second);
    return out;
}

EpisodeIndex::EpisodeIndex(const core::Catalog& catalog) {
    std::size_t bytes = 0;
    for (const auto& e : catalog.episodes)
        bytes += e.slug.size() + e.guid.size() + e.published_guid.size() + e.title.size();
    m_text.reserve(bytes);  // (never grown below: the names are views of it)
    struct Entry {
        Name name;
        std::size_t episode;
    };
    std::vector<Entry> entries;
    entries.reserve(catalog.episodes.size() * 3);
    auto add = [&](const std::string& name, Kind kind, std::size_t episode) {
        const std::size_t at = m_text.size();
        m_text += name;
        entries.push_back({Name::of(std::string_view(m_text).substr(at), kind), episode});
    };
    for (std::size_t i = 0; i < catalog.episodes.size(); ++i) {
        const auto& e = catalog.episodes[i];
        add(e.slug, Kind::slug, i);
        if (!e.guid.empty()) add(e.guid, Kind::guid, i);
        // (A note may name it by the guid it was published under, its host's being new.)
        if (!e.published_guid.empty()) add(e.published_guid, Kind::guid, i);
        add(e.title, Kind::title, i);
    }
    std::sort(entries.begin(), entries.end(),
              [](const Entry& a, const Entry& b) { return std::tie(a.name, a.episode) < std::tie(b.name, b.episode); });
    m_names.reserve(entries.size());
    m_episodes.reserve(entries.size());
    for (const Entry& entry : entries) m_names.push_back(entry.name), m_episodes.push_back(entry.episode);
}

std::span<const std::size_t> EpisodeIndex::find(const std::string& ref) const {
    // The first kind the reference names (a slug names one episode: the first, as slugs are unique).
    const auto first = std::lower_bound(m_names.begin(), m_names.end(), Name::of(ref, Kind::slug));
    if (first == m_names.end() || first->name != ref) return {};
    const auto end = std::upper_bound(first, m_names.end(), *first);
    const auto from = static_cast<std::size_t>(first - m_names.begin());
    const std::size_t count = first->kind == Kind::slug ? 1 : static_cast<std::size_t>(end - first);
    return std::span<const std::size_t>(m_episodes).subspan(from, count);
}

Curation apply_notes(core::Catalog& catalog, const NoteSet& notes, const EpisodeUrl& episode_url, ApplyCache* cache) {
    std::shared_ptr<const EpisodeIndex> index =
        cache && cache->index ? cache->index : std::make_shared<const EpisodeIndex>(catalog);
    if (cache) cache->index = index;
    Applier a{catalog, episode_url, cache, *index, {}, {}, {}, std::vector<const std::string*>(catalog.episodes.size()),
              {},      false,       {}};
    a.curation.by_slug.reserve(notes.episodes.size());
    for (const auto& d : notes.diagnostics)
        if (d.severity == core::Severity::error) a.errors.push_back(d);
    a.prerender(notes);
    for (const auto& note : notes.episodes) a.apply(*note);
    a.pages(notes);
    if (cache) cache->markdown = std::move(a.used);
    if (!a.errors.empty()) throw core::InputError(a.errors);
    // The feed's guests (podcast:person role="guest") are guests as a note's are.
    for (const auto& e : catalog.episodes) {
        if (std::none_of(e.persons.begin(), e.persons.end(), [](const auto& p) { return p.role == "guest"; })) continue;
        auto& guests = a.curation.by_slug[e.slug].guests;
        GuestNames named;
        for (const auto& g : guests) named.add(g);
        for (const auto& person : e.persons)
            if (person.role == "guest" && named.add(person.name)) guests.push_back(person.name);
    }
    std::vector<std::size_t> moved_to;
    if (a.dates_changed) moved_to = reorder(catalog);
    auto now_at = [&](std::size_t i) { return moved_to.empty() ? i : moved_to[i]; };
    // "Mentioned in", in archive order.
    for (const auto& [target, from] : a.links_to) {
        std::vector<std::size_t> sources;
        for (std::size_t i : from)
            if (i != target) sources.push_back(now_at(i));
        if (sources.empty()) continue;
        std::sort(sources.begin(), sources.end());
        auto& mentioned_in = a.curation.by_slug[catalog.episodes[now_at(target)].slug].mentioned_in;
        for (std::size_t i : sources) mentioned_in.push_back(catalog.episodes[i].slug);
    }
    return std::move(a.curation);
}

namespace {

// The same note but for its body (a draft's body is never applied: not one of these).
bool same_but_body(const EpisodeNote& before, const EpisodeNote& after) {
    if (before.draft) return false;
    EpisodeNote same = before;
    same.body = after.body;
    return same == after;
}

// The names a body's episode links give, each once, sorted.
std::vector<std::string> linked_names(const EpisodeNote& note) {
    const RenderedMarkdown r =
        render_markdown(note.body, note.body_line, [](const std::string&) { return std::optional<std::string>("#"); });
    std::vector<std::string> names;
    for (const auto& link : r.resolved) names.push_back(link.slug);
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
}

}  // namespace

bool body_alone_changed(const EpisodeNote& before, const EpisodeNote& after) {
    return same_but_body(before, after) && linked_names(before) == linked_names(after);
}

std::optional<BodyEdit> body_edit(const core::Catalog& merged, const EpisodeNote& before, const EpisodeNote& after,
                                  const EpisodeUrl& episode_url, const ApplyCache& cache, const Curation& curation) {
    if (!cache.index || !same_but_body(before, after)) return std::nullopt;
    const EpisodeIndex& index = *cache.index;
    auto hits = index.find(after.episode.value);
    if (hits.size() != 1) return std::nullopt;
    const std::string& slug = merged.episodes[hits[0]].slug;
    auto extras = curation.by_slug.find(slug);
    if (extras == curation.by_slug.end() || extras->second.note_file != after.file)
        return std::nullopt;  // not the applied one
    auto old = cache.markdown.find(markdown_key(before.body, before.body_line));
    if (old == cache.markdown.end()) return std::nullopt;
    // "Mentioned in" comes from the episodes bodies link to: the same episodes, or every note again.
    auto targets = [&](const RenderedMarkdown& r) {
        std::vector<std::size_t> found;
        for (const auto& link : r.resolved) found.push_back(index.find(link.slug)[0]);
        std::sort(found.begin(), found.end());
        found.erase(std::unique(found.begin(), found.end()), found.end());
        return found;
    };
    RenderedMarkdown fresh = render_markdown(after.body, after.body_line, resolver(merged, index, episode_url));
    if (!fresh.unresolved.empty() || fresh.tangled || fresh.wide_row_line > 0 || targets(fresh) != targets(old->second))
        return std::nullopt;
    return BodyEdit{slug, old->first, markdown_key(after.body, after.body_line), std::move(fresh)};
}

std::string body_html(const core::Catalog& merged, const EpisodeNote& note, const EpisodeUrl& episode_url) {
    // (The episodes are looked up only for an episode: link, which most bodies have none of.)
    std::optional<EpisodeIndex> index;
    const EpisodeResolver resolve = [&](const std::string& slug) {
        if (!index) index.emplace(merged);
        return resolver(merged, *index, episode_url)(slug);
    };
    return render_markdown(note.body, note.body_line, resolve).html;
}

void apply_body_edit(BodyEdit edit, ApplyCache& cache, Curation& curation) {
    curation.by_slug.at(edit.slug).note_html = edit.rendered.html;
    cache.markdown.erase(edit.old_key);  // (another note with the very same body would only miss the cache)
    cache.markdown.insert_or_assign(std::move(edit.new_key), std::move(edit.rendered));
}

}  // namespace notes
