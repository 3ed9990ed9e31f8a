// jemalloc's settings, read at start-up by the executables linked with it (CMakeLists.txt: the
// tool and its benchmarks); without jemalloc (tests, sanitized builds) nothing reads them.
// MALLOC_CONF in the environment still overrides them. Measured in bench/README.md.
//
// - background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0: memory freed and not used
//   again goes back to the system within a second, by a thread of jemalloc's own, instead of
//   staying ten seconds for reuse. (Between stages, which free in bulk, the build returns it at
//   once: concurrency::release_free_memory.) Within a stage a second is long enough: at 0.1 s, memory
//   a stage freed was returned and faulted in again in its next step, which cost a build of
//   10,000 episodes with transcripts a twentieth of its time, in system time.
// - thp:always: jemalloc asks for transparent huge pages (2 MB). A build after an edit reads the
//   last build's kept files back into memory in bulk, tens of megabytes, and faults them in
//   faster so (10,000 episodes, a note edit: 0.25 s, 0.27 in 4 KB pages). A build of everything
//   turns them off (concurrency::use_small_pages): the huge pages its heap left partly used held
//   8 MB more at its peak, for no time saved. Where the system's THP setting is "never",
//   nothing changes.
// - narenas:1: one arena for every thread. Each arena holds partly used huge pages of its own:
//   at 10,000 episodes one arena peaks 7-17 MB lower than one per CPU (percpu_arena:percpu, two
//   here) or two fixed ones, in the same time (2026-12-06, bench/README.md). Threads take from
//   their own cache (tcache) and go to the arena only to refill or flush it. Measured on 2
//   cores: where many cores render at once and contend for it, MALLOC_CONF=narenas:N gives
//   them more.
extern "C" {
extern const char* malloc_conf;
const char* malloc_conf = "background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0,thp:always,narenas:1";
}
