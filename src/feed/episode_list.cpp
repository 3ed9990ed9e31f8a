#include "feed/episode_list.hpp"

#include <simdjson.h>

#include "core/directories.hpp"
#include "dates/dates.hpp"
#include "html/escape.hpp"

namespace feed {

namespace {

constexpr std::size_t k_piece = std::size_t{1} << 20;  // (about how much is written at a time)
constexpr std::int64_t k_version = 1;

void append_field(std::string& out, std::string_view name, std::string_view value) {
    out += ", \"";
    out += name;
    out += "\": ";
    html::append_json_string(out, value);
}

// The string member `name` of `entry`, "" when it has none or another kind.
std::string string_member(simdjson::dom::object entry, const char* name) {
    std::string_view value;
    return entry[name].get(value) == simdjson::SUCCESS ? std::string(value) : std::string();
}

}  // namespace

void write_episode_list(const site::SiteContent& content, const std::function<void(std::string_view)>& write) {
    const site::SitePaths& paths = content.site.paths;
    std::string piece = "{\"version\": " + std::to_string(k_version) + ", \"home_page_url\": ";
    html::append_json_string(piece, paths.base_url);
    piece += ", \"episodes\": [";
    bool first = true;
    for (const auto& e : content.catalog.episodes) {
        piece += first ? "\n{\"url\": " : ",\n{\"url\": ";
        first = false;
        html::append_json_string(piece, paths.absolute(site::SitePaths::episode_dir(e.slug)));
        append_field(piece, "title", e.title);
        if (e.date) append_field(piece, "date", dates::format_iso8601(*e.date));
        if (!e.guid_derived && !core::feed_guid(e).empty()) append_field(piece, "guid", core::feed_guid(e));
        if (const std::string apple = core::apple_episode_id(e.apple_url); !apple.empty())
            append_field(piece, "apple_id", apple);
        if (!e.page_url.empty()) append_field(piece, "host_url", e.page_url);
        piece += '}';
        if (piece.size() >= k_piece) write(piece), piece.clear();
    }
    piece += "\n]}\n";
    write(piece);
}

std::optional<std::vector<core::PublishedPage>> read_episode_list(std::string_view text, const site::SitePaths& site) {
    simdjson::dom::parser parser;
    const simdjson::padded_string padded(text);  // (the parser reads past the end)
    simdjson::dom::object list;
    std::int64_t version = 0;
    simdjson::dom::array entries;
    if (parser.parse(padded).get(list) != simdjson::SUCCESS || list["version"].get(version) != simdjson::SUCCESS ||
        version != k_version || list["episodes"].get(entries) != simdjson::SUCCESS)
        return std::nullopt;
    std::vector<core::PublishedPage> pages;
    for (simdjson::dom::element element : entries) {
        simdjson::dom::object entry;
        if (element.get(entry) != simdjson::SUCCESS) continue;
        core::PublishedPage page;
        page.slug = site.episode_slug_at(string_member(entry, "url"));
        if (page.slug.empty()) continue;  // (another site's page: not one this site keeps)
        page.title = string_member(entry, "title");
        page.guid = string_member(entry, "guid");
        page.apple_id = string_member(entry, "apple_id");
        page.host_url = string_member(entry, "host_url");
        if (const auto date = dates::parse_iso8601(string_member(entry, "date"))) {
            page.day = dates::format_day(*date);
            if (date->has_time) page.time = date->utc_seconds;
        }
        pages.push_back(std::move(page));
    }
    return pages;
}

}  // namespace feed
