#pragma once
// Mustache templates from the theme, overridable by the project, validated when loaded.
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <kainjow/mustache.hpp>

#include "render/data.hpp"

namespace render {

// Lookup order for a template or partial NAME (README.md, "Templates"):
//   1. <project>/templates/NAME.mustache
//   2. <project>/themes/<theme>/templates/NAME.mustache
// Partials ({{> head}}) are looked up the same way under partials/. Partials are inlined when
// a template is loaded, so each page template is parsed once and a partial that includes
// itself (directly or not) is an error instead of an endless render.
class TemplateSet {
public:
    // Loads and validates every template the site needs. Throws core::InputError naming the
    // file, line and column of the first problem in each broken template.
    TemplateSet(const std::filesystem::path& project_templates, const std::filesystem::path& theme_templates,
                const std::vector<std::string>& names);

    // A copy compiles nothing and reads no file. kainjow's templates keep an error while
    // rendering, so threads that render at once each render with a copy of their own.
    TemplateSet(const TemplateSet& other);
    TemplateSet& operator=(const TemplateSet&) = delete;
    TemplateSet(TemplateSet&&) = default;

    // Renders template `name` (one of those loaded) with `data`.
    std::string render(const std::string& name, const Data& data) const;

    // Renders with `page` on top of `site` (shared by every page: looked up, never copied);
    // references in `page` (shared_reference) are looked up in `shared`.
    std::string render(const std::string& name, const Data& site, const Data& page, const SharedData* shared = nullptr) const;

    // Renders with a caller's context (tests use one that records every name looked up).
    std::string render(const std::string& name, kainjow::mustache::basic_context<std::string>& context) const;

    // Which file a template was loaded from (for messages and tests).
    const std::filesystem::path& origin(const std::string& name) const;

private:
    struct Loaded {
        std::filesystem::path file;
        std::unique_ptr<kainjow::mustache::mustache> compiled;
        std::shared_ptr<const std::vector<Data>> runs;  // its static text (static_text.hpp); shared by copies, read only
    };
    std::filesystem::path m_project;
    std::filesystem::path m_theme;
    std::map<std::string, Loaded> m_templates;

    const Loaded& find(const std::string& name) const;
    std::string render(const Loaded& loaded, kainjow::mustache::basic_context<std::string>& context) const;
    std::filesystem::path locate(const std::string& relative) const;
    std::string expand(const std::filesystem::path& file, const std::string& text, std::vector<std::string>& stack) const;
};

}  // namespace render
