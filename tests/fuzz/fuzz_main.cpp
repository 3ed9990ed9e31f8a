// A libFuzzer executable for one target, chosen at build time with -DFUZZ_TARGET="rss".
#include <cstdint>
#include <cstring>

#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const fuzz::Target* target = [] {
        for (const auto& t : fuzz::targets())
            if (std::strcmp(t.name, FUZZ_TARGET) == 0) return &t;
        __builtin_trap();
    }();
    target->run(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
