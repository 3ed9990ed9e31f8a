#include "render/site_renderer.hpp"

#include <map>
#include <memory>
#include <unordered_map>


#include "render/page_queue.hpp"
#include "util/dates.hpp"
#include "util/files.hpp"
#include "util/stage_clock.hpp"
#include "util/strings.hpp"

namespace render {

namespace fs = std::filesystem;

const std::vector<std::string>& required_templates() {
    static const std::vector<std::string> names = {"index", "episode", "404", "page", "terms", "term", "archive", "search", "subscribe"};
    return names;
}

theme::ThemeLayers theme_layers(const config::SiteConfig& config) {
    const fs::path theme = config.themes_dir() / config.theme;
    return {{config.templates_dir(), theme / "templates"}, {theme / "static", config.static_dir()}, true};
}

TemplateSet load_templates(const config::SiteConfig& config) { return TemplateSet(theme_layers(config), required_templates()); }

namespace {

// `first_dir`: the folder of page 1 ("" for the home page); page N is in first_dir + "page/N/".
std::string page_dir(const std::string& first_dir, int page) { return first_dir + SitePaths::home_page_dir(page); }

int page_count(std::size_t episodes, int per_page) {
    return std::max(1, static_cast<int>((episodes + static_cast<std::size_t>(per_page) - 1) / static_cast<std::size_t>(per_page)));
}

Data pagination(const SiteInfo& site, const std::string& first_dir, int page, int pages) {
    Data p;
    put(p, "current", std::to_string(page));
    put(p, "total", std::to_string(pages));
    put(p, "has_pages", pages > 1);
    if (page > 1) put(p, "newer_url", site.paths.url(page_dir(first_dir, page - 1)));
    if (page < pages) put(p, "older_url", site.paths.url(page_dir(first_dir, page + 1)));
    // A window of page numbers (first, last, and three either side): listing every page on
    // every page would make a large archive's index quadratic.
    List numbers;
    numbers.reserve(9);  // (data.hpp, list_of)
    for (int n = 1; n <= pages; ++n) {
        if (n != 1 && n != pages && std::abs(n - page) > 3) continue;
        Data item;
        put(item, "number", std::to_string(n));
        put(item, "url", site.paths.url(page_dir(first_dir, n)));
        put(item, "is_current", n == page);
        numbers.push_back(std::move(item));
    }
    put(p, "pages", std::move(numbers));
    return p;
}

// Where declared pages go: the sitemap's list of folders, the sink (which may skip a page none
// of whose inputs changed) and the queue that renders the others.
struct Pages {
    PageSink& sink;
    PageQueue& queue;
    std::vector<std::string>& urls;  // every page's folder, in sitemap order

