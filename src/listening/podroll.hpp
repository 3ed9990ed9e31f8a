#pragma once
// The shows a feed recommends (podcast:podroll names only their feeds), as `fetch` found them:
// each feed's title and website, kept in content/sources/podroll.json, which `build` reads (a
// build never downloads). Without it a recommendation shows its feed's host.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/listening_links.hpp"

namespace listening {

struct RecommendedShow {
    std::string title;    // the feed's <title>, as one line of text
    std::string website;  // the feed's <link>, http(s) alone, or ""
    std::string checked;  // the day fetch read the feed ("2026-12-02")

    friend bool operator==(const RecommendedShow&, const RecommendedShow&) = default;
};

using Podroll = std::map<std::string, RecommendedShow>;  // by the feed's URL, as the podroll writes it

// Reads `file` (under `root`, not through a link planted on its way); a missing file is an empty
// podroll, one that does not read is a warning located in it, and an entry with no title is left out.
Podroll read_podroll(const std::filesystem::path& root, const std::filesystem::path& file, const std::string& shown,
                     std::vector<core::Diagnostic>& warnings);

// The file's text: one object per feed, in the order of their URLs.
std::string podroll_json(const Podroll& shows);

// Each podroll link of `links` (its url the feed's) that `shows` knows gets the show's title for
// label; one with a website links it, its feed then in `feed`.
void name_recommended_shows(std::vector<core::FeedLink>& links, const Podroll& shows);

}  // namespace listening
