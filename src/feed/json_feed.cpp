#include "feed/json_feed.hpp"

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/enclosures.hpp"
#include "dates/dates.hpp"
#include "html/escape.hpp"
#include "net/url.hpp"

namespace feed {

namespace {

// About how much of feed.json is written at a time: large enough that writing is a few calls.
constexpr std::size_t k_piece = std::size_t{1} << 20;

// One item, as nlohmann's dump(1) of it would be indented inside the items array: keys in
// order, one space deeper per level. Written directly because dump() escaped 16 MB of show
// notes at a tenth of the speed of html::append_json_string (tests compare the two).
void append_item(std::string& out, const core::Episode& e, const notes::EpisodeExtras* x,
                 const site::SiteContent& content) {
    const site::SiteInfo& site = content.site;
    auto key = [&](std::string_view indent, std::string_view name) {
        out += indent;
        out += '"';
        out += name;
        out += "\": ";
    };
    auto field = [&](std::string_view name, std::string_view value, bool last = false) {
        key("   ", name);
        html::append_json_string(out, value);
        out += last ? "\n" : ",\n";
    };
    // The host's file and the archive's copy, in the order feed.xml and the pages serve them.
    std::vector<core::Enclosure> files = {*e.enclosure};
    if (e.copy)
        files.insert(e.copy->host_gone ? files.begin() : files.end(),
                     core::Enclosure{e.copy->url, e.copy->type, e.copy->bytes});
    out += "{\n   \"attachments\": [\n";
    for (std::size_t i = 0; i < files.size(); ++i) {
        const core::Enclosure& audio = files[i];
        out += "    {\n";
        if (e.duration) key("     ", "duration_in_seconds"), out += std::to_string(e.duration->seconds), out += ",\n";
        key("     ", "mime_type");
        html::append_json_string(out, core::audio_type(audio.type, audio.url));
        out += ",\n";
        if (const long long bytes = core::feed_audio_size(e, audio); bytes > 0)
            key("     ", "size_in_bytes"), out += std::to_string(bytes), out += ",\n";
        key("     ", "url");
        html::append_json_string(out, audio.url);
        out += i + 1 < files.size() ? "\n    },\n" : "\n    }\n";
    }
    out += "   ],\n";
    const site::EpisodeText& text = content.text(e);
    field("content_html", text.notes_html.view());
    field("date_published", dates::format_iso8601(*e.date));
    field("id", core::feed_guid(e));
    field("summary", site::cut_at_word(text.plain.view(), 300));
    if (const auto& topics = notes::Curation::topics_of(x, e); x && !topics.empty()) {
        key("   ", "tags");
        out += "[\n";
        for (std::size_t i = 0; i < topics.size(); ++i) {
            out += "    ";
            html::append_json_string(out, topics[i]);
            out += i + 1 < topics.size() ? ",\n" : "\n";
        }
        out += "   ],\n";
    }
    field("title", e.title);
    field("url", site.paths.absolute(site::SitePaths::episode_dir(e.slug)), true);
    out += "  }";
}

}  // namespace

void write_json_feed(const site::SiteContent& content, const std::function<void(std::string_view)>& write) {
    const core::Catalog& catalog = content.catalog;
    const notes::Curation& curation = content.curation;
    const site::SiteInfo& site = content.site;
    nlohmann::json feed = {{"version", "https://jsonfeed.org/version/1.1"},
                           {"title", site.title},
                           {"home_page_url", site.paths.base_url},
                           {"feed_url", site.paths.absolute("feed.json")},
                           {"description", site.description},
                           {"language", site.language}};
    if (!site.author.empty()) feed["authors"] = nlohmann::json::array({{{"name", site.author}}});
    if (!site.image.empty()) feed["icon"] = site.image;
    // The document is dumped without items, and each item is written on its own into the gap
    // (indented as the whole document's dump would indent it): a large archive's items never
    // exist as one JSON value beside their text, nor as one text (16 MB at 10,000 episodes).
    feed["items"] = nlohmann::json::array();
    const std::string frame = feed.dump(1) + "\n";
    constexpr std::string_view k_empty = "\n \"items\": []";  // a top-level key: one space deep
    const std::size_t gap = frame.find(k_empty);
    if (gap == std::string::npos) throw std::logic_error("feed.json: no place for the items");
    std::string piece = frame.substr(0, gap + k_empty.size() - 1);  // up to "[", the items go after it
    piece.reserve(k_piece + (k_piece >> 2));
    bool first = true;
    for (const auto& e : catalog.episodes) {
        // The same items as feed.xml: an audio file and a date.
        if (!e.enclosure || !net::is_http_url(e.enclosure->url) || !e.date) continue;
        piece += first ? "\n  " : ",\n  ";
        first = false;
        append_item(piece, e, curation.extras(e), content);
        if (piece.size() >= k_piece) write(piece), piece.clear();
    }
    if (!first) piece += "\n ";
    piece.append(frame, gap + k_empty.size() - 1);  // "]" and the rest
    write(piece);
}

}  // namespace feed
