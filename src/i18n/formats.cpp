#include "i18n/formats.hpp"

#include <unicode/coll.h>
#include <unicode/datefmt.h>
#include <unicode/locid.h>
#include <unicode/numberformatter.h>
#include <unicode/plurrule.h>
#include <unicode/sortkey.h>
#include <unicode/strenum.h>
#include <unicode/timezone.h>
#include <unicode/uvernum.h>

#include <algorithm>
#include <functional>
#include <mutex>
#include <thread>

namespace i18n {

std::string_view library_version() {
    return U_ICU_VERSION;
}

struct Formats::Icu {
    icu::Locale locale;
    std::mutex collator_lock;
    std::unique_ptr<icu::Collator> collator;
    icu::number::LocalizedNumberFormatter numbers;  // (immutable: any thread)
    icu::number::LocalizedNumberFormatter percents;
};

struct Formats::Formatters {
    std::mutex lock;
    std::unique_ptr<icu::DateFormat> day;
    std::unique_ptr<icu::DateFormat> month;
    std::unique_ptr<icu::PluralRules> plurals;
};

namespace {

std::string utf8(const icu::UnicodeString& s) {
    std::string out;
    s.toUTF8String(out);
    return out;
}

// Days are formatted in UTC: a Timestamp's calendar day is already the one its source meant.
std::unique_ptr<icu::DateFormat> in_utc(icu::DateFormat* format) {
    std::unique_ptr<icu::DateFormat> owned(format);
    if (owned) owned->adoptTimeZone(icu::TimeZone::createTimeZone("UTC"));
    return owned;
}

}  // namespace

namespace {

// Sets of formatters: more than threads render at once, so that a thread nearly always finds
// its own free.
constexpr std::size_t k_formatter_sets = 8;

}  // namespace

Formats::Formats(const std::string& language) : m_icu(std::make_unique<Icu>()) {
    UErrorCode status = U_ZERO_ERROR;
    m_icu->locale = icu::Locale::forLanguageTag(language, status);
    if (U_FAILURE(status)) m_icu->locale = icu::Locale::getRoot();
    const icu::Locale& loc = m_icu->locale;
    auto first = std::make_unique<Formatters>();
    first->day = in_utc(icu::DateFormat::createDateInstance(icu::DateFormat::kLong, loc));
    status = U_ZERO_ERROR;
    first->month = in_utc(icu::DateFormat::createInstanceForSkeleton(icu::UnicodeString(u"LLLL"), loc, status));
    if (U_FAILURE(status)) first->month.reset();
    status = U_ZERO_ERROR;
    first->plurals.reset(icu::PluralRules::forLocale(loc, status));
    if (U_FAILURE(status)) first->plurals.reset();
    for (std::size_t i = 1; i < k_formatter_sets; ++i) {
        auto set = std::make_unique<Formatters>();
        if (first->day) set->day.reset(first->day->clone());
        if (first->month) set->month.reset(first->month->clone());
        if (first->plurals) set->plurals.reset(first->plurals->clone());
        m_formatters.push_back(std::move(set));
    }
    m_formatters.insert(m_formatters.begin(), std::move(first));
    status = U_ZERO_ERROR;
    m_icu->collator.reset(icu::Collator::createInstance(loc, status));
    if (U_FAILURE(status)) m_icu->collator.reset();
    m_icu->numbers = icu::number::NumberFormatter::withLocale(loc);
    m_icu->percents = icu::number::NumberFormatter::withLocale(loc).unit(icu::MeasureUnit::getPercent());
}

// Runs fn(Formatters&) with a set no other thread holds: the thread's own (by its id) when it
// is free, else the next free one, else waits for its own.
template <class Fn>
auto Formats::with_formatters(Fn fn) const {
    const std::size_t own = std::hash<std::thread::id>{}(std::this_thread::get_id()) % m_formatters.size();
    for (std::size_t i = 0; i < m_formatters.size(); ++i) {
        Formatters& set = *m_formatters[(own + i) % m_formatters.size()];
        std::unique_lock lock(set.lock, std::try_to_lock);
        if (lock.owns_lock()) return fn(set);
    }
    Formatters& set = *m_formatters[own];
    std::lock_guard lock(set.lock);
    return fn(set);
}

Formats::~Formats() = default;

std::string Formats::percent(long long n) const {
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString s = m_icu->percents.formatInt(n, status).toString(status);
    return U_SUCCESS(status) ? utf8(s) : std::to_string(n) + "%";
}

template <class Make>
std::string Formats::remembered(std::unordered_map<long long, std::string>& formatted, long long key, Make make) const {
    {
        std::lock_guard lock(m_formatted_lock);
        if (auto it = formatted.find(key); it != formatted.end()) return it->second;
    }
    std::string made = make();  // (unlocked: two threads may make the same one, alike)
    std::lock_guard lock(m_formatted_lock);
    return formatted.emplace(key, std::move(made)).first->second;
}

std::string Formats::number(long long n) const {
    return remembered(m_numbers, n, [&] {
        UErrorCode status = U_ZERO_ERROR;
        icu::UnicodeString s = m_icu->numbers.formatInt(n, status).toString(status);
        return U_SUCCESS(status) ? utf8(s) : std::to_string(n);
    });
}

namespace {

constexpr double k_ms_per_day = 86400000.0;

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
long long days_from_civil(long long y, unsigned m, unsigned d) {
    y -= m <= 2;
    const long long era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<long long>(doe) - 719468;
}

}  // namespace

std::string Formats::day(int year, unsigned month, unsigned day) const {
    const long long days = days_from_civil(year, month, day);
    auto format = [&] {
        const double at = static_cast<double>(days) * k_ms_per_day + k_ms_per_day / 2;
        return with_formatters([&](Formatters& f) {
            if (!f.day) return std::to_string(year) + "-" + std::to_string(month) + "-" + std::to_string(day);
            icu::UnicodeString s;
            return utf8(f.day->format(at, s));
        });
    };
    // (Remembered by the day it is, which only a real date names alone.)
    const bool real = month >= 1 && month <= 12 && day >= 1 && day <= 31;
    return real ? remembered(m_days, days, format) : format();
}

std::string Formats::month(unsigned month) const {
    const double at = static_cast<double>(days_from_civil(2001, month, 15)) * k_ms_per_day;
    return with_formatters([&](Formatters& f) {
        if (!f.month) return std::to_string(month);
        icu::UnicodeString s;
        return utf8(f.month->format(at, s));
    });
}

std::string Formats::plural_category(long long n) const {
    return with_formatters([&](Formatters& f) -> std::string {
        if (!f.plurals) return "other";
        return utf8(f.plurals->select(static_cast<double>(n)));
    });
}

std::vector<std::string> Formats::plural_categories() const {
    return with_formatters([&](Formatters& f) {
        std::vector<std::string> out;
        if (!f.plurals) return std::vector<std::string>{"other"};
        UErrorCode status = U_ZERO_ERROR;
        std::unique_ptr<icu::StringEnumeration> keywords(f.plurals->getKeywords(status));
        while (U_SUCCESS(status) && keywords) {
            const char* k = keywords->next(nullptr, status);
            if (!k) break;
            out.emplace_back(k);
        }
        std::sort(out.begin(), out.end());
        return out;
    });
}

std::string Formats::sort_key(std::string_view text) const {
    const icu::UnicodeString s =
        icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
    std::lock_guard lock(m_icu->collator_lock);
    if (!m_icu->collator) return std::string(text);
    std::string key(static_cast<std::size_t>(s.length()) * 4 + 16, '\0');
    int32_t n =
        m_icu->collator->getSortKey(s, reinterpret_cast<uint8_t*>(key.data()), static_cast<int32_t>(key.size()));
    if (n > static_cast<int32_t>(key.size())) {
        key.resize(static_cast<std::size_t>(n));
        n = m_icu->collator->getSortKey(s, reinterpret_cast<uint8_t*>(key.data()), n);
    }
    key.resize(n > 0 ? static_cast<std::size_t>(n) - 1 : 0);  // (without its terminating zero)
    return key;
}

}  // namespace i18n
