#pragma once
// One file of the interface's words (i18n/<language>.yaml): each key's text, or its plural
// forms by CLDR category.
#include <filesystem>
#include <map>
#include <string>
#include <string_view>

namespace i18n {

// A key's words: "other" alone for plain text; a count's forms by CLDR plural category
// ("zero", "one", "two", "few", "many", "other").
struct Message {
    std::map<std::string, std::string, std::less<>> forms;
    int line = 0;         // where its table says it (1-based)
    bool plural = false;  // given as forms by category (a count), not as one text
};

using Table = std::map<std::string, Message, std::less<>>;

// The table in `yaml_text` (`origin` names it in errors). A key is "group.name" or "name";
// a value is text, or a mapping of plural categories to text ("other" required). A key whose
// name ends in "_html" may hold inline HTML, sanitized here. Throws core::InputError, located,
// for anything else (a list, an unknown category, a key that is both a text and a group).
Table read_table(std::string_view yaml_text, const std::filesystem::path& origin);

}  // namespace i18n
