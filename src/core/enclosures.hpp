#pragma once
// Which <enclosure> of an RSS item is its episode, as the feed reader takes it and the feed
// writer replaces it: an item may carry its artwork or a PDF as an enclosure beside its audio.
#include <pugixml.hpp>
#include <string>

#include "text/strings.hpp"

namespace core {

// Whether an <enclosure> may be the item's audio or video rather than, say, its artwork: by its
// type, else by its file's extension.
inline bool is_media_enclosure(const pugi::xml_node& enclosure) {
    const std::string type = text::ascii_lower(text::trim(enclosure.attribute("type").value()));
    // (Hosts type audio as application/octet-stream and the like: only what is surely not
    // audio or video is passed over.)
    if (type.starts_with("image/") || type.starts_with("text/") || type == "application/pdf") return false;
    if (type.starts_with("audio/") || type.starts_with("video/")) return true;
    std::string url = text::ascii_lower(text::trim(enclosure.attribute("url").value()));
    url = url.substr(0, url.find_first_of("?#"));
    for (const char* image : {".jpg", ".jpeg", ".png", ".gif", ".webp", ".svg", ".pdf", ".txt", ".html"})
        if (url.ends_with(image)) return false;
    return true;
}

// The item's <enclosure> that is its episode: the first audio or video one, else the first.
inline pugi::xml_node episode_enclosure(const pugi::xml_node& item) {
    for (auto enclosure : item.children("enclosure"))
        if (is_media_enclosure(enclosure)) return enclosure;
    return item.child("enclosure");
}

}  // namespace core
