#include "sources/read_source.hpp"

#include <algorithm>
#include <optional>

#include "files/files.hpp"
#include "sources/apple_page.hpp"
#include "sources/itunes_lookup.hpp"
#include "sources/player_fm_page.hpp"
#include "sources/pod_casts_io_page.hpp"
#include "sources/podbean_page.hpp"
#include "sources/records_reader.hpp"
#include "sources/rss_reader.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"
#include "text/xml_encoding.hpp"

namespace sources {

namespace {

std::string_view skip_bom_and_space(std::string_view text) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    return text::trim(text);
}

SourceBatch read_records_either(std::string_view text, const SourceInfo& info) {
    std::string_view body = skip_bom_and_space(text);
    bool json = body.starts_with("[") || body.starts_with("{");
    return read_records(text, info, json ? RecordsSyntax::json : RecordsSyntax::yaml);
}

// Every source adapter: the kind it reads (its name for site.yaml is in core/source_kind.cpp),
// how a page of that kind is told from its content when site.yaml does not say (nullptr: the
// feeds and data files, told by detect_kind's own rules), how it is read, whether it is a
// directory's page that says how many episodes the show has, and, for a feed, how it is read
// from a file's text it may let go of before it is done (read_source's; parse_source reads a
// page's count from the text after the adapter, so a page has none). A new kind is one entry.
struct Adapter {
    core::SourceKind kind;
    bool (*looks_like)(std::string_view text);
    SourceBatch (*read)(std::string_view text, const SourceInfo& info);
    bool announces_count = false;
    SourceBatch (*read_text)(std::string text, const SourceInfo& info, const ReadAgain& again) = nullptr;
};
// (Scraped pages are told apart in this order: most specific first.)
const Adapter k_adapters[] = {
    {core::SourceKind::rss, nullptr, read_rss, false, read_rss_text},
    {core::SourceKind::atom, nullptr, read_rss, false, read_rss_text},  // (read_rss reads Atom as well)
    {core::SourceKind::records, nullptr, read_records_either},
    {core::SourceKind::itunes_lookup, nullptr, read_itunes_lookup},
    {core::SourceKind::apple_page, looks_like_apple_page, read_apple_page, true},
    {core::SourceKind::player_fm, looks_like_player_fm_page, read_player_fm_page, true},
    {core::SourceKind::pod_casts_io, looks_like_pod_casts_io_page, read_pod_casts_io_page, true},
    {core::SourceKind::podbean, looks_like_podbean_page, read_podbean_page, true},
};

// The adapter of `kind`, or nullptr.
const Adapter* adapter_of(core::SourceKind kind) {
    for (const Adapter& adapter : k_adapters)
        if (adapter.kind == kind) return &adapter;
    return nullptr;
}

}  // namespace

core::SourceKind detect_kind(std::string_view raw, std::string_view file_name) {
    std::string_view text = skip_bom_and_space(raw);
    // UTF-16, with a byte-order mark or without ("<" and a zero byte): only XML comes so.
    if (raw.starts_with("\xFF\xFE") || raw.starts_with("\xFE\xFF") || raw.starts_with(std::string_view("<\0", 2)) ||
        raw.starts_with(std::string_view("\0<", 2)))
        return core::SourceKind::rss;
    if (text.starts_with("<?xml") || text.starts_with("<rss") || text.starts_with("<!--")) return core::SourceKind::rss;
    // A feed's root first but for a doctype or processing instructions, or with no declaration
    // at all (an Atom feed that begins <feed xmlns='...'>).
    if (text::is_feed_root_at(text, text::first_element(text))) return core::SourceKind::rss;
    if (text.starts_with("{") && looks_like_itunes_lookup(text)) return core::SourceKind::itunes_lookup;
    if (text.starts_with("[") && (text::trim(text.substr(1)).starts_with("{") || text == "[]"))
        return core::SourceKind::records;
    // A feed after a server's message (a PHP warning printed before the declaration): read from
    // the declaration on, with a warning (text::xml_as_utf8).
    if (const std::size_t declaration = text.find("<?xml"); declaration < (64u << 10)) {
        const std::string_view before = text.substr(0, declaration), after = text.substr(declaration, 4096);
        const std::string lower = text::ascii_lower(before);
        if (lower.find("<html") == std::string::npos && lower.find("<!doctype") == std::string::npos &&
            (after.find("<rss") != std::string_view::npos || after.find("<feed") != std::string_view::npos))
            return core::SourceKind::rss;
    }
    // A feed below text that is not markup (saved from a browser, with its message above it).
    if (text::root_after_junk(text) != std::string_view::npos) {
        const std::string lower = text::ascii_lower(text.substr(0, text::root_after_junk(text)));
        if (lower.find("<html") == std::string::npos && lower.find("<!doctype") == std::string::npos)
            return core::SourceKind::rss;
    }
    std::string lower_name = text::ascii_lower(file_name);
    if (lower_name.ends_with(".yaml") || lower_name.ends_with(".yml")) return core::SourceKind::records;
    for (const Adapter& adapter : k_adapters)
        if (adapter.looks_like && adapter.looks_like(text)) return adapter.kind;
    return core::SourceKind::unknown;
}

SourceBatch parse_source(std::string_view text, const SourceInfo& info, core::SourceKind kind,
                         std::string_view file_name) {
    if (const Adapter* adapter = adapter_of(kind)) {
        SourceBatch batch = adapter->read(text, info);
        if (adapter->announces_count) batch.announced = announced_count(text);
        return batch;
    }
    SourceBatch batch{info, kind, {}, {}, {}};
    const std::string message = "cannot tell what kind of source this is; set 'kind:' for it in site.yaml";
    batch.diagnostics.push_back(core::error_at({info.file, 1, 1}, message));
    return batch;
}

