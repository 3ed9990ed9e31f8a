#pragma once
// The URL scheme of a built site, in one place: where each page lives on disk and on the web.
#include <string>
#include <string_view>

namespace site {

// The page about the feed: its address to copy, apps, what it holds (feed.xml's <link>).
inline const std::string k_subscribe_dir = "subscribe/";
inline const std::string k_audio_dir = "audio/";        // the archive's copies of the audio, episode by episode
inline const std::string k_episodes_dir = "episodes/";  // a folder per episode: episode_dir below

struct SitePaths {
    std::string base_url;   // "https://user.github.io/repo/"
    std::string base_path;  // "/repo/"

    explicit SitePaths(const std::string& site_base_url);

    // Site-relative URL (with the base path) of the page whose file is `file_path`'s folder.
    std::string url(const std::string& relative) const;       // "episodes/x/" -> "/repo/episodes/x/"
    std::string absolute(const std::string& relative) const;  // "episodes/x/" -> "https://.../repo/episodes/x/"

    static std::string episode_dir(const std::string& slug);  // "episodes/<slug>/"
    // The slug of the episode page `absolute_url` is, when it is one of this site's (absolute()
    // of an episode_dir: "https://.../repo/episodes/kitapl%C4%B1k/" -> "kitaplık"), else "".
    std::string episode_slug_at(std::string_view absolute_url) const;
    static std::string home_page_dir(int page);  // "" for page 1, "page/N/" after
    // The files of an episode's folder that its page, the feeds and players point to:
    static std::string chapters_file(const std::string& slug);    // its chapters (chapters.json), when it has some
    static std::string transcript_file(const std::string& slug);  // a note's transcript, in the JSON format
    static std::string captions_file(const std::string& slug);    // its video's captions (WebVTT)
};

}  // namespace site
