// The interface's words: every shipped table complete and consistent with English, counts in
// each language's plural forms, ICU's dates, numbers and sorting, and a site's own tables.
#include "i18n/words.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <regex>
#include <set>
#include <thread>
#include <vector>

#include "support.hpp"
#include "theme/builtin_theme.hpp"

namespace {

const std::vector<std::string>& shipped_languages() {
    static const std::vector<std::string> languages = {"en", "de", "fr", "es", "pt", "it", "nl", "sv", "nb",
                                                       "da", "fi", "el", "pl", "cs", "ru", "uk", "tr", "he",
                                                       "ar", "hi", "id", "vi", "ja", "zh", "ko"};
    return languages;
}

std::set<std::string> placeholders(const std::string& text) {
    std::set<std::string> names;
    static const std::regex name(R"(\{([a-z_]+)\})");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), name); it != std::sregex_iterator(); ++it)
        names.insert((*it)[1]);
    return names;
}

i18n::Table builtin_table(const std::string& language) {
    for (const auto& f : theme::builtin_files())
        if (f.path == "i18n/" + language + ".yaml") return i18n::read_table(f.bytes, f.path);
    FAIL("no built-in table for " << language);
    return {};
}

theme::ThemeLayers site_layers(const std::filesystem::path& i18n_dir) {
    return {{}, {}, true, {i18n_dir}};
}

}  // namespace

TEST_CASE("i18n: the built-in theme ships each of the twenty-five languages, nothing more") {
    std::set<std::string> shipped;
    for (const auto& f : theme::builtin_files())
        if (f.path.starts_with("i18n/")) shipped.insert(std::string(f.path.substr(5, f.path.size() - 10)));
    CHECK(shipped == std::set<std::string>(shipped_languages().begin(), shipped_languages().end()));
}

TEST_CASE("i18n: every shipped table has every English key, the same placeholders and every plural form") {
    const i18n::Table english = builtin_table("en");
    REQUIRE(english.size() > 150);
    for (const std::string& language : shipped_languages()) {
        CAPTURE(language);
        const i18n::Table table = builtin_table(language);
        const i18n::Formats formats(language);
        for (const auto& [key, message] : english) {
            CAPTURE(key);
            auto it = table.find(key);
            REQUIRE(it != table.end());
            CHECK(it->second.plural == message.plural);
            const std::set<std::string> wanted = placeholders(message.forms.at("other"));
            for (const auto& [category, text] : it->second.forms) {
                CAPTURE(category);
                CHECK(!text.empty());
                const std::set<std::string> got = placeholders(text);
                // A plural form may spell its number out ("פרק אחד", "حلقتان"): {count} may be left out there.
                std::set<std::string> required = wanted;
                if (message.plural && category != "other") required.erase("count");
                CHECK(std::includes(wanted.begin(), wanted.end(), got.begin(), got.end()));
                CHECK(std::includes(got.begin(), got.end(), required.begin(), required.end()));
            }
            if (message.plural)
                for (const std::string& category : formats.plural_categories())
                    CHECK_MESSAGE(it->second.forms.contains(category), category);
        }
        for (const auto& [key, message] : table) CHECK_MESSAGE(english.contains(key), key);
    }
}

