#include "fetch/fetch_artwork.hpp"

#include <filesystem>

#include "fetch/conditional_get.hpp"
#include "files/files.hpp"
#include "image/image_check.hpp"
#include "net/url.hpp"
#include "sources/read_source.hpp"

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
        std::string url =
            net::resolve_url(source.url.empty() ? batch.channel->self_url : source.url, batch.channel->image_url);
        if (net::is_http_url(url)) return url;
    }
    return {};
}

FetchOutcome fetch_artwork(const config::SiteConfig& config, const FetchOptions& options) {
    FetchOutcome out{"artwork", FetchOutcome::Kind::failed, "", "", 0, 0, 0, 0};
    const std::string url = artwork_url(config);
    if (url.empty()) {
        out.kind = FetchOutcome::Kind::not_modified;
        out.message = "no artwork to fetch: set `image:` in site.yaml or give the feed an <itunes:image>";
        return out;
    }
    bool have_copy = false;
    for (std::string_view extension : image::k_image_extensions) {
        std::error_code ec;
        have_copy |= fs::is_regular_file(config.artwork_path(extension), ec);
    }
    auto fail = [&](const std::string& why) {
        out.message = url + ": " + why + kept_or_nothing(have_copy, "copy");
        return out;
    };
    // Validators are remembered as for feeds: in ".artwork.fetch.json", whatever the image's type.
    const fs::path state_file = state_path(config.artwork_dir() / "artwork");
    FetchState state = read_state(state_file, url);
    // site.yaml's `image:` is fetched as given; the feed's image is the feed's word.
    HttpResponse response =
        conditional_get(state, have_copy, options, config.image.empty() ? feed_named_policy(config) : AddressPolicy{});
    if (auto settled = outcome_without_body(response, out, fail)) return *settled;
    const image::ImageCheck image = image::check_image(response.body);
    if (!image.error.empty()) return fail("the answer is refused: " + image.error);
    const image::ImageType type = image.type;
    const fs::path target = config.artwork_path(type.extension);
    std::error_code ec;
    // The same image again (a server without validators): nothing changes, not even the state.
    if (fs::is_regular_file(target, ec) && files::read_file(target) == response.body) {
        out.kind = FetchOutcome::Kind::not_modified;
        out.message = "unchanged (the same " + std::to_string(response.body.size()) + " bytes)";
        return out;
    }
    fs::create_directories(target.parent_path(), ec);
    std::string error;
    if (!files::write_file_atomically(target, response.body, error)) return fail(error);
    // One copy: an image of another type from before would otherwise be found first.
    for (std::string_view extension : image::k_image_extensions)
        if (extension != type.extension) fs::remove(config.artwork_path(extension), ec);
    state.etag = response.etag, state.last_modified = response.last_modified;
    write_state(state_file, state);
    out.kind = FetchOutcome::Kind::updated;
    out.message = "updated " + target.lexically_relative(config.root).string() + " (" +
                  std::to_string(response.body.size()) + " bytes)";
    return out;
}

}  // namespace fetch
