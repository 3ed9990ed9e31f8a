#include "fetch/fetch_artwork.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>

#include "fetch/http_get.hpp"
#include "sources/read_source.hpp"
#include "util/files.hpp"
#include "util/image_type.hpp"
#include "util/url.hpp"

namespace fetch {

namespace fs = std::filesystem;

std::string artwork_url(const config::SiteConfig& config) {
    if (!config.image.empty()) return config.image;
    for (const auto& source : config.sources) {
        std::error_code ec;
        if (!fs::is_regular_file(source.path, ec)) continue;
        sources::SourceBatch batch = sources::read_source(source);
        if (!batch.channel) continue;
        // A relative image address is the feed's own: resolved as its audio addresses are.
        std::string url = util::resolve_url(source.url.empty() ? batch.channel->self_url : source.url, batch.channel->image_url);
        if (util::is_http_url(url)) return url;
    }
    return {};
}

FetchOutcome fetch_artwork(const config::SiteConfig& config, const FetchOptions& options) {
    FetchOutcome out{"artwork", FetchOutcome::Kind::failed, "", 0, 0, 0};
    const std::string url = artwork_url(config);
    if (url.empty()) {
        out.kind = FetchOutcome::Kind::not_modified;
        out.message = "no artwork to fetch: set `image:` in site.yaml or give the feed an <itunes:image>";
        return out;
    }
    auto keep = [&](const std::string& why) {
        out.message = url + ": " + why + "; the previous copy is kept";
        return out;
    };
    // Validators are remembered beside the copy, as for feeds, and only for the same address.
    const fs::path state_file = config.artwork_dir() / ".artwork.fetch.json";
    nlohmann::json state;
    try {
        state = nlohmann::json::parse(util::read_file(state_file, 1 << 16));
    } catch (const std::exception&) {
        state = nlohmann::json::object();
    }
    if (!state.is_object()) state = nlohmann::json::object();
    fs::path existing;
    for (std::string_view extension : util::k_image_extensions) {
        std::error_code ec;
        if (fs::is_regular_file(config.artwork_path(extension), ec)) existing = config.artwork_path(extension);
    }
    HttpRequest request{url, "", "", options.timeout_seconds, std::min(10L, options.timeout_seconds), 5, options.max_bytes};
    if (!existing.empty() && state.value("url", "") == url) {
        request.etag = state.value("etag", "");
        request.last_modified = state.value("last_modified", "");
    }
    HttpResponse response = http_get(request);
    if (!response.error.empty()) return keep(response.error);
    if (response.status == 304) {
        out.kind = FetchOutcome::Kind::not_modified;
        out.message = "not modified (304)";
        return out;
    }
    if (response.status != 200) return keep("the server answered HTTP " + std::to_string(response.status));
    util::ImageType type = util::image_type(response.body);
    if (type.extension.empty()) return keep("the answer is not a JPEG, PNG or WebP image");
    const fs::path target = config.artwork_path(type.extension);
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    std::string error;
    if (!util::write_file_atomically(target, response.body, error)) return keep(error);
    // One copy: an image of another type from before would otherwise be found first.
    for (std::string_view extension : util::k_image_extensions)
        if (extension != type.extension) fs::remove(config.artwork_path(extension), ec);
    nlohmann::json new_state = {{"url", url}, {"etag", response.etag}, {"last_modified", response.last_modified}};
    util::write_file_atomically(state_file, new_state.dump(1) + "\n", error);
    out.kind = FetchOutcome::Kind::updated;
    out.message = "updated " + target.lexically_relative(config.root).string() + " (" + std::to_string(response.body.size()) + " bytes)";
    return out;
}

}  // namespace fetch
