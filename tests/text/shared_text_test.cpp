// A text of its own or a view of bytes held elsewhere: copies share it, and compare equal without
// reading it (a build after an edit compares every episode's feed item, views of a kept file).
#include "text/shared_text.hpp"

#include <doctest/doctest.h>
#include <sys/mman.h>

#include <memory>
#include <string>

TEST_CASE("shared texts compare by their bytes, and copies of one without reading them") {
    const text::SharedText own(std::string("<item>one</item>"));
    CHECK(own == text::SharedText(std::string("<item>one</item>")));
    CHECK_FALSE(own == text::SharedText(std::string("<item>two</item>")));
    CHECK_FALSE(own == text::SharedText(std::string("<item>one</item> ")));
    CHECK(own == std::string_view("<item>one</item>"));
    CHECK(text::SharedText() == text::SharedText(std::string()));
    // Bytes that cannot be read (a page with no access): two copies of a view of them are equal,
    // as they would not be if either were read.
    const std::size_t size = 4096;
    void* page = ::mmap(nullptr, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(page != MAP_FAILED);
    const auto unmap = std::shared_ptr<void>(page, [size](void* p) { ::munmap(p, size); });
    const text::SharedText view(unmap, std::string_view(static_cast<const char*>(page), 100));
    const text::SharedText copy = view;  // NOLINT(performance-unnecessary-copy-initialization)
    CHECK(view == copy);
}
