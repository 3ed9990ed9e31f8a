#include "image/encode.hpp"

#include <jpeglib.h>
#include <webp/encode.h>

#include <cstdio>
#include <cstdlib>

namespace image {

std::string encode_jpeg(const Pixels& pixels, int quality) {
    jpeg_compress_struct info{};
    jpeg_error_mgr error{};
    info.err = jpeg_std_error(&error);  // (an encoder given pixels it made itself has no error to meet)
    jpeg_create_compress(&info);
    unsigned char* buffer = nullptr;
    unsigned long size = 0;
    jpeg_mem_dest(&info, &buffer, &size);
    info.image_width = static_cast<JDIMENSION>(pixels.width);
    info.image_height = static_cast<JDIMENSION>(pixels.height);
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    info.optimize_coding = TRUE;  // (smaller, and still the same bytes each time)
    jpeg_start_compress(&info, TRUE);
    std::vector<unsigned char> row(static_cast<std::size_t>(pixels.width) * 3);
    const int c = pixels.channels;
    while (info.next_scanline < info.image_height) {
        const std::uint8_t* in = pixels.data.data() + static_cast<std::size_t>(info.next_scanline) * pixels.width * c;
        for (int x = 0; x < pixels.width; ++x) {
            const std::uint8_t* p = in + static_cast<std::size_t>(x) * c;
            const int a = c == 4 ? p[3] : 255;
            for (int ch = 0; ch < 3; ++ch)
                row[static_cast<std::size_t>(x) * 3 + ch] =
                    static_cast<unsigned char>((p[ch] * a + 255 * (255 - a) + 127) / 255);
        }
        JSAMPROW rows[1] = {row.data()};
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    std::string out(reinterpret_cast<const char*>(buffer), size);
    std::free(buffer);
    return out;
}

std::string encode_webp(const Pixels& pixels, float quality) {
    std::uint8_t* output = nullptr;
    const int stride = pixels.width * pixels.channels;
    const std::size_t size =
        pixels.channels == 4 ? WebPEncodeRGBA(pixels.data.data(), pixels.width, pixels.height, stride, quality, &output)
                             : WebPEncodeRGB(pixels.data.data(), pixels.width, pixels.height, stride, quality, &output);
    std::string out = size ? std::string(reinterpret_cast<const char*>(output), size) : std::string();
    WebPFree(output);
    return out;
}

}  // namespace image
