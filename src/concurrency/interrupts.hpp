#pragma once
// Holding back an interruption (Ctrl-C, a CI job cancelled, a terminal closed) for the few
// milliseconds in which a folder is changed file by file: the process ends once that is done,
// not half-way through it.
#include <csignal>

namespace concurrency {

// While one lives, SIGINT, SIGTERM and SIGHUP sent to the process (to any of its threads) are
// only noted; when it goes, their dispositions are restored and the first one noted is raised
// again, so the process ends as it would have, just later. A signal the process ignored stays
// ignored. SIGKILL cannot be held back: what it stops must be repairable by the next run.
// Deferrals may overlap (nested, or in several threads): a signal waits until none is alive.
class InterruptsDeferred {
public:
    InterruptsDeferred();
    ~InterruptsDeferred();
    InterruptsDeferred(const InterruptsDeferred&) = delete;
    InterruptsDeferred& operator=(const InterruptsDeferred&) = delete;
};

}  // namespace concurrency
