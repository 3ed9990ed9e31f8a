#include <doctest/doctest.h>

#include "util/dates.hpp"

using util::parse_any_date;
using util::parse_iso8601;
using util::parse_rfc822;

TEST_CASE("RFC 822 dates as feeds write them") {
    struct Row { const char* text; const char* iso; bool zone; };
    const Row rows[] = {
        {"Sun, 4 Aug 2024 01:47:46 +0000", "2024-08-04T01:47:46+00:00", true},
        {"Sun, 04 Aug 2024 01:47:46 GMT", "2024-08-04T01:47:46+00:00", true},
        {"Mon, 29 Apr 2024 00:01:00 -0700", "2024-04-29T00:01:00-07:00", true},
        {"Sun, 21 Apr 2024 19:28:00 PDT", "2024-04-21T19:28:00-07:00", true},
        {"21 Apr 2024 19:28 EST", "2024-04-21T19:28:00-05:00", true},
        {"Wed, 02 Oct 02 13:00:00 GMT", "2002-10-02T13:00:00+00:00", true},
        {"Sun, 4 Aug 2024 01:47:46", "2024-08-04T01:47:46+00:00", false},
    };
    for (const auto& row : rows) {
        CAPTURE(row.text);
        auto ts = parse_rfc822(row.text);
        REQUIRE(ts);
        CHECK(util::format_iso8601(*ts) == row.iso);
        CHECK(ts->has_zone == row.zone);
    }
    CHECK(parse_rfc822("Sun, 4 Aug 2024 01:47:46 +0000")->utc_seconds == 1722736066);
    CHECK(parse_rfc822("Mon, 29 Apr 2024 00:01:00 -0700")->utc_seconds == parse_iso8601("2024-04-29T07:01:00Z")->utc_seconds);
}

TEST_CASE("malformed dates are refused, not guessed") {
    for (const char* bad : {"", "yesterday", "Sun, 31 Feb 2024 01:00:00 +0000", "Sun, 4 Aug 2024 25:00:00 +0000",
                            "Sun, 4 Aug 2024 01:47:46 XYZ", "4 Foo 2024 01:00"})
        CHECK_FALSE(parse_rfc822(bad));
    CHECK_FALSE(parse_iso8601("2024-13-01"));
    CHECK_FALSE(parse_any_date("13/45/2024"));
}

TEST_CASE("directory page date formats") {
    struct Row { const char* text; const char* iso; bool has_time; bool has_zone = false; };
    const Row rows[] = {
        {"2024-04-29", "2024-04-29", false},
        {"2024-08-04T01:47:46+00:00", "2024-08-04T01:47:46+00:00", true, true},
        {"Aug 4th, 2024 1:47 AM", "2024-08-04T01:47:00+00:00", true},       // Podbean
        {"Apr 21st, 2024 7:28 PM", "2024-04-21T19:28:00+00:00", true},
        {"August 18, 2021 13:00", "2021-08-18T13:00:00+00:00", true},       // pod.casts.io
        {"08/04/2024", "2024-08-04", false},                                 // Apple (US)
        {"4 Aug 2024", "2024-08-04", false},
    };
    for (const auto& row : rows) {
        CAPTURE(row.text);
        auto ts = parse_any_date(row.text);
        REQUIRE(ts);
        CHECK(util::format_iso8601(*ts) == row.iso);
        CHECK(ts->has_time == row.has_time);
        CHECK(ts->has_zone == row.has_zone);
    }
}

TEST_CASE("formatting for feeds and people") {
    auto ts = parse_rfc822("Sun, 21 Apr 2024 19:28:00 PDT");
    REQUIRE(ts);
    CHECK(util::format_rfc822(*ts) == "Sun, 21 Apr 2024 19:28:00 -0700");
    CHECK(util::format_human_day(*ts) == "April 21, 2024");
    CHECK(util::format_day(*parse_iso8601("2021-06-03")) == "2021-06-03");
    CHECK(util::year_of(*ts) == 2024);
    CHECK(util::month_of(*ts) == 4);
}
