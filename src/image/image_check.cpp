#include "image/image_check.hpp"

#include <jerror.h>
#include <jpeglib.h>
#include <png.h>
#include <webp/decode.h>

#include <algorithm>
#include <chrono>
#include <csetjmp>
#include <cstdio>
#include <vector>

namespace image {

namespace {

// Decoding is bounded besides the pixel count: a file of a few hundred KB can ask for thousands
// of progressive scans or of compressed text chunks, each decoded in full (seconds of work on
// every build). Artwork needs neither: real progressive JPEGs have about ten scans.
constexpr int k_max_jpeg_scans = 100;
constexpr auto k_max_decode_time = std::chrono::seconds(2);
constexpr const char* k_too_slow = "it takes more than 2 s to decode";

std::string size_error(long long width, long long height) {
    if (width <= 0 || height <= 0) return "it has no pixels";
    if (width > k_max_image_side || height > k_max_image_side || width * height > k_max_image_pixels)
        return "it is " + std::to_string(width) + " x " + std::to_string(height) + " pixels; the limit is " +
               std::to_string(k_max_image_side) + " on a side and " + std::to_string(k_max_image_pixels / 1'000'000) +
               " million pixels (show artwork is 1400-3000 px square)";
    return "";
}

// libpng reports errors by longjmp; a message is kept for the caller.
struct PngReader {
    std::string_view bytes;
    std::size_t at = 0;
    std::string error;
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::now() + k_max_decode_time;
};

void png_read_bytes(png_structp png, png_bytep out, png_size_t n) {
    auto* r = static_cast<PngReader*>(png_get_io_ptr(png));
    if (r->bytes.size() - r->at < n) png_error(png, "the file ends early");
    if (std::chrono::steady_clock::now() > r->deadline) png_error(png, k_too_slow);
    std::copy_n(r->bytes.data() + r->at, n, out);
    r->at += n;
}

void png_fail(png_structp png, png_const_charp message) {
    auto* r = static_cast<PngReader*>(png_get_error_ptr(png));
    r->error = message;
    png_longjmp(png, 1);
}

void png_ignore_warning(png_structp, png_const_charp) {}

std::string check_png(std::string_view bytes, ImageCheck& out, Pixels* keep) {
    // The size first, from the IHDR chunk every PNG starts with: libpng would read on to the
    // next chunk before saying it.
    if (bytes.size() >= 24 && bytes.substr(12, 4) == "IHDR") {
        auto be32 = [&](std::size_t at) {
            long long v = 0;
            for (std::size_t i = 0; i < 4; ++i) v = v * 256 + static_cast<unsigned char>(bytes[at + i]);
            return v;
        };
        if (std::string e = size_error(be32(16), be32(20)); !e.empty()) return e;
    }
    PngReader reader{bytes, 0, ""};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader, png_fail, png_ignore_warning);
    if (!png) return "cannot start libpng";
    png_infop info = png_create_info_struct(png);
    std::vector<png_byte> row;
    // (volatile: read after the longjmp)
    volatile bool size_refused = false;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, nullptr);
        return size_refused ? size_error(out.width, out.height) : "it is not a whole PNG image (" + reader.error + ")";
    }
    png_set_read_fn(png, &reader, png_read_bytes);
    png_set_chunk_malloc_max(png, 8u << 20);
    // Text and colour-profile chunks are skipped unread (their compressed data is never
    // inflated), and at most 64 other ancillary chunks are kept.
    static const png_byte k_skipped[] = "tEXt\0zTXt\0iTXt\0iCCP\0eXIf";
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, k_skipped, 5);
    png_set_chunk_cache_max(png, 64);
    png_read_info(png, info);
    out.width = static_cast<int>(png_get_image_width(png, info));
    out.height = static_cast<int>(png_get_image_height(png, info));
    if (!size_error(out.width, out.height).empty()) {
        size_refused = true;
        png_error(png, "too large");
    }
    if (keep) {  // 8-bit RGB or RGBA, whatever the file's depth, palette or grey
        png_set_expand(png);
        png_set_strip_16(png);
        png_set_gray_to_rgb(png);
    }
    // Every row is decoded (one row's memory when only checked), so a file cut short or with bad
    // data is refused. (Kept rows are read whole for each interlace pass: a pass fills in the last.)
    const int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    const std::size_t row_bytes = png_get_rowbytes(png, info);
    if (keep) {
        keep->width = out.width, keep->height = out.height;
        keep->channels = png_get_channels(png, info);
        keep->data.assign(row_bytes * static_cast<std::size_t>(out.height), 0);
    } else {
        row.resize(row_bytes);
    }
    for (int pass = 0; pass < passes; ++pass)
        for (int y = 0; y < out.height; ++y)
            png_read_row(png, keep ? keep->data.data() + row_bytes * static_cast<std::size_t>(y) : row.data(), nullptr);
    png_read_end(png, nullptr);
    png_destroy_read_struct(&png, &info, nullptr);
    return "";
}

struct JpegError {
    jpeg_error_mgr manager;
    std::jmp_buf jump;
    char message[JMSG_LENGTH_MAX] = "";
    bool cut_short = false;  // libjpeg warned that the data ended early (it fills the rest with gray)
};

// libjpeg asks this between its passes and scans: the place to stop a file that asks too much.
struct JpegProgress {
    jpeg_progress_mgr manager;
    JpegError* error = nullptr;
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::now() + k_max_decode_time;
};

