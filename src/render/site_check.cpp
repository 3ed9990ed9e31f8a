#include "render/site_check.hpp"

#include <gumbo.h>

#include <map>
#include <memory>
#include <set>

#include "net/url.hpp"
#include "site/site_paths.hpp"
#include "text/strings.hpp"

namespace render {

namespace {

struct Page {
    std::string title;
    bool says_how_to_listen = false;  // a player, "listen on" links, or the notice that no audio is known
    std::vector<std::string> links;
    std::set<std::string> ids;
};

void walk(const GumboNode* node, Page& page, int depth) {
    if (node->type != GUMBO_NODE_ELEMENT || depth > 512) return;
    const GumboElement& el = node->v.element;
    if (el.tag == GUMBO_TAG_TITLE && el.children.length > 0) {
        auto* text = static_cast<const GumboNode*>(el.children.data[0]);
        if (text->type == GUMBO_NODE_TEXT) page.title = text::trim(text->v.text.text);
    }
    for (const char* attr : {"href", "src"})
        if (const GumboAttribute* a = gumbo_get_attribute(&el.attributes, attr)) {
            // Alternate and canonical links name the public URL: checked like any other.
            page.links.emplace_back(a->value);
        }
    // Each candidate of a srcset ("a.webp 64w, b.webp 160w") is a file some browser fetches.
    if (const GumboAttribute* a = gumbo_get_attribute(&el.attributes, "srcset"))
        for (std::string_view candidate : text::split(a->value, ','))
            if (std::string_view url = text::trim(candidate); !url.empty())
                page.links.emplace_back(url.substr(0, url.find_first_of(" \t\n")));
    if (const GumboAttribute* id = gumbo_get_attribute(&el.attributes, "id")) page.ids.insert(id->value);
    if (el.tag == GUMBO_TAG_AUDIO || el.tag == GUMBO_TAG_VIDEO || gumbo_get_attribute(&el.attributes, "data-listen"))
        page.says_how_to_listen = true;
    for (unsigned i = 0; i < el.children.length; ++i)
        walk(static_cast<const GumboNode*>(el.children.data[i]), page, depth + 1);
}

Page parse(const std::string& html) {
    std::unique_ptr<GumboOutput, void (*)(GumboOutput*)> out(
        gumbo_parse_with_options(&kGumboDefaultOptions, html.data(), html.size()),
        [](GumboOutput* o) { gumbo_destroy_output(&kGumboDefaultOptions, o); });
    Page page;
    walk(out->root, page, 0);
    return page;
}

// The file a site path ("/base/x/", "/base/x/y.css") stands for, or "" outside the base path.
std::string file_for(const std::string& path, const std::string& base_path) {
    if (!path.starts_with(base_path)) return "";
    std::string rel = path.substr(base_path.size());
    if (rel.empty() || rel.ends_with("/")) rel += "index.html";
    return rel;
}

// Resolves "." and ".." segments of an absolute path; "" when ".." climbs above "/".
std::string normalize(const std::string& path) {
    std::vector<std::string_view> parts;
    auto segments = text::split(path, '/');
    for (std::size_t i = 0; i < segments.size(); ++i) {
        auto seg = segments[i];
        if (seg == "..") {
            if (parts.empty()) return "";
            parts.pop_back();
        } else if (seg != "." && !(seg.empty() && i + 1 < segments.size())) {
            parts.push_back(seg);
        }
    }
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) out += "/" + std::string(parts[i]);
    if (path.ends_with("/") && !out.ends_with("/")) out += "/";
    return out.empty() ? "/" : out;
}

}  // namespace

std::vector<core::Diagnostic> check_site(const output::MemoryOutput& site, const std::string& base_url) {
    const std::string base_path = net::url_path_of(base_url);
    const std::string base_abs = net::with_trailing_slash(base_url);
    std::map<std::string, Page> pages;
    for (const auto& [path, content] : site.files())
        if (path.ends_with(".html")) pages[path] = parse(*content);
    std::vector<core::Diagnostic> problems;
    auto problem = [&](const std::string& page, const std::string& message) {
        problems.push_back(core::error_at({page, 0, 0}, message));
    };
    for (const auto& [path, page] : pages) {
        if (page.title.empty()) problem(path, "the page has no <title>");
        if (path.starts_with(site::k_episodes_dir) && path.ends_with("/index.html") && !page.says_how_to_listen)
            problem(
                path,
                "the episode page does not say how to listen: it needs an <audio> player, links to the episode's pages "
                "elsewhere or the notice that no audio is known, marked with a data-listen attribute (see "
                "themes/default/templates/episode.mustache)");
        std::string page_dir = base_path + path.substr(0, path.rfind('/') + 1);
        if (path.find('/') == std::string::npos) page_dir = base_path;
        for (const auto& raw : page.links) {
            // (Schemes compare without case, as browsers compare them: "Mailto:" is a mail link.)
            std::string link(text::trim(raw));
            if (link.empty() || text::starts_with_icase(link, "mailto:") || text::starts_with_icase(link, "data:"))
                continue;
            std::string target;
            if (link.starts_with(base_abs))
                target = base_path + link.substr(base_abs.size());
            else if (text::starts_with_icase(link, "http://") || text::starts_with_icase(link, "https://") ||
                     link.starts_with("//"))
                continue;  // another site
            else if (link.starts_with("#"))
                target = base_path + path + link;
            else if (link.starts_with("/"))
                target = link;
            else
                target = page_dir + link;
            std::string fragment;
            if (auto hash = target.find('#'); hash != std::string::npos)
                fragment = target.substr(hash + 1), target.resize(hash);
            if (auto query = target.find('?'); query != std::string::npos) target.resize(query);
            target = normalize(net::percent_decode(target));
            if (target.empty()) {
                problem(path, "link '" + raw + "' climbs above the site's root with '..'");
                continue;
            }
            std::string file = file_for(target, base_path);
            if (file.empty()) {
                problem(path, "link '" + raw + "' leaves the base path " + base_path);
                continue;
            }
            if (!site.find(file)) {
                problem(path, "link '" + raw + "' points at a file the build did not make (" + file + ")");
                continue;
            }
            if (!fragment.empty() && file.ends_with(".html")) {
                auto it = pages.find(file);
                if (it != pages.end() && !it->second.ids.count(fragment))
                    problem(path, "link '" + raw + "' names #" + fragment + ", which " + file + " does not have");
            }
        }
    }
    return problems;
}

}  // namespace render
