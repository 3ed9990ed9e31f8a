#include "sources/player_fm_page.hpp"

#include <map>
#include <set>

#include "sources/page_lines.hpp"
#include "text/pattern.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace sources {

namespace {

constexpr std::size_t k_min_description = 40;  // interface strings are shorter than any description

struct TitleLine {
    std::string title;
    std::string duration;
};

// "1 DataLoader with multiple workers leaks memory 16:38": a list index, the title, the length.
std::optional<TitleLine> parse_title_line(std::string_view line) {
    static const text::Pattern re(R"((?:\d{1,3} )?(.*\S) (\d{1,2}:\d{2}(?::\d{2})?))");
    std::vector<std::string_view> m;
    if (!re.full_match(line, &m)) return std::nullopt;
    std::string title(m[0]);
    if (title.size() < 2 || title.find_first_not_of("0123456789: ") == std::string::npos) return std::nullopt;
    return TitleLine{title, std::string(m[1])};
}

std::optional<std::string> manage_episode_id(std::string_view line) {
    static const text::Pattern re(R"(Manage episode (\d+) series (\d+))");
    std::vector<std::string_view> m;
    if (!re.full_match(line, &m)) return std::nullopt;
    return std::string(m[0]);
}

// The show's name heads every list entry, so it is the commonest short line of the page.
std::string show_name(const PageLines& lines) {
    std::map<std::string_view, int> counts;
    for (int l = 1; l <= lines.size(); ++l)
        if (lines.at(l).size() >= 3 && lines.at(l).size() < 100 && !parse_title_line(lines.at(l)))
            ++counts[lines.at(l)];
    std::string best;
    int best_count = 2;
    for (const auto& [line, count] : counts)
        if (count > best_count) best_count = count, best = std::string(line);
    return best;
}

bool is_page_chrome(std::string_view line) {
    return line.find("Player FM") != std::string_view::npos;
}

// Long lines of the page's header (before any episode), such as the "content provided by"
// notice, recur inside episode blocks; they are the page's, not the episode's.
std::set<std::string_view> header_lines(const PageLines& lines, int first_episode_line) {
    std::set<std::string_view> header;
    for (int l = 1; l < first_episode_line; ++l)
        if (lines.at(l).size() >= k_min_description) header.insert(lines.at(l));
    return header;
}

// The longest line of [first, last] that is long enough to be a description.
int description_line(const PageLines& lines, int first, int last, const std::set<std::string_view>& chrome) {
    int best = 0;
    std::size_t best_length = k_min_description - 1;
    for (int l = first; l <= last; ++l) {
        std::size_t length = text::code_point_count(lines.at(l));
        if (length > best_length && !manage_episode_id(lines.at(l)) && !chrome.count(lines.at(l)))
            best = l, best_length = length;
    }
    return best;
}

void read_featured(const PageLines& lines, int list_start, const std::set<std::string_view>& chrome,
                   const SourceInfo& info, SourceBatch& batch) {
    std::map<std::string, core::Record> by_id;  // the capture may repeat the featured block
    std::vector<std::string> order;
    for (int l = 1; l < list_start; ++l) {
        auto id = manage_episode_id(lines.at(l));
        if (!id) continue;
        int next = l + 1;
        while (next < list_start && !manage_episode_id(lines.at(next))) ++next;
        int text_line = description_line(lines, l + 1, next - 1, chrome);
        auto [it, fresh] = by_id.try_emplace(*id);
        core::Record& r = it->second;
        if (fresh) {
            order.push_back(*id);
            int title_line = lines.previous_nonblank(l);
            r.title = title_line > 0 && !is_page_chrome(lines.at(title_line)) ? std::string(lines.at(title_line)) : "";
            r.from = provenance(info, title_line > 0 ? title_line : l, l);
        }
        if (text_line && r.description.empty()) {
            r.description = std::string(lines.at(text_line));
            r.description_truncated = looks_cut_off(r.description);
        }
        r.from.end_line = std::max(r.from.end_line, text_line ? text_line : l);
    }
    for (const auto& id : order) batch.records.push_back(std::move(by_id[id]));
}

}  // namespace

bool looks_like_player_fm_page(std::string_view text) {
    return text.find("Player FM") != std::string_view::npos || text.find("player.fm") != std::string_view::npos;
}

SourceBatch read_player_fm_page(std::string_view text, const SourceInfo& info) {
    SourceBatch batch{info, core::SourceKind::player_fm, {}, {}, {}};
    PageLines lines(text);
    std::string show = show_name(lines);
    std::vector<int> heads;  // lines holding the show's name: one per list entry
    for (int l = 1; l <= lines.size() && !show.empty(); ++l)
        if (lines.at(l) == show) heads.push_back(l);
    int list_start = heads.empty() ? lines.size() + 1 : heads.front();
    int first_episode = list_start;
    for (int l = 1; l < list_start; ++l)
        if (manage_episode_id(lines.at(l))) {
            first_episode = std::max(1, lines.previous_nonblank(l));
            break;
        }
    auto chrome = header_lines(lines, first_episode);
    read_featured(lines, list_start, chrome, info, batch);
    for (std::size_t h = 0; h < heads.size(); ++h) {
        int first = heads[h] + 1;
        int last = h + 1 < heads.size() ? heads[h + 1] - 1 : lines.size();
        // The avatar letter before the next entry's name belongs to that entry.
        if (h + 1 < heads.size() && lines.at(last).size() <= 3) --last;
        for (int l = first; l <= last; ++l)
            if (is_page_chrome(lines.at(l))) last = l - 1;
        core::Record r;
        int title_at = lines.next_nonblank(heads[h]);
        if (title_at <= last) {
            if (auto t = parse_title_line(lines.at(title_at))) {
                r.title = t->title;
                r.duration = dates::parse_duration(t->duration);
            }
        }
        int text_line = description_line(lines, first, last, chrome);
        if (!text_line && r.title.empty()) continue;  // an empty entry: nothing to keep
        if (text_line) {
            r.description = std::string(lines.at(text_line));
            r.description_truncated = looks_cut_off(r.description);
        }
        int start = heads[h];
        if (int avatar = lines.previous_nonblank(heads[h]); avatar > 0 && lines.at(avatar).size() <= 3) start = avatar;
        r.from = provenance(info, start, std::max(text_line, title_at <= last ? title_at : heads[h]));
        batch.records.push_back(std::move(r));
    }
    return batch;
}

}  // namespace sources
