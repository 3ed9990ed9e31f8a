// The publish workflow `init` writes (.github/workflows/publish.yml), run as GitHub Actions runs
// it: each step's `run:` script in order, in a fresh clone of the site's repository, with the
// step's `env:`, stopping at the first step that fails. Two loopback servers stand in for the
// feed's host and for the published site (GitHub Pages); the test stands in for the steps that
// `uses:` an action (checkout: the clone; configure-pages: the site's URL; upload and deploy:
// the built folder copied to the published site) and for the two that set up a runner (`id`
// runner-packages and install: the podarchive under test is put on PATH instead).
#include <doctest/doctest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <mutex>
#include <set>

#include "loopback_server.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {

const std::string k_old_audio =
    "https://dts.podtrac.com/redirect.mp3/cdn.simplecast.com/audio/aaa/episodes/002/audio/default_tc.mp3";

// The feed's host (/show/feed.xml, /show/art.png) and GitHub Pages (/archive/: the folder last deployed).
struct Hosts {
    std::mutex mutex;
    std::string feed;
    test::TempDir published;  // what is deployed

    Hosts() {
        http.server.Get("/show/feed.xml", [this](const httplib::Request&, httplib::Response& res) {
            std::lock_guard lock(mutex);
            res.set_content(feed, "application/rss+xml");
        });
        http.server.Get("/show/art.png", [](const httplib::Request&, httplib::Response& res) {
            res.set_content(test::png_image(32, 32), "image/png");
        });
        http.server.set_mount_point("/archive", published.path().string());
        http.start();
    }
    std::string url(const std::string& path) const { return http.url(path); }
    void set_feed(std::string text) {
        std::lock_guard lock(mutex);
        feed = std::move(text);
    }
    // What deploy-pages does: the built folder is the site from now on.
    void deploy(const fs::path& built) {
        fs::remove_all(published.path());
        fs::copy(built, published.path(), fs::copy_options::recursive);
    }
    test::LoopbackServer http;  // last: stopped first, before what it serves is gone
};

// A feed in Simplecast's style (tests/fixtures/feeds/simplecast_style.xml), its artwork on the host.
std::string show_feed(const Hosts& hosts) {
    return test::replace_first(test::read(test::fixture("feeds/simplecast_style.xml")),
                               "https://img.example.com/fixture/3000x3000/art.jpg?aid=rss_feed",
                               hosts.url("/show/art.png"));
}

std::string with_new_episode(const std::string& feed) {
    return test::replace_first(feed, "<item>", R"(<item>
      <guid isPermaLink="false">8f2a1c8e-0001-4b7e-9d3a-000000000004</guid>
      <title>Compiled autograd</title>
      <enclosure length="12000000" type="audio/mpeg" url="https://cdn.simplecast.com/audio/aaa/episodes/004/audio/default_tc.mp3"/>
      <pubDate>Mon, 06 May 2024 00:01:00 -0700</pubDate>
      <itunes:duration>00:14:02</itunes:duration>
      <description>Compiled autograd captures the backward graph at run time.</description>
    </item>
    <item>)");
}

struct Step {
    std::string name;
    std::string id;
    std::string run;                         // "" for a step that uses an action
    std::map<std::string, std::string> env;  // as written, ${{ }} unresolved
};

struct Workflow {
    std::map<std::string, std::string> env;
    std::vector<Step> steps;  // the build job's
};

Workflow read_workflow(const fs::path& file) {
    YAML::Node root = YAML::LoadFile(file.string());
    Workflow w;
    for (const auto& kv : root["env"]) w.env[kv.first.as<std::string>()] = kv.second.as<std::string>();
    for (const auto& s : root["jobs"]["build"]["steps"]) {
        Step step{s["name"] ? s["name"].as<std::string>() : s["uses"].as<std::string>(),
                  s["id"] ? s["id"].as<std::string>() : "",
                  s["run"] ? s["run"].as<std::string>() : "",
                  {}};
        for (const auto& kv : s["env"]) step.env[kv.first.as<std::string>()] = kv.second.as<std::string>();
        w.steps.push_back(std::move(step));
    }
    return w;
}

