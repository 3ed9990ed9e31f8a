#include "i18n/table.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "core/diagnostic.hpp"
#include "html/html_sanitizer.hpp"
#include "text/unicode.hpp"
#include "text/yaml_message.hpp"

namespace i18n {

namespace {

bool is_category(std::string_view c) {
    return c == "zero" || c == "one" || c == "two" || c == "few" || c == "many" || c == "other";
}

[[noreturn]] void fail(const std::filesystem::path& origin, const YAML::Mark& mark, const std::string& message) {
    throw core::InputError(core::error_at({origin.string(), mark.line + 1, mark.column + 1}, message));
}

std::string text_of(const YAML::Node& node, const std::string& key, const std::filesystem::path& origin) {
    if (!node.IsScalar())
        fail(origin, node.Mark(), "'" + key + "' should be text, or its plural forms (one:, other: ...)");
    std::string text = node.Scalar();
    if (!text::is_valid_utf8(text))
        fail(origin, node.Mark(), "the text of '" + key + "' is not UTF-8: save the file as UTF-8");
    // (The theme's and the site's own words, as trusted as their templates: sanitized all the same.)
    if (key.ends_with("_html")) text = html::sanitize_html(text);
    return text;
}

}  // namespace

Table read_table(std::string_view yaml_text, const std::filesystem::path& origin) {
    YAML::Node root;
    try {
        root = YAML::Load(std::string(yaml_text));
    } catch (const YAML::Exception& e) {
        fail(origin, e.mark, text::yaml_message(e));
    }
    Table table;
    if (!root.IsDefined() || root.IsNull()) return table;
    if (!root.IsMap())
        fail(origin, root.Mark(), "a table of words should be a mapping of keys to text (`nav.archive: Archive`)");
    for (const auto& kv : root) {
        const std::string key = kv.first.Scalar();
        const bool plain =
            std::all_of(key.begin(), key.end(), [](char c) { return c > ' ' && c < 0x7F && c != '{' && c != '}'; });
        if (key.empty() || !plain || key.front() == '.' || key.back() == '.' || key.find("..") != std::string::npos)
            fail(origin, kv.first.Mark(),
                 "'" + text::sanitize_utf8(key) +
                     "' is not a key: use words joined by dots, such as `episode.show_notes`");
        Message m;
        m.line = kv.first.Mark().line + 1;
        if (kv.second.IsMap()) {
            m.plural = true;
            for (const auto& form : kv.second) {
                const std::string category = form.first.Scalar();
                if (!is_category(category))
                    fail(origin, form.first.Mark(),
                         "'" + category + "' is not a plural category: use zero, one, two, few, many or other");
                m.forms[category] = text_of(form.second, key, origin);
            }
            if (!m.forms.contains("other"))
                fail(origin, kv.first.Mark(),
                     "'" + key + "' has plural forms but no `other:`, the form every language has");
        } else {
            m.forms["other"] = text_of(kv.second, key, origin);
        }
        table[key] = std::move(m);
    }
    // A key may not be a group of others as well: templates reach "t.episode.show_notes" through "t.episode".
    for (auto it = table.begin(); it != table.end(); ++it) {
        auto next = std::next(it);
        if (next != table.end() && next->first.starts_with(it->first + "."))
            throw core::InputError(core::error_at(
                {origin.string(), it->second.line, 0},
                "'" + it->first + "' is a text and also the group of '" + next->first + "': rename one"));
    }
    return table;
}

}  // namespace i18n
