#pragma once
// The interface's words in the show's language: the built-in theme's tables (themes/default/
// i18n/), a theme's and the site's own (i18n/<language>.yaml) over them, English where a word
// is missing, and ICU's numbers, dates, plurals and sorting for the language.
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/diagnostic.hpp"
#include "dates/dates.hpp"
#include "i18n/formats.hpp"
#include "i18n/table.hpp"
#include "theme/theme_files.hpp"

namespace i18n {

class Words {
public:
    // The words for `language` (a BCP 47 tag) from `layers`' i18n folders and the built-in
    // theme. For "pt-BR": en.yaml, then pt.yaml, then pt-BR.yaml, each layer's words over the
    // built-in theme's. Warnings (in `warnings`): a language no table has, the keys shown in
    // English, a count without a plural form the language needs. Throws core::InputError for
    // a table that cannot be read.
    static std::shared_ptr<const Words> load(const theme::ThemeLayers& layers, const std::string& language,
                                             std::vector<core::Diagnostic>* warnings = nullptr);
    // The built-in theme's words alone (tests, one-off renders).
    static std::shared_ptr<const Words> builtin(const std::string& language = "en");

    Words(std::string language, Table table);

    const std::string& language() const { return m_language; }
    const Table& table() const { return m_table; }

    // The key's text as it stands ("" for a key no table has).
    const std::string& text(std::string_view key) const;
    // The key's text, or `fallback` when no table has the key (words named by data: a field,
    // a person's role).
    std::string text_or(std::string_view key, std::string_view fallback) const;
    // The key's text with each {name} replaced by its value.
    using Values = std::initializer_list<std::pair<std::string_view, std::string>>;
    std::string fill(std::string_view key, Values values) const;
    // The key's form for `n` ("one", "few", ... as the language's plural rules say), its
    // {count} the number written the language's way, its other {name}s from `values`.
    std::string count(std::string_view key, long long n, Values values = {}) const;

    std::string number(long long n) const { return m_formats.number(n); }
    std::string percent(long long n) const { return m_formats.percent(n); }  // n of a hundred: "90%"
    // The timestamp's calendar day, written out: "August 4, 2024", "4. August 2024".
    std::string day(const dates::Timestamp& ts) const;
    // The name of a month (1-12) on its own, as a heading.
    std::string month(int month) const;
    // "45 min", "1 h 5 min" in the language's words.
    std::string duration(int seconds) const;
    // The key by which names sort as the language sorts them.
    std::string sort_key(std::string_view text) const { return m_formats.sort_key(text); }
    const Formats& formats() const { return m_formats; }

    // The keys under `group` ("player") as a JSON object for the theme's scripts: plain texts
    // as strings, counts as objects of their plural forms ({"one": ..., "other": ...}).
    std::string script_json(std::string_view group) const;

private:
    std::string m_language;
    Table m_table;
    Formats m_formats;
};

}  // namespace i18n
