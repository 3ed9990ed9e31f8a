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

}  // namespace

kainjow::mustache::object& members(Data& object) {
    auto& map = object.*object_pointer();
    if (!map) throw std::logic_error("render::members: the data is not an object");
    return *map;
}

}  // namespace render
