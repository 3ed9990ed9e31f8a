// `fetch` keeps every episode's audio: against a host on loopback serving real MP3, M4A and Opus
// files, with and without ranges, with damaged answers and a host that goes away.
#include "fetch/fetch_audio.hpp"

#include <doctest/doctest.h>
#include <openssl/sha.h>
#include <unistd.h>

#include <atomic>
#include <thread>

#include "audio/manifest.hpp"
#include "audio/probe.hpp"
#include "config/site_config.hpp"
#include "dates/dates.hpp"
#include "loopback_server.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {

std::string sha256_hex(const std::string& bytes) {
    unsigned char digest[SHA256_DIGEST_LENGTH];
    SHA256(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), digest);
    std::string hex;
    for (unsigned char b : digest) hex += "0123456789abcdef"[b >> 4], hex += "0123456789abcdef"[b & 15];
    return hex;
}

core::Episode episode(const std::string& slug, const std::string& url, int day) {
    core::Episode e;
    e.slug = slug, e.guid = "guid-" + slug;
    e.date = dates::parse_any_date("2024-05-" + std::string(day < 10 ? "0" : "") + std::to_string(day) + "T00:00:00Z");
    e.enclosure = core::Enclosure{url, "audio/mpeg", std::nullopt};
    return e;
}

// A bare site in `dir` whose site.yaml says `audio: {<audio>}`.
config::SiteConfig audio_site(const fs::path& dir, const std::string& audio) {
    return config::parse_config("title: T\nbase_url: https://x.example/\naudio: {" + audio + "}\n", dir / "site.yaml");
}

// Options for a host on loopback (the site's own host: "localhost" is not), a fixed clock and
// short back-offs.
fetch::AudioOptions loopback_options() {
    fetch::AudioOptions options;
    options.addresses.trusted_hosts = {"127.0.0.1"};
    options.backoff_ms = 10;
    options.now = 1733100000;
    return options;
}

// A host of audio files: each path counts its requests, and what Range headers it saw.
struct AudioHost {
    std::string mp3 = test::read(test::fixture("audio/tone.mp3")), m4a = test::read(test::fixture("audio/tone.m4a")),
                opus = test::read(test::fixture("audio/tone.opus"));
    std::atomic<int> requests{0}, ranged{0}, cut_requests{0}, ads{0};
    std::atomic<bool> gone{false};
    test::LoopbackServer http;

    AudioHost() {
        auto serve = [this](const std::string& bytes, const char* type) {
            return [this, &bytes, type](const httplib::Request& req, httplib::Response& res) {
                ++requests;
                if (gone) {
                    res.status = 404;
                    return;
                }
                if (req.has_header("Range")) ++ranged;
                res.set_header("ETag", "\"v1\"");
                res.set_content(bytes, type);
            };
        };
        http.server.Get("/a.mp3", serve(mp3, "audio/mpeg"));
        http.server.Get("/b.m4a", serve(m4a, "audio/mp4"));
        http.server.Get("/c.opus", serve(opus, "audio/ogg"));
        // An error page served as audio.
        http.server.Get("/html.mp3", [](const httplib::Request&, httplib::Response& res) {
            res.set_content("<!DOCTYPE html><html><body><h1>Sign in to listen</h1></body></html>", "audio/mpeg");
        });
        // Cut off mid-download the first time; whole (with ranges) after.
        http.server.Get("/cut.mp3", [this](const httplib::Request& req, httplib::Response& res) {
            res.set_header("ETag", "\"cut\"");
            if (cut_requests++ == 0) {
                res.set_content_provider(mp3.size(), "audio/mpeg",
                                         [this](size_t offset, size_t, httplib::DataSink& sink) {
                                             if (offset > 0) return false;
                                             sink.write(mp3.data(), mp3.size() / 2);
                                             return true;
                                         });
                return;
            }
            if (req.has_header("Range")) ++ranged;
            res.set_content(mp3, "audio/mpeg");
        });
        // Other bytes on every request (an ad inserted as it serves): the MP3 and a counter.
        http.server.Get("/ads.mp3", [this](const httplib::Request&, httplib::Response& res) {
            res.set_content(mp3 + std::string(static_cast<std::size_t>(++ads) * 417, '\0'), "audio/mpeg");
        });
        // Gone at the host, and captured by a web archive (the CDX API and its "id_" captures).
        http.server.Get("/gone.mp3", [](const httplib::Request&, httplib::Response& res) { res.status = 410; });
        http.server.Get("/cdx/search/cdx", [this](const httplib::Request& req, httplib::Response& res) {
            std::string rows = "[[\"timestamp\",\"original\",\"mimetype\",\"statuscode\",\"digest\"]";
            if (req.get_param_value("url") == http.url("/gone.mp3"))
                rows += ",[\"20220101000000\",\"" + http.url("/gone.mp3") +
                        "\",\"audio/mpeg\",\"200\",\"OLD\"],[\"20230101000000\",\"" + http.url("/gone.mp3") +
                        "\",\"audio/mpeg\",\"200\",\"NEW\"]";
            res.set_content(rows + "]", "application/json");
        });
        http.server.Get(R"(/web/20230101000000id_/.*)",
                        [this](const httplib::Request&, httplib::Response& res) { res.set_content(m4a, "audio/mp4"); });
        // A redirect to a service of this machine under another name.
        http.server.Get("/to-local.mp3", [this](const httplib::Request&, httplib::Response& res) {
            res.set_redirect("http://localhost:" + std::to_string(http.port) + "/a.mp3");
        });
        http.start();
    }
};

