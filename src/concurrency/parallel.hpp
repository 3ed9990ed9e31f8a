#pragma once
// Runs independent pieces of work on every core: the project's one concurrency toolkit.
// parallel_for for pieces that each write only their own result; bounded_pipeline for results
// that one thread must take in (an output's manifest) while the others make more; LazySlots for
// values made on first use by whichever thread asks; in_background for a stage that runs beside
// another (the notes read while the sources merge).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <stop_token>
#include <thread>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace concurrency {

// The threads worth using for `n` pieces: one per core (at least two, which the machines we
// build on have), but no more than one per `min_per_thread` pieces (a thread costs ~50 us),
// and always one.
inline unsigned threads_for(std::size_t n, std::size_t min_per_thread) {
    std::size_t cores = std::max(2u, std::thread::hardware_concurrency());
    return static_cast<unsigned>(
        std::max<std::size_t>(1, std::min(cores, n / std::max<std::size_t>(1, min_per_thread))));
}

// Calls fn(i) for every i in [0, n), each exactly once, on up to threads_for(n, min_per_thread)
// threads and at most `max_threads` (the caller's among them); pieces are handed out in order as threads come free, so
// a few large pieces first balance well. fn must only write what piece i owns. The first
// exception thrown by any piece is rethrown here once all threads stopped.
template <typename Fn>
void parallel_for(std::size_t n, std::size_t min_per_thread, Fn&& fn, unsigned max_threads = 1024) {
    std::atomic<std::size_t> next{0};
    std::exception_ptr failure;
    std::mutex failure_lock;
    auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;) {
            try {
                fn(i);
            } catch (...) {
                std::lock_guard lock(failure_lock);
                if (!failure) failure = std::current_exception();
                next = n;  // stop handing out work
            }
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < std::min(max_threads, threads_for(n, min_per_thread)); ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);
}

// Runs fn() on a thread of its own, beside the caller's work: the result's get() waits for it
// and rethrows what it threw. A result that is never asked for is still waited for (when it is
// destroyed): nothing outlives the stage that started it.
template <typename Fn>
[[nodiscard]] auto in_background(Fn&& fn) {
    return std::async(std::launch::async, std::forward<Fn>(fn));
}

// fn() run when its result is first asked for, by the thread that asks (never, when none does):
// for a result a stage is not likely to need (in_background for one it will).
template <typename Fn>
[[nodiscard]] auto when_asked(Fn&& fn) {
    return std::async(std::launch::deferred, std::forward<Fn>(fn));
}

// A result that is there already, for code that is handed a future either way.
template <typename T>
[[nodiscard]] std::future<T> ready(T value) {
    std::promise<T> made;
    made.set_value(std::move(value));
    return made.get_future();
}

// How bounded_pipeline hands out work.
struct PipelineShape {
    unsigned threads = 2;      // worker threads (the calling thread only consumes)
    std::size_t window = 512;  // results made and not yet consumed, at most (a large run is never held whole)
    std::size_t batch = 8;     // pieces a worker takes at once: one lock and one wake-up per batch
};

namespace detail {

// What bounded_pipeline's threads share, under one lock: the pieces handed out, the results
// made and not yet consumed, and the first failure.
template <class Result>
class Handoff {
public:
    Handoff(std::size_t n, PipelineShape shape) : m_n(n), m_shape(shape) {}

    // The next pieces for a worker, [first, first + count); count 0 when there are none left
    // (or after a failure). Waits while the window is full.
    std::pair<std::size_t, std::size_t> take() {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return m_failure || m_next >= m_n || m_next < m_consumed + m_shape.window; });
        if (m_failure || m_next >= m_n) return {m_next, 0};
        const std::size_t first = m_next, count = std::min(m_shape.batch, m_n - first);
        m_next += count;
        return {first, count};
    }
    void give(std::vector<Result>& made) {
        std::lock_guard lock(m_mutex);
        for (auto& result : made) m_done.push_back(std::move(result));
        m_changed.notify_all();
    }
    // The results made since the last call into `batch` (empty), waiting for one; false once
    // every result was consumed, or after a failure.
    bool collect(std::vector<Result>& batch) {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return m_failure || m_consumed >= m_n || !m_done.empty(); });
        if (m_failure || m_consumed >= m_n) return false;
        batch.swap(m_done);
        return true;
    }
    void consumed(std::size_t count) {
        std::lock_guard lock(m_mutex);
        m_consumed += count;  // room in the window for the workers' next batches
        m_changed.notify_all();
    }
    // Records the exception being handled (the first one only) and stops the handing out.
    void fail() {
        std::lock_guard lock(m_mutex);
        if (!m_failure) m_failure = std::current_exception();
        m_changed.notify_all();
    }
    void rethrow_failure() const {
        if (m_failure) std::rethrow_exception(m_failure);
    }

