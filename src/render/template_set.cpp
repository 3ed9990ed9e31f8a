#include "render/template_set.hpp"

#include <algorithm>

#include "core/diagnostic.hpp"
#include "render/static_text.hpp"
#include "util/escape.hpp"
#include "util/files.hpp"
#include "util/strings.hpp"
#include "util/text_position.hpp"

namespace render {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t k_max_partial_depth = 16;

// kainjow reports "Unclosed section "x" at 123": turn the offset into a location.
core::Diagnostic template_error(const fs::path& file, const std::string& text, const std::string& message) {
    std::size_t offset = 0;
    if (auto pos = message.rfind(" at "); pos != std::string::npos) {
        long long value = 0;
        if (util::parse_uint(message.substr(pos + 4), value)) offset = static_cast<std::size_t>(value);
    }
    auto at = util::line_column_at(text, offset);
    return core::error_at({file.string(), at.line, at.column}, "invalid template: " + message,
                          std::string(util::line_text(text, at.line)));
}

std::string read_template(const fs::path& file) {
    try {
        return util::read_file(file, 1u << 20);
    } catch (const util::FileError& e) {
        throw core::InputError(core::error_at({file.string(), 0, 0}, e.what()));
    }
}

bool valid_partial_name(const std::string& name) {
    return util::is_safe_relative_path(name) &&
           std::all_of(name.begin(), name.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '/'; });
}

// kainjow's own context splits every dotted name ("site.title") into a new vector of strings
// at each lookup; pages look up thousands. The same lookup, allocating nothing for short names.
// What each pushed object refers to (data.hpp, shared_reference) is found once, when it is
// pushed, rather than at every name it does not have itself.
class Context : public kainjow::mustache::basic_context<std::string> {
public:
    // `runs`: the static text of the template being rendered (static_text.hpp).
    explicit Context(const std::vector<Data>& runs, const SharedData* shared = nullptr) : m_runs(runs), m_shared(shared) {}

    void push(const Data* data) override { m_items.push_back({data, referred(*data)}); }
    void pop() override { m_items.pop_back(); }

    const Data* get(const std::string& name) const override {
        if (const Data* run = static_run(m_runs, name)) return run;
        if (name == ".") return m_items.back().data;
        const std::size_t dot = name.find('.');
        if (dot == std::string::npos) return get_partial(name);
        for (auto item = m_items.rbegin(); item != m_items.rend(); ++item) {
            m_piece.assign(name, 0, dot);
            const Data* value = item->member(m_piece);
            for (std::size_t start = dot + 1; value;) {
                std::size_t next = name.find('.', start);
                m_piece.assign(name, start, next == std::string::npos ? std::string::npos : next - start);
                value = member(*value, m_piece);
                if (next == std::string::npos) break;
                start = next + 1;
            }
            if (value) return value;
        }
        return nullptr;
    }

    const Data* get_partial(const std::string& name) const override {
        for (auto item = m_items.rbegin(); item != m_items.rend(); ++item)
            if (const Data* value = item->member(name)) return value;
        return nullptr;
    }

private:
    struct Item {
        const Data* data;
        const Data* shared;  // what data refers to, or null
        const Data* member(const std::string& name) const {
            if (const Data* value = data->get(name)) return value;
            return shared ? shared->get(name) : nullptr;
        }
    };
    const std::vector<Data>& m_runs;
    const SharedData* m_shared;
    std::vector<Item> m_items;  // the innermost last
    mutable std::string m_piece;

    const Data* referred(const Data& object) const {
        if (!m_shared) return nullptr;
        const Data* reference = object.get(k_shared_key);
        return reference && reference->is_string() ? m_shared->find(reference->string_value()) : nullptr;
    }
    // object.name, or what the object refers to has under that name.
    const Data* member(const Data& object, const std::string& name) const { return Item{&object, referred(object)}.member(name); }
};

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

TemplateSet::TemplateSet(const fs::path& project_templates, const fs::path& theme_templates,
                         const std::vector<std::string>& names)
    : m_project(project_templates), m_theme(theme_templates) {
    std::vector<core::Diagnostic> problems;
    for (const auto& name : names) {
        fs::path file = locate(name + ".mustache");
        if (file.empty()) {
            problems.push_back(core::error_at({(m_theme / (name + ".mustache")).string(), 0, 0},
                                              "template '" + name + "' not found in " + m_project.string() + " or " +
                                                  m_theme.string()));
            continue;
        }
        try {
            std::string text = read_template(file);
            std::vector<std::string> stack{file.string()};
            std::string expanded = expand(file, text, stack);
            auto compiled = std::make_unique<kainjow::mustache::mustache>(expanded);
            if (!compiled->is_valid()) {
                // The expanded text's offsets do not match the file; the file itself was valid
                // alone (expand checked), so the problem spans a partial boundary.
                problems.push_back(core::error_at({file.string(), 0, 0}, "invalid template after inlining partials: " +
                                                                              compiled->error_message()));
                continue;
            }
            // Valid as written: rendered from its static text in runs (static_text.hpp).
            auto runs = std::make_shared<std::vector<Data>>();
            if (auto marked = mark_static_text(expanded)) {
                auto faster = std::make_unique<kainjow::mustache::mustache>(marked->text);
                if (faster->is_valid()) compiled = std::move(faster), *runs = std::move(marked->runs);
            }
            compiled->set_custom_escape([](const std::string& s) { return util::html_escape(s); });
            m_templates[name] = {file, std::move(compiled), std::move(runs)};
        } catch (const core::InputError& e) {
            problems.insert(problems.end(), e.diagnostics().begin(), e.diagnostics().end());
        }
    }
    if (!problems.empty()) throw core::InputError(problems);
}

