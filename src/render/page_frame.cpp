#include "render/page_frame.hpp"

#include <map>

#include "render/listening_data.hpp"
#include "text/strings.hpp"

namespace render {

Data link_data(const site::SiteInfo::Link& l) {
    Data item;
    put(item, "label", l.label);
    put(item, "url", l.url);
    return item;
}

Data link_list(const std::vector<site::SiteInfo::Link>& links) {
    return list(list_of(links, link_data));
}

namespace {

// The words as templates reach them: "episode.show_notes" is {{t.episode.show_notes}}. (Counts
// are not: their form depends on a number, which the page models fill in.)
Data words_data(const i18n::Table& table) {
    // Each level's names are new (a table's keys are unique, and a group replaces a word of its
    // name): put_new, as a theme's table may hold thousands.
    std::map<std::string, const std::string*> words;
    std::map<std::string, Data> groups;  // (a table is sorted: each group's keys are together)
    for (const auto& [key, message] : table) {
        if (message.plural) continue;
        const std::string& text = message.forms.at("other");
        const std::size_t dot = key.find('.');
        if (dot == std::string::npos)
            words.emplace(key, &text);
        else
            put_new(groups[key.substr(0, dot)], key.substr(dot + 1), render::text(text));
    }
    Data t;
    for (const auto& [key, text] : words)
        if (!groups.contains(key)) put_new(t, key, render::text(*text));
    for (auto& [name, group] : groups) put_new(t, name, std::move(group));
    return t;
}

}  // namespace

std::map<std::string, std::string, std::less<>> page_constants(const site::SiteInfo& site) {
    std::map<std::string, std::string, std::less<>> constants;
    for (const auto& [key, message] : site.words->table())
        if (!message.plural) constants.emplace("t." + key, message.forms.at("other"));
    // (and the site's texts as site_data gives them, the scripts' words among them: its lists,
    // objects and yes/no are sections, which stay)
    const Data whole = site_data(site, {});
    for (const auto& [key, value] : whole.get("site")->members())
        if (value.is_text()) constants.emplace("site." + key, value.string_value());
    return constants;
}

Data site_data(const site::SiteInfo& site, const std::vector<site::SiteInfo::Link>& nav) {
    Data s;
    put(s, "title", site.title);
    put(s, "description", site.description);
    put(s, "language", site.language.empty() ? std::string("en") : site.language);
    put(s, "direction", site.right_to_left ? "rtl" : "ltr");
    put(s, "author", site.author);
    put(s, "image", site.image);
    put(s, "base_path", site.paths.base_path);
    put(s, "base_url", site.paths.base_url);
    put(s, "feed_url", site.feed_url);
    put(s, "feed_path", site.paths.url("feed.xml"));
    put(s, "home_url", site.paths.url(""));
    std::vector<site::SiteInfo::Link> subscribe = {
        {site.words->text("footer.rss_feed"),
         site.paths.url("feed.xml")}};  // (for themes: the feed, then the show's pages)
    subscribe.insert(subscribe.end(), site.show_links.begin(), site.show_links.end());
    put(s, "subscribe", link_list(subscribe));
    put(s, "artwork", site.artwork);
    put(s, "artwork_url", site.artwork_url);
    put(s, "artwork_src", site.artwork_src);
    put(s, "artwork_srcset_webp", site.artwork_srcset_webp);
    put(s, "artwork_srcset_jpeg", site.artwork_srcset_jpeg);
    put(s, "artwork_large", site.artwork_large);
    put(s, "artwork_width", std::to_string(site.artwork_width));
    put(s, "artwork_height", std::to_string(site.artwork_height));
    put(s, "icon", site.icon);
    put(s, "icon_type", site.icon_type);
    put(s, "funding", link_list(site.funding));
    put(s, "has_funding", !site.funding.empty());
    put(s, "more", feed_links_data(site.feed_links));
    put(s, "has_people", !site.people.empty());
    put(s, "people", people_data(site, site.people));
    put(s, "show_links", link_list(site.show_links));
    put(s, "has_show_links", !site.show_links.empty());
    put(s, "website", site.website.url.empty() ? Data(false) : link_data(site.website));
    put(s, "source_feed", site.source_feed.url.empty() ? Data(false) : link_data(site.source_feed));
    put(s, "subscribe_url", site.paths.url(site::k_subscribe_dir));
    put(s, "audio_url", site.audio_url);
    put(s, "episode_count", std::to_string(site.episode_count));
    const i18n::Words& words = *site.words;
    const std::string count = words.count("count.episodes", static_cast<long long>(site.episode_count));
    put(s, "episode_count_text", count);
    // What the show says it has, when a directory counts more than this archive holds.
    const bool announced = site.announced_count > site.episode_count;
    put(s, "announced_count",
        announced ? text(words.number(static_cast<long long>(site.announced_count))) : Data(false));
    put(s, "count_summary",
        announced
            ? words.fill("home.announced", {{"episodes", count},
                                            {"announced", words.number(static_cast<long long>(site.announced_count))}})
            : words.fill("home.in_archive", {{"episodes", count}}));
    put(s, "nav", link_list(nav));
    // The theme's scripts' words (read from a data-words attribute, so no script is inline).
    put(s, "player_words", words.script_json("player"));
    put(s, "search_words", words.script_json("results"));
    put(s, "copy_words", words.script_json("copy"));
    Data root;
    put(root, "site", std::move(s));
    put(root, "t", words_data(words.table()));
    return root;
}

Data page_data(const site::SiteInfo& site, const std::string& page_title, const std::string& description,
               const std::string& page_dir, const std::string& jsonld) {
    Data page;
    put(page, "title", page_title.empty() ? site.title : page_title + " \xC2\xB7 " + site.title);
    put(page, "heading", page_title.empty() ? site.title : page_title);
    put(page, "description", description.empty() ? site.description : description);
    put(page, "canonical", site.paths.absolute(page_dir));
    put(page, "jsonld", jsonld);
    Data root;
    put(root, "page", std::move(page));
    return root;
}

Data base_data(const site::SiteInfo& site, const std::vector<site::SiteInfo::Link>& nav, const std::string& page_title,
               const std::string& description, const std::string& page_dir, const std::string& jsonld) {
    Data root = page_data(site, page_title, description, page_dir, jsonld);
    Data whole = site_data(site, nav);
    put(root, "site", take(whole, "site"));
    put(root, "t", take(whole, "t"));
    return root;
}

}  // namespace render
