#include "on_disk/saved_texts.hpp"

#include <optional>
#include <vector>

#include "on_disk/saved_fields.hpp"
#include "output/output.hpp"

namespace on_disk {

namespace {

constexpr std::string_view k_magic = "podarchive episode texts 1\n";

// (Written as a vector of shared pointers was: each text's presence, then its fields.)
using TextViews = std::vector<std::optional<site::KeptTexts::Text>>;

}  // namespace

std::filesystem::path saved_texts_path(const std::filesystem::path& output_dir) {
    return output::beside(output_dir, ".texts");
}

bool write_saved_texts(const std::filesystem::path& file, const std::string& all_but_notes,
                       const site::TextCache& texts) {
    TextViews views;
    views.reserve(texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i) views.push_back(site::KeptTexts::Text::of(texts.at(i)));
    return write_keyed(file, k_magic, nullptr, all_but_notes, views);
}

std::shared_ptr<const site::TextCache> read_saved_texts(const std::filesystem::path& file,
                                                        const std::string& all_but_notes) {
    // Views of the file, mapped as long as the texts are held: each text is made when first asked.
    auto bytes = std::make_shared<const files::binary::FileBytes>(file, k_max_kept_bytes);
    auto views = read_keyed<TextViews>(bytes->view(), k_magic, all_but_notes);
    if (!views) return nullptr;
    std::vector<site::KeptTexts::Text> texts;
    texts.reserve(views->size());
    for (const auto& t : *views) {
        if (!t) return nullptr;  // (none was written so: damaged)
        texts.push_back(*t);
    }
    return std::make_shared<const site::TextCache>(
        std::make_shared<const site::KeptTexts>(std::move(texts), std::move(bytes)));
}

}  // namespace on_disk
