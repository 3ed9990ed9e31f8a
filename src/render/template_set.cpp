#include "render/template_set.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "core/diagnostic.hpp"
#include "files/files.hpp"
#include "html/escape.hpp"
#include "render/context.hpp"
#include "render/static_text.hpp"
#include "text/strings.hpp"
#include "text/text_position.hpp"

namespace render {

namespace fs = std::filesystem;

struct TemplateSet::Compiled {
    std::unique_ptr<kainjow::mustache::mustache> mustache;
    std::shared_ptr<const std::vector<EngineData>> runs;  // (shared by copies, read only)
};

void TemplateSet::CompiledDeleter::operator()(Compiled* compiled) const noexcept {
    delete compiled;
}

namespace {

// kainjow's template of `text`, escaping as pages are escaped (html::html_escape); check is_valid().
std::unique_ptr<kainjow::mustache::mustache> compile_template(const std::string& text) {
    auto compiled = std::make_unique<kainjow::mustache::mustache>(text);
    compiled->set_custom_escape([](const std::string& s) { return html::html_escape(s); });
    return compiled;
}

constexpr std::size_t k_max_partial_depth = 16;
// The most a template may come to with its partials inlined, in bytes and in partials: a
// partial that includes another ten times, nine deep, is a billion of them (a theme's folder
// is anyone's; the default theme's largest page inlines 6 partials into 16 KB).
constexpr std::size_t k_max_expanded_bytes = 4u << 20;
constexpr std::size_t k_max_inlined = 10'000;
core::Diagnostic too_deep_error(const fs::path& file, const std::string& text, std::size_t offset,
                                const std::string& what) {
    auto at = text::line_column_at(text, offset);
    return core::error_at({file.string(), at.line, at.column},
                          what + " nests sections deeper than " + std::to_string(k_max_section_depth) + " levels",
                          text::line_text(text, at.line));
}

// kainjow reports "Unclosed section "x" at 123": turn the offset into a location.
// (The offset is kainjow's, a byte count; people read the line and column.)
core::Diagnostic template_error(const fs::path& file, const std::string& text, std::string message) {
    std::size_t offset = 0;
    if (auto pos = message.rfind(" at "); pos != std::string::npos) {
        long long value = 0;
        if (text::parse_uint(message.substr(pos + 4), value))
            offset = static_cast<std::size_t>(value), message.erase(pos);
    }
    auto at = text::line_column_at(text, offset);
    return core::error_at({file.string(), at.line, at.column}, "invalid template: " + message,
                          text::line_text(text, at.line));
}

bool valid_partial_name(const std::string& name) {
    return files::is_safe_relative_path(name) && std::all_of(name.begin(), name.end(), [](char c) {
               return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '/';
           });
}

// kainjow writes a page a line at a time to a stream; into a std::ostringstream, each line is
// formatted and the page copied out whole at the end. This takes the lines as they are.
struct StringSink {
    std::string text;
    StringSink& operator<<(const std::string& line) {
        text += line;
        return *this;
    }
};

}  // namespace

std::optional<std::size_t> section_too_deep(std::string_view text) {
    std::string open = "{{", close = "}}";
    std::size_t depth = 0;
    for (std::size_t pos = text.find(open); pos != std::string_view::npos; pos = text.find(open, pos)) {
        const std::size_t start = pos + open.size();
        const std::size_t end = text.find(close, start);
        if (end == std::string_view::npos) break;
        std::string_view tag = text::trim(text.substr(start, end - start));
        pos = end + close.size();
        if (tag.empty()) continue;
        if (tag[0] == '#' || tag[0] == '^') {
            if (++depth > k_max_section_depth) return start - open.size();
        } else if (tag[0] == '/') {
            depth -= depth > 0;
        } else if (tag[0] == '=' && tag.size() > 2 && tag.back() == '=') {
            std::string_view inner = text::trim(tag.substr(1, tag.size() - 2));
            std::size_t space = inner.find(' ');
            if (space == std::string_view::npos) continue;
            open = std::string(inner.substr(0, space));
            close = std::string(text::trim(inner.substr(space)));
            if (open.empty() || close.empty()) break;  // (kainjow refuses it)
        }
    }
    return std::nullopt;
}

TemplateSet::TemplateSet(const fs::path& project_templates, const fs::path& theme_templates,
                         const std::vector<std::string>& names)
    : TemplateSet(theme::ThemeLayers{{project_templates, theme_templates}, {}, false, {}}, names) {}

TemplateSet::TemplateSet(theme::ThemeLayers layers, const std::vector<std::string>& names)
    : m_layers(std::move(layers)) {
    std::vector<core::Diagnostic> problems;
    Expansion expansion;  // (most partials are in every page)
    std::vector<std::string> places;
    for (const auto& dir : m_layers.template_dirs) places.push_back(dir.string());
    if (m_layers.builtin) places.push_back("the built-in theme");
    for (const auto& name : names) {
        try {
            auto found = locate(name + ".mustache");
            if (!found) {
                fs::path expected = m_layers.template_dirs.empty()
                                        ? fs::path(name + ".mustache")
                                        : m_layers.template_dirs.back() / (name + ".mustache");
                problems.push_back(core::error_at(
                    {expected.string(), 0, 0}, "template '" + name + "' not found in " + text::join(places, " or ")));
                continue;
            }
            const fs::path& file = found->origin;
            const std::string& text = found->text;
            std::vector<std::string> stack{file.string()};
            expansion.inlined = 0;
            std::string expanded = expand(file, text, stack, expansion);
            if (auto deep = section_too_deep(expanded)) {  // (each file alone was not: its partials together are)
                problems.push_back(core::error_at({file.string(), 0, 0},
                                                  "the template with its partials inlined nests sections deeper than " +
                                                      std::to_string(k_max_section_depth) + " levels"));
                continue;
            }
            auto ready = compile(expanded);
            if (!ready->mustache->is_valid()) {
                // The expanded text's offsets do not match the file; the file itself was valid
                // alone (expand checked), so the problem spans a partial boundary.
                std::string message = ready->mustache->error_message();
                if (auto at = message.rfind(" at "); at != std::string::npos)
                    message.erase(at);  // (an offset into no file, itself)
                problems.push_back(
                    core::error_at({file.string(), 0, 0}, "invalid template after inlining partials: " + message +
                                                              " (a section must open and close in the same file)"));
                continue;
            }
            m_templates[name] = {file, std::move(expanded), std::move(ready)};
        } catch (const core::InputError& e) {
            // A partial's error is met once by every template that includes it: said once.
            for (const auto& d : e.diagnostics())
                if (std::none_of(problems.begin(), problems.end(),
                                 [&](const core::Diagnostic& p) { return core::format(p) == core::format(d); }))
                    problems.push_back(d);
        }
    }
    if (!problems.empty()) throw core::InputError(problems);
}

TemplateSet::TemplateSet(const TemplateSet& other) : m_layers(other.m_layers) {
    for (const auto& [name, loaded] : other.m_templates)
        m_templates[name] = {loaded.file, loaded.text, copy(*loaded.compiled)};
}

namespace {

// The contents of `text`'s tags, in order; nothing when kainjow could not read it.
std::optional<std::vector<std::string>> tags_of(const std::string& text) {
    std::vector<std::string> tags;
    if (!read_template(
            text, [](std::size_t, std::size_t) {},
            [&](const TemplateTag& tag) {
                tags.push_back(tag.contents);
                return true;
            }))
        return std::nullopt;
    return tags;
}

// `text` with each variable tag named in `constants` replaced by its value (escaped unless the
// tag is {{{ }}} or {{& }}); `text` itself when it cannot be read as kainjow reads it. A value
// holding "{{" is never written in; one holding a brace only when the text written reads as the
// same tags but the ones replaced (a brace beside another one of the text would open a tag):
// else only the values without braces are.
std::string with_values(const std::string& text, const std::map<std::string, std::string, std::less<>>& constants,
                        bool braces = true) {
    std::string out;
    out.reserve(text.size());
    std::vector<std::string> kept;  // the tags left as they are
    const bool read = read_template(
        text, [&](std::size_t begin, std::size_t end) { out.append(text, begin, end - begin); },
        [&](const TemplateTag& tag) {
            std::string_view name = tag.contents;
            const bool raw = tag.triple || name.starts_with('&');
            if (!tag.triple && name.starts_with('&')) name = text::trim(name.substr(1));
            auto value = constants.find(name);
            const bool has_brace = value != constants.end() && value->second.find_first_of("{}") != std::string::npos;
            const bool bake = !name.empty() && std::string_view("#^/>!=&").find(name[0]) == std::string_view::npos &&
                              value != constants.end() && value->second.find("{{") == std::string::npos &&
                              (braces || !has_brace);
            if (!bake) {
                out.append(text, tag.begin, tag.end - tag.begin);
                kept.push_back(tag.contents);
                return true;
            }
            out += raw ? value->second : html::html_escape(value->second);
            return true;
        });
    if (!read) return text;
    if (braces && tags_of(out) != kept) return with_values(text, constants, false);
    return out;
}

}  // namespace

TemplateSet TemplateSet::with_constants(const std::map<std::string, std::string, std::less<>>& constants) const {
    TemplateSet baked(m_layers, {});
    for (const auto& [name, loaded] : m_templates) {
        std::string text = with_values(loaded.text, constants);
        auto compiled = text == loaded.text ? nullptr : compile(text);
        if (compiled && compiled->mustache->is_valid())  // (it is: a variable became text)
            baked.m_templates[name] = {loaded.file, std::move(text), std::move(compiled)};
        else
            baked.m_templates[name] = {loaded.file, loaded.text, copy(*loaded.compiled)};
    }
    return baked;
}

std::unique_ptr<TemplateSet::Compiled, TemplateSet::CompiledDeleter> TemplateSet::copy(const Compiled& compiled) {
    return std::unique_ptr<Compiled, CompiledDeleter>(
        new Compiled{compiled.mustache ? std::make_unique<kainjow::mustache::mustache>(*compiled.mustache) : nullptr,
                     compiled.runs});
}

// Valid as written: rendered from its static text in runs (static_text.hpp) where that
// gains, else as it is.
std::unique_ptr<TemplateSet::Compiled, TemplateSet::CompiledDeleter> TemplateSet::compile(const std::string& text) {
    if (auto marked = mark_static_text(text)) {
        auto faster = compile_template(marked->text);
        if (faster->is_valid())
            return std::unique_ptr<Compiled, CompiledDeleter>(new Compiled{
                std::move(faster), std::make_shared<const std::vector<EngineData>>(std::move(marked->runs))});
    }
    return std::unique_ptr<Compiled, CompiledDeleter>(
        new Compiled{compile_template(text), std::make_shared<const std::vector<EngineData>>()});
}

std::optional<theme::FoundTemplate> TemplateSet::locate(const std::string& relative) const {
    try {
        return theme::find_template(m_layers, relative);
    } catch (const files::FileError& e) {
        throw core::InputError(core::error_at({e.path(), 0, 0}, e.what()));
    }
}

// Inlines {{> name}} partials recursively, checking each file alone first so that errors point
// into the file that has them.
std::string TemplateSet::expand(const fs::path& file, const std::string& text, std::vector<std::string>& stack,
                                Expansion& expansion) const {
    if (!expansion.checked.contains(file.string())) {
        if (auto deep = section_too_deep(text))
            throw core::InputError(too_deep_error(file, text, *deep, "the template"));
        kainjow::mustache::mustache alone(text);
        if (!alone.is_valid()) throw core::InputError(template_error(file, text, alone.error_message()));
        expansion.checked.insert(file.string());
    }
    std::string out;
    std::size_t pos = 0;
    while (true) {
        std::size_t open = text.find("{{>", pos);
        if (open == std::string::npos) break;
        std::size_t close = text.find("}}", open);
        if (close == std::string::npos) break;
        out.append(text, pos, open - pos);
        std::string name(text::trim(std::string_view(text).substr(open + 3, close - open - 3)));
        // (Where the tag is, found for a message only: a template may include thousands.)
        auto problem = [&](const std::string& message) {
            const auto at = text::line_column_at(text, open);
            return core::InputError(
                core::error_at({file.string(), at.line, at.column}, message, text::line_text(text, at.line)));
        };
        if (!valid_partial_name(name)) throw problem("invalid partial name '" + name + "'");
        auto found = expansion.partials.find(name);
        if (found == expansion.partials.end())
            found = expansion.partials.emplace(name, locate("partials/" + name + ".mustache")).first;
        if (!found->second)
            throw problem("partial '" + name + "' not found (looked for partials/" + name +
                          ".mustache in templates/ and the theme)");
        const fs::path& partial = found->second->origin;
        const bool itself = std::find(stack.begin(), stack.end(), partial.string()) != stack.end();
        if (itself || stack.size() > k_max_partial_depth)
            throw problem((itself ? "partial '" + name + "' includes itself ("
                                  : "partials nest deeper than " + std::to_string(k_max_partial_depth) + " levels (") +
                          text::join(stack, " -> ") + " -> " + partial.string() + ")");
        const auto too_large = [&] {
            return problem("with its partials inlined, the template comes to more than " +
                           std::to_string(k_max_expanded_bytes >> 20) + " MB or " +
                           text::count_text(k_max_inlined, "partial", "partials") + " (here partial '" + name +
                           "' is inlined, and inlines others again and again); include each "
                           "partial fewer times");
        };
        if (++expansion.inlined > k_max_inlined) throw too_large();
        stack.push_back(partial.string());
        out += expand(partial, found->second->text, stack, expansion);
        stack.pop_back();
        if (out.size() > k_max_expanded_bytes) throw too_large();
        pos = close + 2;
    }
    out.append(text, pos);
    return out;
}

std::string TemplateSet::render(const std::string& name, const Data& data, std::set<std::string>* looked_up) const {
    return render(find(name), data, nullptr, nullptr, looked_up);
}

std::string TemplateSet::render(const std::string& name, const Data& site, const Data& page,
                                const SharedData* shared) const {
    return render(find(name), site, &page, shared, nullptr);
}

const TemplateSet::Loaded& TemplateSet::find(const std::string& name) const {
    auto it = m_templates.find(name);
    if (it == m_templates.end()) throw std::logic_error("template not loaded: " + name);
    return it->second;
}

std::string TemplateSet::render(const Loaded& loaded, const Data& site, const Data* page, const SharedData* shared,
                                std::set<std::string>* looked_up) const {
    const Compiled& compiled = *loaded.compiled;
    Context context(*compiled.runs, shared, looked_up);
    context.push_data(site);
    if (page) context.push_data(*page);
    StringSink sink;
    compiled.mustache->render(context, sink);
    std::string out = std::move(sink.text);
    if (!compiled.mustache->is_valid())
        throw core::InputError(core::error_at({loaded.file.string(), 0, 0},
                                              "template failed to render: " + compiled.mustache->error_message()));
    return out;
}

const fs::path& TemplateSet::origin(const std::string& name) const {
    return m_templates.at(name).file;
}

}  // namespace render
