#include "sources/pod_casts_io_page.hpp"

#include <optional>

#include "dates/dates.hpp"
#include "sources/page_lines.hpp"
#include "text/pattern.hpp"
#include "text/strings.hpp"

namespace sources {

namespace {

struct Meta {
    std::string date;
    std::string duration;
    std::optional<dates::Timestamp> when{};  // the date read (entry_meta)
};

// "<show> - August 18, 2021 13:00 - 13 minutes ★★★★★ - 35 ratings"
std::optional<Meta> parse_meta(std::string_view line) {
    static const text::Pattern re(
        R"(.* - ([A-Z][a-z]+ \d{1,2}, \d{4}(?: \d{1,2}:\d{2})?)(?: - (\d+ (?:minutes?|mins?|hours?|hrs?)(?: \d+ (?:minutes?|mins?))?))?(?: .*)?)");
    std::vector<std::string_view> m;
    if (!re.full_match(line, &m)) return std::nullopt;
    return Meta{std::string(m[0]), std::string(m[1])};
}

bool is_artwork_line(std::string_view line) {
    return line.ends_with(" artwork") || line == "artwork";
}

// The meta line of a list entry, dated: a description sentence may contain " - June 5, 2021",
// but a meta line has a duration or is short.
std::optional<Meta> entry_meta(std::string_view line) {
    auto meta = parse_meta(line);
    if (!meta || (meta->duration.empty() && line.size() > 100)) return std::nullopt;
    meta->when = dates::parse_any_date(meta->date);
    if (!meta->when) return std::nullopt;
    return meta;
}

}  // namespace

bool looks_like_pod_casts_io_page(std::string_view text) {
    PageLines lines(text);
    int metas = 0;
    for (int l = 1; l <= lines.size(); ++l)
        if (auto m = parse_meta(lines.at(l)); m && !m->duration.empty()) ++metas;
    return metas >= 1;
}

SourceBatch read_pod_casts_io_page(std::string_view text, const SourceInfo& info) {
    SourceBatch batch{info, core::SourceKind::pod_casts_io, {}, {}, {}};
    PageLines lines(text);
    for (int l = 1; l <= lines.size(); ++l) {
        auto meta = entry_meta(lines.at(l));
        if (!meta) continue;
        int title_line = lines.previous_nonblank(l);
        if (title_line == 0 || is_artwork_line(lines.at(title_line)) || parse_meta(lines.at(title_line))) continue;
        core::Record r;
        r.title = std::string(lines.at(title_line));
        r.date = meta->when;
        if (!meta->duration.empty()) r.duration = dates::parse_duration(meta->duration);
        int last = l;
        std::string description;
        // The paragraph after the meta line, up to the next entry's title (the line before its
        // meta line) when no blank line comes first: a page without blank lines gave each entry
        // the rest of the page, and its 20,000 entries all of memory.
        for (int d = l + 1; d <= lines.size() && !lines.blank(d) && !is_artwork_line(lines.at(d)); ++d) {
            if (d < lines.size() && entry_meta(lines.at(d + 1))) break;
            description += (description.empty() ? "" : " ") + std::string(lines.at(d));
            last = d;
        }
        r.description = description;
        r.description_truncated = looks_cut_off(description);
        int first = title_line;
        if (int art = lines.previous_nonblank(title_line); art > 0 && is_artwork_line(lines.at(art))) first = art;
        r.from = provenance(info, first, last);
        batch.records.push_back(std::move(r));
    }
    return batch;
}

}  // namespace sources
