#include "render/context.hpp"

namespace render {

namespace {

// What `object` refers to, or null.
const Data* referent(const Data& object, const SharedData* shared) {
    if (!shared) return nullptr;
    const std::string* name = referred_name(object);
    return name ? shared->find(*name) : nullptr;
}

}  // namespace

const Data* member_of(const Data& object, const SharedData* shared, const std::string& name) {
    if (const Data* value = object.get(name)) return value;
    const Data* referred = referent(object, shared);
    return referred ? referred->get(name) : nullptr;
}

const Data* Context::referred(const Data& object) const { return referent(object, m_shared); }

}  // namespace render