std::filesystem::path kept_items_path(const std::filesystem::path& snapshot) {
    return snapshot.parent_path() / (snapshot.stem().string() + ".kept" + snapshot.extension().string());
}

std::filesystem::path kept_records_path(const std::filesystem::path& snapshot) {
    return snapshot.parent_path() / (snapshot.stem().string() + ".kept.json");
}

namespace {

// parse_source of a file's text, which the adapter may let go of before it is done, and read
// again (read_text).
SourceBatch parse_file_text(std::string text, const SourceInfo& info, core::SourceKind kind,
                            const std::filesystem::path& file) {
    if (const Adapter* adapter = adapter_of(kind); adapter && adapter->read_text)
        return adapter->read_text(std::move(text), info, [&file]() -> std::optional<std::string> {
            try {
                return files::read_file(file);
            } catch (const files::FileError&) {
                return std::nullopt;
            }
        });
    return parse_source(text, info, kind, file.filename().string());
}

// The kept file's text; a problem reading it (a planted link, ...) is the batch's error.
std::optional<std::string> kept_text(SourceBatch& batch, const std::filesystem::path& kept_file,
                                     const std::string& display) {
    try {
        return files::read_file(kept_file, files::k_max_input_bytes, files::Links::refuse);
    } catch (const files::FileError& e) {
        batch.diagnostics.push_back(core::error_at({display, 0, 0}, e.what()));
        return std::nullopt;
    }
}

// Adds the kept records of `kept_file` to the page's batch.
void add_kept_records(SourceBatch& batch, const std::filesystem::path& kept_file, const std::string& display) {
    const std::optional<std::string> text = kept_text(batch, kept_file, display);
    if (!text) return;
    SourceBatch kept = read_records(*text, {batch.info.name, display, batch.info.url}, RecordsSyntax::json);
    batch.records.insert(batch.records.end(), std::make_move_iterator(kept.records.begin()),
                         std::make_move_iterator(kept.records.end()));
    batch.diagnostics.insert(batch.diagnostics.end(), kept.diagnostics.begin(), kept.diagnostics.end());
}

// Adds the kept items of `kept_file` to the feed's batch. Their namespaces the feed no longer
// declares are declared on the regenerated feed's root too (the items still use them).
void add_kept_items(SourceBatch& batch, const std::filesystem::path& kept_file, const std::string& display) {
    const std::optional<std::string> text = kept_text(batch, kept_file, display);
    if (!text) return;
    SourceBatch kept = read_rss(*text, {batch.info.name, display, batch.info.url});
    if (kept.kind != batch.kind) {
        batch.diagnostics.push_back(core::warning_at(
            {display, 1, 1}, std::string("the kept items are ") + std::string(core::kind_name(kept.kind)) +
                                 " and the feed is " + std::string(core::kind_name(batch.kind)) +
                                 " now: they are not read (convert them, or move the file away)"));
        return;
    }
    if (kept.channel && batch.channel)
        for (const auto& attribute : kept.channel->root_attributes)
            if (attribute.first.starts_with("xmlns:") && attribute.second != k_kept_ns &&
                std::none_of(batch.channel->root_attributes.begin(), batch.channel->root_attributes.end(),
                             [&](const auto& a) { return a.first == attribute.first; }))
                batch.channel->root_attributes.push_back(attribute);
    batch.records.insert(batch.records.end(), std::make_move_iterator(kept.records.begin()),
                         std::make_move_iterator(kept.records.end()));
    batch.diagnostics.insert(batch.diagnostics.end(), kept.diagnostics.begin(), kept.diagnostics.end());
}

}  // namespace

SourceBatch read_source(const config::SourceConfig& source) {
    SourceInfo info{source.name, source.display_path.empty() ? source.path.string() : source.display_path, source.url};
    std::string text;
    try {
        text = files::read_file(source.path);
    } catch (const files::FileError& e) {
        SourceBatch batch{info, source.kind, {}, {}, {}};
        batch.diagnostics.push_back(core::error_at({info.file, 0, 0}, e.what()));
        return batch;
    }
    const core::SourceKind kind =
        source.kind == core::SourceKind::unknown ? detect_kind(text, source.path.filename().string()) : source.kind;
    // A listing is read as UTF-8 (a feed names its own encoding: text::xml_as_utf8), its bytes
    // that are not as Windows-1252, with a warning.
    std::optional<core::Diagnostic> stray_warning;
    text::StrayBytes stray;
    if (!core::is_feed(kind))
        if (auto read = text::stray_bytes_as_1252(text, stray)) {
            text = std::move(*read);
            stray_warning = core::warning_at({info.file, stray.line, 0},
                                             text::stray_bytes_message(stray, "save the file as UTF-8"));
        }
    SourceBatch batch = parse_file_text(std::move(text), info, kind, source.path);
    if (stray_warning) batch.diagnostics.insert(batch.diagnostics.begin(), std::move(*stray_warning));
    std::error_code ec;
    if (core::is_feed(batch.kind)) {
        const std::filesystem::path kept = kept_items_path(source.path);
        if (batch.channel && std::filesystem::is_regular_file(kept, ec))
            add_kept_items(batch, kept, kept_items_path(info.file).generic_string());
    } else if (batch.kind != core::SourceKind::unknown) {
        const std::filesystem::path kept = kept_records_path(source.path);
        if (std::filesystem::is_regular_file(kept, ec))
            add_kept_records(batch, kept, kept_records_path(info.file).generic_string());
    }
    return batch;
}

}  // namespace sources
