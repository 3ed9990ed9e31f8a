#include "files/shared_library.hpp"

#include <dlfcn.h>

namespace files {

SharedLibrary::SharedLibrary(const char* soname, std::string_view purpose)
    : m_handle(::dlopen(soname, RTLD_NOW | RTLD_LOCAL)), m_soname(soname) {
    if (!m_handle) m_error = "podarchive cannot load " + m_soname + " " + std::string(purpose);
}

void* SharedLibrary::address_of(const char* symbol) {
    void* address = m_handle ? ::dlsym(m_handle, symbol) : nullptr;
    if (!address && m_error.empty()) m_error = "podarchive cannot use " + m_soname + ": " + symbol + " is missing";
    return address;
}

}  // namespace files
