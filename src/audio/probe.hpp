#pragma once
// Whether a downloaded file is audio (or video) a player can play, judged by decoding its
// header with libavformat (Debian's FFmpeg), never by its name or the server's content type: an
// HTML error page served as episode.mp3 is refused.
#include <filesystem>
#include <string>

namespace audio {

struct Probe {
    std::string error;         // why it is refused ("" when it is audio)
    std::string extension;     // what the copy is named with: "mp3", "m4a", "opus", "ogg", "mp4", ...
    std::string content_type;  // audio/mpeg, audio/mp4, audio/ogg, video/mp4, ...
    double duration = 0;       // seconds, to the millisecond
};

Probe probe_file(const std::filesystem::path& path);

}  // namespace audio
