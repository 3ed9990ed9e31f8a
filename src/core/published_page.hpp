#pragma once
// An episode page the site has published, as the site's list of its pages says (episodes.json,
// feed/episode_list.hpp): what a later build needs to find the episode again and keep its page
// where it is (merge/published.hpp), those with no item in any feed included.
#include <cstdint>
#include <optional>
#include <string>

namespace core {

struct PublishedPage {
    std::string slug;
    std::string guid;                    // the guid the site's feeds know it by, "" when none
    std::string apple_id;                // Apple's episode id (the "?i=" of its Apple Podcasts URL), "" when none
    std::string host_url;                // the episode's page at its host (core::Episode::page_url), "" when none
    std::string title;                   // as the page has it
    std::string day;                     // YYYY-MM-DD of its date, "" when unknown
    std::optional<std::int64_t> time{};  // its date's UTC seconds, when the date has a time of day

    friend bool operator==(const PublishedPage&, const PublishedPage&) = default;
};

}  // namespace core
