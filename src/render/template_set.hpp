#pragma once
// Mustache templates from the theme, overridable by the project, validated when loaded: the
// template engine's one door. Only this unit runs kainjow (template_set.cpp, with its context
// and the static text it is handed in runs: context.hpp, static_text.hpp); pages give it our
// own data (data.hpp), and nothing outside the door includes kainjow.
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "render/data.hpp"
#include "theme/theme_files.hpp"

namespace render {

// Lookup order for a template or partial NAME (docs/themes.md):
//   1. <project>/templates/NAME.mustache
//   2. <project>/themes/<theme>/templates/NAME.mustache
//   3. the built-in theme's templates/NAME.mustache
// Partials ({{> head}}) are looked up the same way under partials/. Partials are inlined when
// a template is loaded, so each page template is parsed once and a partial that includes
// itself (directly or not) is an error instead of an endless render.
class TemplateSet {
public:
    // Loads and validates every template the site needs. Throws core::InputError naming the
    // file, line and column of the first problem in each broken template.
    TemplateSet(theme::ThemeLayers layers, const std::vector<std::string>& names);
    // The folders alone, without the built-in theme.
    TemplateSet(const std::filesystem::path& project_templates, const std::filesystem::path& theme_templates,
                const std::vector<std::string>& names);

    // A copy compiles nothing and reads no file. kainjow's templates keep an error while
    // rendering, so threads that render at once each render with a copy of their own.
    TemplateSet(const TemplateSet& other);
    TemplateSet& operator=(const TemplateSet&) = delete;
    TemplateSet(TemplateSet&&) = default;

    // Renders template `name` (one of those loaded) with `data`. `looked_up` (optional)
    // receives every name the template looked up (tests: which names a theme uses).
    std::string render(const std::string& name, const Data& data, std::set<std::string>* looked_up = nullptr) const;

    // Renders with `page` on top of `site` (shared by every page: looked up, never copied);
    // references in `page` (shared_reference) are looked up in `shared`.
    std::string render(const std::string& name, const Data& site, const Data& page,
                       const SharedData* shared = nullptr) const;

    // A copy in which each variable named in `constants` ({{t.nav.archive}}; {{{name}}} and
    // {{&name}} unescaped) is written into the template as its text, escaped as a variable is:
    // the words every page shows alike are rendered once per build, not once per page. The
    // pages come out the same. Sections are left as they are, and so are values that would make
    // a tag of their own or with the text beside them (a "{{" in the value, or a brace beside
    // one of the text's).
    TemplateSet with_constants(const std::map<std::string, std::string, std::less<>>& constants) const;

    // Which file a template was loaded from (for messages and tests).
    const std::filesystem::path& origin(const std::string& name) const;

private:
    // A template as kainjow reads it, with the runs its static text was replaced by
    // (template_set.cpp).
    struct Compiled;
    struct CompiledDeleter {
        void operator()(Compiled* compiled) const noexcept;
    };
    struct Loaded {
        std::filesystem::path file;
        std::string text;  // with its partials inlined
        std::unique_ptr<Compiled, CompiledDeleter> compiled;
    };
    theme::ThemeLayers m_layers;
    std::map<std::string, Loaded> m_templates;

    const Loaded& find(const std::string& name) const;
    static std::unique_ptr<Compiled, CompiledDeleter> compile(const std::string& text);
    static std::unique_ptr<Compiled, CompiledDeleter> copy(const Compiled& compiled);
    std::string render(const Loaded& loaded, const Data& site, const Data* page, const SharedData* shared,
                       std::set<std::string>* looked_up) const;
    std::optional<theme::FoundTemplate> locate(const std::string& relative) const;
    // What one load has read: the files read alone and found valid, and each partial's file
    // (by name; none: not found), not read again; and how many partials the template being
    // expanded has inlined so far.
    struct Expansion {
        std::set<std::string> checked;
        std::map<std::string, std::optional<theme::FoundTemplate>> partials;
        std::size_t inlined = 0;
    };
    std::string expand(const std::filesystem::path& file, const std::string& text, std::vector<std::string>& stack,
                       Expansion& expansion) const;
};

// Sections nest this deep at the most: kainjow's parser takes memory in proportion to the
// nesting (20,000 levels, well under the 1 MB a template may have, took 7.8 GB), so a template
// is measured before kainjow reads it.
constexpr std::size_t k_max_section_depth = 64;

// Where a section opens deeper than k_max_section_depth, if one does: the offset of its tag.
// Follows the delimiters a template sets ({{=<% %>=}}).
std::optional<std::size_t> section_too_deep(std::string_view text);

}  // namespace render
