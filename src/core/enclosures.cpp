#include "core/enclosures.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "core/episode.hpp"

namespace core {

namespace {

// The path of `url` (what comes before its query or fragment), lower-cased.
std::string lowered_path(std::string_view url) {
    return text::ascii_lower(url.substr(0, url.find_first_of("?#")));
}

// The audio or video type a file's extension names (`path`: lower-cased), or "" for another.
std::string_view media_type_by_extension(std::string_view path) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 13> k_types = {{
        {".mp3", "audio/mpeg"},
        {".m4a", "audio/x-m4a"},
        {".mp4", "video/mp4"},
        {".m4v", "video/x-m4v"},
        {".mov", "video/quicktime"},
        {".aac", "audio/aac"},
        {".ogg", "audio/ogg"},
        {".oga", "audio/ogg"},
        {".opus", "audio/opus"},
        {".wav", "audio/wav"},
        {".flac", "audio/flac"},
        {".webm", "video/webm"},
        {".m4b", "audio/mp4"},
    }};
    for (const auto& [extension, type] : k_types)
        if (path.ends_with(extension)) return type;
    return "";
}

bool says_audio_or_video(std::string_view lowered_type) {
    return lowered_type.starts_with("audio/") || lowered_type.starts_with("video/");
}

}  // namespace

bool is_media_file(std::string_view type_attribute, std::string_view url_attribute) {
    const std::string type = text::ascii_lower(text::trim(type_attribute));
    if (says_audio_or_video(type)) return true;
    const std::string path = lowered_path(text::trim(url_attribute));
    if (!media_type_by_extension(path).empty()) return true;
    if (type.starts_with("image/") || type.starts_with("text/") || type == "application/pdf") return false;
    constexpr std::array<std::string_view, 10> k_other = {".jpg", ".jpeg", ".png", ".gif",  ".webp",
                                                          ".svg", ".pdf",  ".txt", ".html", ".htm"};
    return std::none_of(k_other.begin(), k_other.end(), [&path](std::string_view e) { return path.ends_with(e); });
}

std::string audio_type(std::string_view type, std::string_view url) {
    const std::string_view given = text::trim(type);
    if (says_audio_or_video(text::ascii_lower(given))) return std::string(given);
    if (const std::string_view by_extension = media_type_by_extension(lowered_path(url)); !by_extension.empty())
        return std::string(by_extension);
    return given.empty() ? "audio/mpeg" : std::string(given);
}

long long feed_audio_size(const Episode& e, const Enclosure& audio) {
    const long long bytes = audio.length.value_or(0);
    if (e.copy && audio.url == e.copy->url) return bytes;
    return plausible_audio_size(bytes, e.duration ? e.duration->seconds : 0) ? bytes : 0;
}

bool plausible_audio_size(long long bytes, double seconds) {
    constexpr long long k_least_bytes = 8 * 1024;
    constexpr double k_least_bits_per_second = 4000;
    if (bytes < k_least_bytes) return false;
    return seconds <= 0 || static_cast<double>(bytes) * 8 / seconds >= k_least_bits_per_second;
}

}  // namespace core
