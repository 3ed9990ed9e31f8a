#include "feed/json_feed.hpp"

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "util/dates.hpp"
#include "util/url.hpp"

namespace feed {

std::string write_json_feed(const core::Catalog& catalog, const notes::Curation& curation, const render::SiteInfo& site) {
    nlohmann::json feed = {{"version", "https://jsonfeed.org/version/1.1"},
                           {"title", site.title},
                           {"home_page_url", site.paths.base_url},
                           {"feed_url", site.paths.absolute("feed.json")},
                           {"description", site.description},
                           {"language", site.language}};
    if (!site.author.empty()) feed["authors"] = nlohmann::json::array({{{"name", site.author}}});
    if (!site.image.empty()) feed["icon"] = site.image;
    // The document is dumped without items, and each item is dumped on its own into the gap
    // (indented as the whole document's dump would indent it): a large archive's items never
    // exist as one JSON value beside their text, nor the text twice.
    feed["items"] = nlohmann::json::array();
    const std::string frame = feed.dump(1) + "\n";
    constexpr std::string_view k_empty = "\n \"items\": []";  // a top-level key: one space deep
    const std::size_t gap = frame.find(k_empty);
    if (gap == std::string::npos) throw std::logic_error("feed.json: no place for the items");
    std::string text = frame.substr(0, gap + k_empty.size() - 1);  // up to "[", the items go after it
    bool first = true;
    for (const auto& e : catalog.episodes) {
        // The same items as feed.xml: an audio file and a date.
        if (!e.enclosure || !util::is_http_url(e.enclosure->url) || !e.date) continue;
        const notes::EpisodeExtras* x = curation.extras(e.slug);
        nlohmann::json attachment = {{"url", e.enclosure->url},
                                     {"mime_type", e.enclosure->type.empty() ? std::string("audio/mpeg") : e.enclosure->type}};
        if (e.enclosure->length && *e.enclosure->length > 0) attachment["size_in_bytes"] = *e.enclosure->length;
        if (e.duration) attachment["duration_in_seconds"] = e.duration->seconds;
        nlohmann::json item = {{"id", e.guid},
                               {"url", site.paths.absolute(render::SitePaths::episode_dir(e.slug))},
                               {"title", e.title},
                               {"content_html", site.text(e).notes_html},
                               {"summary", render::cut_at_word(site.text(e).plain, 300)},
                               {"date_published", util::format_iso8601(*e.date)},
                               {"attachments", nlohmann::json::array({attachment})}};
        if (x && !x->topics.empty()) item["tags"] = x->topics;
        text += first ? "\n  " : ",\n  ";
        first = false;
        // Indented two more spaces after each newline (strings are escaped: every newline is
        // the dump's own), a line at a time.
        const std::string dumped = item.dump(1);
        for (std::size_t start = 0; start < dumped.size();) {
            std::size_t newline = dumped.find('\n', start);
            if (newline == std::string::npos) {
                text.append(dumped, start);
                break;
            }
            text.append(dumped, start, newline + 1 - start);
            text += "  ";
            start = newline + 1;
        }
    }
    if (!first) text += "\n ";
    text.append(frame, gap + k_empty.size() - 1);  // "]" and the rest
    return text;
}

}  // namespace feed
