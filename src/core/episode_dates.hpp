#pragma once
// An episode's date against the clock of the build that publishes it: the one thing a build
// reads the time for, and only to warn (what it writes is the same whenever it runs).
#include <cstdint>
#include <optional>

#include "core/diagnostic.hpp"
#include "core/episode.hpp"

namespace core {

// The warning for an episode dated more than a day after `now` (seconds since 1970, UTC), or
// none. A date still to come is a host's slip (a year typed wrong, a scheduled item published
// early, a zone taken for hours): feed.xml lists the episode above every newer one until then,
// and its page gives a day that has not come. Located where its date came from.
std::optional<Diagnostic> dated_ahead(const Episode& e, std::int64_t now);

}  // namespace core