void jpeg_progress(j_common_ptr info) {
    auto* p = reinterpret_cast<JpegProgress*>(info->progress);
    const char* why = nullptr;
    if (reinterpret_cast<j_decompress_ptr>(info)->input_scan_number > k_max_jpeg_scans)
        why = "it has more than 100 progressive scans";
    else if (std::chrono::steady_clock::now() > p->deadline)
        why = k_too_slow;
    if (!why) return;
    std::snprintf(p->error->message, sizeof p->error->message, "%s", why);
    std::longjmp(p->error->jump, 1);
}

void jpeg_fail(j_common_ptr info) {
    auto* e = reinterpret_cast<JpegError*>(info->err);
    info->err->format_message(info, e->message);
    std::longjmp(e->jump, 1);
}

// Warnings are not errors (many real files carry stray bytes between markers), except that the
// file ended before the image did.
void jpeg_warning(j_common_ptr info, int level) {
    if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) reinterpret_cast<JpegError*>(info->err)->cut_short = true;
}

std::string check_jpeg(std::string_view bytes, ImageCheck& out, Pixels* keep, int min_width) {
    jpeg_decompress_struct info{};
    JpegError error{};
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = jpeg_fail;
    error.manager.emit_message = jpeg_warning;
    std::vector<unsigned char> row;
    volatile bool size_refused = false;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        return size_refused ? size_error(out.width, out.height)
                            : "it is not a whole JPEG image (" + std::string(error.message) + ")";
    }
    jpeg_create_decompress(&info);
    JpegProgress progress{};
    progress.manager.progress_monitor = jpeg_progress;
    progress.error = &error;
    progress.deadline = std::chrono::steady_clock::now() + k_max_decode_time;
    info.progress = &progress.manager;
    jpeg_mem_src(&info, reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<unsigned long>(bytes.size()));
    jpeg_read_header(&info, TRUE);
    out.width = static_cast<int>(info.image_width);
    out.height = static_cast<int>(info.image_height);
    if (!size_error(out.width, out.height).empty()) {
        size_refused = true;
        std::longjmp(error.jump, 1);
    }
    // Every byte of the compressed data is still read and checked, but the pixels are made at an
    // eighth of the size (a build checks its copy each time, and a 3000 px image cost 60 ms
    // whole), or when kept at the smallest scale that is still `min_width` wide.
    info.scale_num = 1, info.scale_denom = 8;
    info.dct_method = JDCT_IFAST;
    if (keep) {
        while (info.scale_denom > 1 && static_cast<int>(info.image_width / info.scale_denom) < min_width)
            info.scale_denom /= 2;
        info.dct_method = JDCT_ISLOW;  // (the pixels are seen: the exact transform)
        info.out_color_space = JCS_RGB;
    }
    jpeg_start_decompress(&info);
    const std::size_t row_bytes =
        static_cast<std::size_t>(info.output_width) * static_cast<std::size_t>(info.output_components);
    if (keep) {
        keep->width = static_cast<int>(info.output_width), keep->height = static_cast<int>(info.output_height);
        keep->channels = info.output_components;
        keep->data.assign(row_bytes * info.output_height, 0);
    } else {
        row.resize(row_bytes);
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW rows[1] = {keep ? keep->data.data() + row_bytes * info.output_scanline : row.data()};
        jpeg_read_scanlines(&info, rows, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return error.cut_short ? "it is not a whole JPEG image (its data is damaged or cut short)" : "";
}

std::string check_webp(std::string_view bytes, ImageCheck& out, Pixels* keep) {
    const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
    if (!WebPGetInfo(data, bytes.size(), &out.width, &out.height)) return "it is not a whole WebP image";
    if (std::string e = size_error(out.width, out.height); !e.empty()) return e;
    WebPBitstreamFeatures features{};
    const bool alpha = WebPGetFeatures(data, bytes.size(), &features) == VP8_STATUS_OK && features.has_alpha;
    uint8_t* pixels = alpha ? WebPDecodeRGBA(data, bytes.size(), nullptr, nullptr)
                            : WebPDecodeRGB(data, bytes.size(), nullptr, nullptr);
    if (!pixels) return "it is not a whole WebP image (its data does not decode)";
    if (keep) {
        keep->width = out.width, keep->height = out.height, keep->channels = alpha ? 4 : 3;
        keep->data.assign(pixels, pixels + static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.height) *
                                               static_cast<std::size_t>(keep->channels));
    }
    WebPFree(pixels);
    return "";
}

}  // namespace

namespace {

ImageCheck decode(std::string_view bytes, Pixels* keep, int min_width) {
    ImageCheck out;
    const ImageType type = image_type(bytes);
    if (type.extension.empty())
        out.error = "it is not a JPEG, PNG or WebP image";
    else if (type.extension == "png")
        out.error = check_png(bytes, out, keep);
    else if (type.extension == "jpg")
        out.error = check_jpeg(bytes, out, keep, min_width);
    else
        out.error = check_webp(bytes, out, keep);
    if (out.error.empty()) out.type = type;
    return out;
}

}  // namespace

ImageCheck check_image(std::string_view bytes) {
    return decode(bytes, nullptr, 0);
}

std::optional<Pixels> decode_image(std::string_view bytes, int min_width) {
    Pixels pixels;
    if (!decode(bytes, &pixels, min_width).error.empty()) return std::nullopt;
    return pixels;
}

}  // namespace image
