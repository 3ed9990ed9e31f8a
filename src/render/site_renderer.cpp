#include "render/site_renderer.hpp"

#include <chrono>
#include <map>
#include <optional>
#include <thread>
#include <unordered_map>
#include <pugixml.hpp>
#include <sstream>

#include "util/dates.hpp"
#include "util/files.hpp"
#include "util/strings.hpp"

namespace render {

namespace fs = std::filesystem;
using List = kainjow::mustache::list;

const std::vector<std::string>& required_templates() {
    static const std::vector<std::string> names = {"index", "episode", "404", "page", "terms", "term", "archive", "search"};
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
    // A window of page numbers (first, last, and three either side): listing every page on
    // every page would make a large archive's index quadratic.
    List numbers;
    for (int n = 1; n <= pages; ++n) {
        if (n != 1 && n != pages && std::abs(n - page) > 3) continue;
        Data item;
        item.set("number", std::to_string(n));
        item.set("url", site.paths.url(SitePaths::home_page_dir(n)));
        item.set("is_current", n == page);
        numbers.push_back(item);
    }
    p.set("pages", numbers);
    return p;
}

const notes::EpisodeExtras* extras_of(const notes::Curation& curation, const std::string& slug) {
    auto it = curation.by_slug.find(slug);
    return it == curation.by_slug.end() ? nullptr : &it->second;
}

void render_home_pages(const config::SiteConfig& config, const core::Catalog& catalog, const notes::Curation& curation,
                       const SiteInfo& site, const TemplateSet& templates, PageSink& sink,
                       std::vector<std::string>& urls) {
    const int per_page = config.episodes_per_page;
    const int count = static_cast<int>(catalog.episodes.size());
    const int pages = std::max(1, (count + per_page - 1) / per_page);
    for (int page = 1; page <= pages; ++page) {
        std::string dir = SitePaths::home_page_dir(page);
        urls.push_back(dir);
        const int first = (page - 1) * per_page, last = std::min(count, page * per_page);
        DepKeys keys = {dep::site, dep::order};
        for (int i = first; i < last; ++i) {
            const std::string& slug = catalog.episodes[static_cast<std::size_t>(i)].slug;
            keys.push_back(dep::episode(slug));
            keys.push_back(dep::card_note(slug));
        }
        if (!sink.wanted(dir + "index.html", std::move(keys))) continue;
        std::string title = page == 1 ? "" : "Episodes, page " + std::to_string(page);
        Data d = base_data(site, title, "", dir);
        List cards;
        for (int i = first; i < last; ++i)
            cards.push_back(episode_card(site, catalog.episodes[static_cast<std::size_t>(i)],
                                         extras_of(curation, catalog.episodes[static_cast<std::size_t>(i)].slug)));
        d.set("episodes", cards);
        d.set("episode_count", std::to_string(count));
        d.set("is_first_page", page == 1);
        d.set("pagination", pagination(site, page, pages));
        sink.add(dir + "index.html", templates.render("index", d));
    }
}

// Episode pages are most of a site: they are rendered on every core, each thread with its own
// compiled templates (kainjow's are not safe to share), and added in archive order so the
// output does not depend on the threads.
void render_episode_pages(const config::SiteConfig& config, const core::Catalog& catalog, const notes::Curation& curation,
                          const SiteInfo& site, const TemplateSet& loaded, PageSink& sink, std::vector<std::string>& urls) {
    const auto& eps = catalog.episodes;
    std::unordered_map<std::string, const core::Episode*> by_slug;
    for (const auto& e : eps) by_slug[e.slug] = &e;
    EpisodeLookup lookup = [&](const std::string& slug) -> const core::Episode* {
        auto it = by_slug.find(slug);
        return it == by_slug.end() ? nullptr : it->second;
    };
    std::vector<std::size_t> todo;
    for (std::size_t i = 0; i < eps.size(); ++i) {
        std::string dir = SitePaths::episode_dir(eps[i].slug);
        urls.push_back(dir);
        DepKeys keys = {dep::site, dep::order, dep::episode(eps[i].slug), dep::note(eps[i].slug)};
        if (i > 0) keys.push_back(dep::episode(eps[i - 1].slug));
        if (i + 1 < eps.size()) keys.push_back(dep::episode(eps[i + 1].slug));
        if (const notes::EpisodeExtras* x = extras_of(curation, eps[i].slug)) {
            for (const auto& slug : x->related) keys.push_back(dep::episode(slug));
            for (const auto& slug : x->mentioned_in) keys.push_back(dep::episode(slug));
        }
        if (sink.wanted(dir + "index.html", std::move(keys))) todo.push_back(i);
    }
    unsigned threads = std::max(1u, std::min<unsigned>(std::max(2u, std::thread::hardware_concurrency()),
                                                       static_cast<unsigned>(todo.size() / 200 + 1)));
    std::vector<std::string> pages(todo.size());
    std::vector<std::exception_ptr> failures(threads);
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            try {
                std::optional<TemplateSet> own;  // a thread of several compiles its own
                if (threads > 1) own.emplace(load_templates(config));
                const TemplateSet& templates = own ? *own : loaded;
                for (std::size_t k = t; k < todo.size(); k += threads) {
                    const std::size_t i = todo[k];
                    const core::Episode* newer = i > 0 ? &eps[i - 1] : nullptr;
                    const core::Episode* older = i + 1 < eps.size() ? &eps[i + 1] : nullptr;
                    std::string dir = SitePaths::episode_dir(eps[i].slug);
                    const notes::EpisodeExtras* extras = extras_of(curation, eps[i].slug);
                    std::string description = extras && !extras->summary.empty() ? extras->summary : site.text(eps[i]).short_summary;
                    Data d = base_data(site, eps[i].title, description, dir, episode_jsonld(site, eps[i], description));
                    d.set("episode", episode_data(site, eps[i], older, newer, extras, lookup));
                    pages[k] = templates.render("episode", d);
                }
            } catch (...) {
                failures[t] = std::current_exception();
            }
        });
    for (auto& th : pool) th.join();
    for (const auto& f : failures)
        if (f) std::rethrow_exception(f);
    for (std::size_t k = 0; k < todo.size(); ++k)
        sink.add(SitePaths::episode_dir(eps[todo[k]].slug) + "index.html", std::move(pages[k]));
}

