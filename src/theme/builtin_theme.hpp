#pragma once
// The default theme compiled into the binary (generated at build time from themes/default/ by
// embed_theme.cmake), so a site folder with only site.yaml and a feed builds.
#include <span>
#include <string_view>

namespace theme {

struct BuiltinFile {
    std::string_view path;    // relative to the theme's folder: "templates/index.mustache", "static/css/style.css"
    std::string_view bytes;   // as themes/default/ has it (what `theme export` writes)
    std::string_view served;  // what a site gets: a script minified (terser), else `bytes`
};

// Every file of the built-in theme, sorted by path.
std::span<const BuiltinFile> builtin_files();

// The name site.yaml gives the built-in theme (`theme: default`, the default).
constexpr std::string_view k_builtin_name = "default";

}  // namespace theme
