#include "sources/podbean_page.hpp"

#include "sources/page_lines.hpp"
#include "text/pattern.hpp"
#include "text/strings.hpp"

namespace sources {

namespace {

// "Aug 4th, 2024 1:47 AM" or "Apr 29th, 2024 12:01 AM"
bool is_date_line(std::string_view line) {
    static const text::Pattern date_line(
        R"([A-Z][a-z]{2,8}\.? \d{1,2}(st|nd|rd|th)?, \d{4}( \d{1,2}:\d{2}( ?[AP]M)?)?)");
    return line.size() < 40 && date_line.full_match(line) && dates::parse_any_date(line);
}

}  // namespace

bool looks_like_podbean_page(std::string_view text) {
    PageLines lines(text);
    int dates = 0;
    bool list_header = false;
    for (int l = 1; l <= lines.size(); ++l) {
        list_header = list_header || lines.at(l) == "Episode List";
        dates += is_date_line(lines.at(l));
    }
    return dates >= 1 && (list_header || text.find("podbean") != std::string_view::npos);
}

SourceBatch read_podbean_page(std::string_view text, const SourceInfo& info) {
    SourceBatch batch{info, core::SourceKind::podbean, {}, {}, {}};
    PageLines lines(text);
    int start = 1;
    for (int l = 1; l <= lines.size(); ++l)
        if (lines.at(l) == "Episode List") start = l + 1;
    for (int l = start; l <= lines.size(); ++l) {
        if (!is_date_line(lines.at(l))) continue;
        int title_line = lines.previous_nonblank(l);
        if (title_line < start || is_date_line(lines.at(title_line))) continue;
        core::Record r;
        r.title = std::string(lines.at(title_line));
        r.date = dates::parse_any_date(lines.at(l));
        // The description is the paragraph after the date line.
        int first = lines.next_nonblank(l), last = first;
        std::string description;
        for (int d = first; d <= lines.size() && !lines.blank(d) && !is_date_line(lines.at(d)); ++d) {
            description += (description.empty() ? "" : " ") + std::string(lines.at(d));
            last = d;
        }
        // A paragraph followed directly by another date line is the next episode's title.
        if (first <= lines.size() && is_date_line(lines.at(lines.next_nonblank(last)))) description.clear(), last = l;
        r.description = description;
        r.description_truncated = looks_cut_off(description);
        r.from = provenance(info, title_line, description.empty() ? l : last);
        batch.records.push_back(std::move(r));
    }
    return batch;
}

}  // namespace sources
