// The pages that are one of a kind: content/pages' pages, subscribe/, audio/, search/ and 404.html.
#include <algorithm>

#include "dates/dates.hpp"
#include "render/episode_page.hpp"
#include "render/page_frame.hpp"
#include "render/pages.hpp"
#include "site/site_paths.hpp"

namespace render {

namespace {

PageModel subscribe(const RenderInputs& in) {
    std::size_t with_audio = 0, reposts = 0;
    const core::Episode* newest = nullptr;  // (the catalog is newest first, undated last)
    for (const auto& e : in.catalog.episodes) {
        if (!e.enclosure || e.enclosure->url.empty()) continue;
        ++with_audio;
        reposts += e.other_feed_items.size();
        if (e.date && !newest) newest = &e;
    }
    const std::size_t without = in.catalog.episodes.size() - with_audio;
    const i18n::Words& words = *in.site.words;
    auto episodes = [&](std::size_t n) { return words.count("count.episodes", static_cast<long long>(n)); };
    Data d = page_data(in.site, words.text("nav.subscribe"),
                       words.fill("subscribe.description", {{"show", in.site.title}}), site::k_subscribe_dir);
    put(d, "heading", words.fill("subscribe.heading", {{"show", in.site.title}}));
    put(d, "feed_items_text", words.fill("subscribe.with_audio", {{"episodes", episodes(with_audio + reposts)}}));
    put(d, "has_reposts", reposts > 0);
    put(d, "reposts_text",
        words.fill("subscribe.reposts", {{"reposts", words.count("count.reposts", static_cast<long long>(reposts))}}));
    put(d, "without_audio",
        without > 0 ? text(words.fill("subscribe.without_audio", {{"episodes", episodes(without)}})) : Data(false));
    if (newest) put(d, "newest", in.cards.plain(*newest));
    return {std::move(d), {dep::site, dep::order, dep::any_episode}};
}

PageModel audio_page(const RenderInputs& in) {
    const i18n::Words& words = *in.site.words;
    Data d = page_data(in.site, words.text("audio.title"), words.fill("audio.description", {{"show", in.site.title}}),
                       site::k_audio_dir);
    List rows;
    std::size_t kept = 0, with_audio = 0, from_copy = 0;
    for (const auto& e : in.catalog.episodes) {
        if (!e.enclosure || e.enclosure->url.empty()) continue;
        ++with_audio;
        Data row;
        put(row, "title", e.title);
        put(row, "url", in.site.paths.url(site::SitePaths::episode_dir(e.slug)));
        const std::optional<dates::Timestamp> since = e.copy ? dates::parse_any_date(e.copy->kept_since) : std::nullopt;
        put(row, "kept_since", since ? text(words.day(*since)) : Data(false));
        put(row, "kept_since_iso", since ? text(dates::format_iso8601(*since)) : Data(false));
        put(row, "size", e.copy ? audio_size(words, e.copy->bytes, e.copy->duration) : Data(false));
        put(row, "length",
            e.copy && e.copy->duration > 0 ? text(words.duration(static_cast<int>(e.copy->duration + 0.5)))
                                           : Data(false));
        put(row, "served_from",
            words.text(!e.copy             ? "audio.not_kept"
                       : e.copy->host_gone ? "audio.from_copy"
                                           : "audio.from_host"));
        put(row, "from_copy", e.copy && e.copy->host_gone);
        kept += e.copy.has_value(), from_copy += e.copy && e.copy->host_gone;
        rows.push_back(std::move(row));
    }
    auto episodes = [&](std::size_t n) { return words.count("count.episodes", static_cast<long long>(n)); };
    put(d, "summary",
        words.fill("audio.summary", {{"kept", episodes(kept)},
                                     {"all", words.number(static_cast<long long>(with_audio))},
                                     {"from_copy", words.number(static_cast<long long>(from_copy))}}));
    put(d, "rows", std::move(rows));
    return {std::move(d), {dep::site, dep::order, dep::any_episode}};
}

}  // namespace

void declare_audio_page(Pages& pages) {
    const RenderInputs& in = pages.in;
    if (!in.site.audio_url.empty()) pages.declare(site::k_audio_dir, "audio", [&in] { return audio_page(in); });
}

void declare_content_pages(Pages& pages) {
    const RenderInputs& in = pages.in;
    for (const auto& page : in.curation.pages) {
        std::string dir = page.slug + "/";
        pages.declare(dir, "page", [&in, &page, dir] {
            Data d = page_data(in.site, page.title, page.description, dir);
            put(d, "content_html", page.html);
            return PageModel{std::move(d), {dep::site, dep::page(page.slug)}};
        });
    }
}

void declare_subscribe(Pages& pages) {
    const RenderInputs& in = pages.in;
    pages.declare(site::k_subscribe_dir, "subscribe", [&in] { return subscribe(in); });
}

void declare_search_and_404(Pages& pages) {
    const RenderInputs& in = pages.in;
    auto plain = [&in](std::string title, std::string description, std::string dir) {
        return [&in, title, description, dir] {
            return PageModel{page_data(in.site, title, description, dir), {dep::site}};
        };
    };
    const i18n::Words& words = *in.site.words;
    pages.declare_file(
        "search/index.html", "search",
        plain(words.text("search.title"), words.fill("search.description", {{"show", in.site.title}}), "search/"));
    pages.declare_file("404.html", "404", plain(words.text("not_found.title"), "", "404.html"));
}

}  // namespace render
