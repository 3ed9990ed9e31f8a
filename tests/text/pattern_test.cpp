// Patterns over input lines run in linear time: no line, however long, costs the stack.
#include "text/pattern.hpp"

#include <doctest/doctest.h>

#include <string>

TEST_CASE("patterns match as std::regex did, groups and all") {
    const text::Pattern meta(R"(.* - ([A-Z][a-z]+ \d{1,2}, \d{4})(?: - (\d+ minutes))?(?: .*)?)");
    std::vector<std::string_view> groups;
    REQUIRE(meta.full_match("Show - a - August 18, 2021 - 13 minutes ★★★★★", &groups));
    CHECK(groups[0] == "August 18, 2021");
    CHECK(groups[1] == "13 minutes");
    REQUIRE(meta.full_match("Show - August 18, 2021", &groups));
    CHECK(groups[1].empty());  // a group that took no part
    CHECK_FALSE(meta.full_match("no date here"));
    const text::Pattern length(R"((?:^|\s)(\d{1,3})\s+min)");
    CHECK(length.search("Title 17 min left", &groups) == 5u);
    CHECK(groups[0] == "17");
    CHECK_FALSE(length.search("nothing"));
    CHECK(text::Pattern("caf.").full_match("caf\xC3"));  // bytes, whatever the encoding
}

TEST_CASE("a line of megabytes is matched in linear time, without recursion") {
    const text::Pattern meta(R"(.* - ([A-Z][a-z]+ \d{1,2}, \d{4})(?: .*)?)");
    std::string line(8u << 20, 'x');  // 8 MB: std::regex overflowed the stack at 40 KB
    CHECK_FALSE(meta.full_match(line));
    line += " - August 18, 2021";
    CHECK(meta.full_match(line));
}
