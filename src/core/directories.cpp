#include "core/directories.hpp"

#include <cctype>
#include <memory>
#include <vector>

#include "core/slug.hpp"
#include "net/url.hpp"
#include "text/pattern.hpp"
#include "text/strings.hpp"

namespace core {

namespace {

struct Directory {
    std::string_view name;
    std::string_view host;     // the host or a parent domain of it
    std::string_view show;     // RE2 for the path of the show's page ("" when pages do not tell)
    std::string_view episode;  // RE2 for the path of an episode's page
};

// In the order subscribe lists show them: the directories most listeners use first. Paths as
// each directory writes them; an optional "/xx" before a path is a language edition.
constexpr Directory k_directories[] = {
    {"Apple Podcasts", "podcasts.apple.com", R"((/[a-z]{2})?/podcast(/[^/]+)?/id\d+/?)",
     R"((/[a-z]{2})?/podcast(/[^/]+)?/id\d+/?\?(.*&)?i=\d+.*)"},
    {"Spotify", "open.spotify.com", R"(/show/[A-Za-z0-9]+/?)", R"(/episode/[A-Za-z0-9]+/?)"},
    {"YouTube", "youtube.com", R"(/(@[^/]+|channel/[^/]+|playlist\?.*))", R"(/watch\?.*)"},
    {"Amazon Music", "music.amazon.com", R"(/podcasts/[^/]+(/[^/]+)?/?)", R"(/podcasts/[^/]+/episodes/[^/]+(/.*)?)"},
    {"Overcast", "overcast.fm", R"(/itunes\d+(/.*)?)", R"(/\+[A-Za-z0-9_-]+/?)"},
    {"Pocket Casts", "pocketcasts.com", R"(/podcasts?/[^/]+/?)", R"(/(podcasts?/[^/]+/)?episodes?/[^/]+/?)"},
    {"Castro", "castro.fm", R"(/podcast/[^/]+/?)", R"(/episode/[^/]+/?)"},
    {"Podcast Addict", "podcastaddict.com", R"(/([^/]+/)?podcast/\d+/?)", R"(/([^/]+/)?episode/\d+/?)"},
    {"Player FM", "player.fm", R"(/series/[^/]+/?)", R"(/series/[^/]+/[^/]+/?)"},
    {"Podbean", "podbean.com", R"(/podcast-detail/[^/]+/[^/]+/?)", R"(/(pe|ew|e)/[^/]+.*)"},
    {"Castbox", "castbox.fm", R"(/channel/[^/]+/?)", R"(/episode/[^/]+/?)"},
    {"iHeartRadio", "iheart.com", R"(/podcast/[^/]+/?)", R"(/podcast/[^/]+/episode/[^/]+/?)"},
    {"Deezer", "deezer.com", R"((/[a-z]{2})?/show/\d+/?)", R"((/[a-z]{2})?/episode/\d+/?)"},
    {"Goodpods", "goodpods.com", R"(/podcasts/[^/]+/?)", R"(/podcasts/[^/]+/[^/]+/?)"},
    {"Podchaser", "podchaser.com", R"(/podcasts/[^/]+/?)", R"(/podcasts/[^/]+/episodes/[^/]+/?)"},
    {"Listen Notes", "listennotes.com", R"(/podcasts/[^/]+/?)", R"(/podcasts/[^/]+/[^/]+/?)"},
    {"Podcast Index", "podcastindex.org", R"(/podcast/\d+/?)", R"(/podcast/\d+\?episode=.*)"},
    {"Fountain", "fountain.fm", R"(/show/[^/]+/?)", R"(/episode/[^/]+/?)"},
    {"Audible", "audible.com", "", R"((/[a-z]{2}_[A-Z]{2})?/podcast/[^/]+/[A-Z0-9]{10}/?)"},
    {"radio.net", "radio.net", R"(/podcast/[^/]+/?)", R"(/podcast/[^/]+/episodes?/[^/]+/?)"},
    {"Podyssey", "podyssey.fm", R"(/podcast/[^/]+/?)", R"(/podcast/[^/]+/episode/[^/]+/?)"},
    {"GetPodcast", "getpodcast.com", R"((/[a-z]{2})?/podcast/[^/]+/?)", R"((/[a-z]{2})?/podcast/[^/]+/[^/]+/?)"},
    {"pod.casts.io", "pod.casts.io", R"(/podcasts/[^/]+(/episodes)?/?)", R"(/podcasts/[^/]+/episodes/[^/]+/?)"},
    {"PlayPodcasts", "playpodcasts.com", R"(/podcasts/[^/]+(/episodes)?/?)", R"(/podcasts/[^/]+/[^/]+/?)"},
    {"Podcast App", "podcast.app", R"(/[^/]+-p\d+/?)", R"(/[^/]+-e\d+/?)"},
    {"Podjoint", "podjoint.com", R"(/podcast/[^/]+/?)", R"(/podcast/[^/]+/episode/[^/]+/?)"},
    {"Zarza", "zarza.com", R"(/podcasts/[^/]+/?)", R"(/podcasts/[^/]+/episodio/[^/]+/?)"},
    {"Podcasts.nu", "podcasts.nu", R"(/podcast/[^/]+/?)", R"(/avsnitt/[^/]+/[^/]+/?)"},
    {"Podcast24", "podcast24.nl", R"(/podcasts/[^/]+/?)", R"(/episodes/[^/]+/[^/]+/?)"},
    {"Simplecast", "simplecast.com", R"(/?)", R"(/episodes/[^/]+/?)"},
};

struct Compiled {
    const Directory* directory;
    std::unique_ptr<text::Pattern> show, episode;
};

const std::vector<Compiled>& compiled() {
    static const std::vector<Compiled> table = [] {
        std::vector<Compiled> out;
        for (const auto& d : k_directories)
            out.push_back({&d, d.show.empty() ? nullptr : std::make_unique<text::Pattern>(d.show),
                           std::make_unique<text::Pattern>(d.episode)});
        return out;
    }();
    return table;
}

bool host_is(std::string_view host, std::string_view domain) {
    return host == domain ||
           (host.size() > domain.size() && host.ends_with(domain) && host[host.size() - domain.size() - 1] == '.');
}

// The URL without a listing's page number: "?page=2" is the same show page.
std::string without_page_number(std::string_view url) {
    std::size_t query = url.find('?');
    if (query == std::string_view::npos) return std::string(url);
    std::vector<std::string> kept;
    for (auto part : text::split(url.substr(query + 1), '&'))
        if (!part.empty() && !part.starts_with("page=")) kept.emplace_back(part);
    std::string out(url.substr(0, query));
    if (!kept.empty()) out += "?" + text::join(kept, "&");
    return out;
}

}  // namespace

std::optional<DirectoryPage> directory_page(std::string_view url) {
    if (!net::is_http_url(url)) return std::nullopt;
    std::string host = text::ascii_lower(net::url_host(url));
    if (host.starts_with("feeds.") || host.starts_with("feed.")) return std::nullopt;  // a feed, not a page
    std::size_t path_at = url.find('/', url.find("//") + 2);
    std::string path = path_at == std::string_view::npos ? "/" : std::string(url.substr(path_at));
    if (auto hash = path.find('#'); hash != std::string::npos) path.resize(hash);
    for (std::size_t rank = 0; rank < compiled().size(); ++rank) {
        const Compiled& c = compiled()[rank];
        if (!host_is(host, c.directory->host)) continue;
        DirectoryPage page{std::string(c.directory->name), PageKind::other, std::string(url), static_cast<int>(rank)};
        // The show's pattern first: it is the narrower of the two where both could match
        // ("/podcasts/x/episodes" is PlayPodcasts' list of the show's episodes, not an episode).
        if (std::string listing = without_page_number(path); c.show && c.show->full_match(listing)) {
            page.kind = PageKind::show;
            page.url = without_page_number(url.substr(0, url.find('#')));
        } else if (c.episode->full_match(path)) {
            page.kind = PageKind::episode;
        }
        return page;
    }
    return std::nullopt;
}

bool url_names_episode(std::string_view url, std::string_view title) {
    // Words only: punctuation separates words in a URL's path ("/a/b.c") and in a title
    // ("torch.use_deterministic_algorithms") alike, where slugify alone would join them.
    auto words = [](std::string_view text) {
        std::string spaced(text);
        for (char& c : spaced)
            if (static_cast<unsigned char>(c) < 0x80 && !std::isalnum(static_cast<unsigned char>(c))) c = ' ';
        return "-" + core::slugify(spaced, 400) + "-";
    };
    std::size_t path_at = url.find('/', url.find("//") + 2);
    if (path_at == std::string_view::npos) return false;
    std::string named = words(title);
    if (named.size() < 4) return false;  // (a title of no words names nothing)
    return words(url.substr(path_at, url.find_first_of("?#", path_at) - path_at)).find(named) != std::string::npos;
}

std::string apple_episode_id(std::string_view url) {
    auto pos = url.find("?i=");
    if (pos == std::string_view::npos) pos = url.find("&i=");
    if (pos == std::string_view::npos) return {};
    std::string id;
    for (char c : url.substr(pos + 3)) {
        if (c < '0' || c > '9') break;
        id.push_back(c);
    }
    return id;
}

}  // namespace core
