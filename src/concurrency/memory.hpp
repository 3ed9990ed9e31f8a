#pragma once
// How the program's memory is held: freed memory given back to the system at a stage boundary,
// the pages of a buffer read through given back before it is freed, and the size of the pages a
// build's memory comes in.
#include <span>

namespace concurrency {

// When the program runs on jemalloc (the tool links it; tests and fuzz builds do not), purges
// every arena: memory freed by a stage is returned now instead of over the decay time, so it
// does not add to what the next stage allocates. Otherwise does nothing. Takes a few ms.
void release_free_memory();

// The whole pages inside `bytes` given back to the system now: for a large buffer read through
// in order, whose parts read are not read again and which is freed only when it all is (a feed's
// text parsed in place, while its items are read). Those bytes read as zeros afterwards.
// (Linux: madvise(MADV_DONTNEED); elsewhere nothing.)
void give_back_pages(std::span<char> bytes);

// From now on, memory the program touches for the first time comes in 4 KB pages, not in the
// 2 MB huge pages src/allocator.cpp has jemalloc ask for. For a build that makes everything anew:
// its heap is hundreds of thousands of objects of mixed lifetimes, and the huge pages they leave
// partly used held 8 MB more at its peak, for no time saved (bench/README.md). A build after an
// edit keeps huge pages: it reads the last build's kept files back into memory in bulk, which
// they fault in faster. (Linux: PR_SET_THP_DISABLE, whatever the system's huge page setting;
// elsewhere nothing.)
void use_small_pages();

}  // namespace concurrency
