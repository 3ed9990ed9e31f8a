// The page queue: every page written once with its own content and recorded with what it read,
// the costliest rendered first, a failure stops the run and is rethrown.
#include "render/page_queue.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <stdexcept>

#include "config/site_config.hpp"
#include "output/output.hpp"
#include "render/site_renderer.hpp"
#include "support.hpp"

namespace {
struct Site {
    test::TempDir dir;
    config::SiteConfig config;
    Site() {
        test::copy_site("site", dir.path());
        config = config::load_config(dir.path() / "site.yaml");
    }
};
}  // namespace

TEST_CASE("the page queue writes every page once, renders the costliest first, and stops at a failure") {
    Site site;
    render::TemplateSet templates = render::load_templates(site.config);
    const std::size_t pages = 2000;  // more than a window: pages are written while others render
    {
        output::MemoryOutput out;
        render::Dependencies record;
        render::PageSink sink(out, &record);
        render::PageQueue queue(templates, sink);
        std::atomic<int> started{0};
        std::atomic<int> big_started_as{-1};
        for (std::size_t i = 0; i < pages; ++i) {
            const bool big = i == pages - 1;  // queued last, listing the most
            queue.add_page(
                "p/" + std::to_string(i) + "/index.html",
                [i, big, &started, &big_started_as](const render::TemplateSet&) {
                    int order = started++;
                    if (big) big_started_as = order;
                    return render::RenderedPage{"page " + std::to_string(i), {i, i + 1}};
                },
                big ? 500 : 1);
        }
        queue.add_file("list.txt", [] { return std::string("not a page"); });
        queue.run();
        REQUIRE(out.files().size() == pages + 1);
        CHECK(*out.find("list.txt") == "not a page");
        REQUIRE(record.size() == pages);  // (the file that is not a page has no record)
        for (std::size_t i = 0; i < pages; ++i) {
            const std::string path = "p/" + std::to_string(i) + "/index.html";
            CHECK(*out.find(path) == "page " + std::to_string(i));
            CHECK(record[path] == render::DepKeys{i, i + 1});
        }
        // Taken in the first turn (other threads may start their own turns' pages just before).
        CHECK(big_started_as.load() < 100);
    }
    {
        output::MemoryOutput out;
        render::PageSink sink(out);
        render::PageQueue queue(templates, sink);
        for (std::size_t i = 0; i < pages; ++i)
            queue.add_page("p/" + std::to_string(i) + "/index.html", [i](const render::TemplateSet&) {
                if (i == 700) throw std::runtime_error("page 700 failed");
                return render::RenderedPage{"x", {}};
            });
        CHECK_THROWS_WITH(queue.run(), "page 700 failed");
        CHECK(out.files().size() < pages);
    }
}
