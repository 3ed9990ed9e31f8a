#include "render/data.hpp"

#include <stdexcept>

namespace render {

namespace {

// The one way C++ lets code name a private member without the class's leave: an explicit
// instantiation is exempt from access checks ([temp.spec.general]), and the friend it defines
// hands the member pointer out. (Here only: an explicit instantiation may be made once.)
using ObjectPointer = std::unique_ptr<kainjow::mustache::object> Data::*;

ObjectPointer object_pointer();

template <ObjectPointer Member>
struct ObjectMember {
    friend ObjectPointer object_pointer() { return Member; }
};

template struct ObjectMember<&Data::obj_>;

// An object's members: kainjow's private map.
kainjow::mustache::object& members(Data& object) {
    auto& map = object.*object_pointer();
    if (!map) throw std::logic_error("render::put: the data is not an object");
    return *map;
}

// The key a reference names its shared object under: a control character no template can name.
const std::string k_shared_key = "\x1Fshared";

}  // namespace

void put(Data& object, const std::string& key, Data value) {
    auto [member, added] = members(object).try_emplace(key, std::move(value));
    if (!added) member->second = std::move(value);
}

Data shared_reference(std::string name) {
    Data d;
    put(d, k_shared_key, std::move(name));
    return d;
}

const std::string* referred_name(const Data& object) {
    const Data* name = object.get(k_shared_key);
    return name && name->is_string() ? &name->string_value() : nullptr;
}

}  // namespace render
