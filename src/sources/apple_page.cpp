#include "sources/apple_page.hpp"

#include <algorithm>

#include "core/directories.hpp"
#include "core/slug.hpp"
#include "sources/page_lines.hpp"
#include "text/normalize.hpp"
#include "text/pattern.hpp"
#include "text/strings.hpp"

namespace sources {

namespace {

using Match = std::vector<std::string_view>;  // the date and the rest of an item's first line

// "1. [ 08/04/2024 Compiler collectives ..." or "- 2. [ 04/29/2024 ..."
const text::Pattern& item_start() {
    static const text::Pattern re(R"((?:[-*] )?\d{1,4}\. \[ ?(\d{2}/\d{2}/\d{4}) (.*))");
    return re;
}

bool ends_item(std::string_view line) {
    return line.starts_with("[See All") || line.starts_with("## ") || line.starts_with("# ");
}

struct Item {
    int first_line = 0;
    int last_line = 0;
    std::string date;
    std::string body;  // title, description and length
    std::string url;
    bool link_closed = false;
};

// Gathers an item's lines up to the end of its link, joining a link split across lines.
// Each line added is searched alone for the link's start and end: searching the whole body
// again for each made an item of 300,000 lines (an 11 MB page) take 18 s.
Item gather(const PageLines& lines, int start, const Match& m) {
    Item item{start, start, std::string(m[0]), std::string(m[1]), "", false};
    std::size_t link = item.body.find("(https://");
    bool closed = link != std::string::npos && item.body.find(')', link) != std::string::npos;
    for (int l = start + 1; l <= lines.size() && !closed; ++l) {
        std::string_view line = lines.at(l);
        if (item_start().full_match(line) || ends_item(line)) break;
        if (line.empty()) continue;
        const std::size_t from = item.body.size();  // (the link's start holds no line break: not across lines)
        item.body += '\n';
        item.body += line;
        item.last_line = l;
        if (link == std::string::npos) link = item.body.find("(https://", from);
        closed = link != std::string::npos && item.body.find(')', std::max(link, from)) != std::string::npos;
    }
    if (link != std::string::npos) {
        std::size_t close = item.body.find(')', link);
        std::string url = item.body.substr(link + 1, close == std::string::npos ? std::string::npos : close - link - 1);
        std::string compact;
        for (char c : url)
            if (!std::isspace(static_cast<unsigned char>(c))) compact.push_back(c);
        item.url = compact;
        item.link_closed = close != std::string::npos;  // a link cut off by the capture gives no trusted id
        std::size_t body_end = link;
        while (body_end > 0 && (item.body[body_end - 1] == '[' || item.body[body_end - 1] == ']' ||
                                std::isspace(static_cast<unsigned char>(item.body[body_end - 1]))))
            --body_end;
        item.body.resize(body_end);
    }
    item.body = text::collapse_whitespace(item.body);
    return item;
}

// Removes the trailing length ("17 min", with words OCR moved around it) and returns it.
std::optional<dates::Duration> take_duration(std::string& body) {
    static const text::Pattern re(R"((?:^|\s)(\d{1,3})((?:\s+\S+){0,2}?)\s+min(?:utes?)?((?:\s+\S+){0,1})\s*$)");
    std::vector<std::string_view> m;
    auto at = re.search(body, &m);
    if (!at) return std::nullopt;
    auto duration = dates::parse_duration(std::string(m[0]) + " min");
    body.resize(*at);
    return duration;
}

// The slug in ".../podcast/<slug>/id1566080008?i=1000664250427".
std::string url_slug(std::string_view url) {
    std::size_t id = url.find("/id");
    if (id == std::string_view::npos) return {};
    std::size_t start = url.rfind('/', id - 1);
    return start == std::string_view::npos ? std::string() : std::string(url.substr(start + 1, id - start - 1));
}

// Splits "Title Description..." at the shortest word prefix that slugs to `slug`, else where
// the description starts by repeating the title ("Compiler collectives Compiler collectives are").
std::size_t title_length(const std::vector<std::string_view>& words, const std::string& slug) {
    if (!slug.empty()) {
        std::string prefix;
        for (std::size_t k = 1; k <= words.size() && k <= 24; ++k) {
            prefix += (k > 1 ? " " : "") + std::string(words[k - 1]);
            if (core::slugify(text::clean_text(prefix), 200) == slug) return k;
        }
    }
    // Descriptions usually open with the title's first words: "Tensor subclasses and PT2 Tensor
    // subclasses allow ..." splits before the second "Tensor subclasses".
    for (std::size_t k = 1; k <= 12 && k < words.size(); ++k) {
        if (text::match_form(words[k]) != text::match_form(words[0])) continue;
        if (k == 1 || (k + 1 < words.size() && text::match_form(words[k + 1]) == text::match_form(words[1]))) return k;
    }
    return 0;
}

}  // namespace

bool looks_like_apple_page(std::string_view text) {
    if (text.find("podcasts.apple.com") == std::string_view::npos) return false;
    PageLines lines(text);
    for (int l = 1; l <= lines.size(); ++l)
        if (item_start().full_match(lines.at(l))) return true;
    return false;
}

SourceBatch read_apple_page(std::string_view text, const SourceInfo& info) {
    SourceBatch batch{info, core::SourceKind::apple_page, {}, {}, {}};
    PageLines lines(text);
    for (int l = 1; l <= lines.size(); ++l) {
        Match m;
        std::string_view line = lines.at(l);
        if (!item_start().full_match(line, &m)) continue;
        Item item = gather(lines, l, m);
        core::Record r;
        r.date = dates::parse_any_date(item.date);
        r.duration = take_duration(item.body);
        std::vector<std::string_view> words;
        for (auto w : text::split(item.body, ' '))
            if (!w.empty()) words.push_back(w);
        std::size_t k = title_length(words, url_slug(item.url));
        std::vector<std::string> title_words(words.begin(), words.begin() + static_cast<long>(k));
        std::vector<std::string> text_words(words.begin() + static_cast<long>(k), words.end());
        r.title = text::clean_text(text::join(title_words, " "));
        r.description = text::clean_text(text::join(text_words, " "));
        r.description_truncated = looks_cut_off(r.description);
        if (item.link_closed && item.url.starts_with("https://podcasts.apple.com/")) {
            r.apple_url = item.url;
            r.apple_id = core::apple_episode_id(item.url);
        }
        r.from = provenance(info, item.first_line, item.last_line);
        batch.records.push_back(std::move(r));
        l = item.last_line;
    }
    return batch;
}

}  // namespace sources
