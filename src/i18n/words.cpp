#include "i18n/words.hpp"

#include <charconv>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "text/strings.hpp"

namespace i18n {

namespace {

// A language tag written as table files are named: "pt-br" -> "pt-BR", "zh-hant" -> "zh-Hant";
// the codes ISO retired read as today's ("iw" -> "he").
std::string file_tag(const std::string& language) {
    std::string out;
    std::size_t start = 0;
    for (std::size_t part = 0; start <= language.size(); ++part) {
        const std::size_t end = std::min(language.find_first_of("-_", start), language.size());
        std::string piece = text::ascii_lower(std::string_view(language).substr(start, end - start));
        if (part == 0 && piece == "iw")
            piece = "he";
        else if (part == 0 && piece == "in")
            piece = "id";
        else if (part == 0 && piece == "ji")
            piece = "yi";
        else if (part > 0 && piece.size() == 4)
            piece[0] = text::ascii_upper(piece[0]);  // a script
        else if (part > 0 && piece.size() == 2)      // a region
            for (char& c : piece) c = text::ascii_upper(c);
        out += (part ? "-" : "") + piece;
        start = end + 1;
    }
    return out;
}

// The tables a language reads, least specific first: "pt-BR" -> pt, pt-BR; "no-NO" -> nb, no,
// no-NO. Traditional Chinese
// does not read zh.yaml, which is written in simplified characters.
std::vector<std::string> table_chain(const std::string& language) {
    std::vector<std::string> chain;
    const std::string tag = file_tag(language);
    const std::string base = tag.substr(0, tag.find('-'));
    const bool traditional = base == "zh" && (tag.find("Hant") != std::string::npos || tag.ends_with("-TW") ||
                                              tag.ends_with("-HK") || tag.ends_with("-MO"));
    // Norwegian written as "no" (the macrolanguage) or "nn" (Nynorsk, until it has a table of its
    // own) reads Bokmål's table first: the written standard of most Norwegian.
    if (base == "no" || base == "nn") chain.push_back("nb");
    if (!base.empty() && !traditional) chain.push_back(base);
    if (tag != base) chain.push_back(tag);
    return chain;
}

// Each {name} of `text` replaced by its value; other braces stay.
std::string replace_names(std::string text, Words::Values values) {
    for (const auto& [name, value] : values) {
        const std::string mark = "{" + std::string(name) + "}";
        for (std::size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at + value.size()))
            text.replace(at, mark.size(), value);
    }
    return text;
}

// Merges every layer's `name` table into `into`, the built-in theme's first; returns where the
// most particular one is (empty when no layer has it). `given` gathers the keys it gave.
std::string merge_tables(const theme::ThemeLayers& layers, const std::string& name, Table& into,
                         std::set<std::string>* given) {
    auto found = theme::find_word_tables(layers, name);
    for (auto it = found.rbegin(); it != found.rend(); ++it) {
        // A layer's table with the bytes of the one below it (a copied theme's, until it is
        // edited) changes nothing: not parsed again (yaml-cpp takes a few milliseconds a table).
        if (it != found.rbegin() && it->text == std::prev(it)->text) continue;
        for (auto& [key, message] : read_table(it->text, it->origin)) {
            if (given) given->insert(key);
            into[key] = std::move(message);
        }
    }
    return found.empty() ? std::string() : found.front().origin.string();
}

std::string list_some(const std::vector<std::string>& keys) {
    std::string out;
    for (std::size_t i = 0; i < keys.size() && i < 10; ++i) out += (i ? ", " : "") + keys[i];
    if (keys.size() > 10) out += " and " + std::to_string(keys.size() - 10) + " more";
    return out;
}

void warn_missing(const Words& words, const std::string& origin, const std::string& language,
                  const std::vector<std::string>& english, const std::set<std::string>& given,
                  std::vector<core::Diagnostic>& warnings) {
    const std::string tag = file_tag(language);
    // (With no table at all, the file to add is the language's own, which serves every region
    // of it; the warning is about the language, not about a file that does not exist.)
    if (given.empty()) {
        const std::string add = "i18n/" + tag.substr(0, tag.find('-')) + ".yaml";
        warnings.push_back(core::warning_at({"language '" + language + "'", 0, 0},
                                            "no table has the interface's words in '" + language +
                                                "': the pages' own words are in English; add " + add +
                                                " to the site (docs/themes.md, \"The interface's words\")"));
        return;
    }
    const std::string file = "i18n/" + std::filesystem::path(origin).filename().string();
    std::vector<std::string> missing;
    for (const auto& key : english)
        if (!given.contains(key)) missing.push_back(key);
    if (!missing.empty())
        warnings.push_back(core::warning_at(
            {origin, 0, 0}, text::count_text(missing.size(), "word has", "words have") + " no '" + language +
                                "' text and show in English: " + list_some(missing) + "; add them to " + file));
    // A count needs every form the language's plural rules name ("few" in Russian: 2, 3, 4 ...).
    const std::vector<std::string> categories = words.formats().plural_categories();
    std::vector<std::string> short_forms;
    for (const auto& [key, m] : words.table()) {
        if (!m.plural || !given.contains(key)) continue;
        for (const auto& c : categories)
            if (!m.forms.contains(c)) short_forms.push_back(key + " (" + c + ")");
    }
    if (!short_forms.empty())
        warnings.push_back(core::warning_at({origin, 0, 0},
                                            "counts without a form '" + language +
                                                "' needs, its \"other\" form used instead: " + list_some(short_forms)));
}

}  // namespace

