#pragma once
// The other pages of a paged feed (RFC 5005). A host that splits its feed names, on the page
// apps read, the next older page (`<atom:link rel="next">`, a paged feed) or the archived page
// before it (`rel="prev-archive"`, an archived feed), and so on from page to page. fetch reads
// them all, so that an archive started years after the first episode still gets every one;
// their items are kept beside the snapshot (kept_items.hpp), each saying its page.
#include <string>
#include <string_view>
#include <vector>

#include "fetch/address_guard.hpp"
#include "fetch/fetch_sources.hpp"

namespace fetch {

// The pages a feed text names (rel="next" and rel="prev-archive", in RSS as atom:link of the
// channel, in Atom as the feed's link; whatever prefix the Atom namespace has), resolved against
// `base` (the page's address), in the order written.
std::vector<std::string> page_links(std::string_view feed_text, std::string_view base);

struct FeedPage {
    std::string url;
    std::string text;
};

struct PagesRead {
    std::vector<FeedPage> pages;        // the pages after the first, in the order read
    std::vector<std::string> problems;  // a page not read, and why (a loop, a refused address, the limit, ...)
};

// Reads the pages the first page names, and those they name, breadth first, each at most once,
// at most `options.max_pages` in all (the first included), each with `policy` (the address guard
// for URLs a feed names). A page that is not a feed, fails, repeats an earlier page's items or
// names a page already read (a loop) is said in `problems`; the rest are still read.
PagesRead read_pages(std::string_view first_text, const std::string& first_url, const FetchOptions& options,
                     const AddressPolicy& policy);

}  // namespace fetch
