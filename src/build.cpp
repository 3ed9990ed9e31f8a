#include "build.hpp"

#include "feed/feed_writer.hpp"
#include "merge/merge.hpp"
#include "notes/apply_notes.hpp"
#include "notes/load_notes.hpp"
#include "render/page_data.hpp"
#include "render/site_renderer.hpp"
#include "sources/read_source.hpp"

namespace build {

std::vector<sources::SourceBatch> load_sources(const config::SiteConfig& config) {
    std::vector<sources::SourceBatch> batches;
    std::vector<core::Diagnostic> errors;
    for (const auto& source : config.sources) {
        batches.push_back(sources::read_source(source));
        for (const auto& d : batches.back().diagnostics)
            if (d.severity == core::Severity::error) errors.push_back(d);
    }
    if (!errors.empty()) throw core::InputError(errors);
    return batches;
}

notes::Curation apply_notes(const config::SiteConfig& config, core::Catalog& catalog, const render::SitePaths& paths) {
    notes::NoteSet notes = notes::load_notes(config.content_dir(), config.root);
    return notes::apply_notes(catalog, notes, [&](const std::string& slug) { return paths.url(render::SitePaths::episode_dir(slug)); });
}

BuildReport build_site(const config::SiteConfig& config, output::Output& out) {
    auto templates = render::load_templates(config);  // first: a broken template fails fast
    auto batches = load_sources(config);
    core::Catalog catalog = merge::merge(batches);
    render::SiteInfo site = render::make_site_info(config, catalog, config.base_url);
    notes::Curation curation = apply_notes(config, catalog, site.paths);
    site.nav = render::navigation(site, curation);
    render::render_site(config, catalog, curation, site, templates, out);
    feed::FeedResult feed = feed::write_feed(config, catalog, curation, site);
    out.add("feed.xml", std::move(feed.xml));

    BuildReport report;
    report.episodes = catalog.episodes.size();
    report.feed_items = feed.items;
    report.left_out_without_audio = feed.left_out_without_audio;
    report.files = out.file_count();
    report.bytes = out.byte_count();
    for (const auto& b : batches) report.warnings.insert(report.warnings.end(), b.diagnostics.begin(), b.diagnostics.end());
    return report;
}

}  // namespace build
