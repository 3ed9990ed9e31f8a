#pragma once
// build_site(): the whole pipeline, one line per stage.
#include <optional>
#include <string>
#include <vector>

#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "core/episode.hpp"
#include "notes/curation.hpp"
#include "output/output.hpp"
#include "render/site_paths.hpp"
#include "sources/source_batch.hpp"

namespace build {

struct BuildReport {
    std::size_t episodes = 0;
    std::size_t feed_items = 0;
    std::size_t left_out_without_audio = 0;
    std::size_t left_out_without_date = 0;
    std::size_t lint_warnings = 0;
    std::size_t files = 0;
    std::size_t bytes = 0;
    std::vector<core::Diagnostic> warnings;
    std::vector<std::pair<std::string, double>> stages;  // name and seconds, in order
};

// Reads every source of the config. Throws core::InputError with all the errors of all sources
// when any source has one; warnings are returned in the batches.
std::vector<sources::SourceBatch> load_sources(const config::SiteConfig& config);

// Reads content/ and applies the notes to `catalog`. Throws core::InputError with every problem.
notes::Curation apply_notes(const config::SiteConfig& config, core::Catalog& catalog, const render::SitePaths& paths);

// A hash of everything a build reads: site.yaml, every source, content/, templates/, static/,
// the theme, the program's version and the settings (base URL, output). Equal fingerprints
// give byte-identical builds, so an output built from the same fingerprint needs no rebuild.
std::string input_fingerprint(const config::SiteConfig& config);

// Loads, merges, renders and writes the site into `out`. `base_url` overrides site.yaml's.
// Throws core::InputError on bad input (nothing usable is written then: DiskOutput is only
// committed by the caller after this returns).
BuildReport build_site(const config::SiteConfig& config, output::Output& out);

}  // namespace build
