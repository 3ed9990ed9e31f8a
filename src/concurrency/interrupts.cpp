#include "concurrency/interrupts.hpp"

#include <mutex>

namespace concurrency {

namespace {

constexpr int k_signals[3] = {SIGINT, SIGTERM, SIGHUP};

// A signal's disposition is the process's, and a handler can reach nothing but statics: so the
// deferral's state is static too, shared by every deferral alive (in any thread), under a lock
// the handler never takes. The first deferral installs the noting handler; the last one gone
// restores what was there and raises what was noted.
volatile std::sig_atomic_t g_noted = 0;
std::mutex g_lock;
int g_alive = 0;  // deferrals alive
struct sigaction g_previous[3];
bool g_installed[3] = {};

extern "C" void note_signal(int signal) {
    if (g_noted == 0) g_noted = signal;
}

}  // namespace

InterruptsDeferred::InterruptsDeferred() {
    std::lock_guard lock(g_lock);
    if (g_alive++ > 0) return;
    g_noted = 0;
    struct sigaction noting {};
    noting.sa_handler = note_signal;
    sigfillset(&noting.sa_mask);
    noting.sa_flags = SA_RESTART;  // (a rename or write under way is not failed with EINTR)
    for (int i = 0; i < 3; ++i) {
        g_installed[i] = ::sigaction(k_signals[i], nullptr, &g_previous[i]) == 0 &&
                         g_previous[i].sa_handler != SIG_IGN && ::sigaction(k_signals[i], &noting, nullptr) == 0;
    }
}

InterruptsDeferred::~InterruptsDeferred() {
    int noted = 0;
    {
        std::lock_guard lock(g_lock);
        if (--g_alive > 0) return;
        for (int i = 0; i < 3; ++i)
            if (g_installed[i]) ::sigaction(k_signals[i], &g_previous[i], nullptr);
        noted = g_noted;
        g_noted = 0;
    }
    if (noted != 0) std::raise(noted);
}

}  // namespace concurrency
