#pragma once
// How a page's names are looked up: the context TemplateSet renders with, and where our data
// (data.hpp) meets kainjow's. Part of the template engine's door: only TemplateSet
// (template_set.cpp) and its tests include this.
//
// kainjow asks a context for a name and gets a pointer to its own kind of value; entering a
// section, it pushes that pointer back (a list's items one by one). So a name found here is
// handed to kainjow as: a text copied into the one engine text this context reuses (kainjow
// reads a variable at once; a text it pushes for a section is copied to stay), a yes or a no,
// an empty list, or a token this context made and remembers, for an object or a list's items.
// When kainjow pushes a token, the context pushes the data it stands for; the names inside are
// then looked up in our data again.
#include <deque>
#include <kainjow/mustache.hpp>
#include <set>
#include <string>
#include <vector>

#include "render/data.hpp"

namespace render {

using EngineData = kainjow::mustache::data;

// What an object refers to (data.hpp, shared_reference), and what that refers to in turn: an
// episode's card with its note is its plain card and a few members more (cards.hpp). No deeper.
struct Referents {
    const Data* first = nullptr;
    const Data* second = nullptr;  // (only when first is there)
    // `name` of first, else of second; null when neither has it.
    const Data* get(const std::string& name) const;
};
Referents referents(const Data& object, const SharedData* shared);

// `name` of `object`, or of what it refers to (Referents) when it has no such member itself;
// null when none has it. `shared` may be null (then references find nothing).
const Data* member_of(const Data& object, const SharedData* shared, const std::string& name);

class Context : public kainjow::mustache::basic_context<std::string> {
public:
    // `runs`: the static text of the template being rendered (static_text.hpp). `looked_up`
    // (optional) receives every name looked up (tests: which names a theme uses).
    explicit Context(const std::vector<EngineData>& runs, const SharedData* shared = nullptr,
                     std::set<std::string>* looked_up = nullptr)
        : m_runs(runs), m_shared(shared), m_looked_up(looked_up) {}

    // Puts `data` (an object) under the names looked up from now on: the site's, then a page's.
    void push_data(const Data& data) { m_items.push_back({&data, referents(data, m_shared), &k_yes}); }

    void push(const EngineData* value) override;
    void pop() override;
    const EngineData* get(const std::string& name) const override;
    const EngineData* get_partial(const std::string& name) const override { return engine_form(find_plain(name)); }

private:
    static const EngineData k_yes, k_no, k_empty_list;

    struct Item {
        const Data* data;        // an object whose names are looked up; null: none (a text's or a yes's section)
        Referents shared;        // what data refers to
        const EngineData* self;  // what {{.}} is
        const Data* member(const std::string& name) const;
    };
    // A token handed to kainjow for an object (token itself) or a list (its items), with the
    // data it stands for. Kept until kainjow can push it no more (see push()).
    struct Token {
        EngineData token;
        const Data* data;
    };
    const std::vector<EngineData>& m_runs;
    const SharedData* m_shared;
    std::set<std::string>* m_looked_up;
    std::vector<Item> m_items;                 // the innermost last
    mutable std::deque<Token> m_tokens;        // (a deque: kainjow keeps pointers into those it iterates)
    mutable EngineData m_text{std::string()};  // the text get() found last
    std::deque<EngineData> m_texts;            // texts of the sections entered, innermost last (their items' self)
    mutable std::string m_piece;

    const Data* find_plain(const std::string& name) const;
    const Data* find_dotted(const std::string& name, std::size_t dot) const;
    const EngineData* engine_form(const Data* value) const;
    void push_text(const std::string& text);
};

}  // namespace render
