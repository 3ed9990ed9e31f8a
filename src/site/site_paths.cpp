#include "site/site_paths.hpp"

#include "net/url.hpp"

namespace site {

SitePaths::SitePaths(const std::string& site_base_url)
    : base_url(net::with_trailing_slash(site_base_url)), base_path(net::url_path_of(site_base_url)) {}

std::string SitePaths::url(const std::string& relative) const {
    return base_path + net::percent_encode_path(relative);
}

std::string SitePaths::absolute(const std::string& relative) const {
    return base_url + net::percent_encode_path(relative);
}

std::string SitePaths::episode_dir(const std::string& slug) {
    return k_episodes_dir + slug + "/";
}

std::string SitePaths::episode_slug_at(std::string_view absolute_url) const {
    const std::string head = absolute(k_episodes_dir);  // (the slug and a '/' after it)
    if (!absolute_url.starts_with(head) || !absolute_url.ends_with('/') || absolute_url.size() <= head.size() + 1)
        return "";
    std::string slug = net::percent_decode(absolute_url.substr(head.size(), absolute_url.size() - head.size() - 1));
    // (Written as this site writes it, one segment, or not one of its pages: "a%2Fb", "a/b/".)
    return slug.find('/') == std::string::npos && absolute(episode_dir(slug)) == absolute_url ? slug : "";
}

std::string SitePaths::chapters_file(const std::string& slug) {
    return episode_dir(slug) + "chapters.json";
}

std::string SitePaths::transcript_file(const std::string& slug) {
    return episode_dir(slug) + "transcript.json";
}

std::string SitePaths::captions_file(const std::string& slug) {
    return episode_dir(slug) + "captions.vtt";
}

std::string SitePaths::home_page_dir(int page) {
    return page <= 1 ? "" : "page/" + std::to_string(page) + "/";
}

}  // namespace site
