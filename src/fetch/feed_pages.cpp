#include "fetch/feed_pages.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <pugixml.hpp>
#include <set>

#include "core/xml_namespaces.hpp"
#include "fetch/conditional_get.hpp"
#include "fetch/http_get.hpp"
#include "net/url.hpp"
#include "text/strings.hpp"
#include "text/xml_encoding.hpp"

namespace fetch {

namespace {

// The namespace URI of `element`'s name, from the declarations in scope.
std::string namespace_of(const pugi::xml_node& element) {
    const std::string_view name = element.name();
    const auto colon = name.find(':');
    const std::string xmlns = colon == std::string_view::npos ? "xmlns" : "xmlns:" + std::string(name.substr(0, colon));
    for (auto n = element; n && n.type() == pugi::node_element; n = n.parent())
        if (auto declared = n.attribute(xmlns.c_str())) return declared.value();
    return "";
}

std::string_view local_name(const pugi::xml_node& element) {
    const std::string_view name = element.name();
    const auto colon = name.find(':');
    return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

struct Page {
    pugi::xml_document doc;
    pugi::xml_node links_parent;  // the RSS channel or the Atom feed
    std::string item_names;  // the page's items, told apart ("\n"-joined guids or ids): a page that repeats another
};

bool read_page(std::string_view raw, Page& page) {
    const text::XmlAsUtf8 utf8 = text::xml_as_utf8(raw);
    const std::string_view text = utf8.text ? std::string_view(*utf8.text) : raw;
    if (!page.doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_auto)) return false;
    const pugi::xml_node root = page.doc.document_element();
    const bool atom = local_name(root) == "feed" && namespace_of(root) == core::ns::atom;
    if (!atom && !(std::string_view(root.name()) == "rss" && root.child("channel"))) return false;
    page.links_parent = atom ? root : root.child("channel");
    for (auto child : page.links_parent.children()) {
        const std::string_view local = local_name(child);
        if (local != "item" && local != "entry") continue;
        std::string name;
        for (auto field : child.children())
            if (local_name(field) == "guid" || local_name(field) == "id" || local_name(field) == "title" ||
                local_name(field) == "enclosure")
                name += std::string(text::trim(field.child_value())) + field.attribute("url").value() + "|";
        page.item_names += name + "\n";
    }
    return true;
}

std::vector<std::string> links_of(const Page& page, std::string_view base) {
    std::vector<std::string> out;
    for (auto link : page.links_parent.children()) {
        if (local_name(link) != "link" || namespace_of(link) != core::ns::atom) continue;
        const std::string rel = text::ascii_lower(text::trim(link.attribute("rel").value()));
        const std::string href(text::trim(link.attribute("href").value()));
        if ((rel == "next" || rel == "prev-archive") && !href.empty()) {
            // (A page both paged and archived names its older page twice: one link, not a loop.)
            std::string url = net::resolve_url(base, href);
            if (std::find(out.begin(), out.end(), url) == out.end()) out.push_back(std::move(url));
        }
    }
    return out;
}

}  // namespace

std::vector<std::string> page_links(std::string_view feed_text, std::string_view base) {
    Page page;
    return read_page(feed_text, page) ? links_of(page, base) : std::vector<std::string>{};
}

PagesRead read_pages(std::string_view first_text, const std::string& first_url, const FetchOptions& options,
                     const AddressPolicy& policy) {
    PagesRead out;
    Page first;
    if (!read_page(first_text, first)) return out;
    std::set<std::string> asked = {first_url};
    std::map<std::string, std::string> page_with_items = {{first.item_names, first_url}};
    std::deque<std::pair<std::string, std::string>> queue;  // (page, the page that names it)
    for (auto& link : links_of(first, first_url)) queue.emplace_back(link, first_url);
    while (!queue.empty()) {
        const auto [url, named_by] = queue.front();
        queue.pop_front();
        if (asked.count(url)) {
            out.problems.push_back(named_by + " names " + url + ", a page already read: a loop; it is not read again");
            continue;
        }
        if (static_cast<int>(asked.size()) >= options.max_pages) {
            out.problems.push_back(url + " and the pages after it are not read: more than " +
                                   std::to_string(options.max_pages) + " pages (the limit of one run)");
            break;
        }
        asked.insert(url);
        if (!net::is_http_url(url)) {
            out.problems.push_back(named_by + " names a page that is not an http(s) address: " + url);
            continue;
        }
        HttpRequest request = limited_request(url, options);
        request.addresses = policy;
        const HttpResponse response = http_get(request);
        if (!response.error.empty() || response.status != 200) {
            out.problems.push_back(url + " (named by " + named_by + "): " +
                                   (!response.error.empty()
                                        ? response.error
                                        : "the host answered HTTP " + std::to_string(response.status)));
            continue;
        }
        Page page;
        if (!read_page(response.body, page)) {
            out.problems.push_back(url + " (named by " + named_by + ") is not an RSS or Atom feed");
            continue;
        }
        if (auto same = page_with_items.find(page.item_names);
            same != page_with_items.end() && !page.item_names.empty()) {
            out.problems.push_back(url + " repeats the items of " + same->second +
                                   ": the pages after it are not followed");
            continue;
        }
        page_with_items.emplace(page.item_names, url);
        const std::string base = response.final_url.empty() ? url : response.final_url;
        for (auto& link : links_of(page, base)) queue.emplace_back(link, url);
        out.pages.push_back({url, response.body});
    }
    return out;
}

}  // namespace fetch
