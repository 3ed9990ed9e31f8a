#include "dates/dates.hpp"

#include <date/date.h>
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <tuple>

using dates::parse_any_date;
using dates::parse_iso8601;
using dates::parse_rfc822;

TEST_CASE("RFC 822 dates as feeds write them") {
    struct Row {
        const char* text;
        const char* iso;
        bool zone;
    };
    const Row rows[] = {
        {"Sun, 4 Aug 2024 01:47:46 +0000", "2024-08-04T01:47:46+00:00", true},
        {"Sun, 04 Aug 2024 01:47:46 GMT", "2024-08-04T01:47:46+00:00", true},
        {"Mon, 29 Apr 2024 00:01:00 -0700", "2024-04-29T00:01:00-07:00", true},
        {"Sun, 21 Apr 2024 19:28:00 PDT", "2024-04-21T19:28:00-07:00", true},
        {"21 Apr 2024 19:28 EST", "2024-04-21T19:28:00-05:00", true},
        {"Wed, 02 Oct 02 13:00:00 GMT", "2002-10-02T13:00:00+00:00", true},
        {"Sun, 4 Aug 2024 01:47:46", "2024-08-04T01:47:46+00:00", false},
        // As real hosts write them, and feedparser and gPodder read them:
        {"Tue 11 Jan 2011 01:30:00 GMT", "2011-01-11T01:30:00+00:00", true},       // no comma
        {"Tuesday, 11 Jan 2011 01:30:00 GMT", "2011-01-11T01:30:00+00:00", true},  // the whole weekday
        {"Tue., 11 Jan 2011 01:30:00 GMT", "2011-01-11T01:30:00+00:00", true},
        {"1 Jan 2011 01:30:00 +0100", "2011-01-01T01:30:00+01:00", true},  // one-digit day, no weekday
        {"Sat, 1 Jan 11 1:30:00 UT", "2011-01-01T01:30:00+00:00", true},   // two-digit year, one-digit hour
        {"Sat, 01 Jan 2011 01:30:00 Z", "2011-01-01T01:30:00+00:00", true},
        {"Sat, 01 Jan 2011 01:30:00 +05:30", "2011-01-01T01:30:00+05:30", true},
        {"Sat, 01 Jan 2011 01:30:00 +0000 (UTC)", "2011-01-01T01:30:00+00:00", true},
        {"Sat, 01 Jan 2011 01:30:00 CEST", "2011-01-01T01:30:00+02:00", true},
        {"Sat, 01 Jan 2011 01:30:00 AEDT", "2011-01-01T01:30:00+11:00", true},
        {"Sat, 01 Jan 2011 01:30:00 IST", "2011-01-01T01:30:00+05:30", true},
        {"Sat, 01 Jan 2011 01:30:00 A", "2011-01-01T01:30:00+00:00", true},  // RFC 5322 reads military zones as -0000
        {"Sat, 01 Jan 2011 01:30:00 +14:00", "2011-01-01T01:30:00+14:00", true},
    };
    for (const auto& row : rows) {
        CAPTURE(row.text);
        auto ts = parse_rfc822(row.text);
        REQUIRE(ts);
        CHECK(dates::format_iso8601(*ts) == row.iso);
        CHECK(ts->has_zone == row.zone);
    }
    CHECK(parse_rfc822("Sun, 4 Aug 2024 01:47:46 +0000")->utc_seconds == 1722736066);
    CHECK(parse_rfc822("Mon, 29 Apr 2024 00:01:00 -0700")->utc_seconds ==
          parse_iso8601("2024-04-29T07:01:00Z")->utc_seconds);
}

TEST_CASE("a zone no place has is unreadable, never written") {
    // "-3000" was read as -30:00 and reached pages as datetime="...-40:00", which HTML refuses.
    for (const char* bad :
         {"Sat, 01 Jan 2011 01:30:00 -3000", "Sat, 01 Jan 2011 01:30:00 +1500", "Sat, 01 Jan 2011 01:30:00 +0199",
          "Sat, 01 Jan 2011 01:30:00 J", "2011-01-01T01:30:00-30:00"}) {
        CAPTURE(bad);
        CHECK_FALSE(parse_rfc822(bad));
        CHECK_FALSE(parse_any_date(bad));
    }
    auto day = parse_rfc822("Tue, 11 Jan 2011");  // a day alone: no time, no zone
    REQUIRE(day);
    CHECK_FALSE(day->has_time);
    CHECK(dates::format_day(*day) == "2011-01-11");
}

TEST_CASE("malformed dates are refused, not guessed") {
    for (const char* bad : {"", "yesterday", "Sun, 31 Feb 2024 01:00:00 +0000", "Sun, 4 Aug 2024 25:00:00 +0000",
                            "Sun, 4 Aug 2024 01:47:46 XYZ", "4 Foo 2024 01:00"})
        CHECK_FALSE(parse_rfc822(bad));
    CHECK_FALSE(parse_iso8601("2024-13-01"));
    CHECK_FALSE(parse_any_date("13/45/2024"));
    for (const char* bad :
         {"Monday", "Monday,", "Mondays, August 4, 2024", "Mo, August 4, 2024", "Sunday, 4 August 2024 13:00 XYZ"}) {
        CAPTURE(bad);
        CHECK_FALSE(parse_any_date(bad));
    }
}

