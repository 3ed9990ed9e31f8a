#include "audio/probe.hpp"

#include <cmath>
#include <memory>
#include <string>
#include <string_view>

#include "files/shared_library.hpp"

extern "C" {
#include <libavformat/avformat.h>
#include <libavutil/log.h>
}

namespace audio {

namespace {

// (Two steps: the argument, a macro, is expanded before it is made a string.)
#define PODARCHIVE_STRING(x) #x
#define PODARCHIVE_STRINGIFY(x) PODARCHIVE_STRING(x)
#define PODARCHIVE_SONAME(name, major) "lib" name ".so." PODARCHIVE_STRINGIFY(major)

// libavformat, opened the first time a file is probed rather than linked (files/shared_library.hpp):
// it brings some seventy codec libraries with it (video, images, network protocols), whose
// loading and relocation was most of every command's start-up, `build`'s too, which probes
// nothing. Its soname's major version is its headers'.
// clang-format off
#define PODARCHIVE_AVFORMAT_FUNCTIONS(X) \
    X(avformat_open_input) \
    X(avformat_find_stream_info) \
    X(avformat_close_input) \
    X(av_log_set_level)
// clang-format on
// (av_log_set_level is libavutil's, which libavformat loads.)
struct LibAvformat {
    PODARCHIVE_LIBRARY_FUNCTIONS(PODARCHIVE_AVFORMAT_FUNCTIONS)
    std::string error;  // why it cannot be used ("" when it can)
};

const LibAvformat& libavformat() {
    static const LibAvformat lib = files::open_functions<LibAvformat>(
        PODARCHIVE_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR),
        "to judge the audio (apt-get install libavformat" PODARCHIVE_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR) ")");
    return lib;
}

struct Kind {
    std::string_view demuxer;  // the first name of libavformat's format ("mp3", "mov,mp4,m4a,3gp,3g2,mj2", "ogg", ...)
    std::string_view extension, audio_type, video_type;
};

// The formats podcasts come in; anything else libavformat reads (a WAV, a FLAC) keeps its own
// name as the extension.
constexpr Kind k_kinds[] = {
    {"mp3", "mp3", "audio/mpeg", "audio/mpeg"},       {"mov", "m4a", "audio/mp4", "video/mp4"},
    {"ogg", "ogg", "audio/ogg", "video/ogg"},         {"aac", "aac", "audio/aac", "audio/aac"},
    {"wav", "wav", "audio/wav", "audio/wav"},         {"flac", "flac", "audio/flac", "audio/flac"},
    {"matroska", "webm", "audio/webm", "video/webm"},
};

}  // namespace

Probe probe_file(const std::filesystem::path& path) {
    Probe out;
    const LibAvformat& av = libavformat();
    if (!av.error.empty()) {
        out.error = av.error;
        return out;
    }
    av.av_log_set_level(AV_LOG_QUIET);  // (its messages are ours to word)
    AVFormatContext* raw = nullptr;
    if (av.avformat_open_input(&raw, path.c_str(), nullptr, nullptr) != 0) {
        out.error = "it is not an audio file any player reads (libavformat recognises no format in it)";
        return out;
    }
    auto close = [&av](AVFormatContext* c) { av.avformat_close_input(&c); };
    std::unique_ptr<AVFormatContext, decltype(close)> context(raw, close);
    raw->probesize = 5'000'000;  // (a header's worth; the whole file is not decoded)
    if (av.avformat_find_stream_info(raw, nullptr) < 0) {
        out.error = "its streams cannot be read";
        return out;
    }
    bool has_audio = false, has_video = false, opus = false;
    for (unsigned i = 0; i < raw->nb_streams; ++i) {
        const AVCodecParameters* codec = raw->streams[i]->codecpar;
        if (codec->codec_type == AVMEDIA_TYPE_AUDIO)
            has_audio = true, opus = opus || codec->codec_id == AV_CODEC_ID_OPUS;
        // (an MP3's cover art is a "video" stream of one picture)
        if (codec->codec_type == AVMEDIA_TYPE_VIDEO && !(raw->streams[i]->disposition & AV_DISPOSITION_ATTACHED_PIC))
            has_video = true;
    }
    if (!has_audio && !has_video) {
        out.error = "it has no audio stream";
        return out;
    }
    if (raw->duration <= 0) {
        out.error = "it has no length a player can tell";
        return out;
    }
    out.duration = std::round(static_cast<double>(raw->duration) / AV_TIME_BASE * 1000) / 1000;
    const std::string_view demuxer = raw->iformat->name;
    out.extension = std::string(demuxer.substr(0, demuxer.find(',')));
    out.content_type = has_video ? "video/" + out.extension : "audio/" + out.extension;
    for (const Kind& kind : k_kinds)
        if (demuxer.starts_with(kind.demuxer)) {
            out.extension = std::string(has_video && kind.demuxer == "mov" ? "mp4" : kind.extension);
            out.content_type = std::string(has_video ? kind.video_type : kind.audio_type);
        }
    if (opus && out.extension == "ogg") out.extension = "opus", out.content_type = "audio/ogg";
    return out;
}

}  // namespace audio
