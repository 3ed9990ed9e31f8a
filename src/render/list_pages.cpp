// The pages that list episodes: the home pages, each topic's and guest's, and the archive.
#include <algorithm>
#include <map>

#include "dates/dates.hpp"
#include "render/page_frame.hpp"
#include "render/pages.hpp"
#include "site/site_paths.hpp"
#include "text/strings.hpp"

namespace render {

namespace {

// `first_dir`: the folder of page 1 ("" for the home page); page N is in first_dir + "page/N/".
std::string page_dir(const std::string& first_dir, int page) {
    return first_dir + site::SitePaths::home_page_dir(page);
}

int page_count(std::size_t episodes, int per_page) {
    return std::max(
        1, static_cast<int>((episodes + static_cast<std::size_t>(per_page) - 1) / static_cast<std::size_t>(per_page)));
}

Data pagination(const site::SiteInfo& site, const std::string& first_dir, int page, int pages) {
    Data p;
    put(p, "current", std::to_string(page));
    put(p, "total", std::to_string(pages));
    put(p, "page_of",
        site.words->fill("pagination.page_of",
                         {{"current", site.words->number(page)}, {"total", site.words->number(pages)}}));
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

// One page of a list: the cards of episodes [first, last) of the `count` (the i-th is `at(i)`),
// in `episodes`, and again in `dated` and `undated` (so an undated episode is shown under "Date
// unknown", not among the dated), with the list's episode_count and `pagination`. Adds to `d`,
// and to `reads` each episode it shows (its fields and what its card shows of its note).
template <class At>
void add_list_page(const RenderInputs& in, const std::string& first_dir, At at, std::size_t first, std::size_t last,
                   std::size_t count, int page, int pages, PageModel& model) {
    List cards, dated, undated;
    cards.reserve(last - first);  // (data.hpp, list_of)
    dated.reserve(last - first);
    undated.reserve(last - first);
    for (std::size_t i = first; i < last; ++i) {
        model.reads.push_back(dep::episode(at(i).slug));
        model.reads.push_back(dep::card_note(at(i).slug));
        cards.push_back(in.cards.with_note(at(i)));
        (at(i).date ? dated : undated).push_back(in.cards.with_note(at(i)));
    }
    Data& d = model.data;
    put(d, "has_undated", !undated.empty());
    put(d, "episodes", std::move(cards));
    put(d, "dated", std::move(dated));
    put(d, "undated", std::move(undated));
    put(d, "episode_count", std::to_string(count));
    put(d, "episode_count_text", in.site.words->count("count.episodes", static_cast<long long>(count)));
    put(d, "pagination", pagination(in.site, first_dir, page, pages));
}

// A list of `count` episodes (the i-th is `at(i)`) on pages of episodes_per_page: page 1 in
// `first_dir`, page N in first_dir + "page/N/" (the home page, each topic and guest). Every page
// reads `reads` and its own episodes; `head(dir, page)` gives the rest of its data.
template <class At, class Head>
void declare_list(Pages& pages, const std::string& first_dir, std::size_t count, At at, const DepKeys& reads,
                  const std::string& template_name, Head head) {
    const RenderInputs& in = pages.in;
    const auto per_page = static_cast<std::size_t>(in.config.episodes_per_page);
    const int page_total = page_count(count, in.config.episodes_per_page);
    for (int page = 1; page <= page_total; ++page) {
        std::string dir = page_dir(first_dir, page);
        const std::size_t first = static_cast<std::size_t>(page - 1) * per_page;
        const std::size_t last = std::min(count, first + per_page);
        pages.declare(
            dir, template_name,
            [&in, at, head, first_dir, reads, dir, page, page_total, first, last, count] {
                PageModel model{head(dir, page), reads};
                add_list_page(in, first_dir, at, first, last, count, page, page_total, model);
                return model;
            },
            last - first);
    }
}

// The list of every topic (or guest) name, with its page and its count of episodes.
// Sorted as the show's language sorts names (then by slug, so that equal names keep one order).
PageModel terms_index(const RenderInputs& in, const RenderInputs::Terms& terms, const std::string& section,
                      const std::string& label) {
    using Entry = std::pair<std::string, const RenderInputs::Terms::value_type*>;
    std::vector<Entry> sorted;
    sorted.reserve(terms.size());
    for (const auto& slug_term : terms) sorted.emplace_back(in.site.words->sort_key(slug_term.second.name), &slug_term);
    std::sort(sorted.begin(), sorted.end());
    List index = list_of(sorted, [&](const Entry& entry) {
        const auto& [slug, t] = *entry.second;
        Data item;
        put(item, "name", t.name);
        put(item, "url", in.site.paths.url(section + "/" + slug + "/"));
        put(item, "count", in.site.words->number(static_cast<long long>(t.episodes.size())));
        return item;
    });
    Data d = page_data(in.site, label,
                       in.site.words->fill("terms.description", {{"section", label}, {"show", in.site.title}}),
                       section + "/");
    put(d, "section_label", label);
    put(d, "terms", std::move(index));
    return {std::move(d), {dep::site, dep::term_index(section)}};
}

PageModel archive(const RenderInputs& in) {
    // The episodes of each year and month first, then every list made whole by list_of
    // (data.hpp): a growing list of years would copy every year before, months and cards.
    using Episodes = std::vector<const core::Episode*>;
    std::map<int, std::map<int, Episodes, std::greater<>>, std::greater<>> by_year;  // newest first
    Episodes undated;
    for (const auto& e : in.catalog.episodes) {
        if (e.date)
            by_year[dates::year_of(*e.date)][dates::month_of(*e.date)].push_back(&e);
        else
            undated.push_back(&e);
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
                put(m, "month", in.site.words->month(month_episodes.first));
                put(m, "episodes", cards(month_episodes.second));
                return m;
            }));
        return y;
    });
    const i18n::Words& words = *in.site.words;
    Data d = page_data(in.site, words.text("nav.archive"), words.fill("archive.description", {{"show", in.site.title}}),
                       "archive/");
    put(d, "years", std::move(years));
    put(d, "has_undated", !undated.empty());
    put(d, "undated", cards(undated));
    put(d, "episode_count", std::to_string(in.catalog.episodes.size()));
    const std::string all = words.count("count.episodes", static_cast<long long>(in.catalog.episodes.size()));
    put(d, "episode_count_text", all);
    put(d, "order_text",
        undated.empty()
            ? words.fill("archive.newest_first", {{"episodes", all}})
            : words.fill("archive.undated_last",
                         {{"episodes", all},
                          {"dated", words.count("count.episodes", static_cast<long long>(in.catalog.episodes.size() -
                                                                                         undated.size()))}}));
    return {std::move(d), {dep::site, dep::order, dep::any_episode}};
}

