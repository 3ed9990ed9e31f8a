#pragma once
// The data a page hands the template engine: a type of ours (objects, texts, lists, yes and no),
// so that only the engine's door (TemplateSet: template_set.cpp, context.cpp, data.cpp) knows
// which engine it is. Building page data is most of rendering: everything here moves, and a
// Data moves without copying what it holds (a List that grows moves its items).
#include <cstddef>
#include <iterator>
#include <new>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace render {

class Data;
using List = std::vector<Data>;

class Data {
public:
    enum class Kind : unsigned char { object, text, list, yes, no };
    struct Member;

    Data() noexcept;  // an empty object
    Data(bool value) noexcept
        : m_kind(value ? Kind::yes : Kind::no) {}  // NOLINT: `cond ? text(x) : Data(false)` reads best
    Data(Data&& other) noexcept;
    Data& operator=(Data&& other) noexcept;
    Data(const Data& other);  // a deep copy (what pages share is referred to, not copied: shared_reference)
    Data& operator=(const Data& other);
    ~Data() { destroy(); }

    Kind kind() const { return m_kind; }
    bool is_object() const { return m_kind == Kind::object; }
    bool is_text() const { return m_kind == Kind::text; }
    bool is_list() const { return m_kind == Kind::list; }
    bool is_true() const { return m_kind == Kind::yes; }
    bool is_false() const { return m_kind == Kind::no; }

    // A text's string ("" for any other kind).
    const std::string& string_value() const;
    // A list's items (none for any other kind).
    const List& list_value() const;
    // An object's members, in the order they were put (none for any other kind).
    const std::vector<Member>& members() const;
    // Member `key` of an object, or null.
    const Data* get(std::string_view key) const;

private:
    friend Data object(std::size_t room);
    friend Data text(std::string value);
    friend Data list(List items);
    friend void put(Data& object, std::string key, Data value);
    friend void put_new(Data& object, std::string key, Data value);
    friend Data take(Data& object, std::string_view key);

    void take_from(Data&& other) noexcept;  // (this holds nothing)
    void destroy() noexcept;

    // One of these, as m_kind says (none for yes and no): a Data is 40 bytes, and cards stay in
    // memory all build. A text is its string, in place: the engine is handed a copy of it when
    // it asks (context.cpp), which cost less than an engine value made beside every text (two
    // more allocations and 80 bytes each: a third of the cards' memory). (The special members
    // below are defined once Member is complete.)
    Kind m_kind;
    union {
        std::vector<Member> m_members;
        List m_items;
        std::string m_text;
    };
};

struct Data::Member {
    std::string key;
    Data value;
};

inline Data::Data() noexcept : m_kind(Kind::object) {
    new (&m_members) std::vector<Member>();
}

inline void Data::take_from(Data&& other) noexcept {
    m_kind = other.m_kind;
    switch (m_kind) {
        case Kind::object:
            new (&m_members) std::vector<Member>(std::move(other.m_members));
            break;
        case Kind::list:
            new (&m_items) List(std::move(other.m_items));
            break;
        case Kind::text:
            new (&m_text) std::string(std::move(other.m_text));
            break;
        case Kind::yes:
        case Kind::no:
            break;
    }
}

inline void Data::destroy() noexcept {
    switch (m_kind) {
        case Kind::object:
            m_members.~vector();
            break;
        case Kind::list:
            m_items.~List();
            break;
        case Kind::text:
            m_text.~basic_string();
            break;
        case Kind::yes:
        case Kind::no:
            break;
    }
}

inline Data::Data(Data&& other) noexcept {
    take_from(std::move(other));
}

inline Data& Data::operator=(Data&& other) noexcept {
    if (this != &other) {
        destroy();
        take_from(std::move(other));
    }
    return *this;
}

// A text; a list of `items`. An empty text is false, as in mustache.js: a section over it is
// skipped (`{{#site.author}} · {{site.author}}{{/site.author}}` writes no separator without an
// author), and as a variable it writes nothing, as "" would.
Data text(std::string value);
Data list(List items);
// An empty object with room for `room` members: for one of a known size made for every
// episode and kept all build (a card), which growing a few members at a time leaves part empty.
Data object(std::size_t room);

// A List whose room is reserved first, with make(item) for each item of `items`.
template <class Range, class Make>
List list_of(const Range& items, Make make) {
    List out;
    out.reserve(std::size(items));
    for (const auto& item : items) out.push_back(make(item));
    return out;
}

// Sets member `key` of `object` (an object: std::logic_error otherwise) to `value`, replacing
// one it had.
void put(Data& object, std::string key, Data value);
inline void put(Data& object, std::string key, std::string value) {
    put(object, std::move(key), text(std::move(value)));
}
inline void put(Data& object, std::string key, const char* value) {
    put(object, std::move(key), text(value));
}
inline void put(Data& object, std::string key, List items) {
    put(object, std::move(key), list(std::move(items)));
}
inline void put(Data& object, std::string key, bool value) {
    put(object, std::move(key), Data(value));
}

// Adds member `key` to `object` (an object), which the caller knows has none of that name (a
// map's keys): put() looks for one first, which made an object of thousands of members (a
// theme's table of words) cost the square of their count.
void put_new(Data& object, std::string key, Data value);

// Member `key` of `object`, moved out (an empty object when it has none); the member stays,
// emptied.
Data take(Data& object, std::string_view key);

// Data that many pages show, referred to instead of copied: an episode's card is on its page,
// its neighbours' pages, a home page, the archive and each of its topics' pages, and copying
// it into each (or building it again) was a tenth of rendering. A reference is an object that
// names the shared object (SharedData::find); TemplateSet looks up there what the reference does
// not have itself (so a reference can add keys to what it refers to, as an episode's page does).
// `room`: the members it is made with room for, its name's included (a reference in a card,
// kept all build, takes no more room than it holds).
Data shared_reference(std::string name, std::size_t room = 1);

// The name `object` refers to when it is a shared_reference (or one with keys added), else null.
const std::string* referred_name(const Data& object);

// Finds shared data by the name a reference holds (null when none has it), from any thread.
class SharedData {
public:
    virtual const Data* find(const std::string& name) const = 0;

protected:
    ~SharedData() = default;
};

}  // namespace render
