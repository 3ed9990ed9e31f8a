#pragma once
// The lines of a template that show the site's data and nothing of the page's, rendered once.
//
// Every page of a build is rendered with the same site data (`{site: {title, nav, ...}}`) under
// its own. A line such as `<a class="site-title" href="{{site.home_url}}">{{site.title}}</a>`,
// or the header's whole navigation (`{{#site.nav}}...{{/site.nav}}`), comes out the same on
// every page. render_site_lines() renders such lines once, and mark_static_text() hands them to
// kainjow as static text (TemplateSet::for_site). With the default theme (most of its head, its
// header and its footer), a 1,000-episode build runs 2.5% fewer instructions, and pages render
// 5% faster at 10,000 (bench/README.md).
//
// Which lines qualify: whole lines at the template's top level (inside no section), whose tags
// outside sections they open name the site's data ("site" or "site.<...>"), and whose every
// name, rendered with the site's data alone, is found. Rendered under a page, the same names
// are found in the same places provided the page itself has none of the site data's members
// (TemplateSet checks that for each page): a name the site's data does not have might be the
// page's, and is left to the page. kainjow decides what to write line by line, at each line
// break, so whole lines rendered alone come out as they do within the template.
#include <string>
#include <vector>

#include "render/data.hpp"

namespace render {

// A stretch of whole lines of a template and what they render to.
struct RenderedLines {
    std::size_t begin = 0;  // where the first line starts
    std::size_t end = 0;    // after the last line's line break (or the template's end)
    std::string output;
};

// The stretches of `tmpl` (default delimiters, partials inlined) that render the same under any
// page that has none of `site`'s members, in order; none when the template sets delimiters or
// has a tag that spans lines.
std::vector<RenderedLines> render_site_lines(const std::string& tmpl, const Data& site);

}  // namespace render
