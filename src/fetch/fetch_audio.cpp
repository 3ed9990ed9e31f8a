#include "fetch/fetch_audio.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <nlohmann/json.hpp>
#include <thread>

#include "audio/manifest.hpp"
#include "audio/probe.hpp"
#include "core/diagnostic.hpp"
#include "dates/dates.hpp"
#include "fetch/history.hpp"
#include "fetch/http_get.hpp"
#include "fetch/stream_hash.hpp"
#include "files/files.hpp"
#include "files/hash.hpp"
#include "net/url.hpp"
#include "text/strings.hpp"

namespace fetch {

namespace fs = std::filesystem;

namespace {

// "2026-12-02T03:04:05Z"
std::string utc_text(std::time_t t) {
    std::tm tm{};
    ::gmtime_r(&t, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

long long size_of(const fs::path& path) {
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    return ec ? -1 : static_cast<long long>(size);
}

// What to download: an episode, and the name its copy keeps ("" : a new name).
struct Job {
    const core::Episode* episode;
    std::string guid;
    std::string name;
};

// A half-downloaded file and what it was read from, so a later run can resume it: the part is
// "<store>/.<hash of the guid>.part", its note the same with ".json".
struct Part {
    fs::path file, note;
    std::string url, validator;  // the validator the server gave (ETag, else Last-Modified): the condition of a resume
};

Part part_for(const fs::path& store, const std::string& guid, const std::string& url) {
    const std::string stem = "." + files::hex_hash(files::content_hash(guid)) + ".part";
    Part part{store / stem, store / (stem + ".json"), url, ""};
    try {
        const auto note = nlohmann::json::parse(files::read_file(part.note, 1 << 16));
        if (note.value("url", "") == url) part.validator = note.value("validator", "");
    } catch (...) {
    }
    return part;
}

void save_note(const Part& part) {
    std::string error;
    files::write_file_atomically(part.note,
                                 nlohmann::json{{"url", part.url}, {"validator", part.validator}}.dump() + "\n", error);
}

void remove_part(const Part& part) {
    std::error_code ec;
    fs::remove(part.file, ec);
    fs::remove(part.note, ec);
}

// Whether a failed attempt is worth another: not when the address was refused, the file is too
// large, or the host says it has no such file.
bool worth_retrying(const HttpResponse& r) {
    if (r.refused_local || r.error.find("larger than the limit") != std::string::npos) return false;
    if (r.error.empty()) return r.status == 408 || r.status == 429 || r.status >= 500;
    return true;
}

struct Downloaded {
    bool ok = false;
    std::string why;        // when not ok
    long long written = 0;  // bytes received in this run
    bool gone = false;      // the host answered 404 or 410
};

// Downloads `url` into the part, resuming it when it can, with retries; `hash` takes its bytes.
Downloaded download(Part& part, const AudioOptions& options, long long max_bytes, BackgroundSha256& hash,
                    const std::function<void(long long, long long)>& progress) {
    Downloaded out;
    if (!hash.add_file(part.file))
        return {false, part.file.string() + " cannot be read", 0};  // (what an earlier run downloaded)
    const int fd = ::open(part.file.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) return {false, part.file.string() + " cannot be written: " + std::strerror(errno), 0};
    long backoff = options.backoff_ms;
    for (int attempt = 1; attempt <= options.attempts; ++attempt) {
        HttpRequest request{part.url, "", "", options.timeout_seconds, 10, 5, max_bytes, options.addresses};
        request.sink_fd = fd;
        // A part is continued only on the condition that the file is still the one it began.
        const long long have = size_of(part.file);
        if (have > 0 && !part.validator.empty()) request.resume_from = have, request.if_range = part.validator;
        request.on_progress = [&](long long received) { progress(out.written + received, request.resume_from); };
        request.on_written = [&](std::string_view bytes, long long offset) { hash.add(bytes, offset); };
        HttpResponse response = http_get(request);
        out.written += response.written;
        if (!response.etag.empty() || !response.last_modified.empty()) {
            part.validator =
                !response.etag.empty() && !response.etag.starts_with("W/") ? response.etag : response.last_modified;
            save_note(part);
        }
        if (response.error.empty() && (response.status == 200 || response.status == 206)) {
            ::close(fd);
            out.ok = true;
            return out;
        }
        out.why =
            !response.error.empty() ? response.error : "the host answered HTTP " + std::to_string(response.status);
        out.gone = response.error.empty() && (response.status == 404 || response.status == 410);
        if (!worth_retrying(response) || attempt == options.attempts) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(backoff));
        backoff *= 2;
    }
    ::close(fd);
    return out;
}

// Asks the host for each kept file's URL once every `check_days` (HEAD): whether the host
// still serves it ("live"), says it is gone (404, 410) or does not answer ("unreachable", counted
// in a row). The pages and the feed serve the copy first once the host's file is gone, or has not
// answered for audio::k_unreachable_checks checks.
// Returns how many it asked.
std::size_t check_hosts(const config::SiteConfig& config, audio::Manifest& manifest,
                        const std::vector<core::Episode>& episodes, const AudioOptions& options, std::time_t clock) {
    std::size_t asked = 0;
    const std::string now = utc_text(clock),
                      due = utc_text(clock - static_cast<std::time_t>(config.audio.check_days) * 86400);
    for (const auto& e : episodes) {
        if (!e.enclosure) continue;
        audio::StoredCopy* kept = manifest.latest(e.guid.empty() ? e.enclosure->url : e.guid);
        if (!kept || kept->checked > due || kept->checked == now) continue;
        HttpRequest request{e.enclosure->url, "", "", 30, 10, 5, 1 << 20, options.addresses};
        request.head_only = true;
        const HttpResponse r = http_get(request);
        kept->checked = now;
        kept->host = r.status == 404 || r.status == 410                  ? "gone"
                     : r.error.empty() && r.status > 0 && r.status < 400 ? "live"
                                                                         : "unreachable";
        kept->unreachable = kept->host == "unreachable" ? kept->unreachable + 1 : 0;
        ++asked;
    }
    return asked;
}

// The newest capture of `url` a web archive holds, when it lists one.
std::optional<Capture> captured_audio(const std::string& service, const std::string& url, const AudioOptions& options) {
    FetchOptions list_options;
    list_options.timeout_seconds = std::min(options.timeout_seconds, 120L);
    CaptureList list = list_captures(service, url, list_options);
    if (list.captures.empty()) return std::nullopt;
    return list.captures.back();
}

}  // namespace

std::string copy_name(const core::Episode& episode, const std::string& extension,
                      const std::function<bool(const std::string&)>& taken) {
    std::string stem =
        (episode.date ? dates::format_day(*episode.date) : std::string("undated")) + "-" + episode.slug.substr(0, 80);
    for (int n = 1;; ++n) {
        const std::string name = stem + (n == 1 ? "" : "-" + std::to_string(n)) + "." + extension;
        if (!taken(name)) return name;
    }
}

AudioOutcome fetch_audio(const config::SiteConfig& config, const std::vector<core::Episode>& episodes,
                         const AudioOptions& options) {
    AudioOutcome out;
    audio::Manifest manifest;
    try {
        manifest = audio::read_manifest(config.audio_manifest());
    } catch (const core::InputError& e) {
        out.error = e.what();
        return out;
    }
    const fs::path store = config.audio_store();
    std::error_code ec;
    fs::create_directories(store, ec);
    const std::time_t clock =
        options.now > 0 ? options.now : std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    const std::string now = utc_text(clock);
    // The manifest is written every few seconds, not after each file: rewriting a manifest of
    // thousands of entries after each small file made a run's time grow with the square of its
    // files. A run stopped in between loses the record of a few files, which the next one
    // downloads again.
    auto last_saved = std::chrono::steady_clock::now();
    auto save = [&] {
        std::string error;
        if (!audio::write_manifest(config.audio_manifest(), manifest, error) && out.error.empty()) out.error = error;
        last_saved = std::chrono::steady_clock::now();
    };

    std::vector<Job> jobs;
    for (const auto& e : episodes) {
        if (!e.enclosure || !net::is_http_url(e.enclosure->url)) continue;
        ++out.episodes;
        const std::string guid = e.guid.empty() ? e.enclosure->url : e.guid;
        const audio::StoredCopy* kept = manifest.latest(guid);
        if (!kept) {
            jobs.push_back({&e, guid, ""});
            continue;
        }
        const long long here = size_of(store / kept->file);
        const bool damaged = here >= 0 && here != kept->bytes;
        const bool missing = here < 0 && kept->uploaded.empty();
        const bool new_length = e.duration && kept->feed_duration > 0 &&
                                std::abs(static_cast<double>(e.duration->seconds) - kept->feed_duration) > 2;
        if (new_length)
            jobs.push_back({&e, guid, ""});  // (a new copy beside the old one)
        else if (damaged || missing)
            jobs.push_back({&e, guid, kept->file});
        else
            ++out.kept;
    }

    long long run_bytes = 0;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const Job& job = jobs[i];
        const core::Episode& e = *job.episode;
        if (run_bytes >= config.audio.max_run_bytes) {
            ++out.left_for_later;
            continue;
        }
        Part part = part_for(store, job.guid, e.enclosure->url);
        std::string via;  // (the capture the copy came from, when the host's file was gone)
        // The limit is the whole file's; what a part holds already counts against no run.
        const long long limit = std::min(config.audio.max_file_bytes,
                                         config.audio.max_run_bytes - run_bytes + std::max(0LL, size_of(part.file)));
        AudioProgress shown{i + 1, jobs.size(), e.slug, 0, e.enclosure->length.value_or(0), false};
        BackgroundSha256 hash;
        Downloaded got = download(part, options, limit, hash, [&](long long received, long long resumed) {
            shown.received = resumed + received;
            if (options.progress) options.progress(shown);
        });
        run_bytes += got.written, out.bytes += got.written;
        // The host's file is gone and the archive has no copy: a web archive may have captured it.
        if (!got.ok && got.gone && job.name.empty() && !config.history_url.empty()) {
            if (auto capture = captured_audio(config.history_url, e.enclosure->url, options)) {
                // (The same part file: the host's answer wrote nothing to it.)
                Part captured = part_for(store, job.guid, capture_url(config.history_url, *capture));
                // (download() starts `hash` over from the part, which the host's answer left empty.)
                const Downloaded from_capture =
                    download(captured, options, limit, hash, [&](long long received, long long resumed) {
                        shown.received = resumed + received;
                        if (options.progress) options.progress(shown);
                    });
                run_bytes += from_capture.written, out.bytes += from_capture.written;
                if (from_capture.ok) {
                    part = captured, got = from_capture, via = "wayback:" + capture->timestamp + " " + captured.url;
                    ++out.from_history;
                } else {
                    got.why += "; its capture at " + captured.url + " failed too: " + from_capture.why;
                }
            }
        }
        shown.done = true;
        if (options.progress) options.progress(shown);
        if (!got.ok) {
            ++out.failed;
            out.problems.push_back(e.enclosure->url + ": " + got.why +
                                   (size_of(part.file) > 0 ? "; the part downloaded is kept for the next run" : ""));
            if (got.why.find("an address of the local network") != std::string::npos ||
                got.why.find("larger than the limit") != std::string::npos)
                remove_part(part);
            continue;
        }
        const audio::Probe probe = audio::probe_file(part.file);
        if (!probe.error.empty()) {
            ++out.not_audio;
            out.problems.push_back(e.enclosure->url + ": not kept: " + probe.error +
                                   (job.name.empty() ? "" : "; the previous copy stays"));
            remove_part(part);
            continue;
        }
        audio::StoredCopy kept;
        kept.file = !job.name.empty() ? job.name : copy_name(e, probe.extension, [&](const std::string& name) {
            return manifest.has_file(name) || fs::exists(fs::symlink_status(store / name, ec));
        });
        kept.guid = job.guid, kept.url = e.enclosure->url, kept.via = via;
        kept.bytes = size_of(part.file), kept.sha256 = hash.hex(kept.bytes);
        if (kept.sha256.empty() && hash.add_file(part.file))
            kept.sha256 = hash.hex(kept.bytes);  // (bytes that came out of order)
        kept.content_type = probe.content_type, kept.duration = probe.duration;
        kept.feed_duration = e.duration ? static_cast<double>(e.duration->seconds) : 0;
        kept.fetched = now, kept.checked = now, kept.host = via.empty() ? "live" : "gone";
        fs::rename(part.file, store / kept.file, ec);
        if (ec) {
            ++out.failed;
            out.problems.push_back((store / kept.file).string() + ": cannot be written: " + ec.message());
            continue;
        }
        fs::remove(part.note, ec);
        manifest.put(std::move(kept));
        ++out.downloaded, ++out.kept;
        if (std::chrono::steady_clock::now() - last_saved > std::chrono::seconds(2)) save();
    }
    out.checked = check_hosts(config, manifest, episodes, options, clock);
    for (const auto& e : episodes) {
        const audio::StoredCopy* kept =
            e.enclosure ? manifest.latest(e.guid.empty() ? e.enclosure->url : e.guid) : nullptr;
        out.host_gone += kept && audio::host_gone(*kept);
    }
    save();
    return out;
}

}  // namespace fetch