// The values of the expressions the steps' env may use; any other fails the test, so the
// workflow cannot come to depend on something this test does not provide.
std::string resolve(const std::string& value, const std::map<std::string, std::string>& contexts) {
    std::string out = value;
    for (auto open = out.find("${{"); open != std::string::npos; open = out.find("${{")) {
        auto close = out.find("}}", open);
        REQUIRE(close != std::string::npos);
        std::string expression = out.substr(open + 3, close - open - 3);
        expression.erase(0, expression.find_first_not_of(' '));
        expression.erase(expression.find_last_not_of(' ') + 1);
        auto it = contexts.find(expression);
        INFO("expression: " << expression);
        REQUIRE(it != contexts.end());
        out.replace(open, close + 2 - open, it->second);
    }
    return out;
}

struct Run {
    bool passed = true;
    std::string failed_step;
    std::string log;  // every step's output, in order
    fs::path site;    // what the build wrote ($RUNNER_TEMP/site)
};

// One run of the workflow on a fresh runner: a clone of `origin`, an empty $RUNNER_TEMP and $HOME.
Run run_workflow(const fs::path& origin, const std::string& pages_url, const fs::path& runner) {
    const fs::path workspace = runner / "work", temp = runner / "temp", home = runner / "home", bin = runner / "bin";
    for (const auto& d : {temp, home, bin}) fs::create_directories(d);
    fs::create_symlink(PODARCHIVE_BINARY, bin / "podarchive");  // what the install step installs
    std::string out;
    REQUIRE(test::run_shell(
                "git clone -q " + test::shell_quoted(origin.string()) + " " + test::shell_quoted(workspace.string()),
                out) == 0);
    const Workflow workflow = read_workflow(workspace / ".github/workflows/publish.yml");
    const std::map<std::string, std::string> contexts = {{"steps.pages.outputs.base_url", pages_url},
                                                         {"runner.temp", temp.string()},
                                                         {"github.token", "no-token"},
                                                         {"github.repository", "owner/archive"},
                                                         {"secrets.RCLONE_CONFIG", ""}};
    Run result;
    result.site = temp / "site";
    auto stood_in = [](const Step& step) {
        return step.run.empty() || step.id == "runner-packages" || step.id == "install";
    };
    CHECK(std::count_if(workflow.steps.begin(), workflow.steps.end(), [&](const Step& s) { return !stood_in(s); }) ==
          5);  // fetch, upload, build, check, commit
    for (const Step& step : workflow.steps) {
        if (stood_in(step)) continue;
        std::map<std::string, std::string> env = workflow.env;
        for (const auto& [k, v] : step.env) env[k] = resolve(v, contexts);
        env["HOME"] = home.string();
        env["PATH"] = bin.string() + ":/usr/local/bin:/usr/bin:/bin";
        env["RUNNER_TEMP"] = temp.string();
        env["GITHUB_WORKSPACE"] = workspace.string();
        env["GIT_CONFIG_NOSYSTEM"] = "1";
        test::write(runner / "step.sh", step.run);
        std::string command = "cd " + test::shell_quoted(workspace.string()) + " && env -i";
        for (const auto& [k, v] : env) command += " " + k + "=" + test::shell_quoted(v);
        command += " bash --noprofile --norc -eo pipefail " +
                   test::shell_quoted((runner / "step.sh").string());  // as Actions runs `shell: bash`
        int code = test::run_shell(command, out);
        result.log += "## " + step.name + " (exit " + std::to_string(code) + ")\n" + out;
        if (code != 0) {
            result.passed = false;
            result.failed_step = step.name;
            break;
        }
    }
    return result;
}

int commits(const fs::path& origin) {
    std::string out;
    REQUIRE(test::run_shell("git --git-dir=" + test::shell_quoted(origin.string()) + " rev-list --count HEAD", out) ==
            0);
    return std::stoi(out);
}

std::string file_at_head(const fs::path& origin, const std::string& path) {
    std::string out;
    test::run_shell("git --git-dir=" + test::shell_quoted(origin.string()) + " show HEAD:" + path, out);
    return out;
}

}  // namespace

