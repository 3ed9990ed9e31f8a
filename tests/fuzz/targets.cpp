#include "targets.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "core/directories.hpp"
#include "core/slug.hpp"
#include "dates/dates.hpp"
#include "dates/durations.hpp"
#include "engine_reference.hpp"
#include "feed/episode_list.hpp"
#include "feed/feed_writer.hpp"
#include "feed/identity.hpp"
#include "feed/lint.hpp"
#include "fetch/kept_records.hpp"
#include "files/hash.hpp"
#include "html/html_sanitizer.hpp"
#include "html/parse_cost.hpp"
#include "i18n/words.hpp"
#include "image/image_check.hpp"
#include "listening/chapters.hpp"
#include "listening/timecode.hpp"
#include "listening/transcript.hpp"
#include "merge/merge.hpp"
#include "merge/published.hpp"
#include "net/url.hpp"
#include "notes/apply_notes.hpp"
#include "notes/front_matter.hpp"
#include "notes/load_notes.hpp"
#include "notes/markdown.hpp"
#include "on_disk/saved_sources.hpp"
#include "render/context.hpp"
#include "render/episode_page.hpp"
#include "render/listening_data.hpp"
#include "render/static_text.hpp"
#include "render/template_set.hpp"
#include "sources/apple_page.hpp"
#include "sources/itunes_lookup.hpp"
#include "sources/player_fm_page.hpp"
#include "sources/pod_casts_io_page.hpp"
#include "sources/podbean_page.hpp"
#include "sources/read_source.hpp"
#include "sources/records_reader.hpp"
#include "sources/records_writer.hpp"
#include "sources/rss_reader.hpp"
#include "text/normalize.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"
#include "text/word_breaks.hpp"
#include "text/xml_encoding.hpp"

