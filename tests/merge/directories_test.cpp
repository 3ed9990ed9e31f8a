// Directory pages as the shipped listings give them (content/sources/public-listings.json).
#include "core/directories.hpp"

#include <doctest/doctest.h>

namespace {
core::PageKind kind(const char* url) {
    auto page = core::directory_page(url);
    REQUIRE_MESSAGE(page, url);
    return page->kind;
}
}  // namespace

TEST_CASE("directory pages: the show's page, an episode's page, or neither") {
    using core::PageKind;
    CHECK(kind("https://podcasts.apple.com/us/podcast/pytorch-developer-podcast/id1566080008") == PageKind::show);
    CHECK(kind("https://podcasts.apple.com/us/podcast/torch-trace-and-tlparse/id1566080008?i=1000653855355") ==
          PageKind::episode);
    CHECK(kind("https://www.podbean.com/podcast-detail/3n24q-1cd540/PyTorch-Developer-Podcast") == PageKind::show);
    CHECK(kind("https://castbox.fm/episode/Inductor---Define-by-run-IR-id4104899-id667628755") == PageKind::episode);
    CHECK(kind("https://goodpods.com/podcasts/pytorch-developer-podcast-373610") == PageKind::show);
    CHECK(kind("https://goodpods.com/podcasts/pytorch-developer-podcast-373610/cuda-graph-trees-53495812") ==
          PageKind::episode);
    CHECK(kind("https://pod.casts.io/podcasts/pytorch-developer-podcast/episodes/double-backwards") ==
          PageKind::episode);
    CHECK(kind("https://pod.casts.io/topics/pytorch/new-episodes?page=2") == PageKind::other);  // a topic's listing
    CHECK(kind("https://playpodcasts.com/podcasts/pytorch-developer-podcast/episodes?page=2") == PageKind::show);
    CHECK(kind("https://playpodcasts.com/podcasts/pytorch-developer-podcast/cuda-graph-trees") == PageKind::episode);
    CHECK(kind("https://en.zarza.com/podcasts/pytorch-developer-podcast-3742770/episodio/compiled-autograd") ==
          PageKind::episode);
    CHECK(kind("https://uk.radio.net/podcast/pytorch-developer-podcast") == PageKind::show);
    CHECK(kind("https://pytorch-dev-podcast.simplecast.com/episodes/min-cut-partitioner-MvcSsUpR") ==
          PageKind::episode);
    CHECK(kind("https://open.spotify.com/show/4oXd8BmNC1ofd9QHkFjV2a") == PageKind::show);
    CHECK(kind("https://overcast.fm/+AbCdEf123") == PageKind::episode);
    // A listing's page number is the same show page; names are the directories' own.
    auto listing = core::directory_page("https://pod.casts.io/podcasts/pytorch-developer-podcast?page=2");
    REQUIRE(listing);
    CHECK(listing->url == "https://pod.casts.io/podcasts/pytorch-developer-podcast");
    CHECK(listing->directory == "pod.casts.io");
    CHECK(core::directory_page("https://he.player.fm/series/pytorch-developer-podcast")->directory == "Player FM");
    CHECK(core::directory_page("https://podcasts.apple.com/podcast/id1566080008")->rank <
          core::directory_page("https://www.podbean.com/podcast-detail/3n24q-1cd540/PyTorch-Developer-Podcast")->rank);
    // Not a directory: another site, a feed, not a web address.
    CHECK_FALSE(core::directory_page("https://github.com/pytorch/pytorch/pull/51436"));
    CHECK_FALSE(core::directory_page("https://feeds.simplecast.com/OB5FkIl8"));
    CHECK_FALSE(core::directory_page("javascript:alert(1)"));
    CHECK_FALSE(
        core::directory_page("https://notpodbean.com/podcast-detail/x/y"));  // (a parent domain must match whole)
}

TEST_CASE("an episode page names its episode by the title's words, whole and in order") {
    CHECK(core::url_names_episode("https://podcasts.nu/avsnitt/pytorch-developer-podcast/cuda-graph-trees-Tcg18mk6A",
                                  "CUDA graph trees"));
    CHECK_FALSE(core::url_names_episode(
        "https://podcasts.nu/avsnitt/pytorch-developer-podcast/cuda-graph-trees-Tcg18mk6A", "CUDA graphs"));
    CHECK(core::url_names_episode("https://castbox.fm/episode/Inductor---Post-grad-FX-passes-id4104899-id692338850",
                                  "Inductor - Post-grad FX passes"));
    CHECK_FALSE(core::url_names_episode("https://castbox.fm/episode/Inductor---Define-by-run-IR-id4104899-id667628755",
                                        "Compiler collectives"));
    CHECK(core::url_names_episode("https://www.audible.com/podcast/CUDA-graph-trees/B0CYYK7PV1", "CUDA graph trees"));
    CHECK(core::url_names_episode("https://example.fm/e/torch-use-deterministic-algorithms",
                                  "torch.use_deterministic_algorithms"));
    CHECK_FALSE(
        core::url_names_episode("https://example.fm/e/?q=cuda-graphs", "CUDA graphs"));  // (a query names nothing)
    CHECK_FALSE(core::url_names_episode("https://example.fm/e/x", "?!"));
}
