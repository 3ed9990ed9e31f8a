// The page sink: which folders a rebuild may render a page in, so that those of no reader of an
// edit are not declared at all.
#include "render/page_sink.hpp"

#include <doctest/doctest.h>

#include "output/output.hpp"

TEST_CASE("a rebuild of an edit's readers wants pages only in their folders") {
    output::MemoryOutput out;
    render::Dependencies reads = {{"episodes/a/index.html", {1}},
                                  {"episodes/ab/index.html", {2}},
                                  {"episodes/ab/embed/index.html", {2}},
                                  {"topics/x/index.html", {1, 2}}};
    SUBCASE("a whole build: every folder") {
        render::PageSink sink(out, &reads);
        CHECK(sink.wants_under("episodes/zz/"));
    }
    SUBCASE("pages may come or go: every folder (a new page may be anywhere)") {
        render::PageSink sink(out, reads, render::ChangedKeys{1});
        CHECK(sink.wants_under("episodes/zz/"));
        CHECK(sink.wants_under("episodes/ab/"));
    }
    SUBCASE("no page comes or goes: the readers' folders alone") {
        render::PageSink sink = render::PageSink::for_readers(out, reads, render::ChangedKeys{1});
        CHECK(sink.wants_under("episodes/a/"));
        CHECK(sink.wants_under("topics/"));
        CHECK_FALSE(sink.wants_under("episodes/ab/"));  // (a folder whose name starts alike)
        CHECK_FALSE(sink.wants_under("episodes/zz/"));
        CHECK_FALSE(sink.wants_under("guests/"));
    }
}
