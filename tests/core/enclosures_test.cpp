#include "core/enclosures.hpp"

#include <doctest/doctest.h>

TEST_CASE("an episode's audio is written with the host's audio type, else its file's, else MP3's") {
    // The host's type when it says audio or video, as the host wrote it.
    CHECK(core::audio_type("audio/x-m4a", "https://cdn.example.com/e.mp3") == "audio/x-m4a");
    CHECK(core::audio_type(" Video/MP4 ", "https://cdn.example.com/e") == "Video/MP4");
    // A type apps and browsers would not play the file by: the file's extension says (before
    // its query).
    CHECK(core::audio_type("text/plain", "https://cdn.example.com/e.mp3?x=1") == "audio/mpeg");
    CHECK(core::audio_type("application/octet-stream", "https://cdn.example.com/E.M4A") == "audio/x-m4a");
    CHECK(core::audio_type("", "https://cdn.example.com/e.opus#t=1") == "audio/opus");
    // Nothing to tell by: the host's, or MP3's without one.
    CHECK(core::audio_type("application/octet-stream", "https://cdn.example.com/download?id=5") ==
          "application/octet-stream");
    CHECK(core::audio_type("", "https://cdn.example.com/download?id=5") == "audio/mpeg");
}
