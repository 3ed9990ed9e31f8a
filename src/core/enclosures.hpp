#pragma once
// Which <enclosure> of an RSS item is its episode, as the feed reader takes it and the feed
// writer replaces it: an item may carry its artwork or a PDF as an enclosure beside its audio.
#include <pugixml.hpp>
#include <string>
#include <string_view>

#include "text/strings.hpp"

namespace core {

// Whether a file a feed attaches to an episode may be its audio or video rather than, say, its
// artwork or slides: by its type, else by its file's extension. (Hosts type audio as
// application/octet-stream and the like, and an MP3 now and then as text/plain: only what is
// surely not audio or video is passed over.)
bool is_media_file(std::string_view type_attribute, std::string_view url_attribute);

// The type an episode's audio is written with (feed.xml, feed.json, the page's player and its
// link preview): the host's when it says audio or video; else the one the file's extension says
// (a host's MP3 typed text/plain or application/octet-stream: apps, and browsers choosing a
// <source>, that believe the type do not play the file); else the host's; MP3 when it gave none
// (what nearly every podcast is).
std::string audio_type(std::string_view type, std::string_view url);

// Whether `bytes` may be the size of an episode's audio file `seconds` long (0: not known).
// Hosts that do not know the size write a placeholder ("1", "312") or kilobytes in its place,
// which a page would show as "1 MB": under 8 KB, or under 4 kilobits a second, is no audio
// file's size (the codecs podcasts use go no lower than 6: Opus; MP3's least is 8).
bool plausible_audio_size(long long bytes, double seconds);

struct Enclosure;
struct Episode;

// The size feed.xml and feed.json give for `audio`, the episode's file (the host's, or the
// archive's copy): the copy's is its file's own; the host's only when plausible_audio_size
// says it may be one; else 0, the RSS convention for unknown.
long long feed_audio_size(const Episode& e, const Enclosure& audio);

// The item's first <enclosure> that may be its audio or video; none when it has only others
// (its artwork, a PDF).
inline pugi::xml_node media_enclosure(const pugi::xml_node& item) {
    for (auto enclosure : item.children("enclosure"))
        if (is_media_file(enclosure.attribute("type").value(), enclosure.attribute("url").value())) return enclosure;
    return {};
}

// The item's <enclosure> that the feed writer replaces with the episode's audio: its audio or
// video one, else the first (an item whose audio another source gave carries that audio in
// place of its image).
inline pugi::xml_node episode_enclosure(const pugi::xml_node& item) {
    if (auto media = media_enclosure(item)) return media;
    return item.child("enclosure");
}

}  // namespace core