// One episode's audio kept from the host, in a site that asks the host at every run.
struct KeptOne {
    AudioHost host;
    test::TempDir dir;
    config::SiteConfig config = audio_site(dir.path(), "keep: true, check_days: 0");
    std::vector<core::Episode> episodes = {episode("one", host.http.url("/a.mp3"), 1)};
    fetch::AudioOptions options = loopback_options();

    KeptOne() { REQUIRE(fetch::fetch_audio(config, episodes, options).downloaded == 1); }
    audio::Manifest manifest() const { return audio::read_manifest(dir.path() / "archive/audio.json"); }
};

}  // namespace

TEST_CASE("fetch keeps each episode's audio once, judged by decoding it, and resumes what was cut off") {
    AudioHost host;
    test::TempDir dir;
    config::SiteConfig config = audio_site(dir.path(), "keep: true");
    std::vector<core::Episode> episodes = {episode("one", host.http.url("/a.mp3"), 1),
                                           episode("two", host.http.url("/b.m4a"), 2),
                                           episode("three", host.http.url("/c.opus"), 3),
                                           episode("error-page", host.http.url("/html.mp3"), 4),
                                           episode("cut", host.http.url("/cut.mp3"), 5),
                                           episode("ads", host.http.url("/ads.mp3"), 6),
                                           episode("redirected", host.http.url("/to-local.mp3"), 7)};
    fetch::AudioOptions options = loopback_options();
    const fetch::AudioOutcome first = fetch::fetch_audio(config, episodes, options);
    CHECK(first.error == "");
    CHECK(first.episodes == 7);
    CHECK(first.downloaded == 5);
    CHECK(first.not_audio == 1);
    CHECK(first.failed == 1);
    CHECK(host.ranged >= 1);  // the cut file was resumed, not downloaded again
    std::string problems;
    for (const auto& p : first.problems) problems += p + "\n";
    CHECK(problems.find("/html.mp3: not kept: it is not an audio file any player reads") != std::string::npos);
    CHECK(problems.find("localhost is 127.0.0.1 (loopback)") != std::string::npos);

    const audio::Manifest manifest = audio::read_manifest(dir.path() / "archive/audio.json");
    REQUIRE(manifest.files.size() == 5);
    const audio::StoredCopy* one = manifest.latest("guid-one");
    REQUIRE(one);
    CHECK(one->file == "2024-05-01-one.mp3");
    CHECK(one->url == host.http.url("/a.mp3"));
    CHECK(one->bytes == static_cast<long long>(host.mp3.size()));
    CHECK(one->sha256 == sha256_hex(host.mp3));
    CHECK(one->content_type == "audio/mpeg");
    CHECK(one->duration == doctest::Approx(3.0).epsilon(0.05));
    CHECK(one->fetched == "2024-12-02T00:40:00Z");
    CHECK(one->host == "live");
    CHECK(manifest.latest("guid-two")->file == "2024-05-02-two.m4a");
    CHECK(manifest.latest("guid-two")->content_type == "audio/mp4");
    CHECK(manifest.latest("guid-three")->file == "2024-05-03-three.opus");
    CHECK(manifest.latest("guid-cut")->sha256 == sha256_hex(host.mp3));
    CHECK(test::read(dir.path() / "archive/audio/2024-05-05-cut.mp3") == host.mp3);
    CHECK_FALSE(manifest.latest("guid-error-page"));
    for (const auto& entry : fs::directory_iterator(dir.path() / "archive/audio"))
        CHECK_FALSE(entry.path().string().ends_with(".part"));

    // A second run downloads nothing, though one host serves other bytes every time.
    const int asked = host.requests, ads = host.ads;
    const std::string written = test::read(dir.path() / "archive/audio.json");
    const fetch::AudioOutcome second = fetch::fetch_audio(config, episodes, options);
    CHECK(second.downloaded == 0);
    CHECK(second.kept == 5);
    CHECK(host.requests == asked);
    CHECK(host.ads == ads);
    CHECK(test::read(dir.path() / "archive/audio.json") == written);

    // A damaged copy is downloaded again under its name; a copy the runner lacks but that was
    // uploaded is not; the feed's new length for an episode makes a second copy beside the first.
    test::write(dir.path() / "archive/audio/2024-05-01-one.mp3", host.mp3.substr(0, 100));
    audio::Manifest edited = audio::read_manifest(dir.path() / "archive/audio.json");
    audio::StoredCopy uploaded = *edited.latest("guid-two");
    uploaded.uploaded = {"github-release:audio"};
    edited.put(uploaded);
    std::string error;
    REQUIRE(audio::write_manifest(dir.path() / "archive/audio.json", edited, error));
    fs::remove(dir.path() / "archive/audio/2024-05-02-two.m4a");
    episodes[2].duration = dates::Duration{200};
    const fetch::AudioOutcome third = fetch::fetch_audio(config, episodes, options);
    CHECK(third.downloaded == 1);  // (the damaged one; three had no length in the feed before)
    CHECK(test::read(dir.path() / "archive/audio/2024-05-01-one.mp3") == host.mp3);
    CHECK_FALSE(fs::exists(dir.path() / "archive/audio/2024-05-02-two.m4a"));
}