TEST_CASE("i18n: counts take the form each language's plural rules pick, in its digits") {
    auto count = [](const std::string& language, long long n) {
        return i18n::Words::builtin(language)->count("count.episodes", n);
    };
    CHECK(count("en", 1) == "1 episode");
    CHECK(count("en", 1234) == "1,234 episodes");
    CHECK(count("ru", 1) == "1 выпуск");
    CHECK(count("ru", 3) == "3 выпуска");
    CHECK(count("ru", 5) == "5 выпусков");
    CHECK(count("ru", 11) == "11 выпусков");
    CHECK(count("ru", 21) == "21 выпуск");
    CHECK(count("pl", 22) == "22 odcinki");
    CHECK(count("pl", 12) == "12 odcinków");
    CHECK(count("el", 1) == "1 επεισόδιο");
    CHECK(count("el", 1234) == "1.234 επεισόδια");
    CHECK(count("nb", 2) == "2 episoder");
    CHECK(count("he", 1) == "פרק אחד");
    CHECK(count("he", 2) == "שני פרקים");
    CHECK(count("he", 7) == "7 פרקים");
    CHECK(count("ar", 0) == "لا حلقات");
    CHECK(count("ar", 2) == "حلقتان");
    CHECK(count("ar", 3) == "٣ حلقات");
    CHECK(count("ar", 11) == "١١ حلقة");
    CHECK(count("fr", 0) == "0 épisode");
    CHECK(count("fr", 1000000) == "1\u202f000\u202f000 d’épisodes");
    CHECK(count("ja", 83) == "83件のエピソード");
    CHECK(count("de", 1234) == "1.234 Folgen");
    CHECK(count("cs", 1) == "1 díl");
    CHECK(count("cs", 3) == "3 díly");
    CHECK(count("cs", 5) == "5 dílů");
    CHECK(count("uk", 21) == "21 епізод");
    CHECK(count("uk", 22) == "22 епізоди");
    CHECK(count("uk", 11) == "11 епізодів");
    CHECK(count("fi", 2) == "2 jaksoa");
    CHECK(count("tr", 83) == "83 bölüm");
    CHECK(count("id", 1) == "1 episode");
    CHECK(count("vi", 1234) == "1.234 tập");
    CHECK(count("hi", 100000) == "1,00,000 एपिसोड");  // (Indian digit grouping)
}

TEST_CASE("i18n: a share as each language writes a percentage") {
    CHECK(i18n::Words::builtin("en")->percent(90) == "90%");
    CHECK(i18n::Words::builtin("tr")->percent(90) == "%90");
    CHECK(i18n::Words::builtin("fr")->percent(90) == "90\u00a0%");
    CHECK(i18n::Words::builtin("ar")->percent(10) == "\u0661\u0660\u066a\u061c");
}

TEST_CASE("i18n: dates, months and durations as each language writes them") {
    const dates::Timestamp day{1722736066, 0, true, true};  // 2024-08-04T01:47:46Z
    CHECK(i18n::Words::builtin("en")->day(day) == "August 4, 2024");
    CHECK(i18n::Words::builtin("de")->day(day) == "4. August 2024");
    CHECK(i18n::Words::builtin("ja")->day(day) == "2024年8月4日");
    CHECK(i18n::Words::builtin("fr")->day(day) == "4 août 2024");
    CHECK(i18n::Words::builtin("ru")->day(day) == "4 августа 2024\u202fг.");
    // The day is the one the source wrote, in its own zone (not UTC's 3 August).
    const dates::Timestamp evening{1722736066 - 3 * 3600, -5 * 60, true, true};
    CHECK(i18n::Words::builtin("en")->day(evening) == "August 3, 2024");
    CHECK(i18n::Words::builtin("de")->month(8) == "August");
    CHECK(i18n::Words::builtin("ru")->month(8) == "август");
    CHECK(i18n::Words::builtin("ja")->month(8) == "8月");
    CHECK(i18n::Words::builtin("en")->duration(65 * 60) == "1\u00a0h 5\u00a0min");
    CHECK(i18n::Words::builtin("de")->duration(65 * 60) == "1\u00a0Std. 5\u00a0Min.");
    CHECK(i18n::Words::builtin("ja")->duration(45 * 60) == "45分");
}

// Each day and number is formatted once and remembered (render threads ask for the same ones
// at once): asked again, from any thread, it is the same text; another one is its own.
TEST_CASE("i18n: a day or number asked again, on several threads at once, reads the same") {
    const i18n::Formats formats("de");
    std::vector<std::thread> threads;
    std::vector<std::vector<std::string>> got(4);
    for (std::size_t t = 0; t < got.size(); ++t)
        threads.emplace_back([&, t] {
            for (int round = 0; round < 50; ++round)
                for (unsigned d = 1; d <= 28; ++d)
                    got[t].push_back(formats.day(2024, 2, d) + "|" + formats.number(1230 + d));
        });
    for (auto& thread : threads) thread.join();
    for (const auto& texts : got) CHECK(texts == got[0]);
    CHECK(got[0][3] == "4. Februar 2024|1.234");
    CHECK(got[0][27] == "28. Februar 2024|1.258");
    CHECK(formats.day(2024, 8, 4) == "4. August 2024");
    CHECK(formats.day(2024, 2, 30) == "1. M\u00e4rz 2024");  // (ICU's lenient calendar, as before)
    CHECK(formats.number(-5) == "-5");
}

