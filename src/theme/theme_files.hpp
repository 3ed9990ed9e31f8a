#pragma once
// Where a site's templates and static files come from, in lookup order (docs/themes.md): the
// project's templates/ and static/, then themes/<theme>/ in the site folder,
// then the theme built into the binary.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace theme {

struct ThemeLayers {
    std::vector<std::filesystem::path> template_dirs;  // searched in this order
    std::vector<std::filesystem::path> static_dirs;    // copied in this order: a later file wins
    bool builtin = false;                              // the built-in theme after them all
    std::vector<std::filesystem::path> i18n_dirs;      // the interface's words: a word of an earlier one wins
    // The project's folder: a file or folder of a layer that a symbolic link takes out of it is
    // refused (empty: no such check, for layers that are not a project's).
    std::filesystem::path project{};
};

// A template found in one of the layers: where (a file, or "<built-in theme>/templates/...")
// and its text.
struct FoundTemplate {
    std::filesystem::path origin;
    std::string text;
};

// Where the built-in theme's files are said to be, in messages and provenance.
inline const std::filesystem::path k_builtin_origin = "<built-in theme>";

// The template at `relative` ("index.mustache", "partials/head.mustache") in the first layer
// that has it. Throws files::FileError when the file found cannot be read or is over 1 MB, or a
// link on its way leads out of the project.
std::optional<FoundTemplate> find_template(const ThemeLayers& layers, const std::string& relative);

// Every layer's file `name` ("de.yaml") of the interface's words, the first layer's first
// (the built-in theme's last). Files are read as find_template reads templates.
std::vector<FoundTemplate> find_word_tables(const ThemeLayers& layers, const std::string& name);

// One static file to publish: a file on disk, or bytes of the built-in theme.
struct StaticFile {
    std::filesystem::path file;       // empty for a built-in one
    std::string_view builtin;         // the built-in theme's file at this path, as served
    std::string_view builtin_source;  // and as themes/default/ has it
};

// Every static file by its path in the site, the built-in theme's first, then each folder's
// (symbolic links are not followed: a theme cannot pull in files from outside the project; those
// met are listed in `links`, when given, for the caller to say so). Throws files::FileError for
// a static folder that a link takes out of the project.
std::map<std::string, StaticFile> static_files(const ThemeLayers& layers,
                                               std::vector<std::filesystem::path>* links = nullptr);

// The bytes of `file` (read now when it is on disk). A copy of a built-in file, unchanged (the
// default theme copied into a project), is served as the built-in one is: its scripts minified.
std::string read_static(const StaticFile& file);

// A hash of every byte of the built-in theme, for the build's input fingerprint.
std::string builtin_fingerprint();

// What export_builtin did: the files it wrote, or (having written nothing) those in the way.
struct Export {
    std::vector<std::filesystem::path> written;
    std::vector<std::filesystem::path> in_the_way;
};

// Writes the built-in theme's files under `dir` (its templates/, static/ and README.md), or
// nothing when any of them exists already: an export never overwrites an edited theme. Throws
// files::FileError, having written nothing, when a folder under `dir` is a link out of it.
Export export_builtin(const std::filesystem::path& dir);

}  // namespace theme
