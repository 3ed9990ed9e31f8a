#pragma once
// Every episode gets a URL slug: unique within the site and safe as a path segment.
#include <vector>

#include "core/episode.hpp"

namespace merge {

// Slug from the title (Simplecast style), else the last segment of the episode's page URL,
// else the description, else "episode". Collisions get "-2", "-3", ... in date order (oldest
// keeps the plain slug), so adding a new episode never renames an old one.
// `episodes` must be in their final order (newest first).
void assign_slugs(std::vector<core::Episode>& episodes);

}  // namespace merge
