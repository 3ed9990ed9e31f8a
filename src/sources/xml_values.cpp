#include "sources/xml_values.hpp"

#include <algorithm>
#include <array>

#include "core/enclosures.hpp"
#include "html/escape.hpp"
#include "html/parse_cost.hpp"
#include "net/url.hpp"
#include "text/unicode.hpp"

namespace sources {

namespace {

// HTML's void elements (https://html.spec.whatwg.org/#void-elements): no content, no end tag.
bool is_void_element(std::string_view name) {
    static constexpr std::array<std::string_view, 13> k_void = {"area",  "base", "br",   "col",    "embed", "hr", "img",
                                                                "input", "link", "meta", "source", "track", "wbr"};
    return std::any_of(k_void.begin(), k_void.end(),
                       [&](std::string_view v) { return name.size() == v.size() && text::starts_with_icase(name, v); });
}

void append_start_tag(std::string& out, const pugi::xml_node& element) {
    out += '<';
    out += element.name();
    for (auto attr : element.attributes()) {
        out += ' ';
        out += attr.name();
        out += "=\"";
        html::append_html_escaped(out, attr.value());
        out += '"';
    }
    out += '>';
}

void append_end_tag(std::string& out, const pugi::xml_node& element) {
    if (is_void_element(element.name())) return;
    out += "</";
    out += element.name();
    out += '>';
}

// The text of `node`'s descendants in document order, and with `markup` their elements' tags.
std::string text_within(const pugi::xml_node& node, bool markup) {
    std::string out;
    for (pugi::xml_node n = node.first_child(); n;) {
        if (n.type() == pugi::node_pcdata || n.type() == pugi::node_cdata) out += n.value();
        if (n.type() == pugi::node_element) {
            if (markup) append_start_tag(out, n);
            if (n.first_child()) {
                n = n.first_child();
                continue;
            }
            if (markup) append_end_tag(out, n);
        }
        // Up to the next sibling, closing each element left on the way.
        while (n != node && !n.next_sibling()) {
            n = n.parent();
            if (markup && n != node) append_end_tag(out, n);
        }
        n = n == node ? pugi::xml_node() : n.next_sibling();
    }
    return std::string(text::trim(text::sanitize_utf8(out)));
}

}  // namespace

std::string full_text(const pugi::xml_node& node) {
    return text_within(node, false);
}

std::string html_of(const pugi::xml_node& node) {
    return text_within(node, true);
}

std::string root_namespace(const pugi::xml_node& root) {
    const std::string_view name = root.name();
    const std::size_t colon = name.find(':');
    const std::string attr = colon == std::string_view::npos ? "xmlns" : "xmlns:" + std::string(name.substr(0, colon));
    return root.attribute(attr.c_str()).value();
}

std::string item_of_feed(std::string_view guid, std::string_view link) {
    if (!guid.empty() || link.empty()) return "<item/>";
    return "<item><link>" + html::html_escape(link) + "</link></item>";
}

std::string unplayable_audio_warning(std::string_view url) {
    if (net::is_web_reference(url)) return "";
    const std::string_view shown = text::truncate_code_points(url, 80);
    return "the audio URL '" + std::string(shown) + (shown.size() < url.size() ? "..." : "") +
           "' is not a web address (http or https): podcast apps cannot play it, so the episode has a page but no "
           "item in feed.xml; the host's feed needs the audio file's address";
}

std::string not_media_warning(std::string_view type, std::string_view url) {
    if (core::is_media_file(type, url)) return "";
    const std::string_view shown = text::truncate_code_points(text::trim(url), 80);
    const std::string_view trimmed_type = text::trim(type);
    return "the enclosure '" + std::string(shown) + (shown.size() < text::trim(url).size() ? "..." : "") + "'" +
           (trimmed_type.empty() ? "" : " (" + std::string(trimmed_type) + ")") +
           " is not audio or video: podcast apps do not play it, so the episode has a page without a player and "
           "no item in feed.xml; if it is the episode's audio, the host's feed needs its audio type (such as "
           "audio/mpeg)";
}

std::string tangled_html_warning(std::string_view element, std::string_view html) {
    if (html::gumbo_may_parse(html)) return "";
    return "<" + std::string(element) + "> (" + std::to_string(html.size()) +
           " bytes) nests or reopens its HTML elements past what an HTML parser reads in bounded time "
           "(each tag's work grows with the elements open): the pages show its text alone, in paragraphs, "
           "without its markup; the host's HTML needs the elements it opens closed";
}

}  // namespace sources
