// The page queue: every page written once with its own content, the costliest rendered first,
// a failure stops the run and is rethrown.
#include <doctest/doctest.h>

#include <atomic>
#include <stdexcept>

#include "config/site_config.hpp"
#include "output/output.hpp"
#include "render/page_queue.hpp"
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
        render::PageSink sink(out);
        render::PageQueue queue(templates, sink);
        std::atomic<int> started{0};
        std::atomic<int> big_started_as{-1};
        for (std::size_t i = 0; i < pages; ++i) {
            const bool big = i == pages - 1;  // queued last, listing the most
            queue.add("p/" + std::to_string(i) + "/index.html", [i, big, &started, &big_started_as](const render::TemplateSet&) {
                int order = started++;
                if (big) big_started_as = order;
                return "page " + std::to_string(i);
            }, big ? 500 : 1);
        }
        queue.run();
        REQUIRE(out.files().size() == pages);
        for (std::size_t i = 0; i < pages; ++i) CHECK(*out.find("p/" + std::to_string(i) + "/index.html") == "page " + std::to_string(i));
        // Taken in the first turn (other threads may start their own turns' pages just before).
        CHECK(big_started_as.load() < 100);
    }
    {
        output::MemoryOutput out;
        render::PageSink sink(out);
        render::PageQueue queue(templates, sink);
        for (std::size_t i = 0; i < pages; ++i)
            queue.add("p/" + std::to_string(i) + "/index.html", [i](const render::TemplateSet&) -> std::string {
                if (i == 700) throw std::runtime_error("page 700 failed");
                return "x";
            });
        CHECK_THROWS_WITH(queue.run(), "page 700 failed");
        CHECK(out.files().size() < pages);
    }
}
