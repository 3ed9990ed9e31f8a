#include "merge/slugs.hpp"

#include <set>

#include "util/html_sanitizer.hpp"
#include "util/slug.hpp"
#include "util/strings.hpp"

namespace merge {

namespace {
std::string base_slug(const core::Episode& e) {
    std::string slug;
    if (!e.title.empty() && !e.title_derived) slug = util::slugify(e.title);
    if (slug.empty() && !e.page_url.empty()) {
        std::string_view url = e.page_url;
        url = url.substr(0, url.find_first_of("?#"));
        while (url.ends_with("/")) url.remove_suffix(1);
        slug = util::slugify(url.substr(url.rfind('/') + 1));
    }
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
