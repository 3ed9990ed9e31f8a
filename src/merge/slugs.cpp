#include "merge/slugs.hpp"

#include <set>

#include "util/html_sanitizer.hpp"
#include "util/slug.hpp"
#include "util/strings.hpp"
#include "util/url.hpp"

namespace merge {

namespace {
std::string base_slug(const core::Episode& e) {
    std::string slug;
    if (!e.title.empty() && !e.title_derived) slug = util::slugify(e.title);
    if (slug.empty() && !e.page_url.empty()) slug = util::slugify(util::last_path_segment(e.page_url));
    if (slug.empty() && !e.description.empty())
        slug = util::slugify(e.description_is_html ? util::html_to_text(e.description) : e.description, 60);
    if (slug.empty()) slug = "episode";
    return util::make_safe_segment(slug);
}
}  // namespace

void assign_slugs(std::vector<core::Episode>& episodes) {
    std::set<std::string> taken;
    // Oldest first, so that the plain slug belongs to whoever had it first.
    for (auto it = episodes.rbegin(); it != episodes.rend(); ++it) {
        std::string base = base_slug(*it);
        std::string slug = base;
        for (int n = 2; taken.count(slug); ++n) slug = base + "-" + std::to_string(n);
        taken.insert(slug);
        it->slug = slug;
    }
}

}  // namespace merge
