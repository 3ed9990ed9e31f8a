// Pages of a buffer given back before it is freed: the whole pages inside the span read as zeros,
// the bytes around them (parts of pages) are kept.
#include "concurrency/memory.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

TEST_CASE("pages given back read as zeros; the partial pages at the ends keep their bytes") {
    const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    std::vector<char> buffer(8 * page, 'x');
    // Cut so that neither end falls on a page's start: a part of a page at each end.
    const std::size_t offset = page - reinterpret_cast<std::uintptr_t>(buffer.data()) % page;
    char* const aligned = buffer.data() + offset;  // (the first page that starts in the buffer)
    std::span<char> span(aligned - 10, 4 * page + 30);
    concurrency::give_back_pages(span);
    // Whole pages: aligned .. aligned + 4 pages.
    CHECK(std::all_of(aligned, aligned + 4 * page, [](char c) { return c == 0; }));
    CHECK(std::all_of(buffer.data(), aligned, [](char c) { return c == 'x'; }));
    CHECK(std::all_of(aligned + 4 * page, buffer.data() + buffer.size(), [](char c) { return c == 'x'; }));
    // A span within one page gives back nothing.
    std::fill(buffer.begin(), buffer.end(), 'y');
    concurrency::give_back_pages(std::span<char>(aligned + 1, page - 2));
    CHECK(std::all_of(buffer.begin(), buffer.end(), [](char c) { return c == 'y'; }));
}
