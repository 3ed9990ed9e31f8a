#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan + libFuzzer) and runs each for a bounded
# time, starting from tests/fuzz/corpus/<target>. A crash is copied into
# tests/fuzz/regressions/<target>/, which the test suite replays on every run, and fails this
# script. Usage: .ci/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-60}"
shift || true
cd "$root"
CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPODARCHIVE_FUZZ=ON -DPODARCHIVE_SANITIZE=ON >/dev/null
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < tests/fuzz/targets.txt
fi
cmake --build build-fuzz -j2 --target podarchive_fuzz >/dev/null
# One target per core at a time (libFuzzer runs on one core unless told otherwise); the results
# are printed in the targets' order once all have run.
results="$(mktemp -d)"
fuzz_one() {
  local t="$1" work log status stats execs rate
  work="$(mktemp -d)"
  mkdir -p "$work/corpus" "$work/crashes"
  cp -r tests/fuzz/corpus/"$t"/. "$work/corpus/" 2>/dev/null || true
  log="$work/log"
  if FUZZ_TARGET="$t" ASAN_OPTIONS=detect_leaks=0 ./build-fuzz/podarchive_fuzz -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 \
       -timeout=10 -artifact_prefix="$work/crashes/" "$work/corpus" >"$log" 2>&1; then
    status=ok
  else
    status=CRASH
    mkdir -p tests/fuzz/regressions/"$t"
    cp "$work"/crashes/* tests/fuzz/regressions/"$t"/ 2>/dev/null || true
    tail -30 "$log" >"$results/$t.crash"
  fi
  stats=$(grep -E "^#[0-9]+.*exec/s" "$log" | tail -1 || true)
  execs=$(echo "$stats" | sed -E 's/^#([0-9]+).*/\1/')
  rate=$(echo "$stats" | sed -E 's/.*exec\/s: ([0-9]+).*/\1/')
  printf "fuzz %-14s %s: %s executions, %s exec/s, %s s\n" "$t" "$status" "${execs:-?}" "${rate:-?}" "$seconds" >"$results/$t.line"
  rm -rf "$work"
}
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || true; done
  fuzz_one "$t" &
done
wait
failed=0
for t in "${targets[@]}"; do
  if [ -f "$results/$t.crash" ]; then cat "$results/$t.crash"; failed=1; fi
  if [ -f "$results/$t.line" ]; then cat "$results/$t.line"; else echo "fuzz $t: no result"; failed=1; fi
done
rm -rf "$results"
exit $failed
