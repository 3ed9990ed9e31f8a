#pragma once
// Numbers, dates, plural categories and sorting as a language writes them, by ICU (CLDR's
// data): "1.234", "4. August 2024", "2024年8月4日". The same ICU version gives the same text.
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace i18n {

// ICU's version ("72.1"): part of a build's fingerprint, since its data words the pages.
std::string_view library_version();

class Formats {
public:
    // For a BCP 47 tag ("de", "pt-BR", "zh-Hans"); a language ICU has no data for gets CLDR's
    // root forms ("2024 August 4", plural "other" alone).
    explicit Formats(const std::string& language);
    ~Formats();
    Formats(const Formats&) = delete;
    Formats& operator=(const Formats&) = delete;

    std::string number(long long n) const;                          // "1,234"; "1.234"; "١٬٢٣٤"
    std::string percent(long long n) const;                         // "90%"; "90 %"; "%90"
    std::string day(int year, unsigned month, unsigned day) const;  // the long date: "August 4, 2024"
    std::string month(unsigned month) const;                        // the month's name on its own: "August", "8月"
    std::string plural_category(long long n) const;                 // CLDR's: "one", "few", "other", ...
    std::vector<std::string> plural_categories() const;             // every category the language has
    // A key that sorts as the language sorts words (bytes compared as unsigned).
    std::string sort_key(std::string_view text) const;

private:
    struct Icu;
    struct Formatters;
    std::unique_ptr<Icu> m_icu;
    // ICU's date formats and plural rules are not for two threads at once: each thread takes
    // a set of its own that no other holds (render threads format a card's date each).
    std::vector<std::unique_ptr<Formatters>> m_formatters;

    template <class Fn>
    auto with_formatters(Fn fn) const;

    // Each day and number as ICU formatted it the first time it was asked for (ICU takes ~10,000
    // instructions for a date; a build asks for each episode's day three times, its two cards
    // and its search entry, and for the same small numbers thousands of times).
    mutable std::mutex m_formatted_lock;
    mutable std::unordered_map<long long, std::string> m_days, m_numbers;
    template <class Make>
    std::string remembered(std::unordered_map<long long, std::string>& formatted, long long key, Make make) const;
};

}  // namespace i18n
