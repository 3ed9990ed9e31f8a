#pragma once
// Podcast directories as listeners know them (Apple Podcasts, Player FM, Podbean, ...), and what
// a page at one of them is: the show's page, one episode's page, or neither (a topic listing, a
// feed). Sources see an episode "at" pages of all three kinds; only the first two are links a
// listener can use, and each for its own purpose (subscribe to the show; play that episode).
#include <optional>
#include <string>
#include <string_view>

namespace core {

enum class PageKind { show, episode, other };

struct DirectoryPage {
    std::string directory;  // its name as people know it: "Apple Podcasts", "Player FM"
    PageKind kind = PageKind::other;
    std::string url;  // a show page without its listing's page number (?page=2)
    int rank = 0;     // the directory's place in subscribe lists (the best known first)
};

// The page `url` is at a known directory, or nullopt for any other site.
std::optional<DirectoryPage> directory_page(std::string_view url);

// Whether the episode page `url` is named after an episode titled `title`: its path holds the
// title's words in order, whole ("/cuda-graph-trees-Tcg18" names "CUDA graph trees", not "CUDA
// graphs"). Directories list other episodes beside each one; this tells them apart.
bool url_names_episode(std::string_view url, std::string_view title);

// Apple's episode id: the digits of "?i=" (or "&i=") in an Apple Podcasts URL, else "".
std::string apple_episode_id(std::string_view url);

}  // namespace core
