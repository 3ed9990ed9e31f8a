// podarchive: argv -> cli; the one place that catches fatal errors.
#include <iostream>

#include "cli/commands.hpp"
#include "core/diagnostic.hpp"

// jemalloc's settings, read at start-up when the tool is linked with it (CMakeLists.txt): memory
// freed by one stage goes back to the system within 0.1 s, by a thread of jemalloc's own,
// instead of staying ten seconds for reuse. A build's stages free and allocate in bulk, so this
// cuts peak memory by a fifth at 10,000 episodes (bench/README.md) for no measurable time.
// Without jemalloc (sanitized builds) nothing reads it.
extern "C" {
const char* malloc_conf = "background_thread:true,dirty_decay_ms:100,muzzy_decay_ms:0";
}

int main(int argc, char** argv) {
    try {
        return cli::run(argc, argv);
    } catch (const core::InputError& e) {
        for (const auto& d : e.diagnostics()) std::cerr << core::format(d) << "\n";
        std::size_t errors = 0;
        for (const auto& d : e.diagnostics()) errors += d.severity == core::Severity::error;
        std::cerr << "podarchive: " << errors << (errors == 1 ? " error" : " errors") << "; nothing was written\n";
        return cli::k_exit_input;
    } catch (const std::exception& e) {
        std::cerr << "podarchive: error: " << e.what() << "\n";
        return cli::k_exit_input;
    }
}
