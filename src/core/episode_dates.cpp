#include "core/episode_dates.hpp"

#include <string>

#include "dates/dates.hpp"

namespace core {

std::optional<Diagnostic> date_warning(const Episode& e, std::int64_t now) {
    // (a day's slack either way: a day-only date is that day's midnight in UTC, and a zone is up
    // to 14 hours from UTC)
    constexpr std::int64_t k_day = 24 * 60 * 60;
    constexpr std::int64_t k_first_recording = -2934748800;  // 1877-01-01T00:00:00Z
    if (!e.date) return std::nullopt;
    const std::int64_t at = e.date->utc_seconds;
    std::string why;
    if (at > now + k_day)
        why = ", after this build (" + dates::format_day(dates::Timestamp{now}) +
              "): feed.xml lists it above every newer episode until then";
    else if (at > -k_day && at < k_day)
        why = ", the day computer clocks count from: the host wrote a date of zero, having none";
    else if (at < k_first_recording)
        why = ", before sound was first recorded (1877)";
    else
        return std::nullopt;
    const FieldSource from = e.sources.find("date").value_or(FieldSource{});
    return warning_at({std::string(from.file), from.line, 0},
                      "'" + e.title + "' is dated " + dates::format_day(*e.date) + why +
                          "; correct the date at the host, or give the episode a note's `date:`");
}

}  // namespace core