namespace fuzz {

namespace {

const sources::SourceInfo k_info{"fuzz", "fuzz.txt", ""};

// Every adapter's output goes through merge and the page data builder too: they must take
// whatever a parser lets through.
void through_merge(sources::SourceBatch batch) {
    std::vector<sources::SourceBatch> batches{std::move(batch)};
    site::SiteContent content{merge::merge(batches), {}, site::SiteInfo(site::SitePaths("https://x.example/base/"))};
    content.site.title = "t";
    const core::Catalog& catalog = content.catalog;
    for (std::size_t i = 0; i < catalog.episodes.size() && i < 20; ++i) {
        render::episode_card(content, catalog.episodes[i]);
        render::episode_data(content, catalog.episodes[i], nullptr, nullptr, nullptr,
                             [](const std::string&) { return nullptr; });
    }
}

void rss(std::string_view d) {
    sources::SourceBatch batch = sources::read_rss(d, k_info);
    // Read from its file's text, parsed in place (read again for quotes and repairs): the same.
    const std::string text(d);
    const sources::SourceBatch in_place =
        sources::read_rss_text(text, k_info, [&text] { return std::optional<std::string>(text); });
    if (in_place.records.size() != batch.records.size() || in_place.diagnostics.size() != batch.diagnostics.size())
        throw std::logic_error("read in place: another count of records or diagnostics");
    for (std::size_t i = 0; i < batch.records.size(); ++i) {
        const core::Record &a = batch.records[i], &b = in_place.records[i];
        if (sources::written_fields(a) != sources::written_fields(b) || a.raw_xml != b.raw_xml ||
            a.from.line != b.from.line || a.from.end_line != b.from.end_line)
            throw std::logic_error("read in place: another record");
    }
    for (std::size_t i = 0; i < batch.diagnostics.size(); ++i)
        if (core::format(batch.diagnostics[i]) != core::format(in_place.diagnostics[i]))
            throw std::logic_error("read in place: another diagnostic");
    through_merge(std::move(batch));
}

// A listing's records as fetch keeps them (sources::records_json) must read back as they were:
// a kept episode that came back otherwise would be another episode, or lose what it had.
void kept_again(const sources::SourceBatch& batch) {
    const std::string text = sources::records_json(batch.records);
    const auto read = sources::read_records(text, k_info, sources::RecordsSyntax::json);
    if (read.records.size() != batch.records.size()) throw std::logic_error("kept records: not every record read back");
    for (std::size_t i = 0; i < read.records.size(); ++i) {
        core::Record a = batch.records[i];
        const core::Record& b = read.records[i];
        // (A records entry's apple_url gives its apple_id when it has none, as Apple's URL holds it.)
        if (a.apple_id.empty()) a.apple_id = core::apple_episode_id(a.apple_url);
        if (sources::written_fields(a) != sources::written_fields(b))
            throw std::logic_error("kept records: a record read back otherwise:\n" + text);
    }
}
// fetch keeps nothing of a page that lists what it listed, and counts no episode of it new.
void listed_again(const sources::SourceBatch& batch) {
    fetch::PageChanges changes;
    const auto kept = fetch::keep_dropped_records(batch, batch, "", k_info, &changes);
    if (!kept || kept->kept != 0 || changes.added != 0)
        throw std::logic_error("a page fetched again as it was: " + std::to_string(kept ? kept->kept : -1) + " kept, " +
                               std::to_string(changes.added) + " new");
}
// A listing's adapter's records: kept as fetch keeps them, and merged.
void listing(sources::SourceBatch batch) {
    kept_again(batch);
    listed_again(batch);
    through_merge(std::move(batch));
}
// simdjson's reading of a listing must be nlohmann's, which reads it when a byte order mark
// makes simdjson refuse it. (Messages are not compared: a syntax error's column on the first
// line moves with the mark.)
void records_json(std::string_view d) {
    auto batch = sources::read_records(d, k_info, sources::RecordsSyntax::json);
    if (!d.starts_with("\xEF\xBB\xBF")) {
        auto by_nlohmann = sources::read_records("\xEF\xBB\xBF" + std::string(d), k_info, sources::RecordsSyntax::json);
        if (records_summary(batch, false) != records_summary(by_nlohmann, false) ||
            batch.diagnostics.size() != by_nlohmann.diagnostics.size())
            throw std::logic_error("simdjson and nlohmann read this listing differently");
    }
    listing(std::move(batch));
}
void records_yaml(std::string_view d) {
    listing(sources::read_records(d, k_info, sources::RecordsSyntax::yaml));
}
void podbean(std::string_view d) {
    listing(sources::read_podbean_page(d, k_info));
}
void pod_casts_io(std::string_view d) {
    listing(sources::read_pod_casts_io_page(d, k_info));
}
void player_fm(std::string_view d) {
    listing(sources::read_player_fm_page(d, k_info));
}
void apple_page(std::string_view d) {
    listing(sources::read_apple_page(d, k_info));
}
void itunes_lookup(std::string_view d) {
    listing(sources::read_itunes_lookup(d, k_info));
}
void detect(std::string_view d) {
    sources::detect_kind(d, "x.txt");
}

void note(std::string_view d) {
    std::vector<core::Diagnostic> diagnostics;
    auto n = notes::parse_episode_note(d, "n.md", diagnostics);
    notes::render_markdown(n.body, n.body_line, [](const std::string& s) -> std::optional<std::string> {
        if (s.size() % 2) return std::nullopt;
        return "/e/" + s + "/";
    });
    notes::parse_page(d, "p.md", "p", diagnostics);
}

// The notes' index of episodes by slug, guid and title, against the rule it keeps written out:
// a reference that is some episode's slug names that episode alone; else every episode whose
// guid or published guid it is (both, in catalog order); else every episode of that title. Lines
// of four tab-separated fields are episodes (slug, guid, published guid, title), the others
// references, and so is every field.
void episode_index(std::string_view d) {
    core::Catalog catalog;
    std::vector<std::string> references;
    // (The rule is checked by a loop over every episode for every reference: 4 KB of names keep
    // an input's check well under the fuzzer's time limit, and find every kind of collision.)
    for (auto line : text::split_lines(d.substr(0, 4096))) {
        const std::vector<std::string_view> fields = text::split(line, '\t');
        references.insert(references.end(), fields.begin(), fields.end());
        if (fields.size() != 4) continue;
        core::Episode& e = catalog.episodes.emplace_back();
        e.slug = fields[0], e.guid = fields[1], e.published_guid = fields[2], e.title = fields[3];
    }
    const notes::EpisodeIndex index(catalog);
    for (const std::string& ref : references) {
        const std::span<const std::size_t> found = index.find(ref);
        std::vector<std::size_t> slugs, guids, titles;
        for (std::size_t i = 0; i < catalog.episodes.size(); ++i) {
            const core::Episode& e = catalog.episodes[i];
            if (e.slug == ref) slugs.push_back(i);
            if (!e.guid.empty() && e.guid == ref) guids.push_back(i);
            if (!e.published_guid.empty() && e.published_guid == ref) guids.push_back(i);
            if (e.title == ref) titles.push_back(i);
        }
        const bool as_ruled = !slugs.empty()   ? found.size() == 1 && catalog.episodes[found[0]].slug == ref
                              : !guids.empty() ? std::equal(found.begin(), found.end(), guids.begin(), guids.end())
                                               : std::equal(found.begin(), found.end(), titles.begin(), titles.end());
        if (!as_ruled) throw std::logic_error("the index finds otherwise than its rule");
    }
}

void site_yaml(std::string_view d) {
    try {
        config::parse_config(std::string(d), "/nonexistent-fuzz-dir/site.yaml");
    } catch (const core::InputError&) {
    }
}

void dates(std::string_view d) {
    for (auto ts : {dates::parse_any_date(d), dates::parse_rfc822(d), dates::parse_iso8601(d)})
        if (ts) dates::format_rfc822(*ts), dates::format_iso8601(*ts), dates::format_day(*ts);
    if (auto dur = dates::parse_duration(d)) dates::format_clock(dur->seconds);
}

void slug(std::string_view d) {
    std::string s = core::make_safe_segment(core::slugify(d));
    if (!s.empty() && !core::is_safe_path_segment(s)) __builtin_trap();  // a slug must be a safe path segment
}

// What must never come out of the sanitizer: a script element, or a URL attribute that runs
// code. Text that merely reads "javascript:" is harmless (it is escaped text, not a link).
void check_nothing_runs(const std::string& html) {
    std::string once = text::ascii_lower(html);
    for (const char* bad : {"<script", "=\"javascript:", "=\"vbscript:", "=\"data:"})
        if (once.find(bad) != std::string::npos) __builtin_trap();
    for (std::size_t p = once.find('<'); p != std::string::npos; p = once.find('<', p + 1)) {
        std::size_t end = once.find('>', p);
        std::string tag = once.substr(p, end == std::string::npos ? std::string::npos : end - p);
        if (tag.find(" on") != std::string::npos && tag.find('=') != std::string::npos &&
            tag.find(" on") < tag.find('=') && tag.find('"') > tag.find(" on"))
            __builtin_trap();  // an event handler attribute survived
    }
}

void sanitizer(std::string_view d) {
    check_nothing_runs(html::sanitize_html(d));
    // The text given with the sanitized HTML is the text of that HTML (pages' summaries and the
    // search index rely on it, without parsing the HTML twice).
    std::string plain;
    std::string html = html::sanitize_html(d, &plain);
    if (text::collapse_whitespace(plain) != html::html_to_text(html)) __builtin_trap();
    // Plain HTML is read by a fast parser, the rest by gumbo: what a page shows must not depend
    // on which one read it. (HTML past gumbo's budget is read as its text: paragraphs alone.)
    if (html::gumbo_may_parse(d)) {
        std::string plain_gumbo;
        if (html::sanitize_html_with_gumbo(d, &plain_gumbo) != html || plain_gumbo != plain) __builtin_trap();
    } else {
        for (std::size_t p = html.find('<'); p != std::string::npos; p = html.find('<', p + 1))
            if (html.compare(p, 3, "<p>") != 0 && html.compare(p, 4, "</p>") != 0) __builtin_trap();
    }
    // Show notes with their relative links resolved: every link left is absolute (or mail).
    std::string resolved_plain;
    std::string resolved =
        html::sanitize_html(d, &resolved_plain, html::ForeignFragment{"https://host.example/show/ep/"});
    check_nothing_runs(resolved);
    if (text::collapse_whitespace(resolved_plain) != html::html_to_text(resolved)) __builtin_trap();
    // (Each <a> tag, to its '>': in text and attribute values '<' and '>' are escaped.)
    for (std::size_t p = resolved.find("<a "); p != std::string::npos; p = resolved.find("<a ", p + 1)) {
        std::string_view tag = std::string_view(resolved).substr(p, resolved.find('>', p) - p);
        std::size_t href = tag.find(" href=\"");
        if (href == std::string_view::npos) continue;
        std::string_view target = tag.substr(href + 7, 8);
        if (!text::starts_with_icase(target, "http://") && !text::starts_with_icase(target, "https://") &&
            !text::starts_with_icase(target, "mailto:"))
            __builtin_trap();  // (schemes in any case: "Https://" is a link as good as any)
    }
    html::html_to_text(d);
    html::linkify_text(d);
    html::strip_tags(d);
}

void url(std::string_view d) {
    // A reference resolved against an http(s) page is an http(s) URL, or left as it was.
    std::string resolved = net::resolve_url("https://host.example/a/b/?q", d);
    if (!net::is_http_url(resolved) && resolved != text::trim(d)) __builtin_trap();
    net::encode_url_spaces(d);
    if (auto utf8 = text::single_byte_xml_as_utf8(d); utf8 && !text::is_valid_utf8(*utf8)) __builtin_trap();
    net::normalize_media_url(d);
    net::is_safe_link(d);
    net::url_path_of(d);
    net::percent_encode_path(d);
}

// Read item by item (as a build checks its feed.xml), the findings are those of the whole (but
// for the lines of those about the input's values, which it need not locate): the
// items are given as a build gives them, from each "<item>"'s line to past the last "</item>"'s
// line, and whatever is not so is read whole.
void feed_lint(std::string_view d) {
    const auto whole = feed::lint_feed(d);
    std::vector<std::size_t> items;
    for (std::size_t at = d.find("<item>"); at != std::string_view::npos; at = d.find("<item>", at + 1))
        items.push_back(d.rfind('\n', at) + 1);  // (npos + 1: the start)
    const std::size_t last = d.rfind("</item>");
    if (!items.empty() && last != std::string_view::npos && d.find('\n', last) != std::string_view::npos)
        items.push_back(d.find('\n', last) + 1);
    auto same = [&](const std::vector<feed::LintFinding>& by_item) {
        if (by_item.size() != whole.size()) __builtin_trap();
        for (std::size_t i = 0; i < whole.size(); ++i)
            if (by_item[i].rule != whole[i].rule || by_item[i].message != whole[i].message ||
                by_item[i].where != whole[i].where ||
                (by_item[i].line != whole[i].line && !(by_item[i].line == 0 && feed::about_input(whole[i]))) ||
                by_item[i].item != whole[i].item)
                __builtin_trap();
    };
    same(feed::lint_feed_by_item(d, items));
    // And again with what that check kept of each item (as after an edit of notes, every item
    // copied): the items found clean are taken unread, the findings the same.
    if (items.size() < 2) return;
    std::vector<feed::CheckedItem> checked(items.size() - 1);
    same(feed::lint_feed_by_item(d, items, checked));
    const std::vector<feed::CheckedItem> kept = checked;
    same(feed::lint_feed_by_item(d, items, checked));
    if (checked != kept) __builtin_trap();
}

// The site a feed makes alone, merged (no notes), for the feed writer's targets.
site::SiteContent content_of(std::string_view feed, const config::SiteConfig& config) {
    std::vector<sources::SourceBatch> batches;
    batches.push_back(sources::read_rss(feed, k_info));
    site::SiteContent content{merge::merge(batches), {}, site::SiteInfo(site::SitePaths(config.base_url))};
    content.site.title = "Fuzz";
    content.site.feed_url = config.base_url + "feed.xml";
    return content;
}

// feed.xml written again from itself (a build after an edit of notes): whichever episodes it
// copies from the feed written before, the text, where its items are, what apps know them by
// and the warnings are what writing it whole gives.
void feed_copy(std::string_view d) {
    config::SiteConfig config;
    config.base_url = "https://x.example/base/";
    const site::SiteContent content = content_of(d, config);
    const feed::FeedResult whole = feed::write_feed(config, content);
    const feed::WrittenFeed written{whole.item_offsets, whole.items, whole.left_out_of_items, whole.checked};
    const std::uint64_t copied = files::content_hash(d);  // a bit an episode: copied or made again
    const feed::FeedBefore before{feed::feed_text(whole.xml), written, [&](const std::string& slug) {
                                      return (copied >> (files::content_hash(slug) % 64)) & 1;
                                  }};
    const feed::FeedResult again = feed::write_feed(config, content, &before);
    auto said = [](const feed::FeedResult& r) {
        std::string all;
        for (const auto& w : r.warnings) all += core::format(w) + "\n";
        for (const auto& i : r.items)
            all += i.guid + " " + i.enclosure_url + " " + i.slug + " " + i.file + ":" + std::to_string(i.line) + " " +
                   i.title + " " + i.day + " " + i.host_enclosure_url + "\n";
        return all;
    };
    if (feed::whole_text(again, before) != whole.xml || again.item_offsets != whole.item_offsets ||
        said(again) != said(whole))
        __builtin_trap();
}

// The merge kept beside the output and read back, its episodes' feed items as views of the file
// (on_disk/saved_sources.hpp), and the merge just kept sharing them with the file written: the
// same episodes, and the same feed.xml written from them.
void kept_merge(std::string_view d) {
    config::SiteConfig config;
    config.base_url = "https://x.example/base/";
    site::SiteContent content = content_of(d, config);
    static const std::filesystem::path file =
        std::filesystem::temp_directory_path() / (".podarchive-fuzz-" + std::to_string(::getpid()) + ".merged");
    files::binary::Written written;
    if (!on_disk::write_saved_sources(file, "key", content.catalog, {}, {}, &written))
        throw std::runtime_error("cannot write");
    auto back = on_disk::read_saved_sources(file, "key");
    std::filesystem::remove(file);
    if (!back || back->catalog.episodes != content.catalog.episodes) __builtin_trap();
    stages::MergeResult shared{content.catalog, {}, {}};
    on_disk::share_saved_sources(written, shared);
    if (shared.catalog.episodes != content.catalog.episodes) __builtin_trap();
    const std::string whole = feed::write_feed(config, content).xml;
    for (core::Catalog* other : {&back->catalog, &shared.catalog}) {
        content.catalog = std::move(*other);
        if (feed::write_feed(config, content).xml != whole) __builtin_trap();
    }
}

// The site's own feed read back (the output folder's last feed.xml, or the published one a
// runner downloads: a file the site's host serves), and what the merge keeps of it: the guid and
// page each episode was published with. The bytes before the first NUL are a host's feed, those
// after it the site's, and after a second NUL the site's list of its episode pages
// (episodes.json). Whatever they hold: a feed is the same as itself to the identity guard; every
// episode's page is one folder of its own (a slug read back from a link or the list is kept only
// when the site could have made it: merge::assign_slugs); a guid kept is a published one, and no
// other episode's.
void published_feed(std::string_view d) {
    const std::size_t nul = d.find('\0');
    const std::string_view host = d.substr(0, nul), rest = nul == std::string_view::npos ? d : d.substr(nul + 1);
    const std::size_t second = rest.find('\0');
    const std::string_view site = rest.substr(0, second),
                           list = second == std::string_view::npos ? std::string_view() : rest.substr(second + 1);
    const site::SitePaths paths("https://x.example/base/");
    const auto items = feed::read_identities(std::string(site), &paths);
    if (!items) return;
    merge::Published published;
    for (const auto& i : *items) published.items.push_back({i.guid, i.enclosure_url, i.slug, i.title, i.day});
    if (auto pages = feed::read_episode_list(list, paths)) published.pages = std::move(*pages);
    for (const auto kind : {feed::Before::published, feed::Before::input}) {
        const auto same = feed::compare_identities(*items, *items, "f", kind, {});
        if (!same.errors.empty() || !same.warnings.empty()) __builtin_trap();
    }
    std::vector<sources::SourceBatch> batches;
    batches.push_back(sources::read_rss(host, k_info));
    const core::Catalog catalog = merge::merge(batches, published);
    std::set<std::string> slugs, guids;
    for (const auto& e : catalog.episodes) {
        if (!core::is_safe_path_segment(e.slug) || !slugs.insert(e.slug).second) __builtin_trap();
        guids.insert(e.guid);
        for (const auto& other : e.other_feed_items) guids.insert(other.guid);
    }
    std::set<std::string> kept;
    for (const auto& e : catalog.episodes) {
        if (e.published_guid.empty()) continue;
        const bool is_published = std::any_of(published.items.begin(), published.items.end(),
                                              [&](const auto& i) { return i.guid == e.published_guid; });
        if (!is_published || guids.contains(e.published_guid) || !kept.insert(e.published_guid).second)
            __builtin_trap();
    }
}

// The artwork's check decodes whatever a server sends (libpng and libjpeg report by longjmp).
void image(std::string_view d) {
    const image::ImageCheck check = image::check_image(d);
    if (check.error.empty() && (check.width <= 0 || check.height <= 0 || check.width > image::k_max_image_side ||
                                check.height > image::k_max_image_side))
        __builtin_trap();
}

// A feed's bytes in any declared encoding: what the parser is given says UTF-8 and holds no junk
// before its declaration, so reading it again changes nothing.
void xml_encoding(std::string_view d) {
    const text::XmlAsUtf8 read = text::xml_as_utf8(d);
    if (read.text && text::xml_as_utf8(*read.text).text) throw std::logic_error("a converted feed is converted again");
}

// A site's table of the interface's words: read or refused with a located error; a table read
// gives every key a text, and a count a text for every number.
void words_table(std::string_view d) {
    i18n::Table table;
    try {
        table = i18n::read_table(d, "i18n/xx.yaml");
    } catch (const core::InputError&) {
        return;
    }
    for (const auto& [key, message] : table)
        if (!message.forms.contains("other")) throw std::logic_error("a message without its other form");
    const i18n::Words words("ru", std::move(table));
    for (const auto& [key, message] : words.table())
        for (long long n : {0LL, 1LL, 2LL, 5LL, 21LL, 1000000LL}) (void)words.count(key, n, {{"show", "x"}});
    (void)words.script_json("player");
}

// The search index's words: a word cut into words gives back every byte of it, in order.
void search_words(std::string_view d) {
    const std::string form = text::search_form(d.substr(0, 1u << 16));
    if (!text::is_valid_utf8(form) || form.find("  ") != std::string::npos)
        throw std::logic_error("a search form that is not words");
    text::WordBreaker breaker;
    text::for_each_word(form, [&](std::string_view word) {
        if (!text::needs_word_breaks(word)) return;
        std::string joined;
        for (std::string_view piece : breaker.words(word)) joined += piece;
        if (joined != word) throw std::logic_error("word breaks lost or added text");
    });
}

// What TemplateSet renders (the template's static text in runs, render/static_text.hpp, and our
// data through our context, render/context.hpp) must be the bytes kainjow renders from the
// template as written with the same data as its own, whatever the template.
void template_runs(std::string_view d) {
    if (render::section_too_deep(d)) return;  // refused before kainjow reads it, as TemplateSet does
    const std::string tmpl(d);
    kainjow::mustache::mustache plain(tmpl);
    if (!plain.is_valid()) return;
    if (auto marked = render::mark_static_text(tmpl); marked && !kainjow::mustache::mustache(marked->text).is_valid())
        __builtin_trap();  // a valid template stays valid
    // Every value kind, blank text among them; inside a list item or an object the containers'
    // names are false, so no section can render the whole template again (no blow-up).
    auto leaf = [](const char* a) {
        render::Data o;
        render::put(o, "a", a);
        render::put(o, "l", false);
        render::put(o, "o", false);
        return o;
    };
    render::Data root;
    render::put(root, "a", "x <y> & z");
    render::put(root, "b", " \t");
    render::put(root, "e", "");
    render::put(root, "t", true);
    render::put(root, "f", false);
    render::put(root, "l", render::List{leaf("1"), leaf("  ")});
    render::put(root, "o", leaf("<o>"));
    if (test::render_as_kainjow(tmpl, root) != test::render_as_ours(tmpl, root)) __builtin_trap();
}

}  // namespace

std::string records_summary(const sources::SourceBatch& batch, bool with_messages) {
    std::string out;
    for (const auto& r : batch.records) {
        out +=
            r.from.file + ":" + std::to_string(r.from.line) + "-" + std::to_string(r.from.end_line) + " [" + r.title +
            "] [" + r.description + "] " + (r.description_truncated ? "cut " : "") + r.guid + " " + r.page_url + " " +
            r.apple_id + " " + r.apple_url + " " + (r.date ? dates::format_iso8601(*r.date) : "-") + " " +
            (r.duration ? std::to_string(r.duration->seconds) : "-") + " " +
            (r.enclosure
                 ? r.enclosure->url + "|" + r.enclosure->type + "|" + std::to_string(r.enclosure->length.value_or(-1))
                 : "-");
        for (const auto& u : r.seen_at) out += " seen:" + u;
        out += "\n";
    }
    if (with_messages)
        for (const auto& d : batch.diagnostics) out += core::format(d) + "\n";
    return out;
}

// A transcript in each format: paragraphs in time order, none empty, and the page's data and
// the site's JSON copy made from them.
void transcript(std::string_view d, listening::TranscriptFormat format) {
    auto read = listening::read_transcript(d, format, "fuzz");
    const auto& segments = read.transcript.segments;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        if (segments[i].text.empty()) throw std::logic_error("an empty paragraph");
        if (i > 0 && segments[i].start < segments[i - 1].start) throw std::logic_error("paragraphs out of time order");
    }
    for (const auto& w : read.warnings)
        if (w.where.file != "fuzz") throw std::logic_error("a warning about another file");
    core::Episode e;
    e.slug = "e";
    e.transcript = core::SharedTranscript(read.transcript);
    render::Data data;
    render::put_listening(data, site::SiteInfo(site::SitePaths("https://x.example/")), e, nullptr);
    if (!segments.empty()) {
        [[maybe_unused]] auto json =
            nlohmann::json::parse(render::transcript_json(*e.transcript));  // (throws if not JSON)
    }
}
void vtt(std::string_view d) {
    transcript(d, listening::TranscriptFormat::vtt);
}
void srt(std::string_view d) {
    transcript(d, listening::TranscriptFormat::srt);
}
void transcript_json(std::string_view d) {
    transcript(d, listening::TranscriptFormat::json);
}
void transcript_html(std::string_view d) {
    transcript(d, listening::TranscriptFormat::html);
}

