// Interruptions held back while a folder is changed file by file: noted from any thread, raised
// once the deferral ends (the process ends as it would have), an ignored signal left ignored.
#include "concurrency/interrupts.hpp"

#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <memory>
#include <thread>

namespace {

// Runs `body` in a child process, which writes one byte to `out_fd` for each step it reaches.
// Returns the child's wait status and the steps it reached.
template <typename Body>
std::pair<int, int> in_child(Body body) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::close(fds[0]);
        for (int sig : {SIGINT, SIGTERM, SIGHUP}) std::signal(sig, SIG_DFL);  // (not the test runner's)
        body(fds[1]);
        ::_exit(0);
    }
    ::close(fds[1]);
    int steps = 0;
    char byte;
    while (::read(fds[0], &byte, 1) == 1) ++steps;
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return {status, steps};
}

void step(int fd) {
    if (::write(fd, "x", 1) != 1) ::_exit(3);
}

}  // namespace

TEST_CASE("an interruption waits until the deferral ends, then ends the process as it would have") {
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
        CAPTURE(sig);
        auto [status, steps] = in_child([sig](int fd) {
            {
                concurrency::InterruptsDeferred deferred;
                ::kill(::getpid(), sig);
                step(fd);  // still running after the signal
                // (sent by another thread, as a signal from outside may be delivered to any thread)
                std::thread([] { ::kill(::getpid(), SIGTERM); }).join();
                step(fd);
            }
            step(fd);  // never reached: the first signal noted ends the process here
        });
        CHECK(steps == 2);
        REQUIRE(WIFSIGNALED(status));
        CHECK(WTERMSIG(status) == sig);
    }
}

TEST_CASE("a deferral with no interruption changes nothing; an ignored signal stays ignored") {
    auto [status, steps] = in_child([](int fd) {
        { concurrency::InterruptsDeferred deferred; }
        step(fd);
        std::signal(SIGHUP, SIG_IGN);
        {
            concurrency::InterruptsDeferred deferred;
            ::kill(::getpid(), SIGHUP);
        }
        step(fd);
        struct sigaction now {};
        ::sigaction(SIGTERM, nullptr, &now);
        if (now.sa_handler == SIG_DFL) step(fd);  // restored as it was
    });
    CHECK(steps == 3);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
}

TEST_CASE("deferrals may overlap: a signal waits until none is alive") {
    auto [status, steps] = in_child([](int fd) {
        auto outer = std::make_unique<concurrency::InterruptsDeferred>();
        {
            concurrency::InterruptsDeferred inner;
            ::kill(::getpid(), SIGTERM);
        }
        step(fd);  // the inner one gone, the outer one still holds it
        outer.reset();
        step(fd);  // never reached
    });
    CHECK(steps == 1);
    REQUIRE(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGTERM);
}
