#include "on_disk/saved_texts.hpp"

#include <vector>

#include "files/binary_io.hpp"
#include "on_disk/saved_fields.hpp"
#include "output/output.hpp"

namespace on_disk {

namespace {

constexpr std::string_view k_magic = "podarchive episode texts 1\n";

}  // namespace

std::filesystem::path saved_texts_path(const std::filesystem::path& output_dir) {
    return output::beside(output_dir, ".texts");
}

bool write_saved_texts(const std::filesystem::path& file, const std::string& all_but_notes,
                       const site::TextCache& texts) {
    return files::binary::write_file(file, k_magic, [&](files::binary::Writer& w) {
        w(all_but_notes, texts.all().size());
        for (const auto& text : texts.all()) w(*text);
    });
}

std::shared_ptr<const site::TextCache> read_saved_texts(const std::filesystem::path& file,
                                                        const std::string& all_but_notes) {
    if (all_but_notes.empty()) return nullptr;
    const std::string bytes = files::binary::read_bytes(file, std::size_t{4} << 30);
    auto r = files::binary::Reader::open(bytes, k_magic);
    if (!r) return nullptr;
    std::string fingerprint;
    std::size_t count = 0;
    (*r)(fingerprint, count);
    if (!r->ok() || fingerprint != all_but_notes) return nullptr;
    std::vector<site::EpisodeText> texts;
    for (std::size_t i = 0; i < count && r->ok(); ++i) (*r)(texts.emplace_back());
    if (!r->whole()) return nullptr;
    return std::make_shared<const site::TextCache>(std::move(texts));
}

}  // namespace on_disk
