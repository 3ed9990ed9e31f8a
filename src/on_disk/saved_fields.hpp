#pragma once
// The fields of every type `build` keeps beside the output folder (saved_build.hpp,
// saved_sources.hpp, saved_texts.hpp, saved_notes.hpp), in order, for files/binary_io.hpp's Writer and Reader: one
// description for both ways, and one for every file that keeps the type.
//
// A field added to one of these types must be added here too, or a build after a note edit loses
// it: the sizes below stop the compile when the largest types grow, and
// tests/on_disk/saved_sources_test.cpp reads back a catalog with every field set.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "core/diagnostic.hpp"
#include "core/episode.hpp"
#include "feed/feed_writer.hpp"
#include "files/binary_io.hpp"
#include "notes/load_notes.hpp"
#include "notes/markdown.hpp"
#include "site/episode_text.hpp"
#include "stages/sources.hpp"

namespace files::binary {

static_assert(sizeof(core::Catalog) == 1008, "a field of core::Catalog is new: name it in fields() below");
static_assert(sizeof(core::Episode) == 1320, "a field of core::Episode is new: name it in fields() below");
static_assert(sizeof(core::Channel) == 792, "a field of core::Channel is new: name it in fields() below");
static_assert(sizeof(site::EpisodeText) == 136,
              "a field of site::EpisodeText is new: name it in site::KeptTexts::Text and its fields() below");
static_assert(sizeof(notes::EpisodeNote) == 928, "a field of notes::EpisodeNote is new: name it in fields() below");
static_assert(sizeof(notes::PageNote) == 176, "a field of notes::PageNote is new: name it in fields() below");
static_assert(sizeof(notes::RenderedMarkdown) == 88,
              "a field of notes::RenderedMarkdown is new: name it in fields() below");

template <class IO>
void fields(IO& io, dates::Timestamp& t) {
    io(t.utc_seconds, t.offset_minutes, t.has_time, t.has_zone);
}
template <class IO>
void fields(IO& io, dates::Duration& d) {
    io(d.seconds, d.exact);
}
template <class IO>
void fields(IO& io, core::Provenance& p) {
    io(p.source, p.file, p.line, p.end_line, p.via);
}
template <class IO>
void fields(IO& io, core::Enclosure& e) {
    io(e.url, e.type, e.length);
}
template <class IO>
void fields(IO& io, core::FieldSources::Origin& o) {
    io(o.source, o.file);
}
template <class IO>
void fields(IO& io, core::FieldSources::Field& f) {
    io(f.name, f.origin, f.line);
}
template <class IO>
void fields(IO& io, core::FieldSources& s) {
    io(s.origins(), s.fields());
}
template <class IO>
void fields(IO& io, core::RecordOrigin& o) {
    io(o.source, o.file, o.via);
}
template <class IO>
void fields(IO& io, core::RecordPlace& p) {
    io(p.origin, p.line, p.end_line);
}
template <class IO>
void fields(IO& io, core::RecordRef& r) {
    io(r.place, r.matched_by);
}
template <class IO>
void fields(IO& io, core::ListenLink& l) {
    io(l.label, l.url);
}
template <class IO>
void fields(IO& io, core::FeedItem& f) {
    io(f.guid, f.guid_is_permalink, f.title, f.date, f.enclosure, f.raw_xml, f.from);
}
template <class IO>
void fields(IO& io, core::AudioCopy& c) {
    io(c.url, c.type, c.bytes, c.sha256, c.host_gone, c.kept_since, c.duration);
}
template <class IO>
void fields(IO& io, core::MediaLink& m) {
    io(m.url, m.type);
}
template <class IO>
void fields(IO& io, core::Chapter& c) {
    io(c.start, c.title, c.url, c.image, c.listed);
}
template <class IO>
void fields(IO& io, core::Chapters& c) {
    io(c.list, c.origin, c.from);
}
template <class IO>
void fields(IO& io, core::Person& p) {
    io(p.name, p.role, p.group, p.href, p.img);
}
template <class IO>
void fields(IO& io, core::Soundbite& s) {
    io(s.start, s.duration, s.title);
}
template <class IO>
void fields(IO& io, core::Funding& f) {
    io(f.url, f.label);
}
template <class IO>
void fields(IO& io, core::ValueRecipient& r) {
    io(r.name, r.split, r.fee);
}
template <class IO>
void fields(IO& io, core::Value& v) {
    io(v.type, v.recipients);
}
template <class IO>
void fields(IO& io, core::FeedLink& l) {
    io(l.kind, l.label, l.url, l.type, l.feed);
}
template <class IO>
void fields(IO& io, core::Episode& e) {
    // (Not the transcript: the listening stage reads it, after the merge is kept.)
    io(e.slug, e.guid, e.guid_is_permalink, e.guid_derived, e.published_guid, e.title, e.title_derived, e.description,
       e.description_is_html, e.description_truncated, e.date, e.duration, e.enclosure, e.copy, e.page_url, e.apple_url,
       e.image, e.episode_type, e.explicit_flag, e.keywords, e.categories, e.episode_number, e.season, e.listen_on,
       e.seen_in, e.seen_at, e.sources, e.records, e.feed_item_xml, e.feed_item_from, e.other_feed_items,
       e.transcript_links, e.chapters_link, e.chapters, e.persons, e.soundbites, e.funding, e.value, e.links);
}
template <class IO>
void fields(IO& io, core::Category& c) {
    io(c.name, c.subcategory, c.line);
}
template <class IO>
void fields(IO& io, core::Channel& c) {
    io(c.title, c.description, c.link, c.language, c.author, c.copyright, c.image_url, c.explicit_flag, c.type,
       c.owner_name, c.owner_email, c.podcast_guid, c.locked, c.locked_owner, c.self_url, c.new_feed_url, c.generator,
       c.categories, c.funding, c.value, c.persons, c.links, c.file, c.line, c.root_attributes, c.raw_xml);
}
template <class IO>
void fields(IO& io, core::Conflict& c) {
    io(c.slug, c.field, c.kept, c.kept_source, c.other, c.other_source);
}
template <class IO>
void fields(IO& io, core::DroppedRecord& d) {
    io(d.from, d.reason);
}
template <class IO>
void fields(IO& io, core::AnnouncedCount& a) {
    io(a.episodes, a.from);
}
template <class IO>
void fields(IO& io, core::Catalog& c) {
    io(c.channel, c.announced, c.episodes, c.conflicts, c.dropped, c.record_origins);
}
template <class IO>
void fields(IO& io, feed::ItemIdentity& i) {
    io(i.guid, i.enclosure_url, i.slug, i.file, i.line, i.title, i.day, i.host_enclosure_url, i.host_guid);
}
template <class IO>
void fields(IO& io, feed::LeftOut& l) {
    io(l.foreign_elements, l.host_claims, l.undeclared, l.too_deep);
}
template <class IO>
void fields(IO& io, feed::LeftOutOfItem& l) {
    io(l.script_links, l.control_characters, l.foreign);
}
template <class IO>
void fields(IO& io, feed::CheckedItem& c) {
    io(c.clean, c.has, c.guid, c.audio, c.seconds);
}
template <class IO>
void fields(IO& io, feed::WrittenFeed& f) {
    io(f.item_offsets, f.items, f.left_out_of_items, f.checked);
}
template <class IO>
void fields(IO& io, stages::InputFeed& f) {
    io(f.file, f.items);
}
template <class IO>
void fields(IO& io, core::SourceLocation& l) {
    io(l.file, l.line, l.column);
}
template <class IO>
void fields(IO& io, core::Diagnostic& d) {
    io(d.severity, d.where, d.message, d.source_line);
}
template <class IO>
void fields(IO& io, notes::NoteText& n) {
    io(n.page, n.path, n.text);
}
template <class IO>
void fields(IO& io, notes::Located& l) {
    io(l.value, l.at);
}
template <class IO>
void fields(IO& io, notes::NoteLink& l) {
    io(l.title, l.url);
}
template <class IO>
void fields(IO& io, notes::EpisodeNote& n) {
    // (Not the transcript read: a note that names a file is not kept, saved_notes.hpp.)
    io(n.file, n.episode, n.title, n.summary, n.topics, n.guests, n.related, n.errata, n.links, n.draft, n.date,
       n.duration, n.description, n.image, n.url, n.number, n.season, n.transcript, n.chapters, n.chapter_list,
       n.chapters_at, n.chapters_from_show_notes, n.transcript_file, n.transcript_type, n.chapters_file, n.body,
       n.body_line);
}
template <class IO>
void fields(IO& io, notes::PageNote& p) {
    io(p.file, p.slug, p.title, p.description, p.order, p.nav, p.draft, p.body, p.body_line);
}
template <class IO>
void fields(IO& io, notes::NoteFileCache::Entry& e) {
    io(e.hash, e.episode, e.page, e.diagnostics);
}
template <class IO>
void fields(IO& io, notes::EpisodeLink& l) {
    io(l.slug, l.line, l.column);
}
template <class IO>
void fields(IO& io, notes::RenderedMarkdown& r) {
    io(r.html, r.resolved, r.unresolved, r.tangled, r.wide_row_line);
}
template <class IO>
void fields(IO& io, stages::MergeResult& s) {
    io(s.catalog, s.input_feeds, s.warnings);
}
template <class IO>
void fields(IO& io, site::KeptTexts::Text& t) {
    io(t.notes_html, t.plain, t.summary, t.short_summary, t.source);
}

}  // namespace files::binary

