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

TEST_CASE("an enclosure's length is an audio file's size only when audio could be that small") {
    // A size: 15 MB for half an hour (64 kilobits a second), a short file, any size of no known length.
    CHECK(core::plausible_audio_size(15'000'000, 1800));
    CHECK(core::plausible_audio_size(9'000, 10));
    CHECK(core::plausible_audio_size(498'537, 0));
    // Placeholders of hosts that do not know it ("0", "1", the Podcast Index example's "312"),
    // and kilobytes where bytes belong (45 MB for an hour written as 45000: 100 bits a second).
    CHECK_FALSE(core::plausible_audio_size(0, 0));
    CHECK_FALSE(core::plausible_audio_size(1, 0));
    CHECK_FALSE(core::plausible_audio_size(312, 1200));
    CHECK_FALSE(core::plausible_audio_size(45'000, 3600));
    CHECK_FALSE(core::plausible_audio_size(-5, 0));
}
