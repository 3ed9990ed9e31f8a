#include "core/episode_dates.hpp"

#include <string>

#include "dates/dates.hpp"

namespace core {

std::optional<Diagnostic> dated_ahead(const Episode& e, std::int64_t now) {
    // (a day's slack: a day-only date is that day's midnight in UTC, and a zone is up to 14
    // hours ahead of it)
    constexpr std::int64_t k_day = 24 * 60 * 60;
    if (!e.date || e.date->utc_seconds <= now + k_day) return std::nullopt;
    const FieldSource from = e.sources.find("date").value_or(FieldSource{});
    return warning_at({std::string(from.file), from.line, 0},
                      "'" + e.title + "' is dated " + dates::format_day(*e.date) + ", after this build (" +
                          dates::format_day(dates::Timestamp{now}) +
                          "): feed.xml lists it above every newer episode until then; correct the date at the "
                          "host, or give the episode a note's `date:`");
}

}  // namespace core
