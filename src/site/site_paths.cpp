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
    return "episodes/" + slug + "/";
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
