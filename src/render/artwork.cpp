#include "render/artwork.hpp"

#include "files/files.hpp"
#include "files/hash.hpp"
#include "html/escape.hpp"
#include "image/image_check.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace render {

std::optional<LocalArtwork> local_artwork(const config::SiteConfig& config, std::vector<core::Diagnostic>* warnings) {
    for (std::string_view extension : image::k_image_extensions) {
        const std::filesystem::path path = config.artwork_path(extension);
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec)) continue;
        const std::string shown = path.lexically_relative(config.root).string();
        std::string bytes;
        try {
            bytes = files::read_file(path, files::k_max_input_bytes, files::Links::refuse);
        } catch (const files::FileError& e) {
            if (warnings)
                warnings->push_back(
                    core::warning_at({shown, 0, 0}, std::string(e.what()) + "; the site is built without artwork"));
            continue;
        }
        const image::ImageCheck image = image::check_image(bytes);
        const image::ImageType type = image.type;
        if (type.extension != extension) {
            const std::string why = !image.error.empty() ? image.error
                                                         : "it is a " + std::string(type.extension) + " image, not a " +
                                                               std::string(extension) + " one";
            if (warnings)
                warnings->push_back(
                    core::warning_at({shown, 0, 0}, "is not used: " + why +
                                                        "; the site is built without artwork (run `podarchive fetch` "
                                                        "to download it again, or replace the file)"));
            continue;
        }
        std::string version = files::hex_hash(files::content_hash(bytes)).substr(0, 8);
        return LocalArtwork{"artwork." + std::string(extension),
                            std::string(type.media_type),
                            std::move(version),
                            std::move(bytes),
                            image.width,
                            image.height};
    }
    return std::nullopt;
}

std::string monogram_svg(const std::string& title) {
    std::string letter = "P";
    std::string_view trimmed = text::trim(title);
    if (!trimmed.empty()) {
        std::string_view first = text::truncate_code_points(trimmed, 1);
        letter = html::html_escape(first);
    }
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 64 64\">"
           "<rect width=\"64\" height=\"64\" rx=\"14\" fill=\"#b3361b\"/>"
           "<text x=\"32\" y=\"44\" font-family=\"system-ui, sans-serif\" font-size=\"36\" font-weight=\"700\" "
           "text-anchor=\"middle\" fill=\"#ffffff\">" +
           letter + "</text></svg>\n";
}

}  // namespace render
