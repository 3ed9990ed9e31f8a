#include "pipeline/notes_stage.hpp"

#include <algorithm>
#include <memory>
#include <thread>

#include "render/pages.hpp"
#include "render/site_paths.hpp"
#include "render/site_renderer.hpp"

namespace pipeline {

notes::NoteSet read_notes(const config::SiteConfig& config, notes::NoteFileCache* files, notes::NoteTexts* texts) {
    return notes::load_notes(config.content_dir(), config.root, files, texts);
}

notes::EpisodeUrl episode_url(const render::SitePaths& paths) {
    return [&paths](const std::string& slug) { return paths.url(render::SitePaths::episode_dir(slug)); };
}

notes::Curation apply_notes(const config::SiteConfig& config, core::Catalog& catalog, const render::SitePaths& paths) {
    return notes::apply_notes(catalog, read_notes(config), episode_url(paths));
}

render::SiteContent curate(const notes::NoteSet& notes, core::Catalog merged, render::SiteInfo site,
                           notes::ApplyCache* cache) {
    notes::Curation curation = notes::apply_notes(merged, notes, episode_url(site.paths), cache);
    site.nav = render::navigation(site, merged, curation);
    site.audio_url = render::keeps_audio(merged) ? site.paths.url(render::k_audio_dir) : "";
    return {std::move(merged), std::move(curation), std::move(site)};
}

void add_texts(render::SiteContent& content, const render::TextCache* previous) {
    const unsigned threads = previous ? 1 : std::max(2u, std::thread::hardware_concurrency());
    content.site.texts = std::make_shared<const render::TextCache>(content.catalog, threads, previous);
}

}  // namespace pipeline