// Topics or guests: /<section>/ lists every name, /<section>/<name>/ its episodes.
void render_terms(const std::string& section, const std::string& label, const core::Catalog& catalog,
                  const notes::Curation& curation, const SiteInfo& site, const TemplateSet& templates,
                  PageSink& sink, std::vector<std::string>& urls) {
    struct Term {
        std::string name;
        std::vector<std::pair<const core::Episode*, const notes::EpisodeExtras*>> episodes;
    };
    std::map<std::string, Term> terms;  // by slug: names that slug alike are one term
    std::unordered_map<std::string, std::string> slugs;  // a few names, each on many episodes
    for (const auto& e : catalog.episodes) {
        const notes::EpisodeExtras* x = extras_of(curation, e.slug);
        if (!x) continue;
        for (const auto& name : section == "topics" ? x->topics : x->guests) {
            auto [slug, fresh] = slugs.try_emplace(name);
            if (fresh) slug->second = term_slug(name);
            Term& t = terms[slug->second];
            if (t.name.empty()) t.name = name;
            t.episodes.emplace_back(&e, x);
        }
    }
    if (terms.empty()) return;
    const bool index_wanted = sink.wanted(section + "/index.html", {dep::site, dep::term_index(section)});
    List index;
    for (auto& [slug, t] : terms) {
        std::string dir = section + "/" + slug + "/";
        urls.push_back(dir);
        if (index_wanted) {
            Data item;
            item.set("name", t.name);
            item.set("url", site.paths.url(dir));
            item.set("count", std::to_string(t.episodes.size()));
            index.push_back(item);
        }
        DepKeys keys = {dep::site, dep::order, dep::term(section, slug)};
        for (const auto& [e, x] : t.episodes) {
            keys.push_back(dep::episode(e->slug));
            keys.push_back(dep::card_note(e->slug));
        }
        if (!sink.wanted(dir + "index.html", std::move(keys))) continue;
        List cards;
        for (const auto& [e, x] : t.episodes) cards.push_back(episode_card(site, *e, x));
        Data d = base_data(site, t.name, label + ": " + t.name, dir);
        d.set("name", t.name);
        d.set("section_label", label);
        d.set("section_url", site.paths.url(section + "/"));
        d.set("episodes", cards);
        d.set("episode_count", std::to_string(t.episodes.size()));
        sink.add(dir + "index.html", templates.render("term", d));
    }
    urls.push_back(section + "/");
    if (!index_wanted) return;
    Data d = base_data(site, label, label + " of " + site.title, section + "/");
    d.set("section_label", label);
    d.set("terms", index);
    sink.add(section + "/index.html", templates.render("terms", d));
}

