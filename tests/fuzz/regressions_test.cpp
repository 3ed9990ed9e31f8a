// Every input a fuzzer ever crashed on stays here and is replayed by every test run; the seed
// corpus (the seeds and fixtures) is replayed too, so the entry points themselves are tested.
#include <doctest/doctest.h>

#include "support.hpp"
#include "targets.hpp"

TEST_CASE("fuzz regressions and seeds replay without a crash") {
    namespace fs = std::filesystem;
    std::size_t replayed = 0;
    for (const auto& target : fuzz::targets()) {
        for (const char* folder : {"fuzz/regressions", "fuzz/corpus"}) {
            fs::path dir = test::source_dir() / "tests" / folder / target.name;
            std::error_code ec;
            if (!fs::is_directory(dir, ec)) continue;
            for (const auto& entry : fs::directory_iterator(dir)) {
                CAPTURE(entry.path().string());
                target.run(test::read(entry.path()));
                ++replayed;
            }
        }
    }
    CHECK(replayed > 20);
}

TEST_CASE(
    "fuzz targets: tests/fuzz/targets.txt (which CMake and .ci/fuzz.sh read) lists every entry point, and each has "
    "seeds") {
    std::string listed;
    for (const auto& target : fuzz::targets()) {
        listed += std::string(target.name) + "\n";
        CHECK_MESSAGE(std::filesystem::is_directory(test::source_dir() / "tests/fuzz/corpus" / target.name),
                      "no seeds for " << std::string(target.name));
    }
    CHECK(test::read(test::source_dir() / "tests/fuzz/targets.txt") == listed);
}
