// A build stopped at any moment leaves the old site or the new one. Stopped by a signal that can
// wait (SIGTERM: a cancelled job), never a mix. Killed outright (SIGKILL) during an incremental
// commit, which moves files in one by one, the folder may hold both builds' pages: then its
// manifest names no build, and the next build makes the whole new site.
#include <doctest/doctest.h>
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <map>

#include "files/hash.hpp"
#include "output/output.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {

std::map<std::string, std::uint64_t> snapshot(const fs::path& dir) {
    std::map<std::string, std::uint64_t> files;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return files;
    for (const auto& entry : fs::recursive_directory_iterator(dir))
        if (entry.is_regular_file())
            files[fs::relative(entry.path(), dir).string()] = files::content_hash(test::read(entry.path()));
    return files;
}

// Starts `podarchive build` in `dir`, sends it `signal` after `delay_us`, and waits for it.
void build_and_stop(const fs::path& dir, useconds_t delay_us, int signal) {
    // The signal is for the build. One that comes before the child is podarchive must not reach
    // a copy of the test runner (its handler would report the runner crashed): SIGTERM is held
    // back across the fork, and the child takes it as podarchive would before starting, by the
    // default action (the build never ran: the old output stays).
    sigset_t term, was;
    sigemptyset(&term);
    sigaddset(&term, SIGTERM);
    ::pthread_sigmask(SIG_BLOCK, &term, &was);
    pid_t pid = ::fork();
    if (pid == 0) {
        std::signal(SIGTERM, SIG_DFL);
        ::pthread_sigmask(SIG_SETMASK, &was, nullptr);
        if (::chdir(dir.c_str()) != 0) ::_exit(127);
        ::execl(PODARCHIVE_BINARY, "podarchive", "build", "--quiet", static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::pthread_sigmask(SIG_SETMASK, &was, nullptr);
    REQUIRE(pid >= 0);
    ::usleep(delay_us);
    ::kill(pid, signal);
    int status = 0;
    ::waitpid(pid, &status, 0);
}

// True when the manifest beside `out` names the build the folder holds (a commit stopped
// half-way leaves one that names none).
bool manifest_names_a_build(const fs::path& out) {
    output::DiskOutput probe(out, "probe");
    return probe.has_previous_build() && !probe.previous_fingerprint().empty();
}

void stop_builds_at_every_moment(int signal) {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    std::string out;
    REQUIRE(test::run_podarchive("build --quiet", dir.path(), out) == 0);
    auto old_site = snapshot(dir.path() / "public");
    REQUIRE(old_site.size() > 20);
    test::write(dir.path() / "content/episodes/k.md", "---\nepisode: strides\ntopics: [Killing]\n---\nNew text.\n");
    REQUIRE(test::run_podarchive("build --quiet --output expected", dir.path(), out) == 0);
    auto new_site = snapshot(dir.path() / "expected");
    REQUIRE(new_site != old_site);

    // Delays spread over a whole build (a Debug build under sanitizers takes a few hundred ms).
    std::size_t saw_old = 0, saw_new = 0;
    for (useconds_t delay = 0; delay < 600000; delay = delay * 3 / 2 + 7000) {  // (0: before it starts)
        build_and_stop(dir.path(), delay, signal);
        auto now = snapshot(dir.path() / "public");
        saw_old += now == old_site;
        saw_new += now == new_site;
        if (now == old_site || now == new_site) continue;
        CAPTURE(delay);
        CHECK_MESSAGE(signal == SIGKILL, "a mix after a stop at " << delay << " us");
        CHECK_MESSAGE(!manifest_names_a_build(dir.path() / "public"), "a mix the manifest trusts");
        REQUIRE(test::run_podarchive("build --quiet", dir.path(), out) == 0);
        CHECK(snapshot(dir.path() / "public") == new_site);
    }
    CHECK(saw_old + saw_new > 5);
    REQUIRE(test::run_podarchive("build --quiet", dir.path(), out) == 0);
    CHECK(snapshot(dir.path() / "public") == new_site);
    // Staging folders of stopped builds are cleaned up by the next build.
    std::size_t staging = 0;
    for (const auto& entry : fs::directory_iterator(dir.path()))
        staging += entry.path().filename().string().find(".staging-") != std::string::npos;
    CHECK(staging == 0);
}

}  // namespace

TEST_CASE("a build stopped by SIGTERM at any moment leaves the old output or the new one") {
    stop_builds_at_every_moment(SIGTERM);
}

TEST_CASE("a build killed at any moment leaves the old output, the new one, or a mix the next build repairs") {
    stop_builds_at_every_moment(SIGKILL);
}
