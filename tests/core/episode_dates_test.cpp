#include "core/episode_dates.hpp"

#include <doctest/doctest.h>

#include "dates/dates.hpp"

namespace {

core::Episode dated(const char* iso) {
    core::Episode e;
    e.title = "Next week";
    e.date = dates::parse_iso8601(iso);
    e.sources.set("date", {"feed", "content/sources/feed.xml", 41});
    return e;
}

}  // namespace

TEST_CASE("an episode dated more than a day after the build is a warning where its date came from") {
    const std::int64_t now = dates::parse_iso8601("2026-12-06T12:00:00Z")->utc_seconds;
    const auto w = core::date_warning(dated("2029-01-01"), now);
    REQUIRE(w);
    CHECK(w->severity == core::Severity::warning);
    CHECK(w->where == core::SourceLocation{"content/sources/feed.xml", 41, 0});
    CHECK(w->message ==
          "'Next week' is dated 2029-01-01, after this build (2026-12-06): feed.xml lists it above every newer "
          "episode until then; correct the date at the host, or give the episode a note's `date:`");
    // Tomorrow in a zone ahead of the build's, today, the past, and no date at all: nothing to say.
    CHECK_FALSE(core::date_warning(dated("2026-12-07"), now));
    CHECK_FALSE(core::date_warning(dated("2026-12-07T09:00:00+13:00"), now));
    CHECK_FALSE(core::date_warning(dated("2026-12-06T11:00:00Z"), now));
    CHECK_FALSE(core::date_warning(dated("1999-01-01"), now));
    CHECK_FALSE(core::date_warning(core::Episode{}, now));
    // Two days ahead is.
    CHECK(core::date_warning(dated("2026-12-08T13:00:00Z"), now));
}

TEST_CASE("an episode dated on the day computer clocks count from is a date of zero, a warning") {
    const std::int64_t now = dates::parse_iso8601("2026-12-06T12:00:00Z")->utc_seconds;
    for (const char* zero : {"1970-01-01", "1970-01-01T00:00:00Z", "1969-12-31T19:00:00-05:00"}) {
        CAPTURE(zero);
        const auto w = core::date_warning(dated(zero), now);
        REQUIRE(w);
        CHECK(
            w->message.ends_with(", the day computer clocks count from: the host wrote a date of zero, having none; "
                                 "correct the date at the host, or give the episode a note's `date:`"));
    }
    CHECK(core::date_warning(dated("1970-01-01"), now)->message.starts_with("'Next week' is dated 1970-01-01, "));
    // A day later (an old recording's own date) is a date.
    CHECK_FALSE(core::date_warning(dated("1970-01-03"), now));
    CHECK_FALSE(core::date_warning(dated("1969-12-25"), now));
}

TEST_CASE("an episode dated before sound was first recorded is a year typed wrong, a warning") {
    const std::int64_t now = dates::parse_iso8601("2026-12-06T12:00:00Z")->utc_seconds;
    const auto w = core::date_warning(dated("0024-03-01"), now);
    REQUIRE(w);
    CHECK(w->message ==
          "'Next week' is dated 0024-03-01, before sound was first recorded (1877); correct the date at "
          "the host, or give the episode a note's `date:`");
    CHECK(core::date_warning(dated("1876-12-31"), now));
    // A radio play of 1938, re-published: its own date.
    CHECK_FALSE(core::date_warning(dated("1877-01-01"), now));
    CHECK_FALSE(core::date_warning(dated("1938-10-30"), now));
}
