#include "listening/podroll.hpp"

#include <nlohmann/json.hpp>

#include "files/files.hpp"
#include "net/url.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace listening {

namespace {

// What a page shows of a title that is a whole paragraph (some feeds put their description there).
constexpr std::size_t k_longest_title = 200;

std::string one_line(const std::string& text) {
    return std::string(
        text::truncate_code_points(text::collapse_whitespace(text::sanitize_utf8(text)), k_longest_title));
}

}  // namespace

Podroll read_podroll(const std::filesystem::path& root, const std::filesystem::path& file, const std::string& shown,
                     std::vector<core::Diagnostic>& warnings) {
    Podroll shows;
    std::error_code ec;
    if (!std::filesystem::exists(std::filesystem::symlink_status(file, ec))) return shows;
    std::string body;
    try {
        body = files::read_file_within(root, file, 4u << 20);
    } catch (const std::exception& e) {
        warnings.push_back(
            core::warning_at({shown, 0, 0}, std::string(e.what()) + "; recommended shows show their feeds' hosts"));
        return shows;
    }
    const nlohmann::json doc = nlohmann::json::parse(body, nullptr, false);
    if (!doc.is_object()) {
        warnings.push_back(core::warning_at(
            {shown, 1, 0},
            "expected a JSON object of feeds (as `podarchive fetch` writes it); delete the file and run fetch again"));
        return shows;
    }
    for (const auto& item : doc.items()) {
        const std::string& url = item.key();
        const nlohmann::json& entry = item.value();  // (not a structured binding: clang 14 cannot capture one)
        if (!entry.is_object() || !net::is_http_url(url)) continue;
        auto field = [&](const char* key) {
            const auto it = entry.find(key);
            return it != entry.end() && it->is_string() ? it->get<std::string>() : std::string();
        };
        RecommendedShow show{one_line(field("title")), field("website"), field("checked")};
        if (!net::is_http_url(show.website)) show.website.clear();
        if (!show.title.empty()) shows.emplace(url, std::move(show));
    }
    return shows;
}

std::string podroll_json(const Podroll& shows) {
    nlohmann::json doc = nlohmann::json::object();
    for (const auto& [url, show] : shows)
        doc[url] = {{"title", show.title}, {"website", show.website}, {"checked", show.checked}};
    return doc.dump(2) + "\n";
}

void name_recommended_shows(std::vector<core::FeedLink>& links, const Podroll& shows) {
    for (auto& link : links) {
        if (link.kind != core::FeedLink::Kind::podroll) continue;
        const auto it = shows.find(link.url);
        if (it == shows.end()) continue;
        link.label = it->second.title;
        if (!it->second.website.empty()) link.feed = it->first, link.url = it->second.website;
    }
}

}  // namespace listening
