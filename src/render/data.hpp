#pragma once
// Building kainjow's template data without copies. Its set(), push_back() and constructors take
// const references and copy deeply (strings, lists, objects), so each value of a page's data
// was copied two or three times on its way in. Building page data is most of rendering: these
// move instead. (The const_casts reach values kainjow owns and only exposes as const.)
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

inline void put(Data& object, const std::string& key, Data value) { object[key] = std::move(value); }
inline void put(Data& object, const std::string& key, std::string value) { object[key] = text(std::move(value)); }
inline void put(Data& object, const std::string& key, const char* value) { object[key] = text(value); }
inline void put(Data& object, const std::string& key, List items) { object[key] = list(std::move(items)); }
inline void put(Data& object, const std::string& key, bool value) { object[key] = Data(value); }

}  // namespace render
