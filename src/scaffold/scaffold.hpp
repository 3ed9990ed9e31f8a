#pragma once
// `podarchive init`: the files of a new site, made from what its feed says of the show.
#include <filesystem>
#include <string>
#include <vector>

#include "core/channel.hpp"

namespace scaffold {

struct SiteFile {
    std::filesystem::path path;  // relative to the site's folder
    std::string text;
};

// What init knows of the show: from its feed when one was given and could be read.
struct Show {
    std::string title;
    std::string description;
    std::string feed_path;   // the snapshot's path in the site ("content/sources/feed.xml"); "" for none
    std::string feed_url;    // where `fetch` refreshes it from; "" when unknown
    std::string language{};  // the feed's <language>, when it is a language code
};

// The show as the feed's channel describes it (title "My Podcast" when there is none).
Show show_from(const core::Channel* channel, std::string feed_path, std::string feed_url);

// site.yaml (every optional key present but commented), content/episodes/, an about page, the
// templates/ README, a .gitignore for the output folder and the build's state, and the
// workflow that publishes the site on GitHub Pages (publish_workflow.hpp).
std::vector<SiteFile> site_files(const Show& show);

// How to override a theme's template or partial (templates/README.md).
std::string templates_readme();

}  // namespace scaffold