// A chapters file: chapters with a start, and the site's copy reads back the same.
void chapters_json(std::string_view d) {
    auto read = listening::read_chapters_json(d, "fuzz");
    listening::settle(read.chapters);
    auto again = listening::read_chapters_json(listening::chapters_json(read.chapters), "copy");
    if (again.chapters.size() != read.chapters.size() || !again.warnings.empty())
        throw std::logic_error("the copy reads otherwise");
}

// Chapter lines and show notes: times as written, in order.
void chapter_lines(std::string_view d) {
    auto chapters = listening::chapters_in_show_notes(d);
    for (std::size_t i = 1; i < chapters.size(); ++i)
        if (chapters[i].start <= chapters[i - 1].start) throw std::logic_error("show-notes chapters out of order");
    for (auto line : text::split_lines(d.substr(0, 4096))) {
        listening::parse_chapter_line(line);
        if (auto t = listening::parse_timecode(line); t && (*t < 0 || *t > 100.0 * 3600))
            throw std::logic_error("a time out of range");
    }
}

const std::vector<Target>& targets() {
    static const std::vector<Target> list = {
        {"rss", rss},
        {"records_json", records_json},
        {"records_yaml", records_yaml},
        {"podbean", podbean},
        {"pod_casts_io", pod_casts_io},
        {"player_fm", player_fm},
        {"apple_page", apple_page},
        {"itunes_lookup", itunes_lookup},
        {"detect", detect},
        {"note", note},
        {"episode_index", episode_index},
        {"site_yaml", site_yaml},
        {"dates", dates},
        {"slug", slug},
        {"sanitizer", sanitizer},
        {"url", url},
        {"feed_lint", feed_lint},
        {"feed_copy", feed_copy},
        {"kept_merge", kept_merge},
        {"published_feed", published_feed},
        {"template", template_runs},
        {"vtt", vtt},
        {"srt", srt},
        {"transcript_json", transcript_json},
        {"transcript_html", transcript_html},
        {"chapters_json", chapters_json},
        {"chapter_lines", chapter_lines},
        {"image", image},
        {"xml_encoding", xml_encoding},
        {"words_table", words_table},
        {"search_words", search_words},
    };
    return list;
}

}  // namespace fuzz
