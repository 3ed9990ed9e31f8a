#include <doctest/doctest.h>

#include <filesystem>

#include "image/image_check.hpp"
#include "site/artwork.hpp"
#include "site/site_info.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {

// The one card file the cache holds (a site has one title).
fs::path cached_file(const fs::path& cache) {
    fs::path found;
    for (const auto& entry : fs::directory_iterator(cache)) {
        CHECK(found.empty());
        found = entry.path();
    }
    return found;
}

std::string card_of(const fs::path& cache, const std::string& title) {
    site::SiteInfo site(site::SitePaths("https://example.org/show/"));
    site.title = title, site.language = "en";
    std::vector<core::Diagnostic> warnings;
    site::add_share_card(site, cache, &warnings);
    return site.card_png;
}

}  // namespace

// Drawing the card costs a build 40-60 ms: it is kept beside the output folder and taken again
// as long as its bytes are the ones drawn (named by their hash: not decoded to be checked).
TEST_CASE("the share card is drawn once, taken from the cache while whole, and drawn again when not") {
    test::TempDir dir;
    const fs::path cache = dir.path() / ".public.cache";
    const std::string drawn = card_of(cache, "A show");
    REQUIRE(image::check_image(drawn).error == "");
    const fs::path file = cached_file(cache);
    CHECK(test::read(file) == drawn);
    const auto written = fs::last_write_time(file);
    CHECK(card_of(cache, "A show") == drawn);
    CHECK(cached_file(cache) == file);
    CHECK(fs::last_write_time(file) == written);  // (read, not written again)

    // Bytes changed (or cut short) under the same name: not taken; drawn and written again.
    test::write(file, drawn.substr(0, drawn.size() / 2));
    CHECK(card_of(cache, "A show") == drawn);
    CHECK(test::read(cached_file(cache)) == drawn);
    // Another title: another card, and the former one's file is let go of.
    const std::string other = card_of(cache, "Another show");
    CHECK(other != drawn);
    CHECK(test::read(cached_file(cache)) == other);
}
