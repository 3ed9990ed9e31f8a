#include "pipeline/last_build.hpp"

#include <string>
#include <vector>

#include "pipeline/publish.hpp"

namespace pipeline {

void LastBuild::keep_unrendered(const render::PageSink& sink, output::Output& out) {
    std::vector<std::string> kept;
    for (const auto& [path, keys] : pages)
        if (!sink.was_rendered(path)) kept.push_back(path);
    if (!out.keep(kept)) throw CannotKeep("the last build's pages cannot be kept");
}

}  // namespace pipeline
