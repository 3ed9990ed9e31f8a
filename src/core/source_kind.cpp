#include "core/source_kind.hpp"

#include <array>
#include <utility>

namespace core {

namespace {

constexpr std::array<std::pair<SourceKind, std::string_view>, 8> k_names = {{
    {SourceKind::rss, "rss"},
    {SourceKind::atom, "atom"},
    {SourceKind::records, "records"},
    {SourceKind::podbean, "podbean"},
    {SourceKind::pod_casts_io, "pod_casts_io"},
    {SourceKind::player_fm, "player_fm"},
    {SourceKind::apple_page, "apple_page"},
    {SourceKind::itunes_lookup, "itunes_lookup"},
}};

}  // namespace

std::string_view kind_name(SourceKind kind) {
    for (const auto& [k, name] : k_names)
        if (k == kind) return name;
    return "";
}

std::optional<SourceKind> kind_named(std::string_view name) {
    for (const auto& [k, n] : k_names)
        if (n == name) return k;
    return std::nullopt;
}

const std::vector<std::string>& kind_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const auto& entry : k_names) out.emplace_back(entry.second);
        return out;
    }();
    return names;
}

}  // namespace core
