#include "site/site_info.hpp"

#include <algorithm>
#include <map>

#include "core/directories.hpp"
#include "core/slug.hpp"
#include "html/html_sanitizer.hpp"
#include "listening/podroll.hpp"
#include "net/url.hpp"
#include "output/output.hpp"
#include "text/language.hpp"
#include "text/strings.hpp"

namespace site {

namespace {

// "https://podcasts.apple.com/us/podcast/x/id1566080008?i=1000" -> the show's Apple page, in
// the form Apple documents for linking to a show by its id.
std::string apple_show_url(std::string_view episode_url) {
    auto pos = episode_url.find("/id");
    if (pos == std::string::npos || !episode_url.starts_with("https://podcasts.apple.com/")) return {};
    std::string id;
    for (std::size_t i = pos + 3; i < episode_url.size() && std::isdigit(static_cast<unsigned char>(episode_url[i]));
         ++i)
        id.push_back(episode_url[i]);
    return id.empty() ? std::string() : "https://podcasts.apple.com/podcast/id" + id;
}

// The show's page at each directory the sources name: a page a source saw episodes at that is
// the show's own (not one episode's, not a topic listing), the most cited one of each
// directory, in the directories' order. Apple's comes from its episode pages' show id.
std::vector<SiteInfo::Link> directory_show_pages(const core::Catalog& catalog) {
    std::map<std::string, std::pair<int, std::map<std::string, int>>> found;  // directory -> rank, url -> times seen
    auto consider = [&](const std::string& url) {
        std::optional<core::DirectoryPage> page = core::directory_page(url);
        if (!page || page->kind != core::PageKind::show) return;
        auto& [rank, urls] = found[page->directory];
        rank = page->rank;
        ++urls[page->url];
    };
    for (const auto& e : catalog.episodes) {
        for (const auto& url : e.seen_at) consider(url);
        for (const auto& l : e.listen_on)
            if (std::string apple = apple_show_url(l.url); !apple.empty()) consider(apple);
    }
    std::vector<std::pair<int, SiteInfo::Link>> ranked;
    for (const auto& [directory, rank_urls] : found) {
        const auto& [rank, urls] = rank_urls;
        auto most = std::max_element(urls.begin(), urls.end(),
                                     [](const auto& a, const auto& b) { return a.second < b.second; });
        ranked.push_back({rank, {directory, most->first}});
    }
    std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<SiteInfo::Link> out;
    for (auto& [rank, link] : ranked) out.push_back(std::move(link));
    return out;
}

// The artwork's smaller copies, where pages show it small (site_info.hpp).
void add_artwork_sizes(SiteInfo& site, const LocalArtwork& artwork, const std::string& version) {
    auto add = [&](std::string& list, const ArtworkSize& size, std::string_view extension) {
        if (!list.empty()) list += ", ";
        list += site.paths.url(size.file_name(extension)) + version + " " + std::to_string(size.width) + "w";
    };
    for (const ArtworkSize& size : artwork.sizes) {
        const std::string jpeg = site.paths.url(size.file_name("jpg")) + version;
        if (size.width == k_artwork_preview_width) {
            site.artwork_url = site.paths.absolute(size.file_name("jpg")) + version;
            site.artwork_width = size.width, site.artwork_height = size.height;
            continue;
        }
        if (!size.webp.empty()) add(site.artwork_srcset_webp, size, "webp");
        add(site.artwork_srcset_jpeg, size, "jpg");
        if (size.width == 64) site.icon = jpeg, site.icon_type = "image/jpeg";
        if (size.width == 160) site.artwork_src = jpeg;
        if (size.width == 400) site.artwork_large = jpeg;
    }
}

}  // namespace

SiteInfo make_site_info(const config::SiteConfig& config, const core::Catalog& catalog, const std::string& base_url,
                        const LocalArtwork* artwork, std::vector<core::Diagnostic>* warnings) {
    const core::Channel& ch = catalog.channel;
    // The show's language is the feed's: an English default would relabel a Hebrew show, its
    // pages read with English rules and its feed listed as English by every app.
    const std::string feed_language(text::trim(ch.language));
    const std::string language = !config.language.empty()                ? config.language
                                 : text::is_language_code(feed_language) ? feed_language
                                                                         : "en";
    if (config.language.empty() && !feed_language.empty() && !text::is_language_code(feed_language) && warnings)
        warnings->push_back(
            core::warning_at({ch.file, ch.line, 0}, "the feed's <language> '" + feed_language +
                                                        "' is not a language code; the site is built as 'en': set "
                                                        "`language:` in site.yaml (such as `language: de`)"));
    // (the words loaded once, in the site's language: not English first, then again)
    SiteInfo site(SitePaths{base_url}, i18n::Words::load(config::theme_layers(config), language, warnings));
    site.title = !config.title.empty() ? config.title : ch.title;
    site.description = !config.description.empty() ? config.description : html::html_to_text(ch.description);
    site.language = language;
    site.right_to_left = text::is_right_to_left(site.language);
    site.author = !config.author.empty() ? config.author : ch.author;
    site.image = !config.image.empty() ? config.image : ch.image_url;
    if (!net::is_http_url(site.image)) site.image.clear();
    site.feed_url = site.paths.absolute("feed.xml");
    if (artwork) {
        // A new image is a new URL: no stale caches. (The query after the path's encoding, which
        // would make its '?' part of the file's name.)
        const std::string version = "?v=" + artwork->version;
        site.artwork = site.paths.url(artwork->file_name) + version;
        site.artwork_url = site.paths.absolute(artwork->file_name) + version;
        site.artwork_width = artwork->width, site.artwork_height = artwork->height;
        site.artwork_src = site.artwork_large = site.icon = site.artwork;
        site.icon_type = artwork->media_type;
        add_artwork_sizes(site, *artwork, version);
    } else {
        site.icon = site.paths.url("favicon.svg");
        site.icon_type = "image/svg+xml";
        add_share_card(site, output::beside(config.output_dir(), ".cache"), warnings);
    }
    // The show's pages: what site.yaml lists, then its page at each directory (site_data puts the
    // regenerated feed before them for `subscribe`). The show's own pages (directories, its website, its feed at the
    // host) are also what an episode without audio points to.
    for (const auto& link : config.subscribe) site.show_links.push_back({link.name, link.url});
    for (auto& link : directory_show_pages(catalog))
        if (std::none_of(site.show_links.begin(), site.show_links.end(),
                         [&](const auto& l) { return l.label == link.label || l.url == link.url; }))
            site.show_links.push_back(std::move(link));
    if (net::is_http_url(ch.link) &&
        std::none_of(site.show_links.begin(), site.show_links.end(), [&](const auto& l) { return l.url == ch.link; })) {
        std::optional<core::DirectoryPage> page = core::directory_page(ch.link);
        site.website = {page ? page->directory : site.words->text("link.website"), ch.link};
    }
    for (const auto& source : config.sources)
        if (net::is_http_url(source.url) && source.url != site.feed_url) {
            site.source_feed = {site.words->text("link.host_feed"), source.url};
            break;
        }
    site.funding = funding_links(site, ch.funding);
    site.value = ch.value;
    site.people = ch.persons;
    site.feed_links = ch.links;
    if (std::any_of(ch.links.begin(), ch.links.end(),
                    [](const auto& l) { return l.kind == core::FeedLink::Kind::podroll; })) {
        std::vector<core::Diagnostic> unheard;  // (warnings == nullptr: nobody reads them)
        const std::string shown = config.podroll_file().lexically_relative(config.root).generic_string();
        listening::name_recommended_shows(
            site.feed_links,
            listening::read_podroll(config.root, config.podroll_file(), shown, warnings ? *warnings : unheard));
    }
    const bool copies = std::any_of(catalog.episodes.begin(), catalog.episodes.end(),
                                    [](const core::Episode& e) { return e.copy.has_value(); });
    site.audio_url = copies ? site.paths.url(k_audio_dir) : "";
    site.episode_count = catalog.episodes.size();
    if (catalog.announced) site.announced_count = catalog.announced->episodes;
    return site;
}

std::string term_url(const SiteInfo& site, const std::string& section, const std::string& name) {
    return site.paths.url(section + "/" + term_slug(name) + "/");
}

std::vector<SiteInfo::Link> funding_links(const SiteInfo& site, const std::vector<core::Funding>& funding) {
    std::vector<SiteInfo::Link> links;
    for (const auto& f : funding)
        links.push_back({f.label.empty() ? site.words->text("link.support") : f.label, f.url});
    return links;
}

std::string term_slug(const std::string& name) {
    // Names that differ only in a symbol slugify would drop are different topics ("C", "C++"
    // and "C#"): the symbol is spelled out. Names that differ in case, accents or spacing are
    // one ("PyTorch 2", "pytorch-2").
    std::string spelled;
    for (char c : name) {
        if (c == '+')
            spelled += " plus ";
        else if (c == '#')
            spelled += " sharp ";
        else if (c == '&')
            spelled += " and ";
        else if (c == '@')
            spelled += " at ";
        else
            spelled.push_back(c);
    }
    std::string slug = core::make_safe_segment(core::slugify(spelled));
    return slug.empty() ? "untitled" : slug;
}

}  // namespace site