TEST_CASE("i18n: names sort as the language sorts them") {
    auto sorted = [](const std::string& language, std::vector<std::string> names) {
        const auto words = i18n::Words::builtin(language);
        std::sort(names.begin(), names.end(),
                  [&](const auto& a, const auto& b) { return words->sort_key(a) < words->sort_key(b); });
        return names;
    };
    // Swedish puts Ö after Z; German among the O's; both ignore case.
    CHECK(sorted("sv", {"Zebra", "Öl", "apa", "Ost"}) == std::vector<std::string>{"apa", "Ost", "Zebra", "Öl"});
    CHECK(sorted("de", {"Zebra", "Öl", "apa", "Ost"}) == std::vector<std::string>{"apa", "Öl", "Ost", "Zebra"});
}

TEST_CASE(
    "i18n: a site's table overrides the theme's words and adds a language; a missing word is English, with a warning") {
    test::TempDir dir;
    test::write(dir.path() / "i18n/de.yaml", "nav.archive: Sammlung\n");
    std::vector<core::Diagnostic> warnings;
    auto german = i18n::Words::load(site_layers(dir.path() / "i18n"), "de", &warnings);
    CHECK(german->text("nav.archive") == "Sammlung");
    CHECK(german->text("nav.episodes") == "Folgen");
    CHECK(warnings.empty());

    test::write(dir.path() / "i18n/is.yaml",
                "nav.archive: Safn\ncount.episodes:\n  one: \"{count} þáttur\"\n  other: \"{count} þættir\"\n");
    auto icelandic = i18n::Words::load(site_layers(dir.path() / "i18n"), "is", &warnings);
    CHECK(icelandic->text("nav.archive") == "Safn");
    CHECK(icelandic->count("count.episodes", 2) == "2 þættir");
    CHECK(icelandic->text("nav.episodes") == "Episodes");
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].where.file == (dir.path() / "i18n/is.yaml").string());
    CHECK(warnings[0].message.find(
              "words have no 'is' text and show in English: archive.description, archive.newest_first") !=
          std::string::npos);
    CHECK(warnings[0].message.find("; add them to i18n/is.yaml") != std::string::npos);

    warnings.clear();
    auto welsh = i18n::Words::load(site_layers(dir.path() / "i18n"), "cy", &warnings);
    CHECK(welsh->text("nav.archive") == "Archive");
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].message.find("no table has the interface's words in 'cy'") != std::string::npos);
    // A region of a language without a table: the language's own file is the one to add, and the
    // warning names no file that does not exist.
    warnings.clear();
    i18n::Words::load(site_layers(dir.path() / "i18n"), "ca-ES", &warnings);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].where.file == "language 'ca-ES'");
    CHECK(warnings[0].message.find("add i18n/ca.yaml to the site") != std::string::npos);

    // A Russian count without its "few" form: the "other" form, and a warning that names it.
    warnings.clear();
    test::write(dir.path() / "i18n/ru.yaml", "count.words:\n  one: \"{count} слово\"\n  other: \"{count} слова\"\n");
    auto russian = i18n::Words::load(site_layers(dir.path() / "i18n"), "ru", &warnings);
    CHECK(russian->count("count.words", 5) == "5 слова");
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].message.find("count.words (few)") != std::string::npos);
}

TEST_CASE("i18n: pt-BR reads pt.yaml then its own; Traditional Chinese does not read simplified zh.yaml") {
    test::TempDir dir;
    test::write(dir.path() / "i18n/pt-BR.yaml", "nav.subscribe: Seguir\n");
    auto brazilian = i18n::Words::load(site_layers(dir.path() / "i18n"), "pt-BR");
    CHECK(brazilian->text("nav.subscribe") == "Seguir");
    CHECK(brazilian->text("nav.archive") == "Arquivo");
    std::vector<core::Diagnostic> warnings;
    auto traditional = i18n::Words::load(site_layers(dir.path() / "i18n"), "zh-TW", &warnings);
    CHECK(traditional->text("nav.archive") == "Archive");
    CHECK(i18n::Words::builtin("zh-Hans")->text("nav.archive") == "归档");
    // Tags as feeds write them: any case, an underscore, a code ISO retired.
    CHECK(i18n::Words::load(site_layers(dir.path() / "i18n"), "PT_br")->text("nav.subscribe") == "Seguir");
    CHECK(i18n::Words::builtin("iw")->text("nav.archive") == "ארכיון");
    CHECK(warnings.size() == 1);
}

