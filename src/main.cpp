// podarchive: argv -> cli; the one place that catches fatal errors.
#include <iostream>

#include "cli/commands.hpp"
#include "core/diagnostic.hpp"
#include "files/files.hpp"

namespace {

int report(const core::InputError& e) {
    for (const auto& d : e.diagnostics()) std::cerr << core::format(d) << "\n";
    std::size_t errors = 0;
    for (const auto& d : e.diagnostics()) errors += d.severity == core::Severity::error;
    std::cerr << "podarchive: " << errors << (errors == 1 ? " error" : " errors") << "; nothing was written\n";
    return cli::k_exit_input;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return cli::run(argc, argv);
    } catch (const core::InputError& e) {
        return report(e);
    } catch (const files::FileError& e) {
        // (A file's error no stage located, such as a theme's word table that is a symbolic
        // link: named all the same.)
        return report(core::InputError({core::error_at({e.path(), 0, 0}, e.what())}));
    } catch (const std::exception& e) {
        std::cerr << "podarchive: error: " << e.what() << "\n";
        return cli::k_exit_input;
    }
}
