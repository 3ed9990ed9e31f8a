#pragma once
// The small values a feed item carries for listeners (core/listening.hpp has what is read from
// the files they point to): plain fields, so a source record can hold them.
#include <string>
#include <vector>

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

// What else a Podcasting 2.0 feed points listeners to, beyond the audio: where an episode is
// discussed (podcast:socialInteract), its video (podcast:alternateEnclosure of a video type),
// its licence (podcast:license), the place it is about (podcast:location); and for the show
// its trailers (podcast:trailer) and the shows it recommends (podcast:podroll).
struct FeedLink {
    enum class Kind { comments, video, license, location, trailer, podroll };
    Kind kind = Kind::comments;
    std::string label;   // the feed's words: a licence's name, a place, a title ("" when none)
    std::string url;     // http(s) alone; "" for a licence or a place named without one
    std::string type;    // a video's or trailer's media type, a comment thread's protocol
    std::string feed{};  // a recommended show's feed once `url` is its website (listening/podroll.hpp), else ""

    friend bool operator==(const FeedLink&, const FeedLink&) = default;
};

// podcast:value: who a listener's Podcasting 2.0 app pays when they send value for value
// (streamed or boosted, on a ledger such as Lightning), and in what shares.
struct ValueRecipient {
    std::string name;
    long long split = 0;  // its shares (of the sum of every recipient's that is no fee)
    bool fee = false;     // a fee taken off the top (a host's, an app's), not the show's

    friend bool operator==(const ValueRecipient&, const ValueRecipient&) = default;
};

struct Value {
    std::string type;  // the ledger, lower case: "lightning", "hive", "webmonetization"
    std::vector<ValueRecipient> recipients;

    bool empty() const { return recipients.empty(); }
    friend bool operator==(const Value&, const Value&) = default;
};

// podcast:funding: where listeners can support the show.
struct Funding {
    std::string url;
    std::string label;

    friend bool operator==(const Funding&, const Funding&) = default;
};

}  // namespace core
