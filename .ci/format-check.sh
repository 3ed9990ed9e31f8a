#!/usr/bin/env bash
# Checks that every C++ file of src/, tests/ and bench/ is as clang-format (Debian 12's, 14) and
# the root's .clang-format write it; names each file that is not. To fix: .ci/format-check.sh --fix
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(find src tests bench -name '*.cpp' -o -name '*.hpp' | sort)
if [ "${1:-}" = --fix ]; then
  clang-format-14 -i "${files[@]}"
  exit 0
fi
if ! clang-format-14 --dry-run -Werror "${files[@]}" 2>/tmp/format-check.$$; then
  grep -o '^[^:]*\.[ch]pp' /tmp/format-check.$$ | sort -u | sed 's/^/not formatted: /'
  rm -f /tmp/format-check.$$
  echo "run .ci/format-check.sh --fix (clang-format-14 with the root's .clang-format)" >&2
  exit 1
fi
rm -f /tmp/format-check.$$
echo "${#files[@]} files formatted"