Words::Words(std::string language, Table table)
    : m_language(std::move(language)), m_table(std::move(table)), m_formats(m_language) {}

std::shared_ptr<const Words> Words::load(const theme::ThemeLayers& layers, const std::string& language,
                                         std::vector<core::Diagnostic>* warnings) {
    Table table;
    merge_tables(layers, "en.yaml", table, nullptr);
    std::vector<std::string> english;  // (its keys: what a language's tables should give)
    english.reserve(table.size());
    for (const auto& entry : table) english.push_back(entry.first);
    std::set<std::string> given;
    std::string origin;
    const bool is_english = text::ascii_lower(language) == "en" || text::ascii_lower(language).starts_with("en-");
    for (const std::string& name : table_chain(language)) {
        if (name == "en") continue;
        const std::string where = merge_tables(layers, name + ".yaml", table, &given);
        if (!where.empty()) origin = where;
    }
    auto words = std::make_shared<const Words>(file_tag(language), std::move(table));
    if (warnings && !is_english) warn_missing(*words, origin, language, english, given, *warnings);
    return words;
}

std::shared_ptr<const Words> Words::builtin(const std::string& language) {
    return load(theme::ThemeLayers{{}, {}, true, {}}, language);
}

const std::string& Words::text(std::string_view key) const {
    static const std::string none;
    auto it = m_table.find(key);
    if (it == m_table.end()) return none;
    auto other = it->second.forms.find("other");
    return other == it->second.forms.end() ? none : other->second;
}

std::string Words::text_or(std::string_view key, std::string_view fallback) const {
    return m_table.contains(key) ? text(key) : std::string(fallback);
}

std::string Words::fill(std::string_view key, Values values) const {
    return replace_names(text(key), values);
}

std::string Words::count(std::string_view key, long long n, Values values) const {
    auto it = m_table.find(key);
    if (it == m_table.end()) return number(n);
    auto form = it->second.forms.find(m_formats.plural_category(n));
    if (form == it->second.forms.end()) form = it->second.forms.find("other");
    std::string text = replace_names(form->second, {{"count", number(n)}});
    return replace_names(std::move(text), values);
}

std::string Words::day(const dates::Timestamp& ts) const {
    const std::string iso = dates::format_day(ts);  // "2024-08-04" (or "-0044-03-15"), in the timestamp's own zone
    int year = 0;
    unsigned month = 0, day = 0;
    const char* end = iso.data() + iso.size();
    auto [after_year, e1] = std::from_chars(iso.data(), end, year);
    if (e1 != std::errc() || after_year + 6 > end) return iso;
    auto [after_month, e2] = std::from_chars(after_year + 1, end, month);
    auto [after_day, e3] = std::from_chars(after_month + 1, end, day);
    if (e2 != std::errc() || e3 != std::errc() || after_day != end) return iso;
    return m_formats.day(year, month, day);
}

std::string Words::month(int month) const {
    return month >= 1 && month <= 12 ? m_formats.month(static_cast<unsigned>(month)) : "";
}

std::string Words::duration(int seconds) const {
    const int minutes = (seconds + 30) / 60;
    if (minutes < 60) return fill("duration.minutes", {{"minutes", number(minutes)}});
    return fill("duration.hours", {{"hours", number(minutes / 60)}, {"minutes", number(minutes % 60)}});
}

std::string Words::script_json(std::string_view group) const {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    const std::string prefix = std::string(group) + ".";
    for (auto it = m_table.lower_bound(prefix); it != m_table.end() && it->first.starts_with(prefix); ++it) {
        const std::string name = it->first.substr(prefix.size());
        if (!it->second.plural) {
            out[name] = it->second.forms.at("other");
            continue;
        }
        nlohmann::ordered_json forms = nlohmann::ordered_json::object();
        for (const auto& [category, text] : it->second.forms) forms[category] = text;
        out[name] = std::move(forms);
    }
    return out.dump();
}

}  // namespace i18n
