#include "support.hpp"

#include <doctest/doctest.h>
#include <jpeglib.h>
#include <png.h>
#include <sys/wait.h>
#include <zlib.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>

#include "config/site_config.hpp"
#include "files/files.hpp"
#include "notes/apply_notes.hpp"
#include "notes/load_notes.hpp"
#include "on_disk/folder_build.hpp"
#include "output/output.hpp"
#include "pipeline/build_site.hpp"

namespace test {

namespace fs = std::filesystem;

fs::path source_dir() {
    return PODARCHIVE_SOURCE_DIR;
}
fs::path fixture(const std::string& relative) {
    return source_dir() / "tests" / "fixtures" / relative;
}

std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void write(const fs::path& path, const std::string& content) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << content;
}

TempDir::TempDir() {
    std::random_device rd;
    m_path = fs::temp_directory_path() / ("podarchive-test-" + std::to_string(rd()) + std::to_string(rd()));
    fs::create_directories(m_path);
}

TempDir::~TempDir() {
    std::error_code ec;
    fs::remove_all(m_path, ec);
}

void copy_site(const std::string& name, const fs::path& dir) {
    fs::copy(fixture(name), dir, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    fs::copy(source_dir() / "themes", dir / "themes",
             fs::copy_options::recursive | fs::copy_options::overwrite_existing);
}

void FixtureSite::edit_feed(const std::string& from, const std::string& to) const {
    write(feed(), replace_first(read(feed()), from, to));
}

std::string FixtureSite::build(output::MemoryOutput& out, std::string* warnings) const {
    return input_errors([&] {
        auto report = pipeline::build_site(config::load_config(dir.path() / "site.yaml"), out);
        if (warnings) *warnings += warnings_of(report);
    });
}

void build_on_disk(const fs::path& site_dir) {
    auto config = config::load_config(site_dir / "site.yaml");
    output::DiskOutput out(config.output_dir());
    pipeline::build_site(config, out);
    out.commit();
}

on_disk::FolderBuild build_into(const fs::path& dir, const fs::path& output) {
    auto config = config::load_config(dir / "site.yaml");
    config.output = output;
    return on_disk::build_folder(config);
}

Tree tree(const fs::path& dir) {
    Tree files;
    for (const auto& file : files::files_under(dir)) files[file.lexically_relative(dir).generic_string()] = read(file);
    return files;
}

Tree tree(const output::MemoryOutput& site) {
    Tree files;
    for (const auto& [path, content] : site.files()) files[path] = *content;
    return files;
}

std::string differences(const Tree& a, const Tree& b) {
    std::string out;
    for (const auto& [path, content] : a)
        if (!b.contains(path) || b.at(path) != content) out += path + " ";
    for (const auto& [path, content] : b)
        if (!a.contains(path)) out += "+" + path + " ";
    return out;
}

std::string warnings_of(const pipeline::BuildReport& report) {
    std::string all;
    for (const auto& w : report.warnings) all += core::format(w) + "\n";
    return all;
}

const std::string& file_in(const output::MemoryOutput& out, const std::string& path) {
    const std::string* content = out.find(path);
    REQUIRE_MESSAGE(content, "missing " << path);
    return *content;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

int count_of(const std::string& text, const std::string& part) {
    int n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

std::string rfc822_date(std::time_t t) {
    char date[64];
    std::tm tm{};
    gmtime_r(&t, &tm);
    std::strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S +0000", &tm);
    return date;
}

std::string input_errors(const std::function<void()>& fn) {
    try {
        fn();
    } catch (const core::InputError& e) {
        std::string all;
        for (const auto& d : e.diagnostics()) all += core::format(d) + "\n";
        return all;
    }
    return "";
}

const char* const k_hop_note = R"(---
episode: higher-order-operators
summary: How HOPs carry subgraphs.
topics: [Compiler]
---
First version of the note.
)";

notes::Curation apply_note_texts(core::Catalog& catalog, const std::vector<std::string>& texts) {
    notes::NoteSet set;
    for (std::size_t i = 0; i < texts.size(); ++i)
        set.episodes.push_back(std::make_shared<const notes::EpisodeNote>(
            notes::parse_episode_note(texts[i], "content/episodes/n" + std::to_string(i) + ".md", set.diagnostics)));
    return notes::apply_notes(catalog, set, [](const std::string& slug) { return "/base/episodes/" + slug + "/"; });
}

std::string replace_first(std::string text, const std::string& from, const std::string& to) {
    auto pos = text.find(from);
    if (pos != std::string::npos) text.replace(pos, from.size(), to);
    return text;
}

int run_podarchive(const std::string& args, const fs::path& cwd, std::string& out) {
    return run_shell("cd " + shell_quoted(cwd.string()) + " && " + shell_quoted(PODARCHIVE_BINARY) + " " + args, out);
}

std::vector<std::string> guids_in(const std::string& feed_xml) {
    std::vector<std::string> out;
    for (auto at = feed_xml.find("<guid"); at != std::string::npos; at = feed_xml.find("<guid", at + 1)) {
        auto open = feed_xml.find('>', at) + 1;
        out.push_back(feed_xml.substr(open, feed_xml.find('<', open) - open));
    }
    return out;
}

std::string shell_quoted(const std::string& text) {
    std::string quoted = "'";
    for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

int run_shell(const std::string& command_line, std::string& out) {
    const std::string command = "{ " + command_line + "\n} 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) return -1;
    std::array<char, 4096> buffer;
    out.clear();
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
    int status = ::pclose(pipe);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

namespace {
std::vector<unsigned char> gradient_row(int width, int y) {
    std::vector<unsigned char> row(static_cast<std::size_t>(width) * 3);
    for (int x = 0; x < width; ++x)
        row[x * 3] = static_cast<unsigned char>(x), row[x * 3 + 1] = static_cast<unsigned char>(y), row[x * 3 + 2] = 90;
    return row;
}
}  // namespace

std::string png_image(int width, int height) {
    ::png_image image{};
    image.version = PNG_IMAGE_VERSION;
    image.width = static_cast<png_uint_32>(width);
    image.height = static_cast<png_uint_32>(height);
    image.format = PNG_FORMAT_RGB;
    std::vector<unsigned char> pixels;
    for (int y = 0; y < height; ++y) {
        auto row = gradient_row(width, y);
        pixels.insert(pixels.end(), row.begin(), row.end());
    }
    png_alloc_size_t size = 0;
    REQUIRE(png_image_write_to_memory(&image, nullptr, &size, 0, pixels.data(), 0, nullptr));
    std::string bytes(size, '\0');
    REQUIRE(png_image_write_to_memory(&image, bytes.data(), &size, 0, pixels.data(), 0, nullptr));
    bytes.resize(size);
    return bytes;
}

std::string png_header(int width, int height) {
    auto be32 = [](std::uint32_t v) {
        return std::string{static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8),
                           static_cast<char>(v)};
    };
    const std::string chunk = "IHDR" + be32(static_cast<std::uint32_t>(width)) +
                              be32(static_cast<std::uint32_t>(height)) + std::string("\x08\x02\0\0\0", 5);
    const auto crc = crc32(0, reinterpret_cast<const Bytef*>(chunk.data()), static_cast<uInt>(chunk.size()));
    return std::string("\x89PNG\r\n\x1A\n", 8) + be32(13) + chunk + be32(static_cast<std::uint32_t>(crc));
}

std::string png_with_text_chunks(const std::string& png, int count, std::size_t inflated_bytes) {
    auto be32 = [](std::uint32_t v) {
        return std::string{static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8),
                           static_cast<char>(v)};
    };
    const std::string zeros(inflated_bytes, '\0');
    uLongf size = compressBound(static_cast<uLong>(zeros.size()));
    std::string deflated(size, '\0');
    REQUIRE(compress(reinterpret_cast<Bytef*>(deflated.data()), &size, reinterpret_cast<const Bytef*>(zeros.data()),
                     static_cast<uLong>(zeros.size())) == Z_OK);
    deflated.resize(size);
    const std::string chunk = "zTXt" + std::string("Comment\0\0", 9) + deflated;
    const auto crc = crc32(0, reinterpret_cast<const Bytef*>(chunk.data()), static_cast<uInt>(chunk.size()));
    const std::string whole =
        be32(static_cast<std::uint32_t>(chunk.size() - 4)) + chunk + be32(static_cast<std::uint32_t>(crc));
    std::string out = png.substr(0, 33);  // the signature and IHDR
    for (int i = 0; i < count; ++i) out += whole;
    return out + png.substr(33);
}

std::string jpeg_image(int width, int height, int progressive) {
    jpeg_compress_struct info{};
    jpeg_error_mgr error{};
    info.err = jpeg_std_error(&error);
    jpeg_create_compress(&info);
    unsigned char* buffer = nullptr;
    unsigned long size = 0;
    jpeg_mem_dest(&info, &buffer, &size);
    info.image_width = static_cast<JDIMENSION>(width);
    info.image_height = static_cast<JDIMENSION>(height);
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    std::vector<jpeg_scan_info> scans;
    if (progressive == 1) jpeg_simple_progression(&info);
    if (progressive == 2) {
        scans.push_back({3, {0, 1, 2, 0}, 0, 0, 0, 0});  // the DC coefficients of all three
        for (int component = 0; component < 3; ++component)
            for (int k = 1; k < 64; ++k) scans.push_back({1, {component, 0, 0, 0}, k, k, 0, 0});
        info.scan_info = scans.data();
        info.num_scans = static_cast<int>(scans.size());
    }
    jpeg_start_compress(&info, TRUE);
    for (int y = 0; y < height; ++y) {
        auto row = gradient_row(width, y);
        JSAMPROW rows[1] = {row.data()};
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    std::string bytes(reinterpret_cast<char*>(buffer), size);
    jpeg_destroy_compress(&info);
    std::free(buffer);
    return bytes;
}

}  // namespace test
