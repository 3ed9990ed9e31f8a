#include "output/hosting_limits.hpp"

#include <doctest/doctest.h>

TEST_CASE("hosting limits: sizes as GitHub counts them") {
    CHECK(output::size_text(0) == "0 bytes");
    CHECK(output::size_text(1) == "1 byte");
    CHECK(output::size_text(1023) == "1023 bytes");
    CHECK(output::size_text(1024) == "1.00 KB");
    CHECK(output::size_text(773'000) == "755 KB");
    CHECK(output::size_text(12'900'000) == "12.3 MB");
    CHECK(output::size_text(std::size_t{1} << 30) == "1.00 GB");
    CHECK(output::size_text(std::size_t{100} << 20) == "100 MB");
}

TEST_CASE("hosting limits: a warning from 80% of GitHub Pages' limits, another past them") {
    const std::size_t gb = std::size_t{1} << 30, mb = std::size_t{1} << 20;
    CHECK(output::hosting_warnings(700 * mb, {"feed.xml", 2 * mb}).empty());
    auto near = output::hosting_warnings(900 * mb, {"episodes/a/index.html", 85 * mb});
    REQUIRE(near.size() == 2);
    CHECK(near[0] == "the site is 900 MB, 87% of the 1.00 GB GitHub Pages publishes at most");
    CHECK(near[1] == "episodes/a/index.html is 85.0 MB, near the 100 MB GitHub accepts for one file");
    auto over = output::hosting_warnings(gb + 1, {"media/ep1.mp3", 101 * mb});
    REQUIRE(over.size() == 2);
    CHECK(over[0].starts_with(
        "the site is 1.00 GB: GitHub Pages publishes sites of at most 1.00 GB, so its deployment will fail"));
    CHECK(over[1].starts_with("media/ep1.mp3 is 101 MB: GitHub refuses files over 100 MB"));
    // Custom limits (another host) are honoured.
    CHECK(output::hosting_warnings(50, {"a", 10}, {100, 1000, 50}).size() == 1);
}
