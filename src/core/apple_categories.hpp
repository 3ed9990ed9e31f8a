#pragma once
// Apple Podcasts' categories: the current list, the pre-2019 ones feeds still carry, and the
// forms site.yaml accepts ("Technology", "News > Tech News", "Tech News").
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/channel.hpp"

namespace core {

// Every current category and its subcategories (https://podcasters.apple.com/support/1691-apple-podcasts-categories).
const std::map<std::string, std::vector<std::string>>& apple_categories();

// True when `c` is a current category (with a subcategory of its own, or none).
bool is_current_category(const Category& c);

// A category as written (current or retired) -> the current one. For a retired category Apple
// moved in 2019 (`Technology > Podcasting`, `Games & Hobbies`), the one it became, with
// `retired` set; nothing when it is neither current nor retired.
std::optional<Category> current_category(const Category& written, bool& retired);

// "News > Tech News" as written: the category and the subcategory, trimmed (a third part is
// left in the subcategory, so that it names no category).
Category category_as_written(std::string_view text);

// A category as site.yaml writes it: "Technology", "News > Tech News", or a subcategory alone
// ("Tech News", whose parent is found). Nothing when it names no current category.
std::optional<Category> parse_category(std::string_view text);

// "News > Tech News" or "Technology".
std::string category_text(const Category& c);

}  // namespace core