TEST_CASE("the publish workflow, step by step: first publish, a new episode, then changed identities") {
    Hosts hosts;
    hosts.set_feed(show_feed(hosts));
    test::TempDir dir;
    const fs::path origin = dir.path() / "origin.git", site = dir.path() / "site";
    const std::string pages_url = hosts.url("/archive");
    std::string out;

    // A maintainer's first steps: init from the feed's URL, commit, push.
    REQUIRE(test::run_podarchive("init site --feed " + hosts.url("/show/feed.xml"), dir.path(), out) == 0);
    REQUIRE(fs::is_regular_file(site / ".github/workflows/publish.yml"));
    CHECK(test::read(site / "site.yaml").find("title: \"Fixture & Friends Podcast\"") !=
          std::string::npos);  // read from the download
    const std::string git = "git -c user.name=Maintainer -c user.email=m@example.com";
    REQUIRE(test::run_shell("git init -q --bare -b main " + test::shell_quoted(origin.string()) + " && cd " +
                                test::shell_quoted(site.string()) + " && git init -q -b main && git add -A && " + git +
                                " commit -q -m 'A new archive' && git remote add origin " +
                                test::shell_quoted(origin.string()) + " && git push -q origin main",
                            out) == 0);
    REQUIRE(commits(origin) == 1);

    // The first publish: nothing at the Pages URL yet.
    Run run = run_workflow(origin, pages_url, dir.path() / "runner1");
    INFO(run.log);
    REQUIRE(run.passed);
    CHECK(run.log.find("/archive/feed.xml: not published yet (HTTP 404): the first publish") != std::string::npos);
    CHECK(fs::is_regular_file(run.site / "episodes/higher-order-operators/index.html"));
    // init fetched the feed; fetch brought the artwork, the one snapshot to commit.
    CHECK(commits(origin) == 2);
    CHECK(file_at_head(origin, "content/sources/artwork.png").starts_with("\x89PNG"));
    CHECK(test::read(run.site / "feed.xml").find("<link>" + pages_url + "/subscribe/</link>") != std::string::npos);
    hosts.deploy(run.site);

    // The next day, the same feed: nothing to commit, the same site.
    Run again = run_workflow(origin, pages_url, dir.path() / "runner2");
    INFO(again.log);
    REQUIRE(again.passed);
    CHECK(again.log.find("published feed: " + pages_url + "/feed.xml: 3 items the new feed must keep") !=
          std::string::npos);
    CHECK(again.log.find("the sources did not change") != std::string::npos);
    CHECK(commits(origin) == 2);
    CHECK(test::read(again.site / "feed.xml") == test::read(hosts.published.path() / "feed.xml"));
    hosts.deploy(again.site);

    // A new episode on the feed's host reaches the site, and its snapshot the repository.
    hosts.set_feed(with_new_episode(show_feed(hosts)));
    Run next = run_workflow(origin, pages_url, dir.path() / "runner3");
    INFO(next.log);
    REQUIRE(next.passed);
    CHECK(next.log.find("1 new, 0 changed episodes") != std::string::npos);
    CHECK(fs::is_regular_file(next.site / "episodes/compiled-autograd/index.html"));
    CHECK(test::read(next.site / "feed.xml").find("8f2a1c8e-0001-4b7e-9d3a-000000000004") != std::string::npos);
    CHECK(commits(origin) == 3);
    CHECK(file_at_head(origin, "content/sources/feed.xml").find("Compiled autograd") != std::string::npos);
    hosts.deploy(next.site);

    // The host moves an audio file (same guid): apps follow the guid; one line says so, and the
    // feed carries the new URL.
    hosts.set_feed(
        test::replace_first(with_new_episode(show_feed(hosts)), k_old_audio, "https://cdn.example.net/moved/002.mp3"));
    Run moved = run_workflow(origin, pages_url, dir.path() / "runner4");
    INFO(moved.log);
    REQUIRE(moved.passed);
    CHECK(moved.log.find("warning: 1 item keeps its guid with a new audio URL since " + pages_url + "/feed.xml") !=
          std::string::npos);
    CHECK(test::read(moved.site / "feed.xml").find("https://cdn.example.net/moved/002.mp3") != std::string::npos);
    CHECK(commits(origin) == 4);
    hosts.deploy(moved.site);
    const std::string deployed = test::read(hosts.published.path() / "feed.xml");

    // The host re-issues an episode under a new guid: the site publishes it under the guid
    // subscribers know (a new one would have every app download it again), and says so. (It
    // failed the build, and every run after it until someone acted: no new episode got in.)
    hosts.set_feed(test::replace_first(
        test::replace_first(with_new_episode(show_feed(hosts)), k_old_audio, "https://cdn.example.net/moved/002.mp3"),
        "8f2a1c8e-0001-4b7e-9d3a-000000000001", "https://fixture.example/episodes/1"));
    Run renamed = run_workflow(origin, pages_url, dir.path() / "runner5");
    INFO(renamed.log);
    REQUIRE(renamed.passed);
    CHECK(renamed.log.find("warning: 1 episode its host re-issued under a new guid keeps the guid the archive "
                           "published (the first: 'Inductor - Post-grad FX passes', now "
                           "'https://fixture.example/episodes/1', published as "
                           "'8f2a1c8e-0001-4b7e-9d3a-000000000001')") != std::string::npos);
    const std::string renamed_feed = test::read(renamed.site / "feed.xml");
    CHECK(renamed_feed == deployed);  // (the same items, guids and pages)
    CHECK(commits(origin) == 5);      // (the host's feed as it is now)
}

