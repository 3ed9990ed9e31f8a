#include "on_disk/saved_texts.hpp"

#include <algorithm>
#include <vector>

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
    return write_keyed(file, k_magic, all_but_notes, texts.all());
}

std::shared_ptr<const site::TextCache> read_saved_texts(const std::filesystem::path& file,
                                                        const std::string& all_but_notes) {
    auto texts = read_keyed<std::vector<std::shared_ptr<const site::EpisodeText>>>(file, k_magic, all_but_notes);
    if (!texts || std::any_of(texts->begin(), texts->end(), [](const auto& t) { return !t; })) return nullptr;
    return std::make_shared<const site::TextCache>(std::move(*texts));
}

}  // namespace on_disk