    // Declares the page in folder `dir` (listed in the sitemap) with the inputs it reads, and
    // queues it when it must be rendered. A template, so nothing is built for a page not wanted.
    // `cost`: how many episodes the page lists (PageQueue renders the costliest first).
    template <class Keys, class Render>
    void declare(const std::string& dir, const Keys& keys, Render render, std::size_t cost = 1) {
        urls.push_back(dir);
        std::string file = dir + "index.html";
        if (sink.wanted(file, keys)) queue.add(std::move(file), std::move(render), cost);
    }
};

// A list of `count` episodes (the i-th is `at(i)`) on pages of episodes_per_page, each with its
// cards, the list's episode_count and `pagination`: page 1 in `first_dir`, page N in
// first_dir + "page/N/" (the home page, each topic and guest). Every page reads `reads` and its
// own episodes; `head(dir, page)` gives the rest of its data.
template <class At, class Head>
void declare_list(const RenderInputs& in, Pages& out, const std::string& first_dir, std::size_t count, At at,
                  const DepKeys& reads, const std::string& template_name, Head head) {
    const auto per_page = static_cast<std::size_t>(in.config.episodes_per_page);
    const int pages = page_count(count, in.config.episodes_per_page);
    for (int page = 1; page <= pages; ++page) {
        std::string dir = page_dir(first_dir, page);
        const std::size_t first = static_cast<std::size_t>(page - 1) * per_page;
        const std::size_t last = std::min(count, first + per_page);
        auto keys = [&] {
            DepKeys read = reads;
            for (std::size_t i = first; i < last; ++i) {
                read.push_back(dep::episode(at(i).slug));
                read.push_back(dep::card_note(at(i).slug));
            }
            return read;
        };
        out.declare(dir, keys, [&in, at, head, first_dir, template_name, dir, page, pages, first, last, count](const TemplateSet& templates) {
            Data d = head(dir, page);
            // `episodes` is every card of the page; `dated` and `undated` the same in two groups,
            // so an undated episode is shown under "Date unknown", not among the dated.
            List cards, dated, undated;
            cards.reserve(last - first);  // (data.hpp, list_of)
            dated.reserve(last - first);
            undated.reserve(last - first);
            for (std::size_t i = first; i < last; ++i) {
                cards.push_back(in.cards.with_note(at(i)));
                (at(i).date ? dated : undated).push_back(in.cards.with_note(at(i)));
            }
            put(d, "has_undated", !undated.empty());
            put(d, "episodes", std::move(cards));
            put(d, "dated", std::move(dated));
            put(d, "undated", std::move(undated));
            put(d, "episode_count", std::to_string(count));
            put(d, "episode_count_text", util::count_text(count, "episode", "episodes"));
            put(d, "pagination", pagination(in.site, first_dir, page, pages));
            return templates.render(template_name, in.site_root, d, &in.cards);
        }, last - first);
    }
}

void queue_home_pages(const RenderInputs& in, Pages& out) {
    const auto& eps = in.catalog.episodes;
    auto at = [&eps](std::size_t i) -> const core::Episode& { return eps[i]; };
    declare_list(in, out, "", eps.size(), at, {dep::site, dep::order}, "index", [&in](const std::string& dir, int page) {
        Data d = page_data(in.site, page == 1 ? "" : "Episodes, page " + std::to_string(page), "", dir);
        put(d, "is_first_page", page == 1);
        return d;
    });
}

void queue_episode_pages(const RenderInputs& in, Pages& out, const EpisodeLookup& lookup) {
    const auto& eps = in.catalog.episodes;
    for (std::size_t i = 0; i < eps.size(); ++i) {
        std::string dir = SitePaths::episode_dir(eps[i].slug);
        const notes::EpisodeExtras* extras = in.cards.extras(eps[i]);
        auto keys = [&] {
            DepKeys read = {dep::site, dep::order, dep::episode(eps[i].slug), dep::note(eps[i].slug)};
            if (i > 0) read.push_back(dep::episode(eps[i - 1].slug));
            if (i + 1 < eps.size()) read.push_back(dep::episode(eps[i + 1].slug));
            if (extras) {
                for (const auto& slug : extras->related) read.push_back(dep::episode(slug));
                for (const auto& slug : extras->mentioned_in) read.push_back(dep::episode(slug));
            }
            return read;
        };
        out.declare(dir, keys, [&in, &lookup, i, dir, extras](const TemplateSet& templates) {
            const auto& all = in.catalog.episodes;
            const core::Episode& e = all[i];
            // Neighbours in time: the dated chain, or the undated group's own (in the listings'
            // order); an undated episode is not "previous" or "next" to a dated one.
            auto same_group = [&e](const core::Episode& other) { return other.date.has_value() == e.date.has_value(); };
            const core::Episode* newer = i > 0 && same_group(all[i - 1]) ? &all[i - 1] : nullptr;
            const core::Episode* older = i + 1 < all.size() && same_group(all[i + 1]) ? &all[i + 1] : nullptr;
            std::string description = extras && !extras->summary.empty() ? extras->summary : in.site.text(e).short_summary;
            Data d = page_data(in.site, e.title, description, dir, episode_jsonld(in.site, e, description));
            put(d, "episode", episode_data(in.site, e, older, newer, extras, lookup, &in.cards));
            return templates.render("episode", in.site_root, d, &in.cards);
        });
    }
}

// The episodes of each topic (or guest) name, by slug.
RenderInputs::Terms group_terms(const core::Catalog& catalog, const CardCache& cards, bool topics) {
    RenderInputs::Terms terms;
    std::unordered_map<std::string, std::string> slugs;  // a few names, each on many episodes
    for (const auto& e : catalog.episodes) {
        const notes::EpisodeExtras* x = cards.extras(e);
        if (!x) continue;
        for (const auto& name : topics ? x->topics : x->guests) {
            auto [slug, fresh] = slugs.try_emplace(name);
            if (fresh) slug->second = term_slug(name);
            RenderInputs::Term& t = terms[slug->second];
            if (t.name.empty()) t.name = name;
            if (t.episodes.empty() || t.episodes.back() != &e) t.episodes.push_back(&e);  // ("GPU" and "gpu" on one episode)
        }
    }
    return terms;
}

// Topics or guests: /<section>/ lists every name, /<section>/<name>/ its episodes.
void queue_terms(const RenderInputs& in, Pages& out, const RenderInputs::Terms& terms, const std::string& section,
                 const std::string& label) {
    if (terms.empty()) return;
    for (const auto& entry : terms) {  // not a structured binding: clang 14 cannot capture one
        const std::string& slug = entry.first;
        const RenderInputs::Term& t = entry.second;
        auto at = [&t](std::size_t i) -> const core::Episode& { return *t.episodes[i]; };
        DepKeys reads = {dep::site, dep::order, dep::term(section, slug)};
        declare_list(in, out, section + "/" + slug + "/", t.episodes.size(), at, reads, "term",
                     [&in, &t, section, label](const std::string& dir, int page) {
                         std::string title = page == 1 ? t.name : t.name + ", page " + std::to_string(page);
                         Data d = page_data(in.site, title, label + ": " + title, dir);
                         put(d, "name", t.name);
                         put(d, "section_label", label);
                         put(d, "section_url", in.site.paths.url(section + "/"));
                         return d;
                     });
    }
    auto index_keys = DepKeys{dep::site, dep::term_index(section)};
    out.declare(section + "/", index_keys, [&in, &terms, section, label](const TemplateSet& templates) {
        List index = list_of(terms, [&](const auto& slug_term) {
            const auto& [slug, t] = slug_term;
            Data item;
            put(item, "name", t.name);
            put(item, "url", in.site.paths.url(section + "/" + slug + "/"));
            put(item, "count", std::to_string(t.episodes.size()));
            return item;
        });
        Data d = page_data(in.site, label, label + " of " + in.site.title, section + "/");
        put(d, "section_label", label);
        put(d, "terms", std::move(index));
        return templates.render("terms", in.site_root, d);
    }, terms.size());
}

// Every episode on one page, by year and month; undated ones at the end.
void queue_archive(const RenderInputs& in, Pages& out) {
    out.declare("archive/", DepKeys{dep::site, dep::order, dep::any_episode}, [&in](const TemplateSet& templates) {
        // The episodes of each year and month first, then every list made whole by list_of
        // (data.hpp): a growing list of years would copy every year before, months and cards.
        using Episodes = std::vector<const core::Episode*>;
        std::map<int, std::map<int, Episodes, std::greater<>>, std::greater<>> by_year;  // newest first
        Episodes undated;
        for (const auto& e : in.catalog.episodes) {
            if (e.date) by_year[util::year_of(*e.date)][util::month_of(*e.date)].push_back(&e);
            else undated.push_back(&e);
        }
        auto cards = [&](const Episodes& episodes) {
            return list_of(episodes, [&](const core::Episode* e) { return in.cards.plain(*e); });
        };
        List years = list_of(by_year, [&](const auto& year_months) {
            const auto& [year, months] = year_months;
            Data y;
            put(y, "year", std::to_string(year));
            put(y, "months", list_of(months, [&](const auto& month_episodes) {
                Data m;
                put(m, "month", std::string(util::month_name(month_episodes.first)));
                put(m, "episodes", cards(month_episodes.second));
                return m;
            }));
            return y;
        });
        Data d = page_data(in.site, "Archive", "Every episode of " + in.site.title + ", by year and month.", "archive/");
        put(d, "years", std::move(years));
        put(d, "has_undated", !undated.empty());
        put(d, "undated", cards(undated));
        put(d, "episode_count", std::to_string(in.catalog.episodes.size()));
        put(d, "episode_count_text", util::count_text(in.catalog.episodes.size(), "episode", "episodes"));
        put(d, "dated_count_text", util::count_text(in.catalog.episodes.size() - undated.size(), "episode", "episodes"));
        return templates.render("archive", in.site_root, d, &in.cards);
    }, in.catalog.episodes.size());
}

void queue_pages(const RenderInputs& in, Pages& out) {
    for (const auto& page : in.curation.pages) {
        std::string dir = page.slug + "/";
        out.declare(dir, DepKeys{dep::site, dep::page(page.slug)}, [&in, &page, dir](const TemplateSet& templates) {
            Data d = page_data(in.site, page.title, page.description, dir);
            put(d, "content_html", page.html);
            return templates.render("page", in.site_root, d);
        });
    }
}

// /subscribe/: the feed's address to copy, the apps and directories, and what the feed holds.
void queue_subscribe(const RenderInputs& in, Pages& out) {
    out.declare(k_subscribe_dir, DepKeys{dep::site, dep::order, dep::any_episode}, [&in](const TemplateSet& templates) {
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
        return templates.render("subscribe", in.site_root, d, &in.cards);
    });
}

// A page with nothing but the shared parts (search, 404).
void queue_plain(const RenderInputs& in, Pages& out, const std::string& file, const std::string& name, std::string title,
                 std::string description, std::string dir) {
    if (!out.sink.wanted(file, DepKeys{dep::site})) return;
    out.queue.add(file, [&in, name, title, description, dir](const TemplateSet& templates) {
        return templates.render(name, in.site_root, page_data(in.site, title, description, dir));
    });
}

// Written as text, as pugixml would print it: a preview rebuild writes it after every edit, and
// a document of every page's URL cost more than the page that changed.
std::string sitemap_xml(const SiteInfo& site, const std::vector<std::string>& dirs) {
    std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
    xml.reserve(xml.size() + dirs.size() * (site.paths.base_url.size() + 64));
    for (const auto& dir : dirs) {
        xml += "  <url>\n    <loc>";
        for (char c : site.paths.absolute(dir)) {  // text: only & < > need escaping
            if (c == '&') xml += "&amp;";
            else if (c == '<') xml += "&lt;";
            else if (c == '>') xml += "&gt;";
            else xml += c;
        }
        xml += "</loc>\n  </url>\n";
    }
    xml += "</urlset>\n";
    return xml;
}

}  // namespace

void copy_static_files(const config::SiteConfig& config, const SiteInfo& site, const LocalArtwork* artwork, output::Output& out) {
    bool own_favicon = false;  // (a theme's or the project's favicon.svg is kept instead)
    for (const auto& [rel, file] : theme::static_files(theme_layers(config))) {
        own_favicon |= rel == "favicon.svg";
        out.add(rel, theme::read_static(file));
    }
    if (!own_favicon) out.add("favicon.svg", monogram_svg(site.title));
    if (artwork) out.add(artwork->file_name, artwork->bytes);
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

RenderInputs::RenderInputs(const config::SiteConfig& cfg, const core::Catalog& cat, const notes::Curation& cur,
                           const SiteInfo& info)
    : config(cfg), catalog(cat), curation(cur), site(info), site_root(site_data(info)), cards(info, cat, cur),
      topics(group_terms(cat, cards, true)), guests(group_terms(cat, cards, false)) {
    by_slug.reserve(cat.episodes.size());
    for (const auto& e : cat.episodes) by_slug.emplace(e.slug, &e);
}

void render_site(const config::SiteConfig& config, const core::Catalog& catalog, const notes::Curation& curation,
                 const SiteInfo& site, const TemplateSet& templates, PageSink& sink, util::StageTimes* timings) {
    render_site(RenderInputs(config, catalog, curation, site), templates, sink, timings);
}

void render_site(const RenderInputs& in, const TemplateSet& templates, PageSink& sink, util::StageTimes* timings) {
    util::StageClock clock(timings);
    auto lap = [&](const char* part) { clock.lap(std::string("render:") + part); };
    const config::SiteConfig& config = in.config;
    const SiteInfo& site = in.site;
    std::vector<std::string> urls;
    const TemplateSet for_site = templates.for_site(in.site_root);  // every page is rendered under in.site_root
    PageQueue queue(for_site, sink);
    Pages out{sink, queue, urls};
    EpisodeLookup lookup = [&](const std::string& slug) -> const core::Episode* {
        auto it = in.by_slug.find(slug);
        return it == in.by_slug.end() ? nullptr : it->second;
    };
    queue_home_pages(in, out);
    queue_episode_pages(in, out, lookup);
    queue_terms(in, out, in.topics, "topics", "Topics");
    queue_terms(in, out, in.guests, "guests", "Guests");
    queue_pages(in, out);
    queue_archive(in, out);
    queue_subscribe(in, out);
    queue_plain(in, out, "search/index.html", "search", "Search", "Search the episodes of " + site.title + ".", "search/");
    queue_plain(in, out, "404.html", "404", "Page not found", "", "404.html");
    // The sitemap lists every page declared above (tens of thousands in a large archive): made
    // on a render thread beside the last pages rather than after them all.
    if (!sink.same_pages()) queue.add("sitemap.xml", [&](const TemplateSet&) { return sitemap_xml(site, urls); }, 0);
    lap("queue");
    queue.run();
    lap("pages");
    if (!sink.same_pages()) {
        sink.add("robots.txt", "User-agent: *\nAllow: /\nSitemap: " + site.paths.absolute("sitemap.xml") + "\n");
        sink.add(".nojekyll", "");
        if (!config.cname.empty()) sink.add("CNAME", config.cname + "\n");
    }
    lap("rest");
}

}  // namespace render
