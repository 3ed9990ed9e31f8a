#include "image/card.hpp"

#include <cairo.h>
#include <pango/pangocairo.h>
#include <png.h>

#include <csetjmp>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "files/shared_library.hpp"

namespace image {

namespace {

// The functions of Cairo, Pango and GLib a card is drawn with.
// clang-format off
#define PODARCHIVE_CARD_FUNCTIONS(X) \
    X(cairo_create) \
    X(cairo_destroy) \
    X(cairo_image_surface_create) \
    X(cairo_image_surface_get_data) \
    X(cairo_image_surface_get_height) \
    X(cairo_image_surface_get_stride) \
    X(cairo_image_surface_get_width) \
    X(cairo_move_to) \
    X(cairo_paint) \
    X(cairo_set_source_rgb) \
    X(cairo_set_source_rgba) \
    X(cairo_surface_destroy) \
    X(cairo_surface_flush) \
    X(cairo_surface_status) \
    X(g_object_unref) \
    X(pango_cairo_create_layout) \
    X(pango_cairo_show_layout) \
    X(pango_context_set_language) \
    X(pango_font_description_free) \
    X(pango_font_description_from_string) \
    X(pango_font_description_set_absolute_size) \
    X(pango_font_description_set_weight) \
    X(pango_language_from_string) \
    X(pango_layout_context_changed) \
    X(pango_layout_get_context) \
    X(pango_layout_get_pixel_size) \
    X(pango_layout_get_unknown_glyphs_count) \
    X(pango_layout_set_auto_dir) \
    X(pango_layout_set_ellipsize) \
    X(pango_layout_set_font_description) \
    X(pango_layout_set_height) \
    X(pango_layout_set_text) \
    X(pango_layout_set_width) \
    X(pango_layout_set_wrap)
// clang-format on

// Pango and Cairo, opened the first time a card is drawn rather than linked
// (files/shared_library.hpp): with them came two dozen libraries (GLib, HarfBuzz, FreeType,
// fontconfig, pixman, ...) that a build which keeps its card (every build after the first:
// site/artwork.cpp) held resident for nothing, 2.6 MB. pangocairo needs the rest: their
// functions are found through it.
struct Drawing {
    PODARCHIVE_LIBRARY_FUNCTIONS(PODARCHIVE_CARD_FUNCTIONS)
    std::string error;  // why no card can be drawn ("" when one can)
};

const Drawing& drawing() {
    static const Drawing lib = files::open_functions<Drawing>(
        "libpangocairo-1.0.so.0", "to draw the link-preview card (apt-get install libpangocairo-1.0-0)");
    return lib;
}

constexpr double k_margin = 80;

struct Rgb {
    double r, g, b;
};
constexpr Rgb k_accent{0xb3 / 255.0, 0x36 / 255.0, 0x1b / 255.0};  // the default theme's --accent
constexpr Rgb k_white{1, 1, 1};

using Surface = std::unique_ptr<cairo_surface_t, decltype(&::cairo_surface_destroy)>;
using Context = std::unique_ptr<cairo_t, decltype(&::cairo_destroy)>;
using Layout = std::unique_ptr<PangoLayout, decltype(&::g_object_unref)>;
using Font = std::unique_ptr<PangoFontDescription, decltype(&::pango_font_description_free)>;

// A paragraph of `text` at `px` pixels, `lines` lines at most (cut with an ellipsis), the width
// of the card inside its margins; aligned to the start of the text's own direction.
Layout paragraph(const Drawing& d, cairo_t* cr, const std::string& text, const std::string& language, int px, bool bold,
                 int lines) {
    Layout layout(d.pango_cairo_create_layout(cr), d.g_object_unref);
    Font font(d.pango_font_description_from_string("sans-serif"), d.pango_font_description_free);
    d.pango_font_description_set_absolute_size(font.get(), px * PANGO_SCALE);
    d.pango_font_description_set_weight(font.get(), bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    d.pango_layout_set_font_description(layout.get(), font.get());
    PangoContext* context = d.pango_layout_get_context(layout.get());
    d.pango_context_set_language(context, d.pango_language_from_string(language.c_str()));
    d.pango_layout_context_changed(layout.get());
    d.pango_layout_set_width(layout.get(), static_cast<int>((k_card_width - 2 * k_margin) * PANGO_SCALE));
    d.pango_layout_set_wrap(layout.get(), PANGO_WRAP_WORD_CHAR);
    d.pango_layout_set_height(layout.get(), -lines);  // (negative: at most that many lines)
    d.pango_layout_set_ellipsize(layout.get(), PANGO_ELLIPSIZE_END);
    d.pango_layout_set_auto_dir(layout.get(), TRUE);  // (a Hebrew title starts at the right)
    d.pango_layout_set_text(layout.get(), text.data(), static_cast<int>(text.size()));
    return layout;
}

int height_of(const Drawing& d, PangoLayout* layout) {
    int w = 0, h = 0;
    d.pango_layout_get_pixel_size(layout, &w, &h);
    return h;
}

void draw(const Drawing& d, cairo_t* cr, PangoLayout* layout, double y, Rgb colour, double alpha) {
    d.cairo_set_source_rgba(cr, colour.r, colour.g, colour.b, alpha);
    d.cairo_move_to(cr, k_margin, y);
    d.pango_cairo_show_layout(cr, layout);
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
std::string png_of(const Drawing& d, cairo_surface_t* surface) {
    std::string png_bytes;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, fail, nullptr);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    if (!info) {
        png_destroy_write_struct(&png, nullptr);
        return png_bytes;
    }
    const int width = d.cairo_image_surface_get_width(surface), height = d.cairo_image_surface_get_height(surface);
    const int stride = d.cairo_image_surface_get_stride(surface);
    const unsigned char* pixels = d.cairo_image_surface_get_data(surface);
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
    const Drawing& d = drawing();
    if (!d.error.empty()) {
        card.error = d.error;
        return card;
    }
    Surface surface(d.cairo_image_surface_create(CAIRO_FORMAT_RGB24, k_card_width, k_card_height),
                    d.cairo_surface_destroy);
    if (d.cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) return card;
    Context cr(d.cairo_create(surface.get()), d.cairo_destroy);
    d.cairo_set_source_rgb(cr.get(), k_accent.r, k_accent.g, k_accent.b);
    d.cairo_paint(cr.get());

    // The title's lines from the top; the by line under them; the address at the foot.
    Layout title = paragraph(d, cr.get(), text.title, text.language, 76, true, 3);
    Layout byline = paragraph(d, cr.get(), text.byline, text.language, 38, false, 1);
    Layout address = paragraph(d, cr.get(), text.address, text.language, 30, false, 1);
    double y = k_margin;
    draw(d, cr.get(), title.get(), y, k_white, 1.0);
    y += height_of(d, title.get()) + 24;
    if (!text.byline.empty()) draw(d, cr.get(), byline.get(), y, k_white, 0.85);
    draw(d, cr.get(), address.get(), k_card_height - k_margin - height_of(d, address.get()), k_white, 0.85);
    for (PangoLayout* l : {title.get(), byline.get(), address.get()})
        card.missing_glyphs += d.pango_layout_get_unknown_glyphs_count(l);

    d.cairo_surface_flush(surface.get());
    card.png = png_of(d, surface.get());
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
