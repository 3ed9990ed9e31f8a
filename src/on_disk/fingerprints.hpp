#pragma once
// Hashes of everything a build reads: what tells `build` that nothing changed, or only notes.
#include <string>

#include "config/site_config.hpp"
#include "stages/sources.hpp"

namespace on_disk {

// Equal fingerprints give byte-identical builds, so an output built from the same fingerprint
// needs no rebuild.
struct Fingerprints {
    std::string all;  // site.yaml, every source, content/, templates/, static/, the theme, the program's version, the
                      // settings (base URL, output)
    std::string all_but_notes;  // all but the notes load_notes reads (content/{episodes,pages}/*.md)
};

// `published`: the feed the site has published (`build --published-feed`), an input too.
Fingerprints input_fingerprints(const config::SiteConfig& config, const stages::InputFeed* published = nullptr);

}  // namespace on_disk
