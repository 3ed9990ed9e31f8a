#include "stages/notes.hpp"

#include <algorithm>
#include <memory>
#include <thread>

#include "render/pages.hpp"
#include "render/site_renderer.hpp"
#include "site/site_paths.hpp"

namespace stages {

notes::NoteSet read_notes(const config::SiteConfig& config, notes::NoteFileCache* files, notes::NoteTexts* texts) {
    return notes::load_notes(config.content_dir(), config.root, files, texts);
}

notes::EpisodeUrl episode_url(const site::SitePaths& paths) {
    return [&paths](const std::string& slug) { return paths.url(site::SitePaths::episode_dir(slug)); };
}

notes::Curation apply_notes(const config::SiteConfig& config, core::Catalog& catalog, const site::SitePaths& paths) {
    return notes::apply_notes(catalog, read_notes(config), episode_url(paths));
}

site::SiteContent curate(const notes::NoteSet& notes, core::Catalog merged, site::SiteInfo site,
                         notes::ApplyCache* cache) {
    notes::Curation curation = notes::apply_notes(merged, notes, episode_url(site.paths), cache);
    std::vector<site::SiteInfo::Link> nav = render::navigation(site, merged, curation);
    return {std::move(merged), std::move(curation), std::move(site), std::move(nav)};
}

void add_texts(site::SiteContent& content, const site::TextCache* previous) {
    const unsigned threads = std::max(2u, std::thread::hardware_concurrency());
    content.texts = std::make_shared<const site::TextCache>(content.catalog, threads, previous,
                                                            content.site.words->text("field.image"));
}

}  // namespace stages
