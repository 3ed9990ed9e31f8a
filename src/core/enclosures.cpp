#include "core/enclosures.hpp"

#include <utility>
#include <vector>

namespace core {

std::string audio_type(std::string_view type, std::string_view url) {
    const std::string_view given = text::trim(type);
    const std::string lower = text::ascii_lower(given);
    if (lower.starts_with("audio/") || lower.starts_with("video/")) return std::string(given);
    static const std::vector<std::pair<std::string_view, std::string_view>> k_types = {
        {".mp3", "audio/mpeg"},      {".m4a", "audio/x-m4a"}, {".mp4", "video/mp4"},   {".m4v", "video/x-m4v"},
        {".mov", "video/quicktime"}, {".aac", "audio/aac"},   {".ogg", "audio/ogg"},   {".oga", "audio/ogg"},
        {".opus", "audio/opus"},     {".wav", "audio/wav"},   {".flac", "audio/flac"}, {".webm", "video/webm"},
        {".m4b", "audio/mp4"}};
    const std::string path = text::ascii_lower(url.substr(0, url.find_first_of("?#")));
    for (const auto& [extension, by_extension] : k_types)
        if (path.ends_with(extension)) return std::string(by_extension);
    return given.empty() ? "audio/mpeg" : std::string(given);
}

}  // namespace core
