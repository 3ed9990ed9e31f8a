#pragma once
// Times the steps of a run: each lap() records the seconds since the previous one.
#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace concurrency {

using StageTimes = std::vector<std::pair<std::string, double>>;  // name and seconds, in order

class StageClock {
public:
    // Laps go to `times` (nothing is recorded when it is null).
    explicit StageClock(StageTimes* times) : m_times(times) {}

    void lap(std::string name) {
        auto now = std::chrono::steady_clock::now();
        if (m_times) m_times->emplace_back(std::move(name), std::chrono::duration<double>(now - m_last).count());
        m_last = now;
    }

private:
    StageTimes* m_times;
    std::chrono::steady_clock::time_point m_last = std::chrono::steady_clock::now();
};

}  // namespace concurrency
