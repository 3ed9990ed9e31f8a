#include "merge/slugs.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "concurrency/parallel.hpp"
#include "core/slug.hpp"
#include "html/html_sanitizer.hpp"
#include "net/url.hpp"
#include "text/strings.hpp"

namespace merge {

namespace {
std::string base_slug(const core::Episode& e) {
    std::string slug;
    if (!e.title.empty() && !e.title_derived) slug = core::slugify(e.title);
    if (slug.empty() && !e.page_url.empty()) slug = core::slugify(net::last_path_segment(e.page_url));
    if (slug.empty() && !e.description.empty())
        slug = core::slugify(e.description_is_html ? html::html_to_text(e.description) : e.description, 60);
    if (slug.empty()) slug = "episode";
    return core::make_safe_segment(slug);
}

// True when `slug` is one assign_slugs could have made: as core::slugify writes it, or that with
// the number that tells equal slugs apart ("-2"), which takes a long title's slug past the 80
// bytes slugify cuts at.
bool could_be_ours(const std::string& slug) {
    if (slug.empty() || !core::is_safe_path_segment(slug)) return false;
    if (core::slugify(slug) == slug) return true;
    const std::size_t dash = slug.rfind('-');
    if (dash == std::string::npos) return false;
    const std::string_view number = std::string_view(slug).substr(dash + 1);
    if (number.empty() || number.size() > 9 || number[0] == '0' ||
        !std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return false;
    const std::string base = slug.substr(0, dash);
    return !base.empty() && core::slugify(base) == base;
}
}  // namespace

void assign_slugs(std::vector<core::Episode>& episodes, const std::vector<std::string>& published) {
    std::unordered_set<std::string> taken;
    // The published slugs first, oldest first. (One that is no slug this function could have
    // made, from a feed edited by hand, is no page of the site's: not kept.)
    std::vector<bool> kept(episodes.size());
    if (published.size() == episodes.size())
        for (std::size_t i = episodes.size(); i-- > 0;) {
            const std::string& slug = published[i];
            if (!could_be_ours(slug) || !taken.insert(slug).second) continue;
            episodes[i].slug = slug;
            kept[i] = true;
        }
    // Slugifying is the work and each episode's is its own: every core. Only choosing between
    // equal slugs is in order.
    std::vector<std::string> bases(episodes.size());
    concurrency::parallel_for(episodes.size(), 256, [&](std::size_t i) {
        if (!kept[i]) bases[i] = base_slug(episodes[i]);
    });
    // Each base's next number to try: a number tried once stays taken (slugs are only added),
    // so 20,000 episodes of one title take 20,000 tries, not 200 million.
    std::unordered_map<std::string_view, int> next;
    // Oldest first, so that the plain slug belongs to whoever had it first.
    for (std::size_t i = episodes.size(); i-- > 0;) {
        if (kept[i]) continue;
        std::string slug = bases[i];
        if (taken.contains(slug)) {
            int& n = next.try_emplace(bases[i], 2).first->second;
            do slug = bases[i] + "-" + std::to_string(n++);
            while (taken.contains(slug));
        }
        taken.insert(slug);
        episodes[i].slug = std::move(slug);
    }
}

}  // namespace merge
