#pragma once
// How a page's names are looked up: the context TemplateSet renders with. Part of the template
// engine's door: only TemplateSet (template_set.cpp) and its tests include this.
#include <string>
#include <vector>

#include <kainjow/mustache.hpp>

#include "render/data.hpp"
#include "render/static_text.hpp"

namespace render {

// `name` of `object`, or of what it refers to (data.hpp, shared_reference) when it has no
// such member itself; null when neither has it. `shared` may be null (then references find nothing).
const Data* member_of(const Data& object, const SharedData* shared, const std::string& name);

// kainjow's own context splits every dotted name ("site.title") into a new vector of strings
// at each lookup; pages look up thousands. The same lookup, allocating nothing for short names.
// What each pushed object refers to is found once, when it is pushed, rather than at every
// name it does not have itself.
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
                value = member_of(*value, m_shared, m_piece);
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

    const Data* referred(const Data& object) const;
};

}  // namespace render
