#include "theme/theme_files.hpp"

#include <set>

#include "files/files.hpp"
#include "files/hash.hpp"
#include "theme/builtin_theme.hpp"

namespace theme {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t k_max_template_bytes = 1u << 20;

std::optional<std::string_view> builtin_file(std::string_view path) {
    for (const auto& f : builtin_files())
        if (f.path == path) return f.bytes;
    return std::nullopt;
}

// Refuses `path` when a link on its way leads out of the project: a theme cloned with an archive
// could otherwise publish any file of the maintainer's machine.
void refuse_link_out(const fs::path& project, const fs::path& path) {
    if (project.empty()) return;
    if (auto target = files::link_out_of(project, path))
        throw files::FileError(
            path.string(), "is reached through a symbolic link out of the project (to " + *target +
                               "); podarchive reads only the project's own files: put the folder itself in its place");
}

}  // namespace

// The file at `dir / relative`, when there is one (a symbolic link is not followed: a link to a
// file elsewhere is refused, and so is a folder on the way that a link takes out of the project).
std::optional<FoundTemplate> find_in(const fs::path& dir, const std::string& relative, const fs::path& project) {
    std::error_code ec;
    fs::path candidate = dir / relative;
    if (!dir.empty() && fs::exists(candidate, ec)) refuse_link_out(project, candidate.parent_path());
    if (!dir.empty() && fs::is_regular_file(fs::symlink_status(candidate, ec)))
        return FoundTemplate{candidate, files::read_file(candidate, k_max_template_bytes, files::Links::refuse)};
    if (!dir.empty() && fs::is_symlink(candidate, ec))
        throw files::FileError(
            candidate.string(),
            "is a symbolic link, which podarchive does not follow here: put the file itself in its place");
    return std::nullopt;
}

std::optional<FoundTemplate> find_template(const ThemeLayers& layers, const std::string& relative) {
    for (const fs::path& dir : layers.template_dirs)
        if (auto found = find_in(dir, relative, layers.project)) return found;
    if (layers.builtin)
        if (auto bytes = builtin_file("templates/" + relative))
            return FoundTemplate{k_builtin_origin / "templates" / relative, std::string(*bytes)};
    return std::nullopt;
}

std::vector<FoundTemplate> find_word_tables(const ThemeLayers& layers, const std::string& name) {
    std::vector<FoundTemplate> found;
    for (const fs::path& dir : layers.i18n_dirs)
        if (auto table = find_in(dir, name, layers.project)) found.push_back(std::move(*table));
    if (layers.builtin)
        if (auto bytes = builtin_file("i18n/" + name))
            found.push_back({k_builtin_origin / "i18n" / name, std::string(*bytes)});
    return found;
}

std::map<std::string, StaticFile> static_files(const ThemeLayers& layers, std::vector<fs::path>* links) {
    std::map<std::string, StaticFile> files;  // sorted: deterministic output order
    if (layers.builtin)
        for (const auto& f : builtin_files())
            if (f.path.starts_with("static/")) files[std::string(f.path.substr(7))] = {{}, f.served, f.bytes};
    for (const fs::path& root : layers.static_dirs) {
        refuse_link_out(layers.project, root);
        std::vector<fs::path> here;
        for (const auto& path : files::files_under(root, &here)) {  // links are not followed
            std::error_code ec;
            std::string rel = fs::relative(path, root, ec).generic_string();
            if (!ec && files::is_safe_relative_path(rel))
                files[rel].file = path;  // (over a built-in file, its views stay)
        }
        if (links) links->insert(links->end(), here.begin(), here.end());
    }
    return files;
}

std::string read_static(const StaticFile& file) {
    if (file.file.empty()) return std::string(file.builtin);
    std::string bytes = files::read_file(file.file);
    return !file.builtin_source.empty() && bytes == file.builtin_source ? std::string(file.builtin) : bytes;
}

std::string builtin_fingerprint() {
    files::Hasher h;
    for (const auto& f : builtin_files()) h.add(f.path), h.add(f.bytes), h.add(f.served);
    return files::hex_hash(h.digest());
}

Export export_builtin(const fs::path& dir) {
    Export done;
    std::error_code ec;
    // In the way: anything at a target's name (a dangling link too: it would be replaced without a
    // word), or a file where a target's folder should be.
    std::set<fs::path> reported;
    for (const auto& f : builtin_files()) {
        const fs::path target = dir / f.path;
        refuse_link_out(dir, target.parent_path());  // (a theme's static/ linked elsewhere would be written through)
        if (fs::exists(fs::symlink_status(target, ec))) done.in_the_way.push_back(target);
        for (fs::path folder = target.parent_path(); files::lexically_within(dir, folder);
             folder = folder.parent_path()) {
            const auto status = fs::symlink_status(folder, ec);
            if (fs::exists(status) && !fs::is_directory(status) && reported.insert(folder).second)
                done.in_the_way.push_back(folder);
        }
    }
    if (!done.in_the_way.empty()) return done;
    // What this export made, removed again should a write fail: never a partial theme.
    std::vector<fs::path> made;
    try {
        for (const auto& f : builtin_files()) {
            const fs::path target = dir / f.path;
            std::vector<fs::path> missing;
            for (fs::path folder = target.parent_path(); !folder.empty() && !fs::exists(fs::symlink_status(folder, ec));
                 folder = folder.parent_path())
                missing.push_back(folder);
            fs::create_directories(target.parent_path());
            made.insert(made.end(), missing.rbegin(), missing.rend());
            std::string error;
            if (!files::write_file_atomically(target, f.bytes, error)) throw files::FileError(target.string(), error);
            made.push_back(target);
            done.written.push_back(target);
        }
    } catch (...) {
        for (auto it = made.rbegin(); it != made.rend(); ++it) fs::remove(*it, ec);
        throw;
    }
    return done;
}

}  // namespace theme