TEST_CASE("the repository publishes its archive with the workflow init writes") {
    test::TempDir dir;
    std::string out;
    REQUIRE(test::run_podarchive("init site", dir.path(), out) == 0);
    // This build has no release location, and init says what to set; the repository's own
    // workflow installs from the repository's releases.
    CHECK(out.find("warning: this podarchive was built without a release location") != std::string::npos);
    const std::string written = test::read(dir.path() / "site/.github/workflows/publish.yml");
    CHECK(written.find("  PODARCHIVE_RELEASES: \"\"\n") != std::string::npos);
    CHECK(test::replace_first(
              written, "  PODARCHIVE_RELEASES: \"\"\n",
              "  PODARCHIVE_RELEASES: \"${{ github.server_url }}/${{ github.repository }}/releases/download\"\n") ==
          test::read(test::source_dir() / ".github/workflows/publish.yml"));
}

TEST_CASE("the workflow's install step names the fix when it cannot install podarchive") {
    const Workflow workflow = read_workflow(test::source_dir() / ".github/workflows/publish.yml");
    auto install =
        std::find_if(workflow.steps.begin(), workflow.steps.end(), [](const Step& s) { return s.id == "install"; });
    REQUIRE(install != workflow.steps.end());
    test::TempDir dir;
    test::write(dir.path() / "install.sh", install->run);
    test::LoopbackServer releases;  // a release location without the package
    releases.server.Get("/releases/download/v0.2.0/podarchive_0.2.0_amd64.deb",
                        [](const httplib::Request&, httplib::Response& res) { res.status = 404; });
    releases.start();
    auto run = [&](const std::string& location) {
        std::string out;
        const int code = test::run_shell(
            "env -i HOME=" + test::shell_quoted(dir.path().string()) +
                " PATH=/usr/bin:/bin PODARCHIVE_VERSION=0.2.0 PODARCHIVE_RELEASES=" + test::shell_quoted(location) +
                " bash -eo pipefail " + test::shell_quoted((dir.path() / "install.sh").string()),
            out);
        CHECK(code != 0);
        return out;
    };
    CHECK(run("").find(
              "::error title=Install podarchive::PODARCHIVE_RELEASES is empty in .github/workflows/publish.yml") !=
          std::string::npos);
    const std::string missing = run(releases.url("/releases/download"));
    CHECK(missing.find("::error title=Install podarchive::podarchive 0.2.0 could not be downloaded from " +
                       releases.url("/releases/download/v0.2.0/podarchive_0.2.0_amd64.deb") + " (HTTP 404)") !=
          std::string::npos);
    CHECK(missing.find("PODARCHIVE_VERSION must name a release") != std::string::npos);
}

namespace {

// A feed's host over a year, as hosts behave: episodes added weekly, the feed cut to its
// newest, a tracking prefix, the audio moved to another CDN, the feed moved (announced with
// itunes:new-feed-url, the old address gone after), a week down, one episode re-issued.
struct YearHost {
    struct Episode {
        std::string guid, title;
        int day;                 // of 2024
        std::string audio = "";  // the guid whose audio file it has ("": its own; a rerun's is another's)
    };
    std::mutex mutex;
    std::vector<Episode> episodes;  // oldest first
    std::size_t keep_newest = 0;    // 0: every episode
    std::string audio_base = "https://cdn.one.example/audio/";
    std::string moved_to;  // the new feed's address, announced in the old feed
    bool old_gone = false, down = false;
    std::map<std::string, std::string> reissued;  // old guid -> the guid the host gives it now

