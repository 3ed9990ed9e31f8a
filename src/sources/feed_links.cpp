#include "sources/feed_links.hpp"

#include <charconv>
#include <cmath>

#include "net/url.hpp"
#include "sources/xml_values.hpp"

namespace sources {

namespace {

using Kind = core::FeedLink::Kind;

std::string http(std::string_view url) {
    url = text::trim(url);
    return net::is_http_url(url) ? std::string(url) : std::string();
}

bool digits(std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// A number of `geo:` within [-limit, limit], as written.
bool coordinate(std::string_view s, double limit) {
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && end == s.data() + s.size() && std::isfinite(v) && std::abs(v) <= limit;
}

// podcast:alternateEnclosure of a video type: its first http(s) source, named by its title or
// its height ("720p").
void add_video(const pugi::xml_node& e, const std::string& source, std::vector<core::FeedLink>& out) {
    const std::string type = text::ascii_lower(text::trim(e.attribute("type").value()));
    if (!type.starts_with("video/")) return;
    for (auto s : e.children(source.c_str()))
        if (std::string url = http(s.attribute("uri").value()); !url.empty()) {
            std::string label = label_of(e.attribute("title").value());
            if (const std::string_view height = text::trim(e.attribute("height").value());
                label.empty() && digits(height))
                label = std::string(height) + "p";
            out.push_back({Kind::video, std::move(label), std::move(url), type});
            return;
        }
}

}  // namespace

std::string map_url(std::string_view osm, std::string_view geo) {
    osm = text::trim(osm);
    osm = osm.substr(0, osm.find('#'));  // (a revision after '#')
    static constexpr std::pair<char, std::string_view> k_kinds[] = {{'R', "relation"}, {'W', "way"}, {'N', "node"}};
    if (osm.size() > 1 && digits(osm.substr(1)) && osm.size() < 20)
        for (const auto& [letter, kind] : k_kinds)
            if ((osm[0] & ~0x20) == letter)
                return "https://www.openstreetmap.org/" + std::string(kind) + "/" + std::string(osm.substr(1));
    geo = text::trim(geo);
    if (!geo.starts_with("geo:")) return "";
    geo = geo.substr(4, geo.find(';') == std::string_view::npos ? std::string_view::npos : geo.find(';') - 4);
    const std::size_t comma = geo.find(',');
    if (comma == std::string_view::npos) return "";
    const std::string_view lat = geo.substr(0, comma),
                           lon = geo.substr(comma + 1, geo.find(',', comma + 1) - comma - 1);
    if (!coordinate(lat, 90) || !coordinate(lon, 180)) return "";
    return "https://www.openstreetmap.org/?mlat=" + std::string(lat) + "&mlon=" + std::string(lon) + "#map=12/" +
           std::string(lat) + "/" + std::string(lon);
}

std::vector<core::FeedLink> read_feed_links(const pugi::xml_node& parent,
                                            const std::function<std::string(std::string_view)>& qualified,
                                            bool channel) {
    std::vector<core::FeedLink> out;
    const std::string social = qualified("socialInteract"), alternate = qualified("alternateEnclosure"),
                      source = qualified("source"), license = qualified("license"), location = qualified("location"),
                      trailer = qualified("trailer"), podroll = qualified("podroll"), remote = qualified("remoteItem");
    for (auto child : parent.children()) {
        const std::string_view name = child.name();
        if (name == social && !channel) {
            const std::string protocol = text::ascii_lower(text::trim(child.attribute("protocol").value()));
            if (std::string url = http(child.attribute("uri").value()); !url.empty() && protocol != "disabled")
                out.push_back({Kind::comments, net::url_host(url), std::move(url), protocol});
        } else if (name == alternate && !channel) {
            add_video(child, source, out);
        } else if (name == license) {
            std::string label = label_of(full_text(child)), url = http(child.attribute("url").value());
            if (!label.empty() || !url.empty()) out.push_back({Kind::license, std::move(label), std::move(url), ""});
        } else if (name == location) {
            if (std::string label = label_of(full_text(child)); !label.empty())
                out.push_back({Kind::location, std::move(label),
                               map_url(child.attribute("osm").value(), child.attribute("geo").value()), ""});
        } else if (name == trailer && channel) {
            if (std::string url = http(child.attribute("url").value()); !url.empty())
                out.push_back({Kind::trailer, label_of(full_text(child)), std::move(url),
                               std::string(text::trim(child.attribute("type").value()))});
        } else if (name == podroll && channel) {
            for (auto item : child.children(remote.c_str()))
                if (std::string url = http(item.attribute("feedUrl").value()); !url.empty()) {
                    std::string label = label_of(item.attribute("title").value());
                    out.push_back(
                        {Kind::podroll, label.empty() ? net::url_host(url) : std::move(label), std::move(url), ""});
                }
        }
    }
    return out;
}

}  // namespace sources
