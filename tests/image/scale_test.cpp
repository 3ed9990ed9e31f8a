#include "image/scale.hpp"

#include <doctest/doctest.h>

#include <filesystem>

#include "image/encode.hpp"
#include "image/image_check.hpp"
#include "site/artwork.hpp"
#include "support.hpp"

namespace {

image::Pixels solid(int width, int height, int channels, std::initializer_list<std::uint8_t> value) {
    image::Pixels p{width, height, channels, {}};
    for (int i = 0; i < width * height; ++i) p.data.insert(p.data.end(), value.begin(), value.end());
    return p;
}

const std::uint8_t* at(const image::Pixels& p, int x, int y) {
    return p.data.data() + (static_cast<std::size_t>(y) * p.width + x) * p.channels;
}

}  // namespace

TEST_CASE("decode_image gives the pixels of JPEG, PNG and WebP, a JPEG no smaller than asked") {
    const auto png = image::decode_image(test::png_image(30, 20), 0);
    REQUIRE(png);
    CHECK(png->width == 30);
    CHECK(png->height == 20);
    CHECK(png->channels == 3);
    // test::png_image's gradient: red is x, green is y, blue 90.
    CHECK(int(at(*png, 7, 5)[0]) == 7);
    CHECK(int(at(*png, 7, 5)[1]) == 5);
    CHECK(int(at(*png, 7, 5)[2]) == 90);

    const std::string jpeg = test::jpeg_image(800, 400);
    const auto whole = image::decode_image(jpeg, 800);
    REQUIRE(whole);
    CHECK(whole->width == 800);
    const auto quarter = image::decode_image(jpeg, 150);  // an eighth (100) would be too narrow
    REQUIRE(quarter);
    CHECK(quarter->width == 200);
    CHECK(quarter->height == 100);
    CHECK(quarter->channels == 3);

    const std::string webp = image::encode_webp(solid(40, 30, 4, {10, 200, 30, 255}), 90);
    const auto back = image::decode_image(webp, 0);
    REQUIRE(back);
    CHECK(back->width == 40);
    CHECK(back->height == 30);

    // What check_image refuses is never decoded.
    CHECK_FALSE(image::decode_image(test::jpeg_image(40, 40).substr(0, 300), 0));
    CHECK_FALSE(image::decode_image(test::png_header(10000, 10000), 0));
    CHECK_FALSE(image::decode_image("<html>", 0));
}

TEST_CASE("scaled averages the area each new pixel covers; transparent colour does not bleed") {
    // Alternate black and white columns: every pixel of a half-width copy is mid grey (skipping
    // pixels would give all black or all white).
    image::Pixels stripes{8, 2, 3, {}};
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 8; ++x)
            for (int c = 0; c < 3; ++c) stripes.data.push_back(x % 2 ? 255 : 0);
    const image::Pixels half = image::scaled(stripes, 4, 1);
    CHECK(half.width == 4);
    CHECK(half.height == 1);
    for (int x = 0; x < 4; ++x) CHECK(int(at(half, x, 0)[0]) == 128);
    // A fractional step (3 from 8): each pixel covers 2 2/3 columns, and the sums stay grey.
    const image::Pixels third = image::scaled(stripes, 3, 1);
    CHECK(int(at(third, 1, 0)[0]) == 128);
    CHECK(int(at(third, 0, 0)[0]) == 96);  // columns 0 (black), 1 (white), 2/3 of 2 (black): 1/(8/3)

    // Red opaque beside a fully transparent pixel whose colour is green: the average stays red.
    image::Pixels pair{2, 1, 4, {255, 0, 0, 255, 0, 255, 0, 0}};
    const image::Pixels one = image::scaled(pair, 1, 1);
    CHECK(int(at(one, 0, 0)[0]) == 255);
    CHECK(int(at(one, 0, 0)[1]) == 0);
    CHECK(int(at(one, 0, 0)[3]) == 128);

    // Nothing is enlarged, and proportions are kept.
    CHECK(image::scaled(stripes, 100, 100).width == 8);
    CHECK(image::height_at(solid(3000, 2000, 3, {0, 0, 0}), 400) == 267);
}

