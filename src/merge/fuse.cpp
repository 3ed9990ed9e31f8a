#include "merge/fuse.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <tuple>

#include "core/directories.hpp"
#include "html/html_sanitizer.hpp"
#include "merge/normalize.hpp"
#include "net/url.hpp"
#include "text/shared_text.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace merge {

namespace {

struct Member {
    core::Record* record;  // (its texts are moved into the episode: fuse's doc comment)
    const sources::SourceBatch* batch;
    int rank;
    RecordId id;  // where `record` is among the batches
};

core::FieldSource source_of(const Member& m) {
    return {m.record->from.source, m.record->from.file, m.record->from.line};
}

int date_precision(const dates::Timestamp& ts) {
    return ts.has_zone ? 2 : ts.has_time ? 1 : 0;
}

// Picks the first member (in trust order) for which `has` is true and records the source.
template <class Has>
const Member* first_with(const std::vector<Member>& members, Has has) {
    for (const auto& m : members)
        if (has(*m.record)) return &m;
    return nullptr;
}

void fuse_title(core::Episode& e, const std::vector<Member>& members) {
    if (const Member* feed = first_with(members, [](const core::Record& r) { return !r.title.empty(); });
        feed && core::is_feed(feed->batch->kind)) {
        e.title = text::collapse_whitespace(feed->record->title);  // a feed's title is not markdown
        e.sources.set("title", source_of(*feed));
        return;
    }
    // Vote among the cleaned titles; ties go to the more trusted source (members are in trust
    // order, so the title first seen earlier wins a tie).
    struct Vote {
        int count = 0;
        std::size_t first = 0;  // index of the first member with this title
    };
    std::map<std::string, Vote> votes;
    for (std::size_t i = 0; i < members.size(); ++i) {
        if (members[i].record->title.empty()) continue;
        auto [it, fresh] = votes.try_emplace(text::clean_text(members[i].record->title), Vote{0, i});
        ++it->second.count;
    }
    const std::pair<const std::string, Vote>* best = nullptr;
    for (const auto& entry : votes)
        if (!best || entry.second.count > best->second.count ||
            (entry.second.count == best->second.count && entry.second.first < best->second.first))
            best = &entry;
    if (best) {
        e.title = best->first;
        e.sources.set("title", source_of(members[best->second.first]));
        return;
    }
    if (!e.description.empty()) {
        e.title = derive_title(e.description_is_html ? html::html_to_text(e.description) : e.description);
        e.title_derived = true;
        e.sources.set("title", e.sources.find("description").value_or(core::FieldSource{}));
        if (!e.title.empty()) return;
    }
    // Nothing but a page URL, or an audio file: its name is the host's spelling of the title
    // (gPodder names an untitled episode by its file too).
    auto from_name = [&](std::string_view name, const Member& m) {
        std::string words =
            text::collapse_whitespace(text::replace_all(text::replace_all(std::string(name), "-", " "), "_", " "));
        if (words.empty()) return false;
        words[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(words[0])));
        e.title = words;
        e.title_derived = true;
        e.sources.set("title", source_of(m));
        return true;
    };
    if (const Member* m = first_with(members, [](const core::Record& r) { return !r.page_url.empty(); }))
        if (from_name(net::last_path_segment(m->record->page_url), *m)) return;
    if (const Member* m = first_with(members, [](const core::Record& r) { return r.enclosure.has_value(); })) {
        std::string_view file = net::last_path_segment(m->record->enclosure->url);
        if (from_name(file.substr(0, std::min(file.size(), file.rfind('.'))), *m)) return;
    }
    from_name("Untitled episode", members.front());  // a page needs a heading, and a link its text
}