// Every episode on one page, by year and month; undated ones at the end.
void render_archive(const core::Catalog& catalog, const SiteInfo& site, const TemplateSet& templates,
                    PageSink& sink, std::vector<std::string>& urls) {
    urls.push_back("archive/");
    if (!sink.wanted("archive/index.html", {dep::site, dep::order, dep::any_episode})) return;
    std::map<int, std::map<int, List>, std::greater<>> by_year;
    List undated;
    for (const auto& e : catalog.episodes) {
        if (e.date) by_year[util::year_of(*e.date)][util::month_of(*e.date)].push_back(episode_card(site, e));
        else undated.push_back(episode_card(site, e));
    }
    List years;
    for (auto& [year, months] : by_year) {
        List month_list;
        for (auto it = months.rbegin(); it != months.rend(); ++it) {
            Data m;
            m.set("month", std::string(util::month_name(it->first)));
            m.set("episodes", it->second);
            month_list.push_back(m);
        }
        Data y;
        y.set("year", std::to_string(year));
        y.set("months", month_list);
        years.push_back(y);
    }
    Data d = base_data(site, "Archive", "Every episode of " + site.title + ", by year and month.", "archive/");
    d.set("years", years);
    d.set("undated", undated);
    d.set("has_undated", !undated.empty());
    d.set("episode_count", std::to_string(catalog.episodes.size()));
    sink.add("archive/index.html", templates.render("archive", d));
}

void render_pages(const notes::Curation& curation, const SiteInfo& site, const TemplateSet& templates,
                  PageSink& sink, std::vector<std::string>& urls) {
    for (const auto& page : curation.pages) {
        std::string dir = page.slug + "/";
        urls.push_back(dir);
        if (!sink.wanted(dir + "index.html", {dep::site, dep::page(page.slug)})) continue;
        Data d = base_data(site, page.title, page.description, dir);
        d.set("content_html", page.html);
        sink.add(dir + "index.html", templates.render("page", d));
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

std::vector<SiteInfo::Link> navigation(const SiteInfo& site, const notes::Curation& curation) {
    std::vector<SiteInfo::Link> nav = {{"Episodes", site.paths.url("")}, {"Archive", site.paths.url("archive/")}};
    bool topics = false, guests = false;
    for (const auto& [slug, x] : curation.by_slug) topics |= !x.topics.empty(), guests |= !x.guests.empty();
    if (topics) nav.push_back({"Topics", site.paths.url("topics/")});
    if (guests) nav.push_back({"Guests", site.paths.url("guests/")});
    for (const auto& page : curation.pages)
        if (page.nav) nav.push_back({page.title, site.paths.url(page.slug + "/")});
    return nav;
}

void render_site(const config::SiteConfig& config, const core::Catalog& catalog, const notes::Curation& curation,
                 const SiteInfo& site, const TemplateSet& templates, PageSink& sink,
                 std::vector<std::pair<std::string, double>>* timings) {
    auto clock = std::chrono::steady_clock::now();
    auto lap = [&](const char* part) {
        auto now = std::chrono::steady_clock::now();
        if (timings) timings->emplace_back(std::string("render:") + part, std::chrono::duration<double>(now - clock).count());
        clock = now;
    };
    std::vector<std::string> urls;
    render_home_pages(config, catalog, curation, site, templates, sink, urls);
    lap("home");
    render_episode_pages(config, catalog, curation, site, templates, sink, urls);
    lap("episodes");
    render_terms("topics", "Topics", catalog, curation, site, templates, sink, urls);
    render_terms("guests", "Guests", catalog, curation, site, templates, sink, urls);
    lap("topics+guests");
    render_pages(curation, site, templates, sink, urls);
    render_archive(catalog, site, templates, sink, urls);
    if (sink.wanted("search/index.html", {dep::site}))
        sink.add("search/index.html", templates.render("search", base_data(site, "Search", "Search the episodes of " + site.title + ".", "search/")));
    if (sink.wanted("404.html", {dep::site}))
        sink.add("404.html", templates.render("404", base_data(site, "Page not found", "", "404.html")));
    lap("archive");
    sink.add("sitemap.xml", sitemap_xml(site, urls));
    sink.add("robots.txt", "User-agent: *\nAllow: /\nSitemap: " + site.paths.absolute("sitemap.xml") + "\n");
    sink.add(".nojekyll", "");
    if (!config.cname.empty()) sink.add("CNAME", config.cname + "\n");
    lap("rest");
}

}  // namespace render