TEST_CASE("an interrupted download goes on where it stopped in the next run, on the condition the file is the same") {
    AudioHost host;
    test::TempDir dir;
    config::SiteConfig config = audio_site(dir.path(), "keep: true");
    std::vector<core::Episode> episodes = {episode("cut", host.http.url("/cut.mp3"), 5)};
    fetch::AudioOptions options = loopback_options();
    options.attempts = 1;  // (the run ends at the cut)
    const fetch::AudioOutcome cut = fetch::fetch_audio(config, episodes, options);
    CHECK(cut.failed == 1);
    CHECK(cut.problems.at(0).find("the part downloaded is kept for the next run") != std::string::npos);
    CHECK(audio::read_manifest(dir.path() / "archive/audio.json").files.empty());
    const fetch::AudioOutcome resumed = fetch::fetch_audio(config, episodes, options);
    CHECK(resumed.downloaded == 1);
    CHECK(host.ranged == 1);
    CHECK(resumed.bytes < static_cast<long long>(host.mp3.size()));  // only the rest came
    CHECK(test::read(dir.path() / "archive/audio/2024-05-05-cut.mp3") == host.mp3);
}

TEST_CASE("fetch asks the host for each kept file and marks the ones it no longer serves") {
    KeptOne site;
    site.host.gone = true;
    site.options.now += 3600;
    const fetch::AudioOutcome later = fetch::fetch_audio(site.config, site.episodes, site.options);
    CHECK(later.downloaded == 0);
    const audio::Manifest checked = site.manifest();
    const audio::StoredCopy* one = checked.latest("guid-one");
    REQUIRE(one);
    CHECK(one->host == "gone");
    CHECK(one->checked == "2024-12-02T01:40:00Z");
    CHECK(test::read(site.dir.path() / "archive/audio/2024-05-01-one.mp3") == site.host.mp3);  // the copy stays
}

