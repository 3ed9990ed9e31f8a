// The libFuzzer executable of every target: FUZZ_TARGET in the environment names the one it
// fuzzes (.ci/fuzz.sh sets it). One executable is linked once; one per target linked the whole
// instrumented library 27 times, most of the fuzz step's time.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "targets.hpp"

namespace {

const fuzz::Target* g_target = nullptr;  // (libFuzzer's entry points take no context)

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    const char* name = std::getenv("FUZZ_TARGET");
    for (const auto& t : fuzz::targets())
        if (name && std::strcmp(t.name, name) == 0) g_target = &t;
    if (!g_target) {
        std::fprintf(stderr, "FUZZ_TARGET=%s names no target; the targets are:", name ? name : "");
        for (const auto& t : fuzz::targets()) std::fprintf(stderr, " %s", t.name);
        std::fprintf(stderr, "\n");
        std::exit(2);
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    g_target->run(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
