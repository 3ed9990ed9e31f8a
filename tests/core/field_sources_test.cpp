#include "core/field_sources.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

std::vector<std::string> names(const core::FieldSources& sources) {
    std::vector<std::string> out;
    for (const auto& [field, from] : sources) out.emplace_back(field);
    return out;
}

}  // namespace

TEST_CASE("an episode's field sources are kept by name, in name order, each name once") {
    core::FieldSources s;
    s.set("title", {"feed", "feed.xml", 3});
    s.set("date", {"apple", "apple.html", 9});
    s.set("enclosure", {"feed", "feed.xml", 4});
    s.set("title", {"feed", "feed.xml", 5});  // (the same entry, changed)
    CHECK(names(s) == std::vector<std::string>{"date", "enclosure", "title"});
    CHECK(s.size() == 3);
    CHECK(s.at("title") == core::FieldSource{"feed", "feed.xml", 5});
    CHECK(s.find("enclosure") == core::FieldSource{"feed", "feed.xml", 4});
    CHECK_FALSE(s.find("guid"));
    CHECK_THROWS_AS(s.at("guid"), std::out_of_range);
    // Each source and file is held once, whatever fields come from it.
    CHECK(s.origins().size() == 2);
    // A field given another field's source (views of its own strings), before and after it grows.
    s.set("guid", *s.find("enclosure"));
    s.set("image", {"pfm", "pfm.html", 7});
    s.set("page_url", *s.find("image"));
    CHECK(s.at("guid") == core::FieldSource{"feed", "feed.xml", 4});
    CHECK(s.at("page_url") == core::FieldSource{"pfm", "pfm.html", 7});
    s.erase("enclosure");
    s.erase("none");
    CHECK(names(s) == std::vector<std::string>{"date", "guid", "image", "page_url", "title"});
    // Made from a list: in name order, the first of a repeated name kept.
    const core::FieldSources listed = {{"title", {"a", "f", 1}}, {"date", {"b", "g", 2}}, {"title", {"c", "h", 3}}};
    CHECK(names(listed) == std::vector<std::string>{"date", "title"});
    CHECK(listed.at("title").source == "a");
    CHECK(listed == core::FieldSources{{"date", {"b", "g", 2}}, {"title", {"a", "f", 1}}});
    CHECK_FALSE(listed == s);
    // Equal when they say the same, though one holds a source no field has any more.
    core::FieldSources other = {{"date", {"b", "g", 2}}, {"title", {"x", "y", 1}}};
    other.set("title", {"a", "f", 1});
    CHECK(other.origins().size() == 3);
    CHECK(other == listed);
}
