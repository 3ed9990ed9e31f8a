#include "render/site_renderer.hpp"

#include <memory>

#include "concurrency/stage_clock.hpp"
#include "dates/dates.hpp"
#include "files/files.hpp"
#include "render/page_frame.hpp"
#include "render/page_queue.hpp"
#include "render/pages.hpp"
#include "text/strings.hpp"

namespace render {

namespace fs = std::filesystem;

const std::vector<std::string>& required_templates() {
    static const std::vector<std::string> names = {"index", "episode", "embed",   "404",    "page",      "terms",
                                                   "term",  "archive", "seasons", "search", "subscribe", "audio"};
    return names;
}

TemplateSet load_templates(const config::SiteConfig& config) {
    return TemplateSet(config::theme_layers(config), required_templates());
}

namespace {

// Written as text, as pugixml would print it: a preview rebuild writes it after every edit, and
// a document of every page's URL cost more than the page that changed.
std::string sitemap_xml(const site::SiteInfo& site, const std::vector<std::string>& dirs) {
    std::string xml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
    xml.reserve(xml.size() + dirs.size() * (site.paths.base_url.size() + 64));
    for (const auto& dir : dirs) {
        xml += "  <url>\n    <loc>";
        for (char c : site.paths.absolute(dir)) {  // text: only & < > need escaping
            if (c == '&')
                xml += "&amp;";
            else if (c == '<')
                xml += "&lt;";
            else if (c == '>')
                xml += "&gt;";
            else
                xml += c;
        }
        xml += "</loc>\n  </url>\n";
    }
    xml += "</urlset>\n";
    return xml;
}

// The page writers, in the order they declare their pages (the sitemap lists pages in this
// order). A new kind of page is one entry here; the sitemap and the site's small files follow
// every writer of the table.
using PageWriter = void (*)(Pages& pages);
const PageWriter k_page_writers[] = {
    declare_home_pages,
    declare_episode_pages,
    [](Pages& pages) { declare_term_pages(pages, &RenderInputs::topics, "topics", "nav.topics"); },
    [](Pages& pages) { declare_term_pages(pages, &RenderInputs::guests, "guests", "nav.guests"); },
    declare_content_pages,
    declare_archive,
    declare_seasons,
    declare_subscribe,
    declare_audio_page,
    declare_search_and_404,
};

}  // namespace

void copy_static_files(const config::SiteConfig& config, const site::SiteInfo& site, const site::LocalArtwork* artwork,
                       output::Output& out, std::vector<core::Diagnostic>& warnings) {
    bool own_favicon = false;  // (a theme's or the project's favicon.svg is kept instead)
    std::vector<std::filesystem::path> links;
    for (const auto& [rel, file] : theme::static_files(config::theme_layers(config), &links)) {
        own_favicon |= rel == "favicon.svg";
        out.add(rel, theme::read_static(file));
    }
    for (const auto& link : links)
        warnings.push_back(core::link_not_followed(link.lexically_relative(config.root).generic_string(),
                                                   "so it is not published: put the file itself here"));
    if (!own_favicon) out.add("favicon.svg", site::monogram_svg(site.title));
    if (!site.card_png.empty()) out.add("card.png", site.card_png);
    if (!artwork) return;
    out.add(artwork->file_name, artwork->bytes);
    for (const site::ArtworkSize& size : artwork->sizes) {
        out.add(size.file_name("jpg"), size.jpeg);
        if (!size.webp.empty()) out.add(size.file_name("webp"), size.webp);
    }
}

std::vector<site::SiteInfo::Link> navigation(const site::SiteInfo& site, const core::Catalog& catalog,
                                             const notes::Curation& curation) {
    const i18n::Words& words = *site.words;
    std::vector<site::SiteInfo::Link> nav = {{words.text("nav.episodes"), site.paths.url("")},
                                             {words.text("nav.archive"), site.paths.url("archive/")}};
    if (has_seasons(catalog)) nav.push_back({words.text("nav.seasons"), site.paths.url("seasons/")});
    bool topics = false, guests = false;
    for (const auto& [slug, x] : curation.by_slug) topics |= !x.note_topics.empty(), guests |= !x.guests.empty();
    for (const auto& e : catalog.episodes) topics |= !e.categories.empty();  // (notes::Curation::topics_of)
    if (topics) nav.push_back({words.text("nav.topics"), site.paths.url("topics/")});
    if (guests) nav.push_back({words.text("nav.guests"), site.paths.url("guests/")});
    for (const auto& page : curation.pages)
        if (page.nav) nav.push_back({page.title, site.paths.url(page.slug + "/")});
    return nav;
}

void render_site(const RenderInputs& in, const TemplateSet& templates, PageSink& sink,
                 concurrency::StageTimes* timings) {
    concurrency::StageClock clock(timings);
    auto lap = [&](const char* part) { clock.lap(std::string("render:") + part); };
    PageQueue queue(templates, sink);
    Pages pages(in, sink, queue);
    for (PageWriter write : k_page_writers) write(pages);
    // The sitemap lists every page declared (tens of thousands in a large archive): made
    // on a render thread beside the last pages rather than after them all. When no page comes
    // or goes, it and the files beside it are the last build's.
    std::vector<std::pair<std::string, std::string>> site_files = {
        {"robots.txt", "User-agent: *\nAllow: /\nSitemap: " + in.site.paths.absolute("sitemap.xml") + "\n"},
        {".nojekyll", ""}};
    if (!in.config.cname.empty()) site_files.emplace_back("CNAME", in.config.cname + "\n");
    if (sink.same_pages()) {
        sink.keep("sitemap.xml");
        for (const auto& [path, content] : site_files) sink.keep(path);
    } else {
        queue.add_file("sitemap.xml", [&] { return sitemap_xml(in.site, pages.dirs()); });
    }
    lap("queue");
    queue.run();
    lap("pages");
    if (!sink.same_pages())
        for (auto& [path, content] : site_files) sink.add(path, std::move(content));
    lap("rest");
}

}  // namespace render
