#pragma once
// The SHA-256 of a download, taken as its bytes arrive. Hashing on the downloading thread held a
// loopback download to 60% of curl's rate (a SHA-256 runs at about 1.75 GB/s here); a thread of
// its own overlaps it with the transfer. A second read of the finished file instead cost a third
// of the download's time.
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace fetch {

// The digest of bytes that must come in order from the start of a file. Bytes at any other offset
// make it `broken` (hex() then gives ""); offset 0 again starts over (the host sent the whole
// file again instead of the rest).
class Sha256 {
public:
    Sha256();
    void restart();
    void add(std::string_view bytes, long long offset);
    // Starts over with the bytes `path` holds now; false when it exists and cannot be read.
    bool add_file(const std::filesystem::path& path);
    // The digest in lower-case hex when the bytes hashed are exactly `size` bytes; else "".
    std::string hex(long long size);

private:
    std::shared_ptr<void> m_context;  // an EVP_MD_CTX
    long long m_length = 0;
    bool m_broken = false;
};

// A Sha256 fed from another thread: add() copies the bytes into a queue (at most 8 MB waits;
// beyond that add() waits for the hashing to catch up) and returns.
class BackgroundSha256 {
public:
    BackgroundSha256();
    ~BackgroundSha256();
    BackgroundSha256(const BackgroundSha256&) = delete;
    BackgroundSha256& operator=(const BackgroundSha256&) = delete;

    void add(std::string_view bytes, long long offset);
    bool add_file(const std::filesystem::path& path);  // after the queued bytes are hashed
    std::string hex(long long size);                   // after the queued bytes are hashed

private:
    struct Block {
        long long offset;
        std::vector<char> bytes;
    };
    void work();
    void wait_idle();

    Sha256 m_digest;  // touched by the worker, and by this thread only while the worker is idle
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Block> m_queue;
    std::vector<std::vector<char>> m_spare;  // blocks hashed, kept for their memory (fresh pages cost a fault each)
    std::size_t m_queued_bytes = 0;
    bool m_busy = false, m_stop = false;
    std::thread m_worker;
};

}  // namespace fetch