// A description's letters and digits, lower case, up to `limit` of them: two copies of one text
// compare equal this way whatever spacing, punctuation or "…" each source added or cut. In
// HTML, tags and entities are skipped.
std::string text_key(std::string_view text, bool html, std::size_t limit) {
    static const std::array<char, 256> k_key = [] {  // a byte's key character, 0 for none
        std::array<char, 256> table{};
        for (int c = 0; c < 256; ++c) {
            if (c >= 0x80 || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'))
                table[c] = static_cast<char>(c);
            else if (c >= 'A' && c <= 'Z')
                table[c] = static_cast<char>(c - 'A' + 'a');
        }
        return table;
    }();
    std::string key;
    key.reserve(std::min(limit, text.size()));
    for (std::size_t i = 0; i < text.size() && key.size() < limit; ++i) {
        const char c = text[i];
        if (html && c == '<') {
            std::size_t close = text.find('>', i);
            if (close == std::string_view::npos) break;
            i = close;
            continue;
        }
        if (html && c == '&') {  // an entity: "&amp;" is "&", no letters
            std::size_t semicolon = text.substr(i, 12).find(';');
            if (semicolon != std::string_view::npos) {
                i += semicolon;
                continue;
            }
        }
        if (const char k = k_key[static_cast<unsigned char>(c)]) key.push_back(k);
    }
    return key;
}

void fuse_description(core::Episode& e, const std::vector<Member>& members) {
    struct Copy {
        const Member* member;
        std::string_view text;
        bool html;
        std::size_t length;
        bool truncated;
        bool whole;  // the host's own text (a feed's, or content:encoded): complete unless it says otherwise
    };
    std::vector<Copy> copies;
    for (const auto& m : members) {
        const core::Record& r = *m.record;
        std::string_view text =
            r.content_html.empty() ? std::string_view(r.description) : std::string_view(r.content_html);
        if (text.empty()) continue;
        const bool html = r.description_is_html || !r.content_html.empty();
        std::size_t length = html ? html::strip_tags(text).size() : text.size();  // an estimate is enough here
        bool truncated = r.content_html.empty() && r.description_truncated;
        bool whole = !truncated && (!r.content_html.empty() || core::is_feed(m.batch->kind));
        copies.push_back({&m, text, html, length, truncated, whole});
    }
    // A copy is cut short, marked or not, when another copy is longer beyond noise (5%) and starts
    // the same way: directories cut at a length, often without a "…" ("one sentence where
    // another source has the paragraph"). The starts are compared, 300 letters at most. Only a
    // longer copy marked cut needs it: one not marked wins by its length below anyway.
    auto continued = [&](const Copy& a) {
        if (a.whole || a.truncated) return false;
        std::string key;  // (made only when a longer copy is there to compare: most copies have none)
        for (const auto& b : copies) {
            if (&b == &a || !b.truncated || b.length * 100 <= a.length * 105 + 800) continue;
            if (key.empty()) key = text_key(a.text, a.html, 300);
            if (key.size() < 24) return false;
            if (text_key(b.text, b.html, key.size()) == key) return true;
        }
        return false;
    };
    const Copy* best = nullptr;
    for (const auto& c : copies) {
        if (continued(c)) continue;
        // A non-truncated text wins over any truncated one; then the longer wins, but copies
        // within 5% of each other are the same text with noise (OCR, spacing): members come in
        // trust order, so the more trusted copy stays.
        if (!best || (best->truncated && !c.truncated) ||
            (c.truncated == best->truncated && c.length * 100 > best->length * 105))
            best = &c;
    }
    if (!best) return;
    core::Record& r = *best->member->record;
    e.description_is_html = r.description_is_html;
    if (!r.content_html.empty())
        e.description = std::move(r.content_html);
    else
        e.description = r.description_is_html ? std::move(r.description) : text::clean_text(r.description);
    if (!best->truncated && !e.description_is_html && sources::ends_truncated(e.description))
        e.description = sources::strip_truncation(e.description);
    e.description_truncated = best->truncated;
    e.sources.set("description", source_of(*best->member));
}

void fuse_duration(core::Episode& e, const std::vector<Member>& members, std::vector<core::Conflict>& conflicts) {
    const Member* exact = first_with(members, [](const core::Record& r) { return r.duration && r.duration->exact; });
    const Member* any = first_with(members, [](const core::Record& r) { return r.duration.has_value(); });
    const Member* chosen = exact ? exact : any;
    if (!chosen) return;
    e.duration = chosen->record->duration;
    e.sources.set("duration", source_of(*chosen));
    for (const auto& m : members) {
        if (!m.record->duration || &m == chosen) continue;
        int tolerance = m.record->duration->exact ? 60 : 90;
        if (std::abs(m.record->duration->seconds - e.duration->seconds) > tolerance)
            conflicts.push_back({"", "duration", std::to_string(e.duration->seconds) + " s",
                                 chosen->record->from.source, std::to_string(m.record->duration->seconds) + " s",
                                 m.record->from.source});
    }
}

void fuse_date(core::Episode& e, const std::vector<Member>& members, std::vector<core::Conflict>& conflicts) {
    const Member* chosen = nullptr;
    for (const auto& m : members) {
        if (!m.record->date) continue;
        bool feed = core::is_feed(m.batch->kind);
        if (!chosen || (feed && !core::is_feed(chosen->batch->kind)) ||
            (!core::is_feed(chosen->batch->kind) &&
             date_precision(*m.record->date) > date_precision(*chosen->record->date)))
            chosen = &m;
    }
    if (!chosen) return;
    e.date = chosen->record->date;
    e.sources.set("date", source_of(*chosen));
    for (const auto& m : members)
        if (m.record->date && std::llabs(m.record->date->utc_seconds - e.date->utc_seconds) > 2 * 86400)
            conflicts.push_back({"", "date", dates::format_iso8601(*e.date), chosen->record->from.source,
                                 dates::format_iso8601(*m.record->date), m.record->from.source});
}

template <class Get>
void fuse_string(core::Episode& e, const std::vector<Member>& members, const char* field, std::string& out, Get get) {
    if (const Member* m = first_with(members, [&](const core::Record& r) { return !get(r).empty(); })) {
        out = get(*m->record);
        e.sources.set(field, source_of(*m));
    }
}

// Where a listener can play the episode elsewhere: its page at the host and at Apple (sources
// give those as this episode's own), then any page a source saw it at that a directory keeps
// for one episode and that is named after this one (sources see an episode on pages that list
// others too). One link per directory, named as listeners know it.
void fuse_links(core::Episode& e, const std::vector<Member>& members) {
    auto add = [&](const std::string& url, bool own) {
        if (!net::is_http_url(url)) return;
        std::optional<core::DirectoryPage> page = core::directory_page(url);
        if (!own && (!page || page->kind != core::PageKind::episode || !core::url_names_episode(url, e.title))) return;
        std::string label = page ? page->directory : net::url_host(url);
        for (const auto& l : e.listen_on)
            if (l.url == url || l.label == label) return;
        e.listen_on.push_back({label, url});
    };
    add(e.page_url, true);
    add(e.apple_url, true);
    for (const auto& m : members) {
        add(m.record->page_url, true);
        add(m.record->apple_url, true);
    }
    for (const auto& m : members) {
        if (std::find(e.seen_in.begin(), e.seen_in.end(), m.record->from.source) == e.seen_in.end())
            e.seen_in.push_back(m.record->from.source);
        for (const auto& url : m.record->seen_at)
            if (std::find(e.seen_at.begin(), e.seen_at.end(), url) == e.seen_at.end()) e.seen_at.push_back(url);
        for (const auto& c : m.record->categories)
            if (std::find(e.categories.begin(), e.categories.end(), c) == e.categories.end()) e.categories.push_back(c);
    }
    for (const auto& url : e.seen_at) add(url, false);
}

// Feed items merged into this episode that apps know under another guid or audio URL (a
// re-post) are published too: merging them into one page must not take them from subscribers.
void keep_other_feed_items(core::Episode& e, const Member& chosen, const std::vector<Member>& members) {
    auto identity = [](const core::Record& r) {
        return std::pair(r.guid.empty() ? r.enclosure->url : r.guid, r.enclosure->url);
    };
    if (!chosen.record->enclosure) return;
    std::vector<std::pair<std::string, std::string>> seen{identity(*chosen.record)};
    for (const auto& m : members) {
        core::Record& r = *m.record;
        if (&m == &chosen || r.raw_xml.empty() || !r.enclosure) continue;
        auto id = identity(r);
        if (std::find(seen.begin(), seen.end(), id) != seen.end())
            continue;  // the same item, from another copy of the feed
        seen.push_back(id);
        e.other_feed_items.push_back({r.guid, r.guid_is_permalink, r.title, r.date, *r.enclosure,
                                      text::SharedText(std::move(r.raw_xml)), r.from});
    }
}

// What a feed says for listeners: each list from the most trusted record that has one (they
// are not voted on: one host's list is whole, two hosts' would repeat each other).
void fuse_listening(core::Episode& e, const std::vector<Member>& members) {
    auto take = [&](const char* field, auto& into, auto member_list) {
        if (const Member* m = first_with(members, [&](const core::Record& r) {
                return r.listening && !((*r.listening).*member_list).empty();
            })) {
            into = (*m->record->listening).*member_list;
            e.sources.set(field, source_of(*m));
        }
    };
    take("transcript", e.transcript_links, &core::ItemListening::transcript_links);
    take("persons", e.persons, &core::ItemListening::persons);
    take("soundbites", e.soundbites, &core::ItemListening::soundbites);
    take("funding", e.funding, &core::ItemListening::funding);
    take("value", e.value, &core::ItemListening::value);
    take("links", e.links, &core::ItemListening::links);
    // The inline list stands until the listening stage reads the linked file (when fetch has it).
    if (const Member* m =
            first_with(members, [](const core::Record& r) { return r.listening && !r.listening->chapters.empty(); })) {
        e.chapters = {m->record->listening->chapters, core::ChapterOrigin::feed_inline, m->record->from};
        e.sources.set("chapters", source_of(*m));
    }
    if (const Member* m = first_with(
            members, [](const core::Record& r) { return r.listening && r.listening->chapters_link.has_value(); }))
        e.chapters_link = m->record->listening->chapters_link;
}

}  // namespace

