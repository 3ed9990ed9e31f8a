#pragma once
// Checks a built site the way a visitor's browser would see it under its base path.
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "output/output.hpp"

namespace render {

// For every HTML page: a non-empty <title>; every href and src that points into the site
// (root-relative, relative, or absolute under base_url) resolves to a built file (a folder to
// its index.html) and, with a #fragment, to an element with that id; no root-relative link
// leaves the base path; every episode page says how to listen (an <audio> or <video> element,
// or an element with a data-listen attribute: "listen on" links or the notice that no audio is
// known). Problems name the page ("path: error: ...").
std::vector<core::Diagnostic> check_site(const output::MemoryOutput& site, const std::string& base_url);

}  // namespace render