    YearHost() {
        auto serve = [this](bool old_address) {
            return [this, old_address](const httplib::Request&, httplib::Response& res) {
                std::lock_guard lock(mutex);
                if (down) {
                    res.status = 503;
                    return;
                }
                if (old_address && old_gone) {
                    res.status = 404;
                    return;
                }
                res.set_content(feed(old_address), "application/rss+xml");
            };
        };
        http.server.Get("/show/feed.xml", serve(true));
        http.server.Get("/new/feed.xml", serve(false));
        http.server.set_mount_point("/archive", published.path().string());
        http.start();
    }
    std::string url(const std::string& path) const { return http.url(path); }

    std::string feed(bool old_address) const {
        std::string xml = R"(<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>A Year of Shows</title>
<link>https://show.example/</link>
<atom:link href=")" + url(old_address ? "/show/feed.xml" : "/new/feed.xml") +
                          R"(" rel="self" type="application/rss+xml"/>
<description>Weekly.</description>
<language>en</language>
<itunes:author>Host</itunes:author>
<itunes:category text="Technology"/>
<itunes:explicit>false</itunes:explicit>
<itunes:image href="https://show.example/art.jpg"/>
<itunes:owner><itunes:name>Host</itunes:name><itunes:email>host@show.example</itunes:email></itunes:owner>
)";
        if (old_address && !moved_to.empty()) xml += "<itunes:new-feed-url>" + moved_to + "</itunes:new-feed-url>\n";
        std::size_t first = keep_newest && episodes.size() > keep_newest ? episodes.size() - keep_newest : 0;
        for (std::size_t i = episodes.size(); i-- > first;) {
            const Episode& e = episodes[i];
            auto guid = reissued.count(e.guid) ? reissued.at(e.guid) : e.guid;
            char date[64];
            std::snprintf(date, sizeof date, "%02d %s 2024 10:00:00 +0000", e.day % 28 + 1,
                          std::array<const char*, 12>{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
                                                      "Oct", "Nov", "Dec"}[e.day / 28 % 12]);
            xml += "<item><title>" + e.title + "</title><guid isPermaLink=\"false\">" + guid + "</guid><pubDate>" +
                   date + "</pubDate><enclosure url=\"" + audio_base + (e.audio.empty() ? e.guid : e.audio) +
                   ".mp3\" length=\"1000\" type=\"audio/mpeg\"/>"
                   "<itunes:duration>1800</itunes:duration><description>Notes of " +
                   e.title + ".</description></item>\n";
        }
        return xml + "</channel>\n</rss>\n";
    }
    void add_week() {
        std::lock_guard lock(mutex);
        const int n = static_cast<int>(episodes.size()) + 1;
        episodes.push_back({"year-ep-" + std::to_string(n), "Episode " + std::to_string(n), n * 3});
    }
    template <typename Fn>
    void change(Fn&& fn) {
        std::lock_guard lock(mutex);
        fn(*this);
    }
    void deploy(const fs::path& built) {
        fs::remove_all(published.path());
        fs::copy(built, published.path(), fs::copy_options::recursive);
    }
    test::TempDir published;
    test::LoopbackServer http;  // last: stopped first
};

}  // namespace

