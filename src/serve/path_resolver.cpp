#include "serve/path_resolver.hpp"

#include <array>

#include "files/files.hpp"
#include "text/strings.hpp"

namespace serve {

Resolution resolve(const std::string& path, const std::string& base_path,
                   const std::function<bool(const std::string&)>& exists) {
    Resolution r;
    if (path.size() > 4096 || path.find('\0') != std::string::npos || path.find('\\') != std::string::npos) return r;
    if (path + "/" == base_path) return {301, "", base_path};
    if (!path.starts_with(base_path)) return r;
    std::string rel = path.substr(base_path.size());
    if (rel.empty() || rel.ends_with("/")) {
        std::string index = rel + "index.html";
        if (files::is_safe_relative_path(index) && exists(index)) return {200, index, ""};
        return r;
    }
    if (!files::is_safe_relative_path(rel)) return r;  // "..", ".", empty segments
    if (exists(rel)) return {200, rel, ""};
    if (exists(rel + "/index.html")) return {301, "", path + "/"};
    if (exists(rel + ".html")) return {200, rel + ".html", ""};
    return r;
}

std::string content_type(const std::string& file) {
    struct Type {
        const char* ext;
        const char* type;
    };
    static constexpr std::array<Type, 16> k_types = {{{".html", "text/html; charset=utf-8"},
                                                      {".css", "text/css; charset=utf-8"},
                                                      {".js", "text/javascript; charset=utf-8"},
                                                      {".json", "application/json"},
                                                      {".xml", "application/xml"},
                                                      {".xsl", "text/xsl"},
                                                      {".txt", "text/plain; charset=utf-8"},
                                                      {".svg", "image/svg+xml"},
                                                      {".png", "image/png"},
                                                      {".jpg", "image/jpeg"},
                                                      {".jpeg", "image/jpeg"},
                                                      {".ico", "image/x-icon"},
                                                      {".mp3", "audio/mpeg"},
                                                      {".m4a", "audio/mp4"},
                                                      {".vtt", "text/vtt"},
                                                      {".webp", "image/webp"}}};
    std::string lower = text::ascii_lower(file);
    for (const auto& t : k_types)
        if (lower.ends_with(t.ext)) return t.type;
    return "application/octet-stream";
}

}  // namespace serve
