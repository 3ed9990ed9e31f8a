#include "cli/audio_command.hpp"

#include <iostream>
#include <memory>

#include "audio/manifest.hpp"
#include "audio/upload.hpp"
#include "config/site_config.hpp"
#include "files/files.hpp"
#include "stages/sources.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace cli {

namespace {

struct UploadArgs {
    std::string config = "site.yaml";
    bool needs = false;
};

int run_upload(const UploadArgs& args) {
    const config::SiteConfig config = config::load_config(args.config);
    if (!config.audio.keep) {  // (nothing is kept: nothing to upload; --needs names no tool)
        if (!args.needs)
            std::cout << "audio: nothing to upload: " << text::terminal_safe(config.config_path.string())
                      << " keeps no copies of the audio (`audio: {keep: true}` does: docs/audio.md)\n";
        return k_exit_ok;
    }
    std::string lock_error;
    files::FileLock lock(config.config_path, lock_error);  // (fetch writes the same manifest)
    if (!lock.held()) {
        std::cerr << "error: " << lock_error
                  << ": a `podarchive fetch` is running on this site; upload when it has finished\n";
        return k_exit_input;
    }
    audio::Manifest manifest = audio::read_manifest(config.audio_manifest());
    const audio::UploadTarget target = audio::upload_target(config.audio.upload);
    std::vector<std::string> pending;
    for (const audio::StoredCopy* f : audio::pending_uploads(manifest, config.audio_store(), target))
        pending.push_back(f->file);
    if (args.needs) {  // (for the workflow: which tool to install, if any)
        if (!pending.empty()) std::cout << target.tool << "\n";
        return k_exit_ok;
    }
    std::size_t done = 0;
    // The release the assets go to is made once (gh cannot upload to one that does not exist).
    if (target.tool == "gh" && !pending.empty()) {
        std::string error;
        if (audio::run_tool({"gh", "release", "view", target.place}, error) != 0 &&
            audio::run_tool({"gh", "release", "create", target.place, "--title", "Audio copies", "--notes",
                             "The archive's copies of the episodes' audio, uploaded by podarchive audio upload."},
                            error) != 0)
            std::cout << "audio: warning: the release " << target.place << " could not be made"
                      << (error.empty() ? "" : " (" + error + ")") << "\n";
    }
    for (const auto& name : pending) {
        std::string error;
        const int code = audio::run_tool(audio::upload_command(target, config.audio_store() / name), error);
        if (code != 0) {
            std::cout << "audio: warning: " << text::terminal_safe(name) << " was not uploaded to " << target.name
                      << " (" << (error.empty() ? target.tool + " exited with " + std::to_string(code) : error)
                      << "); the next run tries again\n";
            continue;
        }
        for (auto& f : manifest.files)
            if (f.file == name) f.uploaded.push_back(target.name);
        std::string write_error;
        if (!audio::write_manifest(config.audio_manifest(), manifest, write_error)) {
            std::cout << "audio: warning: " << config.audio_manifest().string() << ": " << write_error << "\n";
            return k_exit_input;
        }
        ++done;
        std::cout << "audio: uploaded " << text::terminal_safe(name) << " to " << target.name << std::endl;
    }
    std::cout << "audio: " << text::count_text(done, "file", "files") << " uploaded to " << target.name;
    if (done < pending.size()) std::cout << ", " << pending.size() - done << " not";
    std::cout << "\n";
    return done == pending.size() ? k_exit_ok : k_exit_input;
}

}  // namespace

int check_audio(const std::string& config_path) {
    const config::SiteConfig config = config::load_config(config_path);
    const audio::Manifest manifest = audio::read_manifest(config.audio_manifest());
    std::vector<sources::SourceBatch> batches = stages::load_sources(config);
    const core::Catalog catalog = stages::merge_for_commands(config, batches);
    std::size_t with_audio = 0, kept = 0, here = 0, missing = 0, damaged = 0, gone = 0;
    for (const auto& e : catalog.episodes) {
        if (!e.enclosure) continue;
        ++with_audio;
        const audio::StoredCopy* f = manifest.latest(e.guid.empty() ? e.enclosure->url : e.guid);
        if (!f) {
            ++missing;
            std::cout << text::terminal_safe(e.slug) << ": no copy kept (" << text::terminal_safe(e.enclosure->url)
                      << ")\n";
            continue;
        }
        std::error_code ec;
        const auto size = std::filesystem::file_size(config.audio_store() / f->file, ec);
        if (!ec && static_cast<long long>(size) != f->bytes) {
            ++damaged;
            std::cout << text::terminal_safe(e.slug) << ": the copy " << text::terminal_safe(f->file) << " is damaged ("
                      << size << " bytes, the manifest says " << f->bytes
                      << "): `podarchive fetch` downloads it again\n";
            continue;
        }
        if (ec && f->uploaded.empty()) {
            ++missing;
            std::cout << text::terminal_safe(e.slug) << ": the copy " << text::terminal_safe(f->file)
                      << " is neither in " << config.audio.store.string()
                      << " nor uploaded: `podarchive fetch` downloads it again\n";
            continue;
        }
        ++kept, here += !ec;
        if (audio::host_gone(*f)) {
            ++gone;
            std::cout << text::terminal_safe(e.slug) << ": "
                      << (f->host == "gone"
                              ? "gone at the host"
                              : "the host has not answered for " + std::to_string(f->unreachable) + " checks")
                      << " since " << f->checked << " (" << text::terminal_safe(f->url) << "): served from the copy "
                      << text::terminal_safe(f->file) << "\n";
        }
    }
    std::cout << "audio: " << kept << " of " << with_audio << " episodes kept (" << here << " in "
              << config.audio.store.string() << "), " << missing << " missing, " << damaged << " damaged, " << gone
              << " gone at the host\n";
    return missing + damaged > 0 ? k_exit_input : k_exit_ok;
}

Command audio_command() {
    return {"audio",
            "The archive's copies of the audio: `audio upload` puts new ones where the site serves them (audio.upload "
            "in site.yaml)",
            [](CLI::App& sub) {
                auto args = std::make_shared<UploadArgs>();
                sub.require_subcommand(1);
                CLI::App* upload = sub.add_subcommand(
                    "upload", "Upload the copies not yet uploaded, with gh or rclone, and record them in the manifest");
                upload->add_option("--config,-c", args->config, "Path of site.yaml")->capture_default_str();
                upload->add_flag("--needs", args->needs,
                                 "Only print the tool the pending uploads need (gh or rclone), or nothing");
                return std::function<int()>([args] { return run_upload(*args); });
            }};
}

}  // namespace cli
