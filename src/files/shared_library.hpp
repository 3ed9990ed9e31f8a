#pragma once
// A shared library opened the first time a command needs it, rather than linked: every command
// loaded and relocated each linked library at start-up, whether it used it or not, and most of
// the libraries the binary would load come with three that only `fetch` or one drawing uses
// (libavformat and its codecs, libcurl and its protocols, Pango and Cairo). Opened once for the
// process, which keeps it; the library whose headers the caller was compiled with (its soname).
#include <string>
#include <string_view>

namespace files {

class SharedLibrary {
public:
    // Opens `soname`; `purpose` completes the error when it cannot be ("to judge the audio
    // (apt-get install libavformat59)").
    SharedLibrary(const char* soname, std::string_view purpose);
    // Points `fn` at the function `symbol` of the library or of one it loaded; when there is no
    // such function, error() says so.
    template <class Fn>
    void find(Fn& fn, const char* symbol) {
        fn = reinterpret_cast<Fn>(address_of(symbol));
    }
    // Why the library cannot be used ("" when it opened and every function asked for was found).
    const std::string& error() const { return m_error; }

private:
    void* m_handle;
    std::string m_soname, m_error;

    void* address_of(const char* symbol);
};

// A table of a library's functions, each named once in a list macro LIST(X) as X(name): a
// struct holds PODARCHIVE_LIBRARY_FUNCTIONS(LIST) (a member per function, named as the function,
// and what finds them) and `std::string error`; open_functions fills it.
#define PODARCHIVE_LIBRARY_MEMBER(name) decltype(&::name) name = nullptr;
#define PODARCHIVE_LIBRARY_FIND(name) library.find(name, #name);
#define PODARCHIVE_LIBRARY_FUNCTIONS(LIST)        \
    LIST(PODARCHIVE_LIBRARY_MEMBER)               \
    void find_in(files::SharedLibrary& library) { \
        LIST(PODARCHIVE_LIBRARY_FIND)             \
    }

// The table `Functions` (PODARCHIVE_LIBRARY_FUNCTIONS) of the library `soname`, its `error`
// saying why it cannot be used ("" when it can). Meant to be kept once for the process.
template <class Functions>
Functions open_functions(const char* soname, std::string_view purpose) {
    Functions functions;
    SharedLibrary library(soname, purpose);
    functions.find_in(library);
    functions.error = library.error();
    return functions;
}

}  // namespace files
