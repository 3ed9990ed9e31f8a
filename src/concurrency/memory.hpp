#pragma once
// Giving freed memory back to the system at a stage boundary.

namespace concurrency {

// When the program runs on jemalloc (the tool links it; tests and fuzz builds do not), purges
// every arena: memory freed by a stage is returned now instead of over the decay time, so it
// does not add to what the next stage allocates. Otherwise does nothing. Takes a few ms.
void release_free_memory();

}  // namespace concurrency
