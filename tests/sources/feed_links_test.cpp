#include "sources/feed_links.hpp"

#include <doctest/doctest.h>

TEST_CASE("map_url: podcast:location's osm (a relation, way or node) or geo, as an OpenStreetMap page") {
    CHECK(sources::map_url("R113314", "") == "https://www.openstreetmap.org/relation/113314");
    CHECK(sources::map_url("w43695087#12", "") == "https://www.openstreetmap.org/way/43695087");
    CHECK(sources::map_url("N1", "geo:1,2") == "https://www.openstreetmap.org/node/1");
    CHECK(sources::map_url("", "geo:30.2672,-97.7431;u=350") ==
          "https://www.openstreetmap.org/?mlat=30.2672&mlon=-97.7431#map=12/30.2672/-97.7431");
    CHECK(sources::map_url("", "geo:30.2,-97.7,150") ==
          "https://www.openstreetmap.org/?mlat=30.2&mlon=-97.7#map=12/30.2/-97.7");
    // What is no place: nothing (the name is shown without a link).
    for (const char* geo : {"", "geo:", "geo:91,0", "geo:0,181", "geo:1e400,2", "geo:nan,0", "geo:1,2&x=<b>", "30,97"})
        CHECK_MESSAGE(sources::map_url("", geo) == "", geo);
    for (const char* osm : {"X1", "R", "R12a", "R-1", "R\"><script>"})
        CHECK_MESSAGE(sources::map_url(osm, "") == "", osm);
}