TEST_CASE("a host that does not answer three checks in a row counts as gone; an answer resets the count") {
    KeptOne site;
    site.episodes[0].enclosure->url = "http://127.0.0.1:9/a.mp3";  // (a port nobody listens on)
    for (int run = 1; run <= 3; ++run) {
        CAPTURE(run);
        site.options.now += 3600;
        fetch::fetch_audio(site.config, site.episodes, site.options);
        const audio::Manifest manifest = site.manifest();
        REQUIRE(manifest.latest("guid-one"));
        CHECK(manifest.latest("guid-one")->host == "unreachable");
        CHECK(manifest.latest("guid-one")->unreachable == run);
        CHECK(audio::host_gone(*manifest.latest("guid-one")) == (run == 3));
    }
    site.episodes[0].enclosure->url = site.host.http.url("/a.mp3");
    site.options.now += 3600;
    fetch::fetch_audio(site.config, site.episodes, site.options);
    const audio::Manifest answered = site.manifest();
    CHECK(answered.latest("guid-one")->host == "live");
    CHECK(answered.latest("guid-one")->unreachable == 0);
}

TEST_CASE(
    "a file is judged by decoding it: MP3, M4A and Opus are audio with their lengths; HTML and a cut header are not") {
    const audio::Probe mp3 = audio::probe_file(test::fixture("audio/tone.mp3"));
    CHECK(mp3.error == "");
    CHECK(mp3.extension == "mp3");
    CHECK(mp3.duration == doctest::Approx(3.0).epsilon(0.05));
    const audio::Probe m4a = audio::probe_file(test::fixture("audio/tone.m4a"));
    CHECK(m4a.extension == "m4a");
    CHECK(m4a.content_type == "audio/mp4");
    const audio::Probe opus = audio::probe_file(test::fixture("audio/tone.opus"));
    CHECK(opus.extension == "opus");
    CHECK(opus.content_type == "audio/ogg");
    test::TempDir dir;
    test::write(dir.path() / "page.mp3", "<!DOCTYPE html><html><body>Not found</body></html>");
    CHECK(audio::probe_file(dir.path() / "page.mp3").error != "");
    test::write(dir.path() / "cut.m4a", test::read(test::fixture("audio/tone.m4a")).substr(0, 40));
    CHECK(audio::probe_file(dir.path() / "cut.m4a").error != "");
}

