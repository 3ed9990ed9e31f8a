#include "core/episode_key.hpp"

#include "text/strings.hpp"

namespace core {

std::string episode_key(std::string_view title, std::string_view day) {
    if (day.empty()) return "";
    const std::string key = text::ascii_lower(text::collapse_whitespace(title));
    return key.empty() ? "" : key + "\n" + std::string(day);
}

}  // namespace core
