#pragma once
// Dates as feeds and web pages write them, parsed into one comparable form and formatted back.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dates {

// A moment in time as a source gave it. Sources often give only a day, or a wall-clock time
// with no zone; the flags keep that honest so merging can widen its window and output can
// avoid inventing precision.
struct Timestamp {
    std::int64_t utc_seconds = 0;  // seconds since 1970-01-01T00:00:00Z
    int offset_minutes = 0;        // the zone the source wrote it in (0 when unknown)
    bool has_time = false;         // false: a calendar day only
    bool has_zone = false;         // false: the wall-clock time's zone is unknown (taken as UTC)

    friend bool operator==(const Timestamp&, const Timestamp&) = default;
};

// RFC 822 / RFC 2822 as feeds write it: "Sun, 4 Aug 2024 01:47:46 +0000", with named zones
// (GMT, UT, Z, EST, EDT, CST, CDT, MST, MDT, PST, PDT), optional weekday and seconds.
std::optional<Timestamp> parse_rfc822(std::string_view text);

// ISO 8601: "2024-08-04", "2024-08-04T01:47:46Z", "2024-08-04T01:47:46.123+02:00".
std::optional<Timestamp> parse_iso8601(std::string_view text);

// Any of the formats directory pages use, besides the two above:
// "Aug 4th, 2024 1:47 AM", "August 18, 2021 13:00", "08/04/2024", "4 Aug 2024".
std::optional<Timestamp> parse_any_date(std::string_view text);

// "Sun, 04 Aug 2024 01:47:46 +0000": RFC 822 with a four-digit year, in the timestamp's own zone.
std::string format_rfc822(const Timestamp& ts);

// "2024-08-04T01:47:46+00:00", or "2024-08-04" for a day-only timestamp.
std::string format_iso8601(const Timestamp& ts);

// "2024-08-04": the calendar day in the timestamp's own zone.
std::string format_day(const Timestamp& ts);

// Year and month (1-12) in the timestamp's own zone.
int year_of(const Timestamp& ts);
int month_of(const Timestamp& ts);

}  // namespace dates