TemplateSet::TemplateSet(const TemplateSet& other) : m_project(other.m_project), m_theme(other.m_theme) {
    for (const auto& [name, loaded] : other.m_templates)
        m_templates[name] = {loaded.file, std::make_unique<kainjow::mustache::mustache>(*loaded.compiled), loaded.runs};
}

fs::path TemplateSet::locate(const std::string& relative) const {
    std::error_code ec;
    for (const fs::path& dir : {m_project, m_theme}) {
        fs::path candidate = dir / relative;
        if (!dir.empty() && fs::is_regular_file(candidate, ec)) return candidate;
    }
    return {};
}

// Inlines {{> name}} partials recursively, checking each file alone first so that errors point
// into the file that has them.
std::string TemplateSet::expand(const fs::path& file, const std::string& text, std::vector<std::string>& stack) const {
    {
        kainjow::mustache::mustache alone(text);
        if (!alone.is_valid()) throw core::InputError(template_error(file, text, alone.error_message()));
    }
    std::string out;
    std::size_t pos = 0;
    while (true) {
        std::size_t open = text.find("{{>", pos);
        if (open == std::string::npos) break;
        std::size_t close = text.find("}}", open);
        if (close == std::string::npos) break;
        out.append(text, pos, open - pos);
        std::string name(util::trim(std::string_view(text).substr(open + 3, close - open - 3)));
        auto at = util::line_column_at(text, open);
        core::SourceLocation where{file.string(), at.line, at.column};
        if (!valid_partial_name(name))
            throw core::InputError(core::error_at(where, "invalid partial name '" + name + "'", std::string(util::line_text(text, at.line))));
        fs::path partial = locate("partials/" + name + ".mustache");
        if (partial.empty())
            throw core::InputError(core::error_at(where, "partial '" + name + "' not found (looked for partials/" + name +
                                                             ".mustache in templates/ and the theme)",
                                                  std::string(util::line_text(text, at.line))));
        if (std::find(stack.begin(), stack.end(), partial.string()) != stack.end() || stack.size() > k_max_partial_depth)
            throw core::InputError(core::error_at(where, "partial '" + name + "' includes itself (" +
                                                             util::join(stack, " -> ") + " -> " + partial.string() + ")",
                                                  std::string(util::line_text(text, at.line))));
        stack.push_back(partial.string());
        out += expand(partial, read_template(partial), stack);
        stack.pop_back();
        pos = close + 2;
    }
    out.append(text, pos);
    return out;
}

std::string TemplateSet::render(const std::string& name, const Data& data) const {
    const Loaded& loaded = find(name);
    Context context(*loaded.runs);
    context.push(&data);
    return render(loaded, context);
}

std::string TemplateSet::render(const std::string& name, const Data& site, const Data& page, const SharedData* shared) const {
    const Loaded& loaded = find(name);
    Context context(*loaded.runs, shared);
    context.push(&site);
    context.push(&page);
    return render(loaded, context);
}

std::string TemplateSet::render(const std::string& name, kainjow::mustache::basic_context<std::string>& context) const {
    const Loaded& loaded = find(name);
    RunsFirst with_runs(context, *loaded.runs);
    return render(loaded, with_runs);
}

const TemplateSet::Loaded& TemplateSet::find(const std::string& name) const {
    auto it = m_templates.find(name);
    if (it == m_templates.end()) throw std::logic_error("template not loaded: " + name);
    return it->second;
}

std::string TemplateSet::render(const Loaded& loaded, kainjow::mustache::basic_context<std::string>& context) const {
    StringSink sink;
    loaded.compiled->render(context, sink);
    std::string out = std::move(sink.text);
    if (!loaded.compiled->is_valid())
        throw core::InputError(core::error_at({loaded.file.string(), 0, 0}, "template failed to render: " + loaded.compiled->error_message()));
    return out;
}

const fs::path& TemplateSet::origin(const std::string& name) const { return m_templates.at(name).file; }

}  // namespace render
