#include "dates/durations.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <string>

TEST_CASE("durations in every shape sources use") {
    struct Row {
        const char* text;
        int seconds;
        bool exact;
    };
    const Row rows[] = {
        {"993", 993, true},
        {"16:38", 998, true},
        {"00:15:28", 928, true},
        {"1:02:03", 3723, true},
        {"17 min", 1020, false},
        {"17min", 1020, false},
        {"13 minutes", 780, false},
        {"1 hr 5 min", 3900, false},
        {"1h 5m 3s", 3903, true},
        {" 24:07 ", 1447, true},
        // A fraction of a second, as some hosts write it, rounded.
        {"00:04:49.0", 289, true},
        {"00:04:49.500", 290, true},
        {"4:49.49", 289, true},
        {"289.75", 290, true},
        {"1:02:03.9", 3724, true},
        // ISO 8601, as schema.org and some hosts write it.
        {"PT1H2M3S", 3723, true},
        {"PT45M", 2700, false},
        {"pt3723.5s", 3724, true},
        {"P0DT1H", 3600, false},
        {"PT0,4S", 0, true},
    };
    for (const auto& row : rows) {
        CAPTURE(row.text);
        auto d = dates::parse_duration(row.text);
        REQUIRE(d);
        CHECK(d->seconds == row.seconds);
        CHECK(d->exact == row.exact);
    }
    for (const char* bad : {"",      "abc", "1:75",   "12:5",     "-3",     "17 parsecs", "99999999999",
                            "4:49.", ".5",  "4:49.x", "17 min.5", "1:75.0", "P",          "PT",
                            "PT1H2", "P1H", "PT1.5M", "PT1S1S2",  "PTT1S",  "P99999999D", "P5DT"}) {
        CAPTURE(bad);
        CHECK_FALSE(dates::parse_duration(bad));
    }
}

TEST_CASE("durations formatted back") {
    CHECK(dates::format_clock(998) == "16:38");
    CHECK(dates::format_clock(3723) == "1:02:03");
}

TEST_CASE("a huge number in a duration is refused, not overflowed (found by fuzzing)") {
    CHECK_FALSE(dates::parse_duration("1088888888888888888888880"));
    CHECK_FALSE(dates::parse_duration("99999999999999999999 min"));
}

TEST_CASE("format_clock writes what printf's \"%d:%02d:%02d\" and \"%d:%02d\" wrote") {
    for (int seconds :
         {0, 1, 59, 60, 61, 599, 600, 3599, 3600, 3601, 35999, 36000, 86399, 360000, 2147483647, -1, -59, -61, -3600}) {
        char expected[48];
        if (seconds >= 3600)
            std::snprintf(expected, sizeof expected, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);
        else
            std::snprintf(expected, sizeof expected, "%d:%02d", seconds / 60, seconds % 60);
        CAPTURE(seconds);
        CHECK(dates::format_clock(seconds) == expected);
    }
}

TEST_CASE("a length that cannot be read is said why: milliseconds where seconds belong, or a shape unknown") {
    CHECK(dates::unreadable_duration("itunes:duration", "3600000", "seconds or HH:MM:SS") ==
          "cannot read itunes:duration '3600000': 1000 hours is longer than any recording (milliseconds?); "
          "expected seconds or HH:MM:SS");
    CHECK(dates::unreadable_duration("duration", " 360001 ", "seconds") ==
          "cannot read duration ' 360001 ': 100 hours is longer than any recording (milliseconds?); expected seconds");
    CHECK(dates::unreadable_duration("itunes:duration", "about an hour", "seconds or HH:MM:SS") ==
          "cannot read itunes:duration 'about an hour'; expected seconds or HH:MM:SS");
    // (A number past what a long long holds is no number of hours.)
    CHECK(dates::unreadable_duration("duration", "1088888888888888888888880", "seconds") ==
          "cannot read duration '1088888888888888888888880'; expected seconds");
}
