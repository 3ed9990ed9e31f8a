// The pages that are one of a kind: content/pages' pages, subscribe/, search/ and 404.html.
#include "render/page_frame.hpp"
#include "render/pages.hpp"
#include "render/site_paths.hpp"
#include "util/strings.hpp"

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
    Data d = page_data(in.site, "Subscribe", "Follow " + in.site.title + " in a podcast app: the feed's address and where else to find the show.",
                       k_subscribe_dir);
    put(d, "feed_items_text", util::count_text(with_audio + reposts, "episode", "episodes"));
    put(d, "has_reposts", reposts > 0);
    put(d, "reposts_text", util::count_text(reposts, "re-post", "re-posts"));
    put(d, "without_audio", without > 0 ? text(util::count_text(without, "episode", "episodes")) : Data(false));
    if (newest) put(d, "newest", in.cards.plain(*newest));
    return {std::move(d), {dep::site, dep::order, dep::any_episode}};
}

}  // namespace

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
    pages.declare(k_subscribe_dir, "subscribe", [&in] { return subscribe(in); });
}

void declare_search_and_404(Pages& pages) {
    const RenderInputs& in = pages.in;
    auto plain = [&in](std::string title, std::string description, std::string dir) {
        return [&in, title, description, dir] { return PageModel{page_data(in.site, title, description, dir), {dep::site}}; };
    };
    pages.declare_file("search/index.html", "search", plain("Search", "Search the episodes of " + in.site.title + ".", "search/"));
    pages.declare_file("404.html", "404", plain("Page not found", "", "404.html"));
}

}  // namespace render