TEST_CASE("encode_jpeg and encode_webp write images check_image accepts, the same bytes each time") {
    const image::Pixels pixels = solid(50, 40, 4, {0, 0, 0, 0});  // transparent: white in a JPEG
    const std::string jpeg = image::encode_jpeg(pixels, 85);
    const image::ImageCheck j = image::check_image(jpeg);
    CHECK(j.error == "");
    CHECK(j.type.extension == "jpg");
    CHECK(j.width == 50);
    CHECK(j.height == 40);
    const auto white = image::decode_image(jpeg, 50);
    REQUIRE(white);
    CHECK(white->width == 50);
    CHECK(int(at(*white, 10, 10)[0]) >= 250);
    CHECK(image::encode_jpeg(pixels, 85) == jpeg);
    const std::string webp = image::encode_webp(pixels, 80);
    const image::ImageCheck w = image::check_image(webp);
    CHECK(w.error == "");
    CHECK(w.type.extension == "webp");
    CHECK(w.width == 50);
    CHECK(image::encode_webp(pixels, 80) == webp);
}

TEST_CASE("artwork_sizes: the widths pages show, none wider than the artwork; the preview as JPEG") {
    const std::string large = test::jpeg_image(2000, 1500);
    const std::vector<site::ArtworkSize> sizes = site::artwork_sizes(large, 2000);
    REQUIRE(sizes.size() == 4);
    const int widths[] = {64, 160, 400, 1400};
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        CAPTURE(widths[i]);
        CHECK(sizes[i].width == widths[i]);
        CHECK(sizes[i].height == widths[i] * 3 / 4);
        const image::ImageCheck jpeg = image::check_image(sizes[i].jpeg);
        CHECK(jpeg.type.extension == "jpg");
        CHECK(jpeg.width == widths[i]);
        CHECK(jpeg.height == sizes[i].height);
        if (widths[i] == 1400) {
            CHECK(sizes[i].webp.empty());
        } else {
            CHECK(image::check_image(sizes[i].webp).width == widths[i]);
            CHECK(sizes[i].webp.size() < sizes[i].jpeg.size() * 2);
        }
    }
    CHECK(sizes[0].file_name("webp") == "artwork-64.webp");
    CHECK(site::artwork_sizes(large, 2000)[2].webp == sizes[2].webp);  // deterministic

    // A 300 px image gets only the copies narrower than itself, and no preview.
    const std::vector<site::ArtworkSize> small = site::artwork_sizes(test::png_image(300, 300), 300);
    REQUIRE(small.size() == 2);
    CHECK(small[0].width == 64);
    CHECK(small[1].width == 160);
    CHECK(site::artwork_sizes(test::png_image(48, 48), 48).empty());
    CHECK(site::artwork_sizes("not an image", 500).empty());
}

TEST_CASE("cached_artwork_sizes: made once, read back after; a damaged copy or a planted link is not used") {
    namespace fs = std::filesystem;
    const test::TempDir dir;
    const fs::path cache = dir.path() / ".public.cache";
    const std::string art = test::jpeg_image(1000, 1000);
    const std::vector<site::ArtworkSize> made = site::cached_artwork_sizes(art, 1000, "v1", cache);
    REQUIRE(made.size() == 3);
    const fs::path folder = cache / "artwork-v1-1";
    CHECK(fs::is_regular_file(folder / "artwork-400.webp"));
    CHECK(test::read(folder / "artwork-160.jpg") == made[1].jpeg);

    // Read back: a copy in the folder is what the next build gets (here one put there by hand).
    const std::string other = test::jpeg_image(64, 64);
    test::write(folder / "artwork-64.jpg", other);
    CHECK(site::cached_artwork_sizes(art, 1000, "v1", cache)[0].jpeg == other);
    // Cut short, or not the width it names: made again.
    test::write(folder / "artwork-64.jpg", other.substr(0, 200));
    CHECK(site::cached_artwork_sizes(art, 1000, "v1", cache)[0].jpeg == made[0].jpeg);
    test::write(folder / "artwork-160.webp",
                image::encode_webp(image::Pixels{100, 100, 3, std::vector<std::uint8_t>(30000)}, 80));
    CHECK(site::cached_artwork_sizes(art, 1000, "v1", cache)[1].webp == made[1].webp);

    // A new artwork: its copies replace the former's.
    site::cached_artwork_sizes(test::png_image(500, 500), 500, "v2", cache);
    CHECK(fs::exists(cache / "artwork-v2-1/artwork-400.jpg"));
    CHECK_FALSE(fs::exists(folder));

    // A folder that is a link elsewhere is never read from nor written into.
    const fs::path elsewhere = dir.path() / "elsewhere";
    fs::create_directories(elsewhere);
    test::write(elsewhere / "artwork-64.jpg", other);
    fs::create_directory_symlink(elsewhere, cache / "artwork-v3-1");
    const auto linked = site::cached_artwork_sizes(art, 1000, "v3", cache);
    CHECK(linked[0].jpeg == made[0].jpeg);
    CHECK(test::read(elsewhere / "artwork-64.jpg") == other);
    CHECK_FALSE(fs::exists(elsewhere / "artwork-160.jpg"));
}
