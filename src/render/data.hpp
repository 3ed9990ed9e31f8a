#pragma once
// Building kainjow's template data without copies. Its set(), push_back() and constructors take
// const references and copy deeply (strings, lists, objects), so each value of a page's data
// was copied two or three times on its way in. Building page data is most of rendering: these
// move instead. (The const_casts reach values kainjow owns and only exposes as const.)
#include <iterator>
#include <string>
#include <utility>

#include <kainjow/mustache.hpp>

namespace render {

using Data = kainjow::mustache::data;
using List = kainjow::mustache::list;

inline Data text(std::string value) {
    Data d(Data::type::string);
    const_cast<std::string&>(d.string_value()) = std::move(value);
    return d;
}

inline Data list(List items) {
    Data d(Data::type::list);
    const_cast<List&>(d.list_value()) = std::move(items);
    return d;
}

// A List whose room is reserved first, with make(item) for each item of `items`. kainjow's
// data has no noexcept move, so a std::vector<Data> that grows copies every object it holds,
// deeply, each time it reallocates (a 1,000-episode build copied 118,000 objects that way).
// Build lists with this, or reserve their size before filling them.
template <class Range, class Make>
List list_of(const Range& items, Make make) {
    List out;
    out.reserve(std::size(items));
    for (const auto& item : items) out.push_back(make(item));
    return out;
}

// Sets member `key` of `object` (an object) to `value`, replacing one it had. (kainjow offers no
// way to add a member but its operator[], which first makes an empty object: a fifth of building
// an episode page's data. data.cpp reaches kainjow's map, and nothing else does.)
void put(Data& object, const std::string& key, Data value);
inline void put(Data& object, const std::string& key, std::string value) { put(object, key, text(std::move(value))); }
inline void put(Data& object, const std::string& key, const char* value) { put(object, key, text(value)); }
inline void put(Data& object, const std::string& key, List items) { put(object, key, list(std::move(items))); }
inline void put(Data& object, const std::string& key, bool value) { put(object, key, Data(value)); }

// Data that many pages show, referred to instead of copied: an episode's card is on its page,
// its neighbours' pages, a home page, the archive and each of its topics' pages, and copying
// it into each (or building it again) was a tenth of rendering. A reference is an object that
// names the shared object (SharedData::find); TemplateSet looks up there what the reference does
// not have itself (so a reference can add keys to what it refers to, as an episode's page does).
Data shared_reference(std::string name);

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