int trust_rank(core::SourceKind kind) {
    // The feed is the host's own word; the API and hand-kept lists come next; scraped pages
    // last, OCR'd Apple pages after the rest.
    using enum core::SourceKind;
    switch (kind) {
        case rss:
        case atom:
            return 0;
        case itunes_lookup:
            return 1;
        case records:
            return 2;
        case podbean:
            return 3;
        case pod_casts_io:
            return 4;
        case player_fm:
            return 5;
        case apple_page:
            return 6;
        case unknown:
            break;
    }
    return 7;
}

std::string derive_title(std::string_view description) {
    std::string text = text::clean_text(description);
    std::size_t end = text.find_first_of(".?!");
    std::string first = text.substr(0, end == std::string::npos ? text.size() : end);
    auto words = text::split(first, ' ');
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < words.size() && i < 8; ++i) kept.emplace_back(words[i]);
    std::string title = text::join(kept, " ");
    if (words.size() > 8) title += "\xE2\x80\xA6";
    return title;
}

OriginNumbers number_origins(std::span<const sources::SourceBatch> batches) {
    OriginNumbers out;
    std::map<std::tuple<std::string_view, std::string_view, std::string_view>, std::uint32_t> numbers;
    out.of.reserve(batches.size());
    for (const auto& b : batches) {
        auto& of = out.of.emplace_back();
        of.reserve(b.records.size());
        for (const auto& r : b.records) {
            const core::Provenance& from = r.from;
            const auto [at, added] =
                numbers.try_emplace({from.source, from.file, from.via}, static_cast<std::uint32_t>(out.table.size()));
            if (added) out.table.push_back({from.source, from.file, from.via});
            of.push_back(at->second);
        }
    }
    return out;
}