TEST_CASE("a year of publishing: the archive keeps every episode whatever the host does, and commits only changes") {
    YearHost host;
    for (int i = 0; i < 60; ++i) host.add_week();
    test::TempDir dir;
    const fs::path origin = dir.path() / "origin.git", site = dir.path() / "site";
    const std::string pages_url = host.url("/archive");
    std::string out;
    REQUIRE(test::run_podarchive("init site --feed " + host.url("/show/feed.xml"), dir.path(), out) == 0);
    const std::string git = "git -c user.name=Maintainer -c user.email=m@example.com";
    REQUIRE(test::run_shell("git init -q --bare -b main " + test::shell_quoted(origin.string()) + " && cd " +
                                test::shell_quoted(site.string()) + " && git init -q -b main && git add -A && " + git +
                                " commit -q -m 'A new archive' && git remote add origin " +
                                test::shell_quoted(origin.string()) + " && git push -q origin main",
                            out) == 0);

    std::set<std::string> published_guids;  // every guid the archive ever published
    int day = 0;
    // One daily run; on success the site is deployed and must hold every guid ever published.
    auto run_day = [&](const std::string& what) {
        Run run = run_workflow(origin, pages_url, dir.path() / ("day" + std::to_string(++day)));
        INFO("day " << day << ": " << what << "\n" << run.log);
        if (!run.passed) return run;
        const auto guids = test::guids_in(test::read(run.site / "feed.xml"));
        for (const auto& g : published_guids)
            CHECK_MESSAGE(std::count(guids.begin(), guids.end(), g) == 1, "published guid " << g);
        published_guids.insert(guids.begin(), guids.end());
        host.deploy(run.site);
        return run;
    };
    auto passes = [&](const std::string& what) {
        Run run = run_day(what);
        INFO("day " << day << ": " << what << "\n" << run.log);
        REQUIRE(run.passed);
        return run;
    };

    Run first = passes("the first publish");
    CHECK(published_guids.size() == 60);
    int commits_now = commits(origin);
    CHECK(passes("the same feed").log.find("the sources did not change") != std::string::npos);
    CHECK(commits(origin) == commits_now);

    // Weeks of new episodes.
    for (int week = 0; week < 3; ++week) {
        host.add_week();
        passes("a new episode");
        CHECK(commits(origin) == ++commits_now);
    }
    CHECK(published_guids.size() == 63);

    // The host keeps only its newest 50: the 13 others stay on the site and in the feed.
    host.change([](YearHost& h) { h.keep_newest = 50; });
    Run cut = passes("the feed cut to its newest 50");
    CHECK(
        cut.log.find(
            "13 no longer listed by the host; feed.kept.xml keeps 13 items the host no longer lists (13 added now)") !=
        std::string::npos);
    CHECK(commits(origin) == ++commits_now);
    CHECK(file_at_head(origin, "content/sources/feed.kept.xml").find("year-ep-1<") != std::string::npos);
    CHECK(fs::is_regular_file(cut.site / "episodes/episode-1/index.html"));
    host.add_week();
    passes("a new episode, the oldest listed one dropped");
    CHECK(commits(origin) == ++commits_now);

    // A tracking prefix, then the audio on another CDN: the same guids, new URLs, in one line each.
    host.change([](YearHost& h) { h.audio_base = "https://track.example/p/cdn.one.example/audio/"; });
    Run prefix = passes("a tracking prefix");
    CHECK(prefix.log.find("50 items keep their guids with new audio URLs") != std::string::npos);
    CHECK(test::read(prefix.site / "feed.xml").find("https://track.example/p/cdn.one.example/audio/year-ep-64.mp3") !=
          std::string::npos);
    CHECK(commits(origin) == ++commits_now);
    host.change([](YearHost& h) { h.audio_base = "https://cdn.two.example/shows/"; });
    host.add_week();
    passes("the audio moved to another CDN");
    CHECK(commits(origin) == ++commits_now);

    // The feed moves: announced in the old feed, which is gone a day later.
    host.change([&](YearHost& h) { h.moved_to = host.url("/new/feed.xml"); });
    Run announced = passes("a new feed URL announced");
    CHECK(announced.log.find("::warning title=podarchive fetch::feed: notice: the feed moved to " +
                             host.url("/new/feed.xml")) != std::string::npos);
    CHECK(commits(origin) == ++commits_now);
    host.change([](YearHost& h) { h.old_gone = true; });
    host.add_week();
    Run moved = passes("only the new address answers");
    CHECK(moved.log.find("1 new, 0 changed episodes") != std::string::npos);
    CHECK(commits(origin) == ++commits_now);

    // A week down: every run publishes what the archive has, and commits nothing.
    host.change([](YearHost& h) { h.down = true; });
    for (int i = 0; i < 7; ++i) {
        Run down = passes("the host is down");
        CHECK(down.log.find("::warning title=podarchive fetch::feed: warning: the server answered HTTP 503; the "
                            "previous snapshot is kept") != std::string::npos);
    }
    CHECK(commits(origin) == commits_now);
    host.change([](YearHost& h) { h.down = false; });
    host.add_week();
    passes("back up, with a new episode");
    CHECK(commits(origin) == ++commits_now);

    // The host re-issues an episode under a new guid: published under the guid subscribers
    // know, named in the run's log; a new episode the same week gets in.
    host.change([](YearHost& h) { h.reissued["year-ep-60"] = "reissued-60"; });
    host.add_week();
    Run reissued = passes("an episode re-issued under a new guid");
    CHECK(reissued.log.find("(the first: 'Episode 60', now 'reissued-60', published as 'year-ep-60')") !=
          std::string::npos);
    CHECK(test::read(reissued.site / "feed.xml").find("reissued-60") == std::string::npos);
    CHECK(commits(origin) == ++commits_now);
    // The host restores it: nothing changes for subscribers.
    host.change([](YearHost& h) { h.reissued.clear(); });
    passes("the host restored the guid");
    CHECK(commits(origin) == ++commits_now);
    CHECK(published_guids.size() == 68);

    // The host reruns an episode (its audio, a guid of its own), and drops the rerun a week
    // later: published beside the original, said, and kept once dropped.
    host.change([](YearHost& h) {
        h.episodes.push_back({"rerun-61", "Rerun: Episode 61", h.episodes.back().day + 1, "year-ep-61"});
    });
    Run rerun = passes("an episode rerun");
    CHECK(rerun.log.find("warning: 1 published episode is in the feed again under a new guid") != std::string::npos);
    CHECK(commits(origin) == ++commits_now);
    host.change([](YearHost& h) { h.episodes.pop_back(); });
    Run dropped = passes("the rerun dropped");
    CHECK(dropped.log.find("1 no longer listed by the host") != std::string::npos);
    CHECK(commits(origin) == ++commits_now);
    CHECK(published_guids.size() == 69);
}

