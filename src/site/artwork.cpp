#include "site/artwork.hpp"

#include <cstdlib>

#include "files/files.hpp"
#include "files/hash.hpp"
#include "html/escape.hpp"
#include "image/card.hpp"
#include "image/encode.hpp"
#include "image/image_check.hpp"
#include "image/scale.hpp"
#include "output/output.hpp"
#include "site/site_info.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace site {

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
        std::vector<ArtworkSize> sizes =
            cached_artwork_sizes(bytes, image.width, version, output::beside(config.output_dir(), ".cache"));
        return LocalArtwork{"artwork." + std::string(extension),
                            std::string(type.media_type),
                            std::move(version),
                            std::move(bytes),
                            image.width,
                            image.height,
                            std::move(sizes)};
    }
    return std::nullopt;
}

std::string ArtworkSize::file_name(std::string_view extension) const {
    return "artwork-" + std::to_string(width) + "." + std::string(extension);
}

namespace {

// The copies an image `width` pixels wide gets (nothing is enlarged), smallest first.
std::vector<int> widths_for(int width) {
    std::vector<int> widths;
    for (int w : k_artwork_widths)
        if (w < width) widths.push_back(w);
    if (k_artwork_preview_width < width) widths.push_back(k_artwork_preview_width);
    return widths;
}

// Every copy has a WebP but the preview's, which only link previews fetch (as JPEG).
bool with_webp(int width) {
    return width != k_artwork_preview_width;
}

// Bump when the copies' sizes or encoding change: the cache's copies are then made again.
constexpr const char* k_recipe = "1";

// Lets go of the cache's entries of a kind ("artwork-", "card-") but `name`: a former image's,
// a former title's.
void forget_others(const std::filesystem::path& cache, std::string_view kind, const std::string& name) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(cache, ec))
        if (const std::string other = entry.path().filename().string(); other.starts_with(kind) && other != name)
            files::remove_tree(entry.path());
}

// The copies `folder` holds for widths `widths`, when every one is there and whole.
std::optional<std::vector<ArtworkSize>> read_copies(const std::filesystem::path& folder,
                                                    const std::vector<int>& widths) {
    std::vector<ArtworkSize> out;
    for (int width : widths) {
        ArtworkSize size{.width = width};
        for (std::string* bytes : {&size.jpeg, &size.webp}) {
            const bool jpeg = bytes == &size.jpeg;
            if (!jpeg && !with_webp(width)) continue;
            try {
                *bytes =
                    files::read_file(folder / size.file_name(jpeg ? "jpg" : "webp"), 16u << 20, files::Links::refuse);
            } catch (const files::FileError&) {
                return std::nullopt;
            }
            const image::ImageCheck check = image::check_image(*bytes);
            if (!check.error.empty() || check.width != width || (size.height && check.height != size.height))
                return std::nullopt;
            size.height = check.height;
        }
        out.push_back(std::move(size));
    }
    return out;
}

}  // namespace

std::vector<ArtworkSize> cached_artwork_sizes(std::string_view bytes, int width, const std::string& version,
                                              const std::filesystem::path& cache) {
    namespace fs = std::filesystem;
    const std::string name = "artwork-" + version + "-" + k_recipe;
    const fs::path folder = cache / name;
    const std::vector<int> widths = widths_for(width);
    // (A folder that is a link, as a cloned repository may plant, is neither read nor written.)
    std::error_code ec;
    auto planted = [&] { return fs::is_symlink(cache, ec) || fs::is_symlink(folder, ec); };
    if (!planted())
        if (auto kept = read_copies(folder, widths)) return std::move(*kept);
    std::vector<ArtworkSize> sizes = artwork_sizes(bytes, width);
    // Kept for the next build when the folder can be written (else only that build pays again);
    // a former artwork's copies are let go of.
    if (planted() || (fs::create_directories(folder, ec), ec)) return sizes;
    std::string error;
    for (const ArtworkSize& size : sizes) {
        files::write_file_atomically(folder / size.file_name("jpg"), size.jpeg, error);
        if (!size.webp.empty()) files::write_file_atomically(folder / size.file_name("webp"), size.webp, error);
    }
    forget_others(cache, "artwork-", name);
    return sizes;
}

