// The concurrency toolkit: every piece done once, results all consumed within the window, the
// first failure rethrown, a lazy slot made once for all threads.
#include "concurrency/parallel.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

TEST_CASE("parallel_for calls every index once and rethrows the first failure") {
    const std::size_t n = 10000;
    std::vector<std::atomic<int>> calls(n);
    concurrency::parallel_for(n, 16, [&](std::size_t i) { ++calls[i]; });
    for (std::size_t i = 0; i < n; ++i) REQUIRE(calls[i].load() == 1);
    CHECK_THROWS_WITH(concurrency::parallel_for(n, 16,
                                                [](std::size_t i) {
                                                    if (i == 5000) throw std::runtime_error("piece 5000");
                                                }),
                      "piece 5000");
}

TEST_CASE("bounded_pipeline consumes every result once on the calling thread, never more than a window ahead") {
    const std::size_t n = 5000;
    const concurrency::PipelineShape shape{.threads = 3, .window = 64, .batch = 4};
    const auto caller = std::this_thread::get_id();
    std::atomic<std::size_t> consumed{0}, furthest_ahead{0}, states{0};
    std::multiset<std::size_t> seen;
    bool all_on_caller = true;
    concurrency::bounded_pipeline(
        n, shape, [&] { return ++states; },
        [&](std::size_t& state, std::size_t i) {
            const std::size_t ahead = i - std::min(i, consumed.load());
            for (std::size_t was = furthest_ahead; ahead > was && !furthest_ahead.compare_exchange_weak(was, ahead);) {
            }
            return std::pair{i, state};
        },
        [&](std::pair<std::size_t, std::size_t> result) {
            all_on_caller &= std::this_thread::get_id() == caller;
            seen.insert(result.first);
            ++consumed;
        });
    CHECK(all_on_caller);
    CHECK(states.load() == shape.threads);  // one state per worker
    REQUIRE(seen.size() == n);
    for (std::size_t i = 0; i < n; ++i) REQUIRE(seen.count(i) == 1);
    CHECK(furthest_ahead.load() <= shape.window + shape.batch);
}

TEST_CASE("bounded_pipeline stops at the first failure of a worker or of the consumer and rethrows it") {
    const concurrency::PipelineShape shape{.threads = 2, .window = 32, .batch = 2};
    std::atomic<std::size_t> made{0};
    auto state = [] { return 0; };
    CHECK_THROWS_WITH(concurrency::bounded_pipeline(
                          100000, shape, state,
                          [&](int&, std::size_t i) {
                              ++made;
                              if (i == 300) throw std::runtime_error("make 300");
                              return i;
                          },
                          [](std::size_t) {}),
                      "make 300");
    CHECK(made.load() < 100000);  // the handing out stopped
    CHECK_THROWS_WITH(concurrency::bounded_pipeline(
                          1000, shape, state, [](int&, std::size_t i) { return i; },
                          [](std::size_t i) {
                              if (i == 10) throw std::runtime_error("consume 10");
                          }),
                      "consume 10");
}

TEST_CASE("a lazy slot is made on first use and every thread reads the one kept") {
    concurrency::LazySlots<std::string> slots(8);
    std::atomic<int> makes{0};
    std::vector<const std::string*> got(16);
    concurrency::parallel_for(got.size(), 1, [&](std::size_t t) {
        got[t] = &slots.get(3, [&] {
            ++makes;
            return std::string("three");
        });
    });
    for (const std::string* value : got) CHECK(value == got[0]);
    CHECK(*got[0] == "three");
    CHECK(makes.load() >= 1);
    CHECK(&slots.get(3, [] { return std::string("other"); }) == got[0]);  // made: not made again
    CHECK(slots.get(4, [] { return std::string("four"); }) == "four");
    CHECK(slots.size() == 8);
}

TEST_CASE("a periodic task runs on a thread of its own until its holder is destroyed, then never again") {
    std::atomic<int> calls{0};
    const auto caller = std::this_thread::get_id();
    std::atomic<bool> elsewhere{true};
    {
        concurrency::Periodic every(std::chrono::milliseconds(1), [&] {
            if (std::this_thread::get_id() == caller) elsewhere = false;
            ++calls;
        });
        for (int waited = 0; calls.load() < 3 && waited < 5000; ++waited)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    CHECK(calls.load() >= 3);
    CHECK(elsewhere.load());
    const int after = calls.load();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    CHECK(calls.load() == after);
    // Destroyed at once, not after its period.
    const auto start = std::chrono::steady_clock::now();
    {
        concurrency::Periodic rarely(std::chrono::hours(1), [] {});
    }
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
}