TEST_CASE("the workflows' scripts and .ci/ pass shellcheck") {
    test::TempDir dir;
    std::string out, files;
    int n = 0;
    // Each `run:` as Actions runs it (`shell: bash`, with -e and pipefail).
    for (const char* workflow : {".github/workflows/publish.yml", ".github/workflows/ci.yml"}) {
        YAML::Node root = YAML::LoadFile((test::source_dir() / workflow).string());
        for (const auto& job : root["jobs"])
            for (const auto& step : job.second["steps"]) {
                if (!step["run"]) continue;
                const fs::path script = dir.path() / ("step" + std::to_string(++n) + ".sh");
                test::write(script, "#!/usr/bin/env bash\nset -eo pipefail\n" + step["run"].as<std::string>());
                files += " " + test::shell_quoted(script.string());
            }
    }
    CHECK(n >= 8);
    for (const char* script :
         {".ci/run", ".ci/install-deps.sh", ".ci/package.sh", ".ci/try-package.sh", ".ci/readme-line.sh", ".ci/fuzz.sh",
          ".ci/hostile.sh", ".ci/lint-workflows.sh", "tests/browser/run.sh"})
        files += " " + test::shell_quoted((test::source_dir() / script).string());
    const int code = test::run_shell("shellcheck -s bash" + files, out);
    INFO(out);
    CHECK(code == 0);
}

TEST_CASE("a site whose feed has no url is told so by every run, and init said it first") {
    Hosts hosts;
    test::TempDir dir;
    const fs::path origin = dir.path() / "origin.git", site = dir.path() / "site";
    std::string out;
    // A feed that names no address of its own (no atom:link rel=self, no itunes:new-feed-url).
    REQUIRE(
        test::run_podarchive("init site --feed " + test::shell_quoted(test::fixture("hosts/libsyn_2011.xml").string()),
                             dir.path(), out) == 0);
    CHECK(out.find("warning: the feed does not say where it is published") != std::string::npos);
    CHECK(test::read(site / "site.yaml").find("    # url: ") != std::string::npos);
    REQUIRE(test::run_shell("git init -q --bare -b main " + test::shell_quoted(origin.string()) + " && cd " +
                                test::shell_quoted(site.string()) +
                                " && git init -q -b main && git add -A && git -c user.name=M -c "
                                "user.email=m@example.com commit -q -m new" +
                                " && git remote add origin " + test::shell_quoted(origin.string()) +
                                " && git push -q origin main",
                            out) == 0);
    for (int day = 1; day <= 2; ++day) {
        Run run = run_workflow(origin, hosts.url("/archive"), dir.path() / ("runner" + std::to_string(day)));
        INFO(run.log);
        REQUIRE(run.passed);
        CHECK(run.log.find("::warning title=podarchive fetch::warning: no source in site.yaml has a `url:`, so nothing "
                           "is refreshed") != std::string::npos);
        hosts.deploy(run.site);
    }
}
