#include "render/artwork.hpp"

#include "util/escape.hpp"
#include "util/files.hpp"
#include "util/hash.hpp"
#include "util/image_check.hpp"
#include "util/strings.hpp"
#include "util/unicode.hpp"

namespace render {

std::optional<LocalArtwork> local_artwork(const config::SiteConfig& config, std::vector<core::Diagnostic>* warnings) {
    for (std::string_view extension : util::k_image_extensions) {
        const std::filesystem::path path = config.artwork_path(extension);
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec)) continue;
        const std::string shown = path.lexically_relative(config.root).string();
        std::string bytes;
        try {
            bytes = util::read_file(path, util::k_max_input_bytes, util::Links::refuse);
        } catch (const util::FileError& e) {
            if (warnings) warnings->push_back(core::warning_at({shown, 0, 0}, std::string(e.what()) + "; the site is built without artwork"));
            continue;
        }
        const util::ImageCheck image = util::check_image(bytes);
        const util::ImageType type = image.type;
        if (type.extension != extension) {
            const std::string why = !image.error.empty() ? image.error : "it is a " + std::string(type.extension) + " image, not a " + std::string(extension) + " one";
            if (warnings)
                warnings->push_back(core::warning_at({shown, 0, 0}, "is not used: " + why +
                                                                        "; the site is built without artwork (run `podarchive fetch` to download it again, or replace the file)"));
            continue;
        }
        std::string version = util::hex_hash(util::content_hash(bytes)).substr(0, 8);
        return LocalArtwork{"artwork." + std::string(extension), std::string(type.media_type), std::move(version), std::move(bytes), image.width,
                            image.height};
    }
    return std::nullopt;
}

std::string monogram_svg(const std::string& title) {
    std::string letter = "P";
    std::string_view trimmed = util::trim(title);
    if (!trimmed.empty()) {
        std::string_view first = util::truncate_code_points(trimmed, 1);
        letter = util::html_escape(first);
    }
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 64 64\">"
           "<rect width=\"64\" height=\"64\" rx=\"14\" fill=\"#b3361b\"/>"
           "<text x=\"32\" y=\"44\" font-family=\"system-ui, sans-serif\" font-size=\"36\" font-weight=\"700\" "
           "text-anchor=\"middle\" fill=\"#ffffff\">" + letter + "</text></svg>\n";
}

}  // namespace render