// Each season's episodes, first season first, each in episode-number order (then date); the
// episodes of no season last.
PageModel seasons(const RenderInputs& in) {
    using Episodes = std::vector<const core::Episode*>;
    std::map<int, Episodes> by_season;
    Episodes none;
    for (const auto& e : in.catalog.episodes) (e.season ? by_season[*e.season] : none).push_back(&e);
    auto cards = [&](Episodes list) {
        std::reverse(list.begin(), list.end());  // (the catalog is newest first: oldest first, then by number)
        std::stable_sort(list.begin(), list.end(), [](const core::Episode* a, const core::Episode* b) {
            return a->episode_number.value_or(1 << 30) < b->episode_number.value_or(1 << 30);
        });
        return list_of(list, [&](const core::Episode* e) { return in.cards.plain(*e); });
    };
    const i18n::Words& words = *in.site.words;
    Data d = page_data(in.site, words.text("nav.seasons"), words.fill("seasons.description", {{"show", in.site.title}}),
                       "seasons/");
    put(d, "seasons", list_of(by_season, [&](const auto& season_episodes) {
            Data s;
            put(s, "season", std::to_string(season_episodes.first));
            put(s, "season_label", words.fill("seasons.season", {{"season", words.number(season_episodes.first)}}));
            put(s, "episode_count_text",
                words.count("count.episodes", static_cast<long long>(season_episodes.second.size())));
            put(s, "episodes", cards(season_episodes.second));
            return s;
        }));
    put(d, "has_unseasoned", !none.empty());
    put(d, "unseasoned", cards(none));
    return {std::move(d), {dep::site, dep::order, dep::any_episode}};
}

}  // namespace

bool has_seasons(const core::Catalog& catalog) {
    return std::any_of(catalog.episodes.begin(), catalog.episodes.end(),
                       [](const core::Episode& e) { return e.season.has_value(); });
}

void declare_seasons(Pages& pages) {
    if (!has_seasons(pages.in.catalog)) return;
    pages.declare(
        "seasons/", "seasons", [&in = pages.in] { return seasons(in); }, pages.in.catalog.episodes.size());
}

void declare_home_pages(Pages& pages) {
    const RenderInputs& in = pages.in;
    const auto& eps = in.catalog.episodes;
    auto at = [&eps](std::size_t i) -> const core::Episode& { return eps[i]; };
    declare_list(pages, "", eps.size(), at, {dep::site, dep::order}, "index", [&in](const std::string& dir, int page) {
        const i18n::Words& words = *in.site.words;
        Data d = page_data(
            in.site,
            page == 1 ? ""
                      : words.fill("pages.nth", {{"title", words.text("nav.episodes")}, {"page", words.number(page)}}),
            "", dir);
        put(d, "is_first_page", page == 1);
        return d;
    });
}

void declare_term_pages(Pages& pages, const RenderInputs::Terms& (RenderInputs::*terms_of)() const,
                        const std::string& section, const std::string& label_key) {
    if (!pages.wants_under(section + "/")) return;
    const RenderInputs& in = pages.in;
    const RenderInputs::Terms& terms = (in.*terms_of)();
    if (terms.empty()) return;
    const std::string label = in.site.words->text(label_key);
    for (const auto& entry : terms) {  // not a structured binding: clang 14 cannot capture one
        const std::string& slug = entry.first;
        const RenderInputs::Term& t = entry.second;
        auto at = [&t](std::size_t i) -> const core::Episode& { return *t.episodes[i]; };
        DepKeys reads = {dep::site, dep::order, dep::term(section, slug)};
        declare_list(pages, section + "/" + slug + "/", t.episodes.size(), at, reads, "term",
                     [&in, &t, section, label](const std::string& dir, int page) {
                         const i18n::Words& words = *in.site.words;
                         std::string title =
                             page == 1 ? t.name
                                       : words.fill("pages.nth", {{"title", t.name}, {"page", words.number(page)}});
                         Data d = page_data(in.site, title, label + ": " + title, dir);
                         put(d, "name", t.name);
                         put(d, "section_label", label);
                         put(d, "section_url", in.site.paths.url(section + "/"));
                         return d;
                     });
    }
    pages.declare(
        section + "/", "terms", [&in, &terms, section, label] { return terms_index(in, terms, section, label); },
        terms.size());
}

void declare_archive(Pages& pages) {
    const RenderInputs& in = pages.in;
    pages.declare(
        "archive/", "archive", [&in] { return archive(in); }, in.catalog.episodes.size());
}

}  // namespace render
