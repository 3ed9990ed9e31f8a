#pragma once
// An episode's date against the clock of the build that publishes it: the one thing a build
// reads the time for, and only to warn (what it writes is the same whenever it runs).
#include <cstdint>
#include <optional>

#include "core/diagnostic.hpp"
#include "core/episode.hpp"

namespace core {

// The warning for an episode whose date is a host's slip, or none; located where its date
// came from. Three slips are known by the date alone:
// - more than a day after `now` (seconds since 1970, UTC): a year typed wrong, a scheduled item
//   published early, a zone taken for hours. feed.xml lists the episode above every newer one
//   until then, and its page gives a day that has not come;
// - 1970-01-01, the day computer clocks count from: a date of zero, written by a host that had
//   none (podcasts began thirty years later). The page says "January 1, 1970";
// - before 1877, when sound was first recorded: a year typed wrong ("0024"). (Later dates before
//   podcasts are a recording's own: an archive of old radio dates each show so.)
std::optional<Diagnostic> date_warning(const Episode& e, std::int64_t now);

}  // namespace core
