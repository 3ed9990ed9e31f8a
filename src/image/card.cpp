#include "image/card.hpp"

#include <cairo.h>
#include <pango/pangocairo.h>
#include <png.h>

#include <csetjmp>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace image {

namespace {

constexpr double k_margin = 80;

struct Rgb {
    double r, g, b;
};
constexpr Rgb k_accent{0xb3 / 255.0, 0x36 / 255.0, 0x1b / 255.0};  // the default theme's --accent
constexpr Rgb k_white{1, 1, 1};

using Surface = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;
using Context = std::unique_ptr<cairo_t, decltype(&cairo_destroy)>;
using Layout = std::unique_ptr<PangoLayout, decltype(&g_object_unref)>;
using Font = std::unique_ptr<PangoFontDescription, decltype(&pango_font_description_free)>;

// A paragraph of `text` at `px` pixels, `lines` lines at most (cut with an ellipsis), the width
// of the card inside its margins; aligned to the start of the text's own direction.
Layout paragraph(cairo_t* cr, const std::string& text, const std::string& language, int px, bool bold, int lines) {
    Layout layout(pango_cairo_create_layout(cr), g_object_unref);
    Font font(pango_font_description_from_string("sans-serif"), pango_font_description_free);
    pango_font_description_set_absolute_size(font.get(), px * PANGO_SCALE);
    pango_font_description_set_weight(font.get(), bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_layout_set_font_description(layout.get(), font.get());
    PangoContext* context = pango_layout_get_context(layout.get());
    pango_context_set_language(context, pango_language_from_string(language.c_str()));
    pango_layout_context_changed(layout.get());
    pango_layout_set_width(layout.get(), static_cast<int>((k_card_width - 2 * k_margin) * PANGO_SCALE));
    pango_layout_set_wrap(layout.get(), PANGO_WRAP_WORD_CHAR);
    pango_layout_set_height(layout.get(), -lines);  // (negative: at most that many lines)
    pango_layout_set_ellipsize(layout.get(), PANGO_ELLIPSIZE_END);
    pango_layout_set_auto_dir(layout.get(), TRUE);  // (a Hebrew title starts at the right)
    pango_layout_set_text(layout.get(), text.data(), static_cast<int>(text.size()));
    return layout;
}

int height_of(PangoLayout* layout) {
    int w = 0, h = 0;
    pango_layout_get_pixel_size(layout, &w, &h);
    return h;
}

void draw(cairo_t* cr, PangoLayout* layout, double y, Rgb colour, double alpha) {
    cairo_set_source_rgba(cr, colour.r, colour.g, colour.b, alpha);
    cairo_move_to(cr, k_margin, y);
    pango_cairo_show_layout(cr, layout);
}

void append(png_structp png, png_bytep data, png_size_t length) {
    static_cast<std::string*>(png_get_io_ptr(png))->append(reinterpret_cast<const char*>(data), length);
}

void fail(png_structp png, png_const_charp) {
    png_longjmp(png, 1);
}

// The surface as an 8-bit RGB PNG. (Not cairo's own writer: it leaves libpng to try every row
// filter on every row: half of a card's time, and a card was a tenth of a first build of a
// small site. A card is flat colour and text, which deflate packs best unfiltered: 21 KB where
// cairo's file was 26.) Empty when libpng fails.
std::string png_of(cairo_surface_t* surface) {
    std::string png_bytes;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, fail, nullptr);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    if (!info) {
        png_destroy_write_struct(&png, nullptr);
        return png_bytes;
    }
    const int width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    const unsigned char* pixels = cairo_image_surface_get_data(surface);
    std::vector<png_byte> row(static_cast<std::size_t>(width) * 3);
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return {};
    }
    png_set_write_fn(png, &png_bytes, append, nullptr);
    png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_write_info(png, info);
    for (int y = 0; y < height; ++y) {
        // (CAIRO_FORMAT_RGB24: a 32-bit word a pixel, 0x00RRGGBB in the machine's byte order.)
        const unsigned char* from = pixels + static_cast<std::ptrdiff_t>(y) * stride;
        for (int x = 0; x < width; ++x) {
            std::uint32_t pixel;
            std::memcpy(&pixel, from + 4 * x, sizeof pixel);
            row[3 * x] = static_cast<png_byte>(pixel >> 16);
            row[3 * x + 1] = static_cast<png_byte>(pixel >> 8);
            row[3 * x + 2] = static_cast<png_byte>(pixel);
        }
        png_write_row(png, row.data());
    }
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    return png_bytes;
}

}  // namespace

Card render_card(const CardText& text) {
    Card card;
    Surface surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, k_card_width, k_card_height), cairo_surface_destroy);
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) return card;
    Context cr(cairo_create(surface.get()), cairo_destroy);
    cairo_set_source_rgb(cr.get(), k_accent.r, k_accent.g, k_accent.b);
    cairo_paint(cr.get());

    // The title's lines from the top; the by line under them; the address at the foot.
    Layout title = paragraph(cr.get(), text.title, text.language, 76, true, 3);
    Layout byline = paragraph(cr.get(), text.byline, text.language, 38, false, 1);
    Layout address = paragraph(cr.get(), text.address, text.language, 30, false, 1);
    double y = k_margin;
    draw(cr.get(), title.get(), y, k_white, 1.0);
    y += height_of(title.get()) + 24;
    if (!text.byline.empty()) draw(cr.get(), byline.get(), y, k_white, 0.85);
    draw(cr.get(), address.get(), k_card_height - k_margin - height_of(address.get()), k_white, 0.85);
    for (PangoLayout* l : {title.get(), byline.get(), address.get()})
        card.missing_glyphs += pango_layout_get_unknown_glyphs_count(l);

    cairo_surface_flush(surface.get());
    card.png = png_of(surface.get());
    return card;
}

}  // namespace image

#if defined(__SANITIZE_ADDRESS__)
// fontconfig, Pango, Cairo and GLib keep their caches and type tables for the life of the
// process and free them never: LeakSanitizer would report each build that drew a card. (Read by
// LeakSanitizer in the sanitized builds alone; our own allocations are not matched.)
extern "C" const char* __lsan_default_suppressions() {
    return "leak:libfontconfig.so\nleak:libpango-1.0.so\nleak:libpangocairo-1.0.so\nleak:libpangoft2-1.0.so\n"
           "leak:libcairo.so\nleak:libglib-2.0.so\nleak:libgobject-2.0.so\nleak:libharfbuzz.so\n";
}
#endif