TEST_CASE("fetch, then audio upload through a real rclone remote (WebDAV on loopback), then check --audio") {
    AudioHost host;
    test::FixtureSite site;
    const fs::path& dir = site.dir.path();
    // The feed's three episodes with audio point at the loopback host; the feed itself is not refreshed.
    site.edit_feed(
        "https://cdn.simplecast.com/audio/aaa/episodes/003/audio/default_tc.mp3?aid=rss_feed&amp;feed=fixture",
        host.http.url("/a.mp3"));
    site.edit_feed(
        "https://dts.podtrac.com/redirect.mp3/cdn.simplecast.com/audio/aaa/episodes/002/audio/default_tc.mp3",
        host.http.url("/b.m4a"));
    site.edit_feed("https://cdn.simplecast.com/audio/aaa/episodes/001/audio/default_tc.mp3", host.http.url("/c.opus"));
    const int dav_port = 19000 + static_cast<int>(::getpid() % 500);
    std::string yaml =
        test::replace_first(test::read(dir / "site.yaml"), "    url: https://feeds.example.com/fixture\n", "");
    yaml +=
        "allowed_hosts: [127.0.0.1]\naudio:\n  keep: true\n  upload: rclone:dav:audio\n  mirror_url: "
        "http://127.0.0.1:" +
        std::to_string(dav_port) + "/audio/\n";
    test::write(dir / "site.yaml", yaml);
    std::string out;
    REQUIRE(test::run_podarchive("fetch", dir, out) <= 1);  // (the listings source has no url: a warning)
    CAPTURE(out);
    CHECK(out.find("audio: 3/3 ") != std::string::npos);  // (a log, not a terminal: one line per file)
    CHECK(out.find("audio: 3 of 3 episodes kept (3 downloaded now") != std::string::npos);

    test::TempDir dav;
    std::string pid;
    REQUIRE(test::run_shell("rclone serve webdav " + test::shell_quoted(dav.path().string()) +
                                " --addr 127.0.0.1:" + std::to_string(dav_port) + " >/dev/null 2>&1 & echo $!",
                            pid) == 0);
    for (int i = 0; i < 100; ++i) {  // (until it answers)
        std::string probe;
        if (test::run_shell("curl -s -o /dev/null http://127.0.0.1:" + std::to_string(dav_port) + "/", probe) == 0)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    const std::string env =
        "RCLONE_CONFIG_DAV_TYPE=webdav RCLONE_CONFIG_DAV_URL=http://127.0.0.1:" + std::to_string(dav_port) + " ";
    const std::string upload = "cd " + test::shell_quoted(dir.string()) + " && " + env +
                               test::shell_quoted(PODARCHIVE_BINARY) + " audio upload";
    CHECK(test::run_podarchive("audio upload --needs", dir, out) == 0);
    CHECK(out == "rclone\n");
    CHECK(test::run_shell(upload, out) == 0);
    CHECK(out.find("audio: 3 files uploaded to rclone:dav:audio") != std::string::npos);
    const audio::Manifest manifest = audio::read_manifest(dir / "archive/audio.json");
    REQUIRE(manifest.files.size() == 3);
    for (const auto& f : manifest.files) {
        CAPTURE(f.file);
        CHECK(f.uploaded == std::vector<std::string>{"rclone:dav:audio"});
        CHECK(test::read(dav.path() / "audio" / f.file) == test::read(dir / "archive/audio" / f.file));
    }
    // Uploaded once: the next run has nothing to do, and neither has a runner without the store.
    CHECK(test::run_shell(upload, out) == 0);
    CHECK(out.find("audio: 0 files uploaded") != std::string::npos);
    fs::remove_all(dir / "archive/audio");
    CHECK(test::run_podarchive("audio upload --needs", dir, out) == 0);
    CHECK(out.empty());
    CHECK(test::run_podarchive("check --audio", dir, out) == 0);
    CHECK(out.find("audio: 3 of 3 episodes kept (0 in archive/audio), 0 missing, 0 damaged, 0 gone at the host") !=
          std::string::npos);
    std::string killed;
    test::run_shell("kill " + pid, killed);

    // The host goes away: fetch finds it out, check --audio names the episodes, the build serves the copies.
    host.gone = true;
    test::write(dir / "site.yaml", test::replace_first(test::read(dir / "site.yaml"), "  keep: true\n",
                                                       "  keep: true\n  check_days: 0\n"));
    // (A file is asked about at most once a second, even with check_days 0: the first fetch's
    // second must be over.)
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    test::run_podarchive("fetch", dir, out);
    CHECK(test::run_podarchive("check --audio", dir, out) == 0);
    CHECK(out.find("torch-trace-and-tlparse: gone at the host since") != std::string::npos);
    CHECK(out.find("3 gone at the host") != std::string::npos);
    CHECK(test::run_podarchive("build --quiet", dir, out) == 0);
    CHECK(test::read(dir / "public/feed.xml")
              .find("<enclosure url=\"http://127.0.0.1:" + std::to_string(dav_port) + "/audio/") != std::string::npos);
}

TEST_CASE("audio upload to the repository's release assets makes the release once and uploads each new copy with gh") {
    test::TempDir dir;
    test::write(dir.path() / "site.yaml", "title: T\nbase_url: https://x.example/\naudio: {keep: true}\n");
    test::write(dir.path() / "archive/audio/2024-05-01-one.mp3", test::read(test::fixture("audio/tone.mp3")));
    audio::Manifest manifest;
    manifest.put({"2024-05-01-one.mp3",
                  "guid-one",
                  "https://host.example/one.mp3",
                  12452,
                  "",
                  "audio/mpeg",
                  3.0,
                  0,
                  "",
                  "",
                  "live",
                  0,
                  {}});
    std::string error;
    REQUIRE(audio::write_manifest(dir.path() / "archive/audio.json", manifest, error));
    // A stand-in for gh that records its arguments; the release does not exist yet.
    test::write(dir.path() / "bin/gh", "#!/bin/sh\necho \"$@\" >>\"$GH_LOG\"\n[ \"$2\" = view ] && exit 1\nexit 0\n");
    fs::permissions(dir.path() / "bin/gh", fs::perms::owner_all);
    const std::string run = "cd " + test::shell_quoted(dir.path().string()) +
                            " && GH_LOG=" + test::shell_quoted((dir.path() / "gh.log").string()) +
                            " PATH=" + test::shell_quoted((dir.path() / "bin").string()) + ":$PATH " +
                            test::shell_quoted(PODARCHIVE_BINARY) + " audio upload";
    std::string out;
    CHECK(test::run_shell(run + " --needs", out) == 0);
    CHECK(out == "gh\n");
    CHECK(test::run_shell(run, out) == 0);
    CHECK(test::read(dir.path() / "gh.log") ==
          "release view audio\n"
          "release create audio --title Audio copies --notes The archive's copies of the episodes' audio, uploaded by "
          "podarchive audio upload.\n"
          "release upload audio ./archive/audio/2024-05-01-one.mp3 --clobber\n");
    CHECK(audio::read_manifest(dir.path() / "archive/audio.json").latest("guid-one")->uploaded ==
          std::vector<std::string>{"github-release:audio"});
    // A tool that fails leaves the copy to upload next time.
    test::write(dir.path() / "archive/audio/2024-05-02-two.mp3", test::read(test::fixture("audio/tone.mp3")));
    manifest = audio::read_manifest(dir.path() / "archive/audio.json");
    manifest.put({"2024-05-02-two.mp3",
                  "guid-two",
                  "https://host.example/two.mp3",
                  12452,
                  "",
                  "audio/mpeg",
                  3.0,
                  0,
                  "",
                  "",
                  "live",
                  0,
                  {}});
    REQUIRE(audio::write_manifest(dir.path() / "archive/audio.json", manifest, error));
    test::write(dir.path() / "bin/gh", "#!/bin/sh\nexit 1\n");
    fs::permissions(dir.path() / "bin/gh", fs::perms::owner_all);
    CHECK(test::run_shell(run, out) == 1);
    CHECK(out.find("audio: warning: 2024-05-02-two.mp3 was not uploaded to github-release:audio (gh exited with 1); "
                   "the next run tries again") != std::string::npos);
    CHECK(audio::read_manifest(dir.path() / "archive/audio.json").latest("guid-two")->uploaded.empty());
}

TEST_CASE(
    "audio gone at the host before the archive kept it is taken from a web archive's newest capture, with its "
    "provenance") {
    AudioHost host;
    test::TempDir dir;
    const config::SiteConfig config = config::parse_config(
        "title: T\nbase_url: https://x.example/\nhistory_url: " + host.http.url("") + "\naudio: {keep: true}\n",
        dir.path() / "site.yaml");
    const std::vector<core::Episode> episodes = {episode("lost", host.http.url("/gone.mp3"), 1),
                                                 episode("kept", host.http.url("/a.mp3"), 2)};
    const fetch::AudioOutcome out = fetch::fetch_audio(config, episodes, loopback_options());
    CHECK(out.downloaded == 2);
    CHECK(out.from_history == 1);
    CHECK(out.failed == 0);
    const audio::Manifest manifest = audio::read_manifest(dir.path() / "archive/audio.json");
    const audio::StoredCopy* lost = manifest.latest("guid-lost");
    REQUIRE(lost);
    CHECK(lost->file == "2024-05-01-lost.m4a");  // (as the capture decodes)
    CHECK(lost->url == host.http.url("/gone.mp3"));
    CHECK(lost->via ==
          "wayback:20230101000000 " + host.http.url("/web/20230101000000id_/") + host.http.url("/gone.mp3"));
    CHECK(lost->sha256 == sha256_hex(host.m4a));
    CHECK(lost->host == "gone");  // (the pages and the feed serve the copy first)
    CHECK(manifest.latest("guid-kept")->via.empty());
    CHECK(test::read(dir.path() / "archive/audio.json").find("\"via\": \"wayback:20230101000000") != std::string::npos);
}
