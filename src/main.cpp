// podarchive: argv -> cli; the one place that catches fatal errors.
#include <iostream>

#include "cli/commands.hpp"
#include "core/diagnostic.hpp"

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
