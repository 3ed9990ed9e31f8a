// The publish workflow `init` writes (.github/workflows/publish.yml), run as GitHub Actions runs
// it: each step's `run:` script in order, in a fresh clone of the site's repository, with the
// step's `env:`, stopping at the first step that fails. Two loopback servers stand in for the
// feed's host and for the published site (GitHub Pages); the test stands in for the steps that
// `uses:` an action (checkout: the clone; configure-pages: the site's URL; upload and deploy:
// the built folder copied to the published site) and for the two that set up a runner (`id`
// runner-packages and install: the podarchive under test is put on PATH instead).
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <yaml-cpp/yaml.h>

#include "loopback_server.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {

const std::string k_old_audio = "https://dts.podtrac.com/redirect.mp3/cdn.simplecast.com/audio/aaa/episodes/002/audio/default_tc.mp3";

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
            res.set_content(std::string("\x89PNG\r\n\x1A\n", 8) + std::string(64, 'p'), "image/png");
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
                               "https://img.example.com/fixture/3000x3000/art.jpg?aid=rss_feed", hosts.url("/show/art.png"));
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
    std::string run;                          // "" for a step that uses an action
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
        Step step{s["name"] ? s["name"].as<std::string>() : s["uses"].as<std::string>(), s["id"] ? s["id"].as<std::string>() : "",
                  s["run"] ? s["run"].as<std::string>() : "", {}};
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
    REQUIRE(test::run_shell("git clone -q " + test::shell_quoted(origin.string()) + " " + test::shell_quoted(workspace.string()), out) == 0);
    const Workflow workflow = read_workflow(workspace / ".github/workflows/publish.yml");
    const std::map<std::string, std::string> contexts = {{"steps.pages.outputs.base_url", pages_url}, {"runner.temp", temp.string()}};
    Run result;
    result.site = temp / "site";
    auto stood_in = [](const Step& step) { return step.run.empty() || step.id == "runner-packages" || step.id == "install"; };
    CHECK(std::count_if(workflow.steps.begin(), workflow.steps.end(), [&](const Step& s) { return !stood_in(s); }) == 4);  // fetch, build, check, commit
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
        command += " bash --noprofile --norc -eo pipefail " + test::shell_quoted((runner / "step.sh").string());  // as Actions runs `shell: bash`
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
    REQUIRE(test::run_shell("git --git-dir=" + test::shell_quoted(origin.string()) + " rev-list --count HEAD", out) == 0);
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
    CHECK(test::read(site / "site.yaml").find("title: \"Fixture & Friends Podcast\"") != std::string::npos);  // read from the download
    const std::string git = "git -c user.name=Maintainer -c user.email=m@example.com";
    REQUIRE(test::run_shell("git init -q --bare -b main " + test::shell_quoted(origin.string()) + " && cd " + test::shell_quoted(site.string()) +
                                " && git init -q -b main && git add -A && " + git + " commit -q -m 'A new archive' && git remote add origin " +
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
    CHECK(again.log.find("published feed: " + pages_url + "/feed.xml: 3 items the new feed must keep") != std::string::npos);
    CHECK(again.log.find("the sources did not change") != std::string::npos);
    CHECK(commits(origin) == 2);
    CHECK(test::read(again.site / "feed.xml") == test::read(hosts.published.path() / "feed.xml"));
    hosts.deploy(again.site);

    // A new episode on the feed's host reaches the site, and its snapshot the repository.
    hosts.set_feed(with_new_episode(show_feed(hosts)));
    Run next = run_workflow(origin, pages_url, dir.path() / "runner3");
    INFO(next.log);
    REQUIRE(next.passed);
    CHECK(next.log.find("1 new, 0 changed, 0 removed episodes") != std::string::npos);
    CHECK(fs::is_regular_file(next.site / "episodes/compiled-autograd/index.html"));
    CHECK(test::read(next.site / "feed.xml").find("8f2a1c8e-0001-4b7e-9d3a-000000000004") != std::string::npos);
    CHECK(commits(origin) == 3);
    CHECK(file_at_head(origin, "content/sources/feed.xml").find("Compiled autograd") != std::string::npos);
    hosts.deploy(next.site);
    const std::string deployed = test::read(hosts.published.path() / "feed.xml");

    // The host changes an audio URL: the build fails with the change listed, nothing is
    // committed or deployed.
    hosts.set_feed(test::replace_first(with_new_episode(show_feed(hosts)), k_old_audio, "https://cdn.example.net/moved/002.mp3"));
    Run moved = run_workflow(origin, pages_url, dir.path() / "runner4");
    INFO(moved.log);
    CHECK_FALSE(moved.passed);
    CHECK(moved.failed_step == "Build at the Pages URL");
    CHECK(moved.log.find("error: item '8f2a1c8e-0001-4b7e-9d3a-000000000002' changed its audio URL from " + k_old_audio +
                         " to https://cdn.example.net/moved/002.mp3") != std::string::npos);
    CHECK(commits(origin) == 3);

    // The host changes a guid: the same.
    hosts.set_feed(test::replace_first(with_new_episode(show_feed(hosts)), "8f2a1c8e-0001-4b7e-9d3a-000000000001", "https://fixture.example/episodes/1"));
    Run renamed = run_workflow(origin, pages_url, dir.path() / "runner5");
    INFO(renamed.log);
    CHECK_FALSE(renamed.passed);
    CHECK(renamed.failed_step == "Build at the Pages URL");
    CHECK(renamed.log.find("changed its guid from '8f2a1c8e-0001-4b7e-9d3a-000000000001' to 'https://fixture.example/episodes/1'") !=
          std::string::npos);
    CHECK(commits(origin) == 3);
    CHECK(test::read(hosts.published.path() / "feed.xml") == deployed);
}

TEST_CASE("the repository publishes its archive with the workflow init writes") {
    test::TempDir dir;
    std::string out;
    REQUIRE(test::run_podarchive("init site", dir.path(), out) == 0);
    CHECK(test::read(dir.path() / "site/.github/workflows/publish.yml") == test::read(test::source_dir() / ".github/workflows/publish.yml"));
}
