#pragma once
// The small values a feed item carries for listeners (core/listening.hpp has what is read from
// the files they point to): plain fields, so a source record can hold them.
#include <string>

namespace core {

struct Chapter {
    double start = 0;
    std::string title;
    std::string url;  // a link the chapter is about
    std::string image;
    bool listed = true;  // podcast:chapters' "toc": false marks a chapter apps do not list

    friend bool operator==(const Chapter&, const Chapter&) = default;
};

// A podcast:transcript or podcast:chapters element: a file elsewhere.
struct MediaLink {
    std::string url;
    std::string type;  // MIME type as the feed wrote it

    friend bool operator==(const MediaLink&, const MediaLink&) = default;
};

// podcast:person, or a note's guest.
struct Person {
    std::string name;
    std::string role = "host";  // the namespace's default
    std::string group;
    std::string href;
    std::string img;

    friend bool operator==(const Person&, const Person&) = default;
};

// podcast:soundbite: a moment of the episode worth hearing on its own.
struct Soundbite {
    double start = 0;
    double duration = 0;
    std::string title;

    friend bool operator==(const Soundbite&, const Soundbite&) = default;
};

// podcast:funding: where listeners can support the show.
struct Funding {
    std::string url;
    std::string label;

    friend bool operator==(const Funding&, const Funding&) = default;
};

}  // namespace core
