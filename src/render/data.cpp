#include "render/data.hpp"

#include <algorithm>
#include <stdexcept>

namespace render {

namespace {

const std::string k_no_text;

// The key a reference names its shared object under: a control character no template can name.
const std::string k_shared_key = "\x1Fshared";

}  // namespace

Data::Data(const Data& other) : m_kind(other.m_kind) {
    switch (m_kind) {
        case Kind::object:
            new (&m_members) std::vector<Member>(other.m_members);
            break;
        case Kind::list:
            new (&m_items) List(other.m_items);
            break;
        case Kind::text:
            new (&m_text) std::string(other.m_text);
            break;
        case Kind::yes:
        case Kind::no:
            break;
    }
}

Data& Data::operator=(const Data& other) {
    if (this != &other) *this = Data(other);
    return *this;
}

const std::string& Data::string_value() const {
    return is_text() ? m_text : k_no_text;
}

const List& Data::list_value() const {
    static const List none;
    return is_list() ? m_items : none;
}

const std::vector<Data::Member>& Data::members() const {
    static const std::vector<Member> none;
    return is_object() ? m_members : none;
}

const Data* Data::get(std::string_view key) const {
    if (!is_object()) return nullptr;
    for (const Member& m : m_members)
        if (m.key.size() == key.size() && m.key == key) return &m.value;
    return nullptr;
}

Data object(std::size_t room) {
    Data d;
    d.m_members.reserve(room);
    return d;
}

Data text(std::string value) {
    Data d(false);
    if (value.empty()) return d;
    d.m_kind = Data::Kind::text;
    new (&d.m_text) std::string(std::move(value));
    return d;
}

Data list(List items) {
    Data d(false);
    d.m_kind = Data::Kind::list;
    new (&d.m_items) List(std::move(items));
    return d;
}

namespace {

void add(std::vector<Data::Member>& members, std::string key, Data value) {
    // Grown a few members at a time while few: most objects have tens of members, and cards
    // stay in memory all build (doubling would leave a quarter of their room empty); by half
    // past that (a words table of thousands grown by four copied itself thousands of times).
    if (members.size() == members.capacity())
        members.reserve(members.size() + std::max<std::size_t>(4, members.size() / 2));
    members.push_back({std::move(key), std::move(value)});
}

}  // namespace

void put(Data& object, std::string key, Data value) {
    if (!object.is_object()) throw std::logic_error("render::put: the data is not an object");
    for (Data::Member& m : object.m_members)
        if (m.key == key) {
            m.value = std::move(value);
            return;
        }
    add(object.m_members, std::move(key), std::move(value));
}

void put_new(Data& object, std::string key, Data value) {
    if (!object.is_object()) throw std::logic_error("render::put_new: the data is not an object");
    add(object.m_members, std::move(key), std::move(value));
}

Data take(Data& object, std::string_view key) {
    if (!object.is_object()) return Data();
    for (Data::Member& m : object.m_members)
        if (m.key == key) return std::move(m.value);
    return Data();
}

Data shared_reference(std::string name, std::size_t room) {
    Data d = object(room);
    put_new(d, k_shared_key, text(std::move(name)));
    return d;
}

const std::string* referred_name(const Data& object) {
    const Data* name = object.get(k_shared_key);
    return name && name->is_text() ? &name->string_value() : nullptr;
}

}  // namespace render
