#include "audio/manifest.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/diagnostic.hpp"
#include "files/files.hpp"

namespace audio {

namespace {

using ordered = nlohmann::ordered_json;

std::string text_of(const nlohmann::json& entry, const char* key) {
    const auto it = entry.find(key);
    return it != entry.end() && it->is_string() ? it->get<std::string>() : std::string();
}

double number_of(const nlohmann::json& entry, const char* key) {
    const auto it = entry.find(key);
    return it != entry.end() && it->is_number() ? it->get<double>() : 0;
}

}  // namespace

const StoredCopy* Manifest::latest(const std::string& guid) const {
    const StoredCopy* found = nullptr;
    for (const auto& f : files)
        if (f.guid == guid && (!found || f.fetched >= found->fetched)) found = &f;
    return found;
}

StoredCopy* Manifest::latest(const std::string& guid) {
    return const_cast<StoredCopy*>(std::as_const(*this).latest(guid));
}

bool Manifest::has_file(const std::string& name) const {
    return std::any_of(files.begin(), files.end(), [&](const StoredCopy& f) { return f.file == name; });
}

void Manifest::put(StoredCopy file) {
    auto at = std::lower_bound(files.begin(), files.end(), file.file,
                               [](const StoredCopy& f, const std::string& name) { return f.file < name; });
    if (at != files.end() && at->file == file.file)
        *at = std::move(file);
    else
        files.insert(at, std::move(file));
}

Manifest read_manifest(const std::filesystem::path& path) {
    Manifest manifest;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return manifest;
    nlohmann::json json;
    try {
        json = nlohmann::json::parse(files::read_file(path, 256u << 20));
    } catch (const nlohmann::json::exception& e) {
        throw core::InputError(core::error_at({path.string(), 0, 0},
                                              std::string("is not the audio manifest podarchive writes: ") + e.what()));
    } catch (const files::FileError& e) {
        throw core::InputError(core::error_at({path.string(), 0, 0}, e.what()));
    }
    if (!json.is_object() || !json["files"].is_array())
        throw core::InputError(core::error_at(
            {path.string(), 0, 0}, "is not the audio manifest podarchive writes: expected {\"files\": [...]}"));
    for (const auto& entry : json["files"]) {
        if (!entry.is_object() || text_of(entry, "file").empty() ||
            !files::is_safe_relative_path(text_of(entry, "file")) ||
            text_of(entry, "file").find('/') != std::string::npos)
            throw core::InputError(core::error_at(
                {path.string(), 0, 0},
                "an entry of the audio manifest has no plain file name: " + entry.dump().substr(0, 200)));
        StoredCopy f;
        f.file = text_of(entry, "file"), f.guid = text_of(entry, "guid"), f.url = text_of(entry, "url"),
        f.via = text_of(entry, "via");
        f.bytes = static_cast<long long>(number_of(entry, "bytes"));
        f.sha256 = text_of(entry, "sha256"), f.content_type = text_of(entry, "content_type");
        f.duration = number_of(entry, "duration"), f.feed_duration = number_of(entry, "feed_duration");
        f.fetched = text_of(entry, "fetched"), f.checked = text_of(entry, "checked"), f.host = text_of(entry, "host");
        f.unreachable = static_cast<int>(number_of(entry, "unreachable"));
        if (const auto up = entry.find("uploaded"); up != entry.end() && up->is_array())
            for (const auto& place : *up)
                if (place.is_string()) f.uploaded.push_back(place.get<std::string>());
        manifest.put(std::move(f));
    }
    return manifest;
}

std::string manifest_json(const Manifest& manifest) {
    ordered files = ordered::array();
    for (const auto& f : manifest.files) {
        ordered entry = {{"file", f.file}, {"guid", f.guid}, {"url", f.url}};
        if (!f.via.empty()) entry["via"] = f.via;
        entry["bytes"] = f.bytes, entry["sha256"] = f.sha256, entry["content_type"] = f.content_type,
        entry["duration"] = f.duration;
        if (f.feed_duration > 0) entry["feed_duration"] = f.feed_duration;
        entry["fetched"] = f.fetched;
        entry["checked"] = f.checked;
        entry["host"] = f.host;
        if (f.unreachable > 0) entry["unreachable"] = f.unreachable;
        entry["uploaded"] = f.uploaded;
        files.push_back(std::move(entry));
    }
    return ordered{{"files", std::move(files)}}.dump(1) + "\n";
}

bool write_manifest(const std::filesystem::path& path, const Manifest& manifest, std::string& error) {
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    const std::string text = manifest_json(manifest);
    try {
        if (files::read_file(path, 256u << 20) == text) return true;  // (a run that changed nothing commits nothing)
    } catch (const files::FileError&) {
    }
    return files::write_file_atomically(path, text, error);
}

}  // namespace audio
