#include "feed/archive_pages.hpp"

namespace feed {

std::size_t ArchiveLayout::page_of(std::size_t i) const {
    if (i < current) return 0;
    const std::size_t from_oldest = total - 1 - i;  // (0: the oldest item)
    return from_oldest / page_size + 1;
}

ArchiveLayout archive_layout(std::size_t total, int feed_limit) {
    ArchiveLayout layout{total, total, 0, 0};
    if (feed_limit <= 0 || total <= static_cast<std::size_t>(feed_limit)) return layout;
    layout.current = layout.page_size = static_cast<std::size_t>(feed_limit);
    layout.pages = (total - layout.current + layout.page_size - 1) / layout.page_size;
    return layout;
}

std::string page_path(std::size_t page) {
    return page == 0 ? "feed.xml" : "feed/page-" + std::to_string(page) + ".xml";
}

std::vector<std::pair<std::string, std::size_t>> page_links(const ArchiveLayout& layout, std::size_t page) {
    std::vector<std::pair<std::string, std::size_t>> links;
    if (layout.pages == 0) return links;
    // Older: feed.xml's is the newest page; a page's, the one before it.
    const std::size_t older = page == 0 ? layout.pages : page - 1;
    const bool has_newer = page != 0;
    const std::size_t newer = page == layout.pages ? 0 : page + 1;
    if (page != 0) links.push_back({"first", 0});
    if (page != 0) links.push_back({"current", 0});
    if (has_newer) links.push_back({"previous", newer});
    if (older != 0) links.push_back({"next", older});
    if (page != 0 && newer != 0) links.push_back({"next-archive", newer});
    if (older != 0) links.push_back({"prev-archive", older});
    if (page != 1) links.push_back({"last", 1});
    return links;
}

}  // namespace feed