std::vector<ArtworkSize> artwork_sizes(std::string_view bytes, int width) {
    // Each size is made from the next larger one (each step at most about 3:1, where averaging
    // areas loses nothing), the largest from the image decoded at no more than it needs.
    std::optional<image::Pixels> pixels = image::decode_image(bytes, k_artwork_preview_width);
    if (!pixels || pixels->width <= 0) return {};
    const std::vector<int> widths = widths_for(width);
    std::vector<ArtworkSize> out(widths.size());
    image::Pixels from = std::move(*pixels);
    for (std::size_t i = widths.size(); i-- > 0;) {
        from = image::scaled(from, widths[i], image::height_at(from, widths[i]));
        ArtworkSize& size = out[i];
        size.width = from.width, size.height = from.height;
        size.jpeg = image::encode_jpeg(from, 85);
        if (with_webp(size.width)) size.webp = image::encode_webp(from, 80);
    }
    return out;
}

namespace {

// The card of `text` kept in `cache` (beside the output folder) under a hash of what it shows:
// drawing one costs a build 40-60 ms (fontconfig, Pango, PNG), so it is drawn once per text.
// The file's name keeps how many characters had no font, for the warning of later builds, and
// the hash of its bytes: a file whose bytes are not the ones drawn (cut short, changed) is drawn
// again. (Decoding it to check it cost every build 8 ms.)
image::Card cached_card(const image::CardText& text, const std::filesystem::path& cache) {
    namespace fs = std::filesystem;
    const std::string key = "card-" +
                            files::hex_hash(files::content_hash(text.title + '\n' + text.byline + '\n' + text.address +
                                                                '\n' + text.language + '\n' + image::k_card_recipe)) +
                            "-m";
    auto name_of = [&key](const image::Card& card) {  // "card-<text>-m<missing>-<bytes>.png"
        return key + std::to_string(card.missing_glyphs) + "-" + files::hex_hash(files::content_hash(card.png)) +
               ".png";
    };
    std::error_code ec;
    const bool planted = fs::is_symlink(cache, ec);  // (a cloned repository's link is neither read nor written)
    for (const auto& entry : fs::directory_iterator(planted ? fs::path() : cache, ec)) {
        const std::string name = entry.path().filename().string();
        if (!name.starts_with(key) || !name.ends_with(".png")) continue;
        image::Card card;
        try {
            card.png = files::read_file(entry.path(), 1 << 20, files::Links::refuse);
        } catch (const std::exception&) {
            continue;
        }
        card.missing_glyphs = std::atoi(name.c_str() + key.size());
        if (!card.png.empty() && name == name_of(card)) return card;
    }
    image::Card card = image::render_card(text);
    if (card.png.empty() || planted || (fs::create_directories(cache, ec), ec)) return card;
    const std::string name = name_of(card);
    std::string error;
    files::write_file_atomically(cache / name, card.png, error);
    forget_others(cache, "card-", name);
    return card;
}

}  // namespace

void add_share_card(SiteInfo& site, const std::filesystem::path& cache, std::vector<core::Diagnostic>* warnings) {
    std::string address = site.paths.base_url;  // (as a reader would type it: no scheme, no last '/')
    if (const auto scheme = address.find("://"); scheme != std::string::npos) address.erase(0, scheme + 3);
    while (address.ends_with('/')) address.pop_back();
    image::Card card = cached_card({site.title, site.author, address, site.language}, cache);
    if (!card.error.empty() && warnings)
        warnings->push_back(
            core::warning_at({"card.png", 0, 0}, "the link-preview card cannot be drawn: " + card.error +
                                                     "; previews show no image until it can, or keep the show's "
                                                     "artwork (`podarchive fetch`), which previews show instead"));
    if (card.png.empty()) return;
    if (card.missing_glyphs > 0 && warnings)
        warnings->push_back(core::warning_at(
            {"language '" + site.language + "'", 0, 0},
            std::to_string(card.missing_glyphs) +
                " characters of the link-preview card (card.png: the title, author and address) show as boxes: no "
                "installed font has them; install the fonts of the title's script (Debian's fonts-noto-core, "
                "fonts-noto-cjk for Chinese, Japanese and Korean) and build again, or keep the show's artwork "
                "(`podarchive fetch`), which previews show instead"));
    const std::string version = files::hex_hash(files::content_hash(card.png)).substr(0, 8);
    site.artwork_url = site.paths.absolute("card.png") + "?v=" + version;
    site.artwork_width = image::k_card_width, site.artwork_height = image::k_card_height;
    site.card_png = std::move(card.png);
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

}  // namespace site
