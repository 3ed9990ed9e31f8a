#pragma once
// Renders every HTML page of the site, the sitemap, robots.txt and the theme's static files.
#include <string>
#include <vector>

#include "concurrency/stage_clock.hpp"
#include "config/site_config.hpp"
#include "notes/curation.hpp"
#include "output/output.hpp"
#include "render/page_sink.hpp"
#include "render/render_inputs.hpp"
#include "render/template_set.hpp"
#include "site/site_info.hpp"

namespace render {

// The templates the default theme must provide (and a project may override).
const std::vector<std::string>& required_templates();

// Loads the templates for `config` from its theme layers.
TemplateSet load_templates(const config::SiteConfig& config);

// Writes: index.html and page/N/index.html (episodes newest first, `episodes_per_page` each),
// episodes/<slug>/index.html, topics/ and guests/ (an index and one page per name), the pages
// of content/pages at /<slug>/, archive/, search/, 404.html, sitemap.xml, robots.txt,
// .nojekyll and CNAME. Pages go through `sink` (which may skip those whose inputs did not
// change); the other files are always written. Static files and the search index are separate.
// `timings` (optional) receives the seconds of each part ("render:episodes", ...). `templates`
// have the interface's words and the site's texts written in (TemplateSet::with_constants,
// page_constants): the pages render as from the plain templates, in less time.
void render_site(const RenderInputs& inputs, const TemplateSet& templates, PageSink& sink,
                 concurrency::StageTimes* timings = nullptr);

// The header navigation: Episodes, Topics and Guests when there are any, the pages that ask
// for it (by their order), the feed.
std::vector<site::SiteInfo::Link> navigation(const site::SiteInfo& site, const core::Catalog& catalog,
                                             const notes::Curation& curation);

// Copies the built-in theme's static files, then themes/<theme>/static/, then static/ (same
// relative path: the later wins). Symbolic links are not followed: a theme cannot pull in
// files from outside the project. Then the favicon (favicon.svg, made from the title, unless a
// theme has one) and the local artwork, when there is one. A warning names each link met.
void copy_static_files(const config::SiteConfig& config, const site::SiteInfo& site, const site::LocalArtwork* artwork,
                       output::Output& out, std::vector<core::Diagnostic>& warnings);

}  // namespace render
