#pragma once
// The preview server's threads: as many as asked for, or as many as the machine allows when a
// limit on processes (RLIMIT_NPROC, a container's pids.max) or on address space (RLIMIT_AS)
// says fewer. httplib's own pool makes its threads with std::thread and aborts the process
// when one cannot be made; this one makes them with pthread_create, no more than the address
// space has room for, and keeps the ones it could make.
#include <httplib.h>
#include <pthread.h>

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <vector>

namespace serve {

class BoundedThreadPool : public httplib::TaskQueue {
public:
    explicit BoundedThreadPool(std::size_t wanted);
    ~BoundedThreadPool() override;
    BoundedThreadPool(const BoundedThreadPool&) = delete;
    BoundedThreadPool& operator=(const BoundedThreadPool&) = delete;

    // The threads made (at most `wanted`).
    std::size_t size() const { return m_threads.size(); }

    void enqueue(std::function<void()> fn) override;
    void shutdown() override;

private:
    static void* work(void* self);

    std::vector<pthread_t> m_threads;
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::deque<std::function<void()>> m_jobs;  // guarded by m_mutex
    bool m_shutdown = false;                   // guarded by m_mutex
};

}  // namespace serve
