#include "render/context.hpp"

#include <algorithm>

#include "render/static_text.hpp"

namespace render {

namespace {

// What `object` refers to, or null.
const Data* referent(const Data& object, const SharedData* shared) {
    if (!shared) return nullptr;
    const std::string* name = referred_name(object);
    return name ? shared->find(*name) : nullptr;
}

}  // namespace

Referents referents(const Data& object, const SharedData* shared) {
    const Data* first = referent(object, shared);
    return {first, first ? referent(*first, shared) : nullptr};
}

const Data* Referents::get(const std::string& name) const {
    for (const Data* object : {first, second}) {
        if (!object) return nullptr;
        if (const Data* value = object->get(name)) return value;
    }
    return nullptr;
}

const EngineData Context::k_yes(true);
const EngineData Context::k_no(false);
const EngineData Context::k_empty_list(EngineData::type::list);

const Data* member_of(const Data& object, const SharedData* shared, const std::string& name) {
    if (const Data* value = object.get(name)) return value;
    return referents(object, shared).get(name);
}

const Data* Context::Item::member(const std::string& name) const {
    if (!data) return nullptr;
    if (const Data* value = data->get(name)) return value;
    return shared.get(name);
}

const Data* Context::find_plain(const std::string& name) const {
    for (auto item = m_items.rbegin(); item != m_items.rend(); ++item)
        if (const Data* value = item->member(name)) return value;
    return nullptr;
}

// kainjow's own context splits every dotted name ("site.title") into a new vector of strings at
// each lookup; pages look up thousands. The same lookup, allocating nothing for short names.
// (Split as kainjow splits it, with std::getline: one dot at the end ends the name, so "a." is
// "a" and "a.." is "a" then "".)
const Data* Context::find_dotted(const std::string& name, std::size_t dot) const {
    const std::size_t end = name.back() == '.' ? name.size() - 1 : name.size();
    for (auto item = m_items.rbegin(); item != m_items.rend(); ++item) {
        m_piece.assign(name, 0, dot);
        const Data* value = item->member(m_piece);
        for (std::size_t start = dot + 1; value && start <= end;) {
            const std::size_t next = std::min(name.find('.', start), end);
            m_piece.assign(name, start, next - start);
            value = member_of(*value, m_shared, m_piece);
            start = next + 1;
        }
        if (value) return value;
    }
    return nullptr;
}

const EngineData* Context::get(const std::string& name) const {
    if (const EngineData* run = static_run(m_runs, name)) return run;
    if (m_looked_up) m_looked_up->insert(name);
    if (name == ".") return m_items.back().self;
    const std::size_t dot = name.find('.');
    return engine_form(dot == std::string::npos ? find_plain(name) : find_dotted(name, dot));
}

const EngineData* Context::engine_form(const Data* value) const {
    if (!value) return nullptr;
    switch (value->kind()) {
        case Data::Kind::text:
            // (kainjow's engine texts are not to be changed: it hands theirs out as const only.)
            const_cast<std::string&>(m_text.string_value()) = value->string_value();
            return &m_text;
        case Data::Kind::yes:
            return &k_yes;
        case Data::Kind::no:
            return &k_no;
        case Data::Kind::object:
            return &m_tokens.emplace_back(Token{EngineData(true), value}).token;
        case Data::Kind::list: {
            const List& items = value->list_value();
            if (items.empty()) return &k_empty_list;
            // kainjow iterates a list of its own and pushes each item: one token per item.
            return &m_tokens.emplace_back(Token{EngineData(kainjow::mustache::list(items.size(), k_yes)), value}).token;
        }
    }
    return nullptr;
}

// kainjow pushes what get() handed it: an object's token, a list's item, a text or a yes.
// Rendering is in order, so when it pushes a token, the tokens made after it were for sections
// it has finished (an earlier item's): they are let go of, and the search stays short.
void Context::push(const EngineData* value) {
    for (std::size_t k = m_tokens.size(); k-- > 0;) {
        const Token& t = m_tokens[k];
        const Data* data = nullptr;
        if (value == &t.token) {
            data = t.data;
        } else if (t.data->is_list()) {
            const auto& tokens = t.token.list_value();
            if (value < tokens.data() || value >= tokens.data() + tokens.size()) continue;
            data = &t.data->list_value()[static_cast<std::size_t>(value - tokens.data())];
        } else {
            continue;
        }
        m_tokens.resize(k + 1);
        if (data->is_object())
            m_items.push_back({data, referents(*data, m_shared), value});
        else if (data->is_text())
            push_text(data->string_value());
        else
            m_items.push_back({nullptr, {}, engine_form(data)});
        return;
    }
    if (value == &m_text)  // a text's section: {{.}} is the text, which the names inside must not change
        push_text(m_text.string_value());
    else
        m_items.push_back({nullptr, {}, value});  // a yes's section
}

void Context::push_text(const std::string& text) {
    m_items.push_back({nullptr, {}, &m_texts.emplace_back(text)});
}

void Context::pop() {
    if (!m_texts.empty() && m_items.back().self == &m_texts.back()) m_texts.pop_back();  // (its own)
    m_items.pop_back();
}

}  // namespace render