private:
    const std::size_t m_n;
    const PipelineShape m_shape;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::vector<Result> m_done;
    std::size_t m_next = 0, m_consumed = 0;
    std::exception_ptr m_failure;
};

}  // namespace detail

// Calls make(state, i) for every i in [0, n) on `shape.threads` worker threads, pieces taken in
// order of i, each thread with its own `state` from new_state() (made on that thread); and
// consume(result) on the calling thread for every result, as they come (in no fixed order). The
// first exception of any make or consume stops the handing out and is rethrown here once every
// thread stopped.
template <class NewState, class Make, class Consume>
void bounded_pipeline(std::size_t n, PipelineShape shape, NewState new_state, Make make, Consume consume) {
    using State = std::invoke_result_t<NewState&>;
    using Result = std::invoke_result_t<Make&, State&, std::size_t>;
    detail::Handoff<Result> handoff(n, shape);
    auto work = [&] {
        try {
            State state = new_state();
            std::vector<Result> made;
            for (auto [first, count] = handoff.take(); count > 0; std::tie(first, count) = handoff.take()) {
                made.clear();
                for (std::size_t i = first; i < first + count; ++i) made.push_back(make(state, i));
                handoff.give(made);
            }
        } catch (...) {
            handoff.fail();
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < std::max(1u, shape.threads); ++t) pool.emplace_back(work);
    try {
        for (std::vector<Result> batch; handoff.collect(batch); batch.clear()) {
            for (auto& result : batch) consume(std::move(result));
            handoff.consumed(batch.size());
        }
    } catch (...) {
        handoff.fail();
    }
    for (auto& thread : pool) thread.join();
    handoff.rethrow_failure();
}

// A fixed number of values, each made on first use by whichever thread asks for it first, and
// read by any thread afterwards with one atomic load. A thread that asks while another is making
// the same value makes it too, and the one stored first is kept (the other dropped): make() must
// give equal values. (Not std::call_once per slot: glibc wakes waiters with a system call at
// each first call, whether any waits or not.)
template <class T>
class LazySlots {
public:
    explicit LazySlots(std::size_t n) : m_slots(n) {}  // (each null: value-initialized)
    LazySlots(const LazySlots&) = delete;
    LazySlots& operator=(const LazySlots&) = delete;
    ~LazySlots() {
        for (auto& slot : m_slots) delete slot.load(std::memory_order_relaxed);
    }

    std::size_t size() const { return m_slots.size(); }

    // The value of slot `i` (< size()), made by make() when nobody made it yet.
    template <class Make>
    const T& get(std::size_t i, Make&& make) const {
        const T* value = m_slots[i].load(std::memory_order_acquire);
        if (value) return *value;
        auto made = std::make_unique<const T>(make());
        if (m_slots[i].compare_exchange_strong(value, made.get(), std::memory_order_acq_rel, std::memory_order_acquire))
            return *made.release();
        return *value;  // (stored by another thread meanwhile)
    }

private:
    mutable std::vector<std::atomic<const T*>> m_slots;
};

// `task` called every `period` on a thread of its own, from when it is made until it is destroyed
// (which stops the thread at once, without a last call): for upkeep while something is held,
// such as letting go of a mapped file's pages that several threads read once each.
class Periodic {
public:
    Periodic(std::chrono::milliseconds period, std::function<void()> task)
        : m_thread([this, period, task = std::move(task)](std::stop_token stop) {
              std::unique_lock lock(m_lock);
              while (!m_woken.wait_for(lock, stop, period, [] { return false; })) {
                  if (stop.stop_requested()) return;
                  task();
              }
          }) {}
    Periodic(const Periodic&) = delete;
    Periodic& operator=(const Periodic&) = delete;

private:
    std::mutex m_lock;
    std::condition_variable_any m_woken;  // (only by the stop: jthread's destructor requests it)
    std::jthread m_thread;                // (last: stopped and joined before the rest goes)
};

}  // namespace concurrency
