#pragma once
// The notes stage: content/'s notes read, then applied to the merged catalog; with them the
// navigation and every episode's text, what every page is made from (site::SiteContent).
#include <vector>

#include "config/site_config.hpp"
#include "core/episode.hpp"
#include "notes/apply_notes.hpp"
#include "notes/curation.hpp"
#include "notes/load_notes.hpp"
#include "site/site_content.hpp"
#include "site/site_paths.hpp"

namespace stages {

// Parsed note files and rendered note bodies kept between builds by `serve` (see load_notes.hpp
// and apply_notes.hpp; the markdown is only valid for the merged catalog it was rendered with).
struct NoteCaches {
    notes::NoteFileCache files;
    notes::ApplyCache apply;
};

// Reads content/'s notes (through `files`, when given). `texts` (optional) receives the text of
// each note file read. Throws core::InputError with every problem.
notes::NoteSet read_notes(const config::SiteConfig& config, notes::NoteFileCache* files = nullptr,
                          notes::NoteTexts* texts = nullptr);

// Where an episode's page is (what a note's episode links become).
notes::EpisodeUrl episode_url(const site::SitePaths& paths);

// Reads content/ and applies the notes to `catalog` (for commands that show the catalog). Throws
// core::InputError with every problem.
notes::Curation apply_notes(const config::SiteConfig& config, core::Catalog& catalog, const site::SitePaths& paths);

// The notes applied to `merged` (a merged catalog, taken), and the navigation they make: what
// the pages are made from, without the episodes' texts yet (add_texts). `cache` (optional) is
// serve's (NoteCaches::apply). Throws core::InputError with every problem.
site::SiteContent curate(const notes::NoteSet& notes, core::Catalog merged, site::SiteInfo site,
                         notes::ApplyCache* cache = nullptr);

// Makes every episode's text, on every core; `previous` (optional): texts made before (serve's
// last build's, or those `build` kept on disk), reused where an episode's show notes are the same.
void add_texts(site::SiteContent& content, const site::TextCache* previous = nullptr);

}  // namespace stages
