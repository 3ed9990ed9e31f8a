#include "core/field_sources.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

std::vector<std::string> names(const core::FieldSources& sources) {
    std::vector<std::string> out;
    for (const auto& [field, from] : sources) out.push_back(field);
    return out;
}

}  // namespace

TEST_CASE("an episode's field sources are kept by name, in name order, each name once") {
    core::FieldSources s;
    s["title"] = {"feed", "feed.xml", 3};
    s["date"] = {"apple", "apple.html", 9};
    s["enclosure"] = {"feed", "feed.xml", 4};
    s["title"].line = 5;  // (the same entry, changed)
    CHECK(names(s) == std::vector<std::string>{"date", "enclosure", "title"});
    CHECK(s.size() == 3);
    CHECK(s.at("title") == core::FieldSource{"feed", "feed.xml", 5});
    CHECK(s.find("guid") == s.end());
    CHECK_THROWS_AS(s.at("guid"), std::out_of_range);
    // Asking for a field it has not adds it, empty, as a std::map's operator[] does.
    CHECK(s["guid"] == core::FieldSource{});
    CHECK(names(s) == std::vector<std::string>{"date", "enclosure", "guid", "title"});
    s.erase("enclosure");
    s.erase("none");
    CHECK(names(s) == std::vector<std::string>{"date", "guid", "title"});
    // Made from a list: in name order, the first of a repeated name kept.
    const core::FieldSources listed = {{"title", {"a", "f", 1}}, {"date", {"b", "g", 2}}, {"title", {"c", "h", 3}}};
    CHECK(names(listed) == std::vector<std::string>{"date", "title"});
    CHECK(listed.at("title").source == "a");
    CHECK(listed == core::FieldSources{{"date", {"b", "g", 2}}, {"title", {"a", "f", 1}}});
    CHECK_FALSE(listed == s);
}