core::Episode fuse(const LinkedGroup& group, std::span<sources::SourceBatch> batches, const OriginNumbers& origins,
                   std::vector<core::Conflict>& conflicts) {
    std::vector<Member> members;
    for (const auto& id : group.members)
        members.push_back(
            {&batches[id.batch].records[id.index], &batches[id.batch], trust_rank(batches[id.batch].kind), id});
    std::stable_sort(members.begin(), members.end(), [](const Member& a, const Member& b) { return a.rank < b.rank; });

    auto place_of = [&](const RecordId& id) -> core::RecordPlace {
        const core::Provenance& from = batches[id.batch].records[id.index].from;
        return {origins.of[id.batch][id.index], from.line, from.end_line};
    };
    core::Episode e;
    e.records.reserve(group.members.size());  // (kept all build long: no room to spare)
    for (std::size_t k = 0; k < group.members.size(); ++k)
        e.records.push_back({place_of(group.members[k]), group.matched_by[k]});
    fuse_description(e, members);
    fuse_title(e, members);
    fuse_date(e, members, conflicts);
    fuse_duration(e, members, conflicts);
    if (const Member* m = first_with(members, [](const core::Record& r) { return r.enclosure.has_value(); })) {
        e.enclosure = m->record->enclosure;
        e.sources.set("enclosure", source_of(*m));
    }
    if (const Member* m = first_with(members, [](const core::Record& r) { return !r.guid.empty(); })) {
        e.guid = m->record->guid;
        e.guid_is_permalink = m->record->guid_is_permalink;
        e.sources.set("guid", source_of(*m));
    } else if (e.enclosure) {
        e.guid = e.enclosure->url;
        e.guid_is_permalink = false;
        e.guid_derived = true;
        e.sources.set("guid", e.sources.find("enclosure").value_or(core::FieldSource{}));
    }
    fuse_string(e, members, "page_url", e.page_url,
                [](const core::Record& r) -> const std::string& { return r.page_url; });
    fuse_string(e, members, "apple_url", e.apple_url,
                [](const core::Record& r) -> const std::string& { return r.apple_url; });
    fuse_string(e, members, "image", e.image, [](const core::Record& r) -> const std::string& { return r.image; });
    fuse_string(e, members, "episode_type", e.episode_type,
                [](const core::Record& r) -> const std::string& { return r.episode_type; });
    fuse_string(e, members, "explicit", e.explicit_flag,
                [](const core::Record& r) -> const std::string& { return r.explicit_flag; });
    fuse_string(e, members, "keywords", e.keywords,
                [](const core::Record& r) -> const std::string& { return r.keywords; });
    if (const Member* m = first_with(members, [](const core::Record& r) { return r.episode_number.has_value(); })) {
        e.episode_number = m->record->episode_number;
        e.sources.set("episode_number", source_of(*m));
    }
    if (const Member* m = first_with(members, [](const core::Record& r) { return r.season.has_value(); })) {
        e.season = m->record->season;
        e.sources.set("season", source_of(*m));
    }
    fuse_links(e, members);
    fuse_listening(e, members);
    if (const Member* feed = first_with(members, [](const core::Record& r) { return !r.raw_xml.empty(); })) {
        e.feed_item_xml = text::SharedText(std::move(feed->record->raw_xml));
        e.feed_item_from = place_of(feed->id);
        keep_other_feed_items(e, *feed, members);
    }
    e.sources.shrink_to_fit();
    return e;
}

}  // namespace merge