TEST_CASE("directory page date formats") {
    struct Row {
        const char* text;
        const char* iso;
        bool has_time;
        bool has_zone = false;
    };
    const Row rows[] = {
        {"2024-04-29", "2024-04-29", false},
        {"2024-08-04T01:47:46+00:00", "2024-08-04T01:47:46+00:00", true, true},
        {"Aug 4th, 2024 1:47 AM", "2024-08-04T01:47:00+00:00", true},  // Podbean
        {"Apr 21st, 2024 7:28 PM", "2024-04-21T19:28:00+00:00", true},
        {"August 18, 2021 13:00", "2021-08-18T13:00:00+00:00", true},  // pod.casts.io
        {"08/04/2024", "2024-08-04", false},                           // Apple (US)
        {"4 Aug 2024", "2024-08-04", false},
        // A weekday's name before it, as some hosts write pubDate.
        {"Sunday, August 4, 2024", "2024-08-04", false},
        {"Sun. 4 August 2024 13:00 GMT", "2024-08-04T13:00:00+00:00", true, true},
        {"THURSDAY, Aug 1st, 2024", "2024-08-01", false},
    };
    for (const auto& row : rows) {
        CAPTURE(row.text);
        auto ts = parse_any_date(row.text);
        REQUIRE(ts);
        CHECK(dates::format_iso8601(*ts) == row.iso);
        CHECK(ts->has_time == row.has_time);
        CHECK(ts->has_zone == row.has_zone);
    }
}

TEST_CASE("formatting for feeds") {
    auto ts = parse_rfc822("Sun, 21 Apr 2024 19:28:00 PDT");
    REQUIRE(ts);
    CHECK(dates::format_rfc822(*ts) == "Sun, 21 Apr 2024 19:28:00 -0700");
    CHECK(dates::format_day(*ts) == "2024-04-21");
    CHECK(dates::format_day(*parse_iso8601("2021-06-03")) == "2021-06-03");
    CHECK(dates::year_of(*ts) == 2024);
    CHECK(dates::month_of(*ts) == 4);
}

// The formatters used to be snprintf calls; they must still write exactly what those wrote,
// for any instant and zone a source can give (years before 1000 and after 9999, negative ones,
// zones of any size either way).
TEST_CASE("format_rfc822, format_day and format_iso8601 write what their printf formats wrote") {
    using dates::Timestamp;
    auto civil_of = [](const Timestamp& ts) {  // (as dates.cpp's civil(), by the date library)
        const std::int64_t local = ts.utc_seconds + std::int64_t{ts.offset_minutes} * 60;
        const std::int64_t days = local >= 0 ? local / 86400 : (local - 86399) / 86400;
        const std::int64_t secs = local - days * 86400;
        const date::sys_days sd{date::days{days}};
        return std::tuple{date::year_month_day{sd}, int(secs / 3600), int(secs / 60 % 60), int(secs % 60),
                          date::weekday{sd}.c_encoding()};
    };
    auto zone = [](int offset, bool colon) {
        char buf[32];
        const int a = offset < 0 ? -offset : offset;
        std::snprintf(buf, sizeof buf, colon ? "%c%02d:%02d" : "%c%02d%02d", offset < 0 ? '-' : '+', a / 60, a % 60);
        return std::string(buf);
    };
    auto day = [&](const Timestamp& ts) {
        const auto [ymd, h, m, s, wd] = civil_of(ts);
        char buf[32];
        std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", int(ymd.year()), unsigned(ymd.month()), unsigned(ymd.day()));
        return std::string(buf);
    };
    auto rfc822 = [&](const Timestamp& ts) {
        static const char* const days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
        static const char* const months[] = {"January", "February", "March",     "April",   "May",      "June",
                                             "July",    "August",   "September", "October", "November", "December"};
        const auto [ymd, h, m, s, wd] = civil_of(ts);
        char buf[96];
        std::snprintf(buf, sizeof buf, "%s, %02u %.3s %04d %02d:%02d:%02d %s", days[wd], unsigned(ymd.day()),
                      months[unsigned(ymd.month()) - 1], int(ymd.year()), h, m, s,
                      zone(ts.offset_minutes, false).c_str());
        return std::string(buf);
    };
    auto iso = [&](const Timestamp& ts) {
        if (!ts.has_time) return day(ts);
        const auto [ymd, h, m, s, wd] = civil_of(ts);
        char buf[96];
        std::snprintf(buf, sizeof buf, "%sT%02d:%02d:%02d%s", day(ts).c_str(), h, m, s,
                      zone(ts.offset_minutes, true).c_str());
        return std::string(buf);
    };
    const std::int64_t instants[] = {0,
                                     1,
                                     59,
                                     86399,
                                     86400,
                                     -1,
                                     -86401,
                                     1722736066,
                                     951782400 /* 2000-02-29 */,
                                     253402300799 /* 9999-12-31T23:59:59 */,
                                     253402300800,
                                     -62135596800 /* year 1 */,
                                     -62167219201 /* year -1 */,
                                     -30610224000 /* 1000-01-01 */,
                                     32503680000};
    const int offsets[] = {0, 1, -1, 59, -59, 60, 330, -420, 840, -720, 5999, -5999, 123456};
    for (std::int64_t at : instants)
        for (int offset : offsets)
            for (bool has_time : {true, false}) {
                const Timestamp ts{at, offset, has_time, true};
                CAPTURE(at);
                CAPTURE(offset);
                REQUIRE(dates::format_rfc822(ts) == rfc822(ts));
                REQUIRE(dates::format_day(ts) == day(ts));
                REQUIRE(dates::format_iso8601(ts) == iso(ts));
            }
}
