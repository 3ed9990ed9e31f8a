#include "render/site_renderer.hpp"

#include <map>
#include <pugixml.hpp>
#include <sstream>

#include "util/files.hpp"
#include "util/strings.hpp"

namespace render {

namespace fs = std::filesystem;
using List = kainjow::mustache::list;

const std::vector<std::string>& required_templates() {
    static const std::vector<std::string> names = {"index", "episode", "404"};
    return names;
}

TemplateSet load_templates(const config::SiteConfig& config) {
    return TemplateSet(config.templates_dir(), config.themes_dir() / config.theme / "templates", required_templates());
}

namespace {

Data pagination(const SiteInfo& site, int page, int pages) {
    Data p;
    p.set("current", std::to_string(page));
    p.set("total", std::to_string(pages));
    p.set("has_pages", pages > 1);
    if (page > 1) p.set("newer_url", site.paths.url(SitePaths::home_page_dir(page - 1)));
    if (page < pages) p.set("older_url", site.paths.url(SitePaths::home_page_dir(page + 1)));
    List numbers;
    for (int n = 1; n <= pages; ++n) {
        Data item;
        item.set("number", std::to_string(n));
        item.set("url", site.paths.url(SitePaths::home_page_dir(n)));
        item.set("is_current", n == page);
        numbers.push_back(item);
    }
    p.set("pages", numbers);
    return p;
}

void render_home_pages(const config::SiteConfig& config, const core::Catalog& catalog, const SiteInfo& site,
                       const TemplateSet& templates, output::Output& out, std::vector<std::string>& urls) {
    const int per_page = config.episodes_per_page;
    const int count = static_cast<int>(catalog.episodes.size());
    const int pages = std::max(1, (count + per_page - 1) / per_page);
    for (int page = 1; page <= pages; ++page) {
        std::string dir = SitePaths::home_page_dir(page);
        std::string title = page == 1 ? "" : "Episodes, page " + std::to_string(page);
        Data d = base_data(site, title, "", dir);
        List cards;
        for (int i = (page - 1) * per_page; i < std::min(count, page * per_page); ++i)
            cards.push_back(episode_card(site, catalog.episodes[static_cast<std::size_t>(i)]));
        d.set("episodes", cards);
        d.set("episode_count", std::to_string(count));
        d.set("is_first_page", page == 1);
        d.set("pagination", pagination(site, page, pages));
        out.add(dir + "index.html", templates.render("index", d));
        urls.push_back(dir);
    }
}

void render_episode_pages(const core::Catalog& catalog, const SiteInfo& site, const TemplateSet& templates,
                          output::Output& out, std::vector<std::string>& urls) {
    const auto& eps = catalog.episodes;
    for (std::size_t i = 0; i < eps.size(); ++i) {
        const core::Episode* newer = i > 0 ? &eps[i - 1] : nullptr;
        const core::Episode* older = i + 1 < eps.size() ? &eps[i + 1] : nullptr;
        std::string dir = SitePaths::episode_dir(eps[i].slug);
        Data d = base_data(site, eps[i].title, summary_of(eps[i], 160), dir);
        d.set("episode", episode_data(site, eps[i], older, newer));
        out.add(dir + "index.html", templates.render("episode", d));
        urls.push_back(dir);
    }
}

std::string sitemap_xml(const SiteInfo& site, const std::vector<std::string>& dirs) {
    pugi::xml_document doc;
    auto decl = doc.append_child(pugi::node_declaration);
    decl.append_attribute("version") = "1.0";
    decl.append_attribute("encoding") = "UTF-8";
    auto urlset = doc.append_child("urlset");
    urlset.append_attribute("xmlns") = "http://www.sitemaps.org/schemas/sitemap/0.9";
    for (const auto& dir : dirs) urlset.append_child("url").append_child("loc").text() = site.paths.absolute(dir).c_str();
    std::ostringstream s;
    doc.save(s, "  ", pugi::format_default, pugi::encoding_utf8);
    return s.str();
}

void copy_tree(const fs::path& root, std::map<std::string, fs::path>& files) {
    std::error_code ec;
    if (!fs::is_directory(root, ec)) return;
    for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::none, ec);
         it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (ec) break;
        if (it->is_symlink(ec)) {  // never follow links out of the project
            if (it->is_directory(ec)) it.disable_recursion_pending();
            continue;
        }
        if (!it->is_regular_file(ec)) continue;
        std::string rel = fs::relative(it->path(), root, ec).generic_string();
        if (!ec && util::is_safe_relative_path(rel)) files[rel] = it->path();
    }
}

}  // namespace

void copy_static_files(const config::SiteConfig& config, output::Output& out) {
    std::map<std::string, fs::path> files;  // sorted: deterministic output order
    copy_tree(config.themes_dir() / config.theme / "static", files);
    copy_tree(config.static_dir(), files);
    for (const auto& [rel, path] : files) out.add(rel, util::read_file(path));
}

void render_site(const config::SiteConfig& config, const core::Catalog& catalog, const SiteInfo& site,
                 const TemplateSet& templates, output::Output& out) {
    std::vector<std::string> urls;
    render_home_pages(config, catalog, site, templates, out, urls);
    render_episode_pages(catalog, site, templates, out, urls);
    out.add("404.html", templates.render("404", base_data(site, "Page not found", "", "404.html")));
    out.add("sitemap.xml", sitemap_xml(site, urls));
    out.add("robots.txt", "User-agent: *\nAllow: /\nSitemap: " + site.paths.absolute("sitemap.xml") + "\n");
    out.add(".nojekyll", "");
    copy_static_files(config, out);
}

}  // namespace render