namespace on_disk {

// The largest kept file read (a kept catalog of 50,000 episodes is about 200 MB).
inline constexpr std::size_t k_max_kept_bytes = std::size_t{4} << 30;

// A file of the format `magic` holding `values` of the inputs whose fingerprint but the notes
// is `key` (the kept merge, the kept texts), written atomically (and mapped into `written`,
// when given). False when it cannot be.
template <class... T>
bool write_keyed(const std::filesystem::path& file, std::string_view magic, files::binary::Written* written,
                 const std::string& key, const T&... values) {
    return files::binary::write_file(
        file, magic, [&](files::binary::Writer& w) { w(key, values...); }, written);
}

// What write_keyed wrote when it is of inputs whose fingerprint but the notes is `key`; nothing
// when there is no such file, it is damaged, or it is of other inputs. From the file's `bytes`
// (which views in T point into, and its SharedTexts too when `holder`, which keeps them, is
// given; when they are `let_go`'s, its pages are let go of as they are read: Reader::open),
// or from the file at `file`.
template <class T>
std::optional<T> read_keyed(std::string_view bytes, std::string_view magic, const std::string& key,
                            std::shared_ptr<const void> holder = nullptr,
                            const files::binary::FileBytes* let_go = nullptr) {
    if (key.empty()) return std::nullopt;
    auto r = files::binary::Reader::open(bytes, magic, let_go);
    if (!r) return std::nullopt;
    if (holder) r->share(std::move(holder));
    std::string fingerprint;
    (*r)(fingerprint);
    if (!r->ok() || fingerprint != key) return std::nullopt;
    T value;
    (*r)(value);
    if (!r->whole()) return std::nullopt;
    return value;
}
template <class T>
std::optional<T> read_keyed(const std::filesystem::path& file, std::string_view magic, const std::string& key) {
    if (key.empty()) return std::nullopt;
    const files::binary::FileBytes bytes(file, k_max_kept_bytes);
    return read_keyed<T>(bytes.view(), magic, key);
}

}  // namespace on_disk
