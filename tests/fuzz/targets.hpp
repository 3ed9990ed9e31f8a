#pragma once
// Fuzz entry points: each feeds arbitrary bytes to one parser we own. Compiled into the libFuzzer
// executables (tests/fuzz/fuzz_main.cpp, built by .ci/fuzz.sh with clang) and into the test suite,
// which replays every input saved under tests/fuzz/regressions/<target>/.
#include <string>
#include <string_view>
#include <vector>

#include "sources/source_batch.hpp"

namespace fuzz {

struct Target {
    const char* name;
    void (*run)(std::string_view data);
};

const std::vector<Target>& targets();

// Every field a listing can set on each record, and the batch's messages: for comparing readings.
std::string records_summary(const sources::SourceBatch& batch, bool with_messages = true);

}  // namespace fuzz
