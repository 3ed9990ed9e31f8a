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

namespace {

// Texts of `views` (of `bytes`, which they view) as KeptTexts; null when one is missing (none is
// written so: damaged).
std::shared_ptr<const site::KeptTexts> kept_texts(const TextViews& views,
                                                  std::shared_ptr<const files::binary::FileBytes> bytes) {
    std::vector<site::KeptTexts::Text> texts;
    texts.reserve(views.size());
    for (const auto& t : views) {
        if (!t) return nullptr;
        texts.push_back(*t);
    }
    return std::make_shared<const site::KeptTexts>(std::move(texts),
                                                   files::binary::let_go_while_held(std::move(bytes)));
}

}  // namespace

bool write_saved_texts(const std::filesystem::path& file, const std::string& all_but_notes,
                       const site::TextCache& texts, std::shared_ptr<const site::KeptTexts>* kept) {
    TextViews views;
    views.reserve(texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i) views.push_back(site::KeptTexts::Text::of(texts.at(i)));
    files::binary::Written written;
    if (!write_keyed(file, k_magic, kept ? &written : nullptr, all_but_notes, views)) return false;
    if (kept && written.bytes) {
        // (What was written, viewed where it was written: the file is not read again.)
        std::string key = all_but_notes;
        files::binary::share_written(written, key, views);
        *kept = kept_texts(views, std::move(written.bytes));
    }
    return true;
}

std::shared_ptr<const site::TextCache> read_saved_texts(const std::filesystem::path& file,
                                                        const std::string& all_but_notes) {
    // Views of the file, mapped as long as the texts are held: each text is made when first asked.
    auto bytes = std::make_shared<const files::binary::FileBytes>(file, k_max_kept_bytes);
    auto views = read_keyed<TextViews>(bytes->view(), k_magic, all_but_notes, nullptr, bytes.get());
    bytes->unload();
    auto kept = views ? kept_texts(*views, std::move(bytes)) : nullptr;
    return kept ? std::make_shared<const site::TextCache>(std::move(kept)) : nullptr;
}

}  // namespace on_disk
