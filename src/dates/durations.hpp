#pragma once
// Lengths of audio in the shapes feeds and pages write them.
#include <optional>
#include <string>
#include <string_view>

namespace dates {

// Nothing real is longer than 100 hours; a longer value is a mistake, not a length.
constexpr long long k_max_duration_seconds = 100LL * 3600;

struct Duration {
    int seconds = 0;
    bool exact = true;  // false for "17 min": the source rounded to the minute
    friend bool operator==(const Duration&, const Duration&) = default;
};

// Accepts "993", "16:38", "1:02:03", "17 min", "17min", "13 minutes", "1 hr 5 min", "1h 5m 3s",
// and ISO 8601's "PT1H2M3S".
std::optional<Duration> parse_duration(std::string_view text);

// Why parse_duration reads no length from `text`, the value of `name` ("itunes:duration"), as a
// warning's words ending in what was `expected`: "cannot read itunes:duration '3600000': 1000
// hours is longer than any recording (milliseconds?); expected seconds or HH:MM:SS".
std::string unreadable_duration(std::string_view name, std::string_view text, std::string_view expected);

// "16:38" or "1:02:03".
std::string format_clock(int seconds);

}  // namespace dates
