#pragma once
// feed.xml as a paged and archived feed (RFC 5005), when the archive holds more items than
// site.yaml's feed_limit: feed.xml carries the newest `feed_limit`, and pages under feed/ carry
// the rest, each item exactly once. Apps that read only feed.xml get the newest items; apps that
// follow the links (rel="next", or the archived feed's rel="prev-archive") get every one.
//
// The pages are cut from the oldest item: page 1 holds the oldest `feed_limit` items, page 2 the
// next, and only the newest page is partly filled. So a new episode changes feed.xml and the
// newest page (the item feed.xml no longer carries moves there); every other page keeps its
// bytes until a new page begins beside it.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace feed {

struct ArchiveLayout {
    std::size_t total = 0;      // items the feeds carry in all
    std::size_t current = 0;    // of which feed.xml carries (the newest)
    std::size_t page_size = 0;  // items on a full page
    std::size_t pages = 0;      // archive pages (0: feed.xml carries every item)

    // The document of the item at feed position `i` (0 the newest): 0 for feed.xml, else the page
    // (1 the oldest).
    std::size_t page_of(std::size_t i) const;
};

// The layout for `total` items and site.yaml's feed_limit (0: no limit, no pages).
ArchiveLayout archive_layout(std::size_t total, int feed_limit);

// A page's path in the site: "feed/page-3.xml" (page 0: "feed.xml").
std::string page_path(std::size_t page);

// The atom:link elements (rel, page) of document `page` (0: feed.xml): next and prev-archive to
// the older page; previous and next-archive to the newer one; first and current to feed.xml;
// last to page 1.
std::vector<std::pair<std::string, std::size_t>> page_links(const ArchiveLayout& layout, std::size_t page);

}  // namespace feed
