#pragma once
// The text of a feed's elements as the feed readers (RSS and Atom) take it: valid UTF-8, trimmed.
#include <pugixml.hpp>
#include <string>

#include "sources/read_source.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace sources {

// The namespace the root element's own declaration gives its name ("" when none): what tells
// Atom's <feed> and RSS 1.0's <rdf:RDF> from others of the same name.
std::string root_namespace(const pugi::xml_node& root);

// The name of the podarchive:from attribute (read_source.hpp) with the prefix `root` declares
// for its namespace; "" when it declares none (a feed not written by fetch).
inline std::string kept_from_name(const pugi::xml_node& root) {
    for (auto attr : root.attributes()) {
        const std::string_view name = attr.name();
        if (name.starts_with("xmlns:") && attr.value() == k_kept_ns) return std::string(name.substr(6)) + ":from";
    }
    return "";
}

// A short text as a feed wrote it (a name, a label, a title): valid UTF-8, its white space collapsed.
inline std::string label_of(std::string_view written) {
    return text::collapse_whitespace(text::sanitize_utf8(written));
}

// An element's first text node (a value: a guid, a date, a URL).
inline std::string text_of(const pugi::xml_node& node) {
    return std::string(text::trim(text::sanitize_utf8(node.child_value())));
}

// All of an element's text, its descendants' included: child_value() stops at the first text
// node, CDATA sections and entities may split the text, and a title may hold an element
// ("Chemerinsky's <em>The Conservative Assault</em>"). Valid UTF-8, trimmed; without recursion
// (an input's nesting is the input's).
std::string full_text(const pugi::xml_node& node);

// An element that holds HTML (an RSS description, content:encoded, an itunes:summary), as feed
// readers take it (feedparser's loose reading): its text is HTML, escaped or in CDATA; elements
// it holds (a host that wrote the markup unescaped, "one<br/>two") are written back as markup,
// not read for their text alone ("onetwo"). An HTML void element ("<br>", which a lenient reading
// closes at the description's end) has no end tag written. Valid UTF-8, trimmed, as full_text.
std::string html_of(const pugi::xml_node& node);

// The RSS item (Record::raw_xml) of an item read from a feed that is not RSS 2.0 (Atom, RSS
// 1.0), whose fields the feed writer writes anew: "<item/>", or for one without a guid, the
// item with its `link`, which apps then know it by (the writer keeps an input item's own link
// when it writes no guid).
std::string item_of_feed(std::string_view guid, std::string_view link);

// The warning for an audio URL podcast apps cannot fetch (javascript:, data:, ftp:: a scheme
// other than http or https), or "" for one they can (http(s), or relative): the episode then has
// no audio, and no item in feed.xml.
std::string unplayable_audio_warning(std::string_view url);

// The warning for a file a feed attaches as an episode's (an <enclosure>, an Atom enclosure
// link) that is surely not audio or video (core::is_media_file: an image, a PDF, a web page),
// or "" for one that may be: the episode then has no audio from this feed, as apps read it.
std::string not_media_warning(std::string_view type, std::string_view url);

// The warning for HTML read from the element named `element` that opens and reopens elements past what gumbo parses
// in bounded time (html/parse_cost.hpp; the pages then show its text alone), or "" for any other.
std::string tangled_html_warning(std::string_view element, std::string_view html);

}  // namespace sources
