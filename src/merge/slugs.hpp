#pragma once
// Every episode gets a URL slug: unique within the site and safe as a path segment.
#include <string>
#include <vector>

#include "core/episode.hpp"

namespace merge {

// An episode the site has published keeps the slug of its page (`published`: keep_published's,
// in the episodes' order), whatever its title is now: a host that corrects a title, or an older
// episode of the same title that joins the archive, must not move a page that listeners, other
// sites' embeds and notes (`episode: <slug>`) point to. (The oldest of two episodes that claim
// one slug keeps it.) Every other episode: a slug from the title (Simplecast style), else the last
// segment of the episode's page URL, else the description, else "episode". Collisions get "-2",
// "-3", ... in date order (oldest keeps the plain slug), so adding a new episode never renames an
// old one. `episodes` must be in their final order (newest first).
void assign_slugs(std::vector<core::Episode>& episodes, const std::vector<std::string>& published = {});

}  // namespace merge
