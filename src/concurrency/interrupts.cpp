#include "concurrency/interrupts.hpp"

#include <atomic>
#include <stdexcept>

namespace concurrency {

namespace {

constexpr int k_signals[3] = {SIGINT, SIGTERM, SIGHUP};

// A signal handler can reach nothing but statics: the signal noted, and whether a deferral is
// alive (so that two never overwrite each other's saved dispositions).
volatile std::sig_atomic_t g_noted = 0;
std::atomic<bool> g_deferring{false};

extern "C" void note_signal(int signal) {
    if (g_noted == 0) g_noted = signal;
}

}  // namespace

InterruptsDeferred::InterruptsDeferred() {
    if (g_deferring.exchange(true)) throw std::logic_error("interrupts are already deferred");
    g_noted = 0;
    struct sigaction noting {};
    noting.sa_handler = note_signal;
    sigfillset(&noting.sa_mask);
    noting.sa_flags = SA_RESTART;  // (a rename or write under way is not failed with EINTR)
    for (int i = 0; i < 3; ++i) {
        if (::sigaction(k_signals[i], nullptr, &m_previous[i]) != 0 || m_previous[i].sa_handler == SIG_IGN) continue;
        m_installed[i] = ::sigaction(k_signals[i], &noting, nullptr) == 0;
    }
}

InterruptsDeferred::~InterruptsDeferred() {
    for (int i = 0; i < 3; ++i)
        if (m_installed[i]) ::sigaction(k_signals[i], &m_previous[i], nullptr);
    const int noted = g_noted;
    g_noted = 0;
    g_deferring = false;
    if (noted != 0) std::raise(noted);
}

}  // namespace concurrency