TEST_CASE("i18n: a Norwegian show reads Bokmål's words whether its feed says nb, no or nn") {
    test::TempDir dir;
    for (const char* tag : {"nb", "no", "no-NO", "nb_NO", "nn", "nn-NO"}) {
        CAPTURE(tag);
        std::vector<core::Diagnostic> warnings;
        auto words = i18n::Words::load(site_layers(dir.path() / "i18n"), tag, &warnings);
        CHECK(words->text("nav.subscribe") == "Abonner");
        CHECK(words->count("count.episodes", 3) == "3 episoder");
        CHECK(warnings.empty());
    }
    // A Nynorsk table of the site's own wins key by key.
    test::write(dir.path() / "i18n/nn.yaml", "nav.subscribe: Abonner på\n");
    CHECK(i18n::Words::load(site_layers(dir.path() / "i18n"), "nn")->text("nav.subscribe") == "Abonner på");
    CHECK(i18n::Words::load(site_layers(dir.path() / "i18n"), "nn")->text("nav.archive") == "Arkiv");
    CHECK(i18n::Words::builtin("el")->text("nav.archive") == "Αρχείο");
}

TEST_CASE("i18n: a table that cannot be read is an error naming its file and line") {
    auto error_of = [](const std::string& yaml) {
        try {
            i18n::read_table(yaml, "i18n/xx.yaml");
        } catch (const core::InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(error_of("- a list\n").find("i18n/xx.yaml:1:1: error: a table of words should be a mapping") !=
          std::string::npos);
    CHECK(error_of("nav.archive: Archiv\ncount.x:\n  one: a\n")
              .find("i18n/xx.yaml:2:1: error: 'count.x' has plural forms but no `other:`") != std::string::npos);
    CHECK(error_of("count.x:\n  several: a\n  other: b\n")
              .find("i18n/xx.yaml:2:3: error: 'several' is not a plural category") != std::string::npos);
    CHECK(error_of("nav: Nav\nnav.archive: Archiv\n")
              .find("i18n/xx.yaml:1: error: 'nav' is a text and also the group of 'nav.archive'") != std::string::npos);
    CHECK(error_of("nav.archive: [1, 2]\n").find("'nav.archive' should be text") != std::string::npos);
    CHECK(error_of("nav.archive: \"Caf\xE9\"\n")
              .find("i18n/xx.yaml:1:14: error: the text of 'nav.archive' is not UTF-8") != std::string::npos);
    CHECK(error_of("nav.arch\xC3\xADve: x\n").find("is not a key") != std::string::npos);
    CHECK(error_of("a: [1, 2\n").find("i18n/xx.yaml:2:1: error: malformed YAML: end of sequence flow not found") !=
          std::string::npos);
    // HTML in a _html key is sanitized; elsewhere the text is text (the templates escape it).
    const i18n::Table t = i18n::read_table(
        "x.help_html: \"<b onclick='x()'>hi</b><script>bad()</script>\"\nx.plain: \"<b>\"\n", "t.yaml");
    CHECK(t.at("x.help_html").forms.at("other") == "<b>hi</b>");
    CHECK(t.at("x.plain").forms.at("other") == "<b>");
}

TEST_CASE("i18n: the scripts' words are JSON, counts as their plural forms") {
    const std::string json = i18n::Words::builtin("ru")->script_json("results");
    CHECK(json.find("\"found\":{\"few\":\"Найдено {count} выпуска\",\"many\":\"Найдено {count} выпусков\"") !=
          std::string::npos);
    CHECK(json.find("\"none\":\"Подходящих выпусков нет.\"") != std::string::npos);
    CHECK(json.find("player") == std::string::npos);
}
