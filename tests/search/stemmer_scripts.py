#!/usr/bin/env python3
"""The search page's stemmers (search/stem.js, made by src/search/snowball_js.py) stem every word
as libstemmer does, the library the build's index stems with: word for word, against Debian's
`stemwords` (libstemmer-tools), for every algorithm the build embeds.

The words are made to walk each algorithm's branches: the language's own words (the theme's
interface, where it has the language), each with every suffix the algorithm's tables know, and
pairs of those suffixes on their own. Usage:
    stemmer_scripts.py <build>/generated/stemmers <python3-snowballstemmer's folder> <themes/default/i18n>
"""
import ast
import json
import os
import re
import subprocess
import sys
import tempfile

# The interface's language for each algorithm (text/stemmer.cpp maps the other way).
LANGUAGE = {"english": "en", "german": "de", "french": "fr", "spanish": "es", "italian": "it", "portuguese": "pt",
            "dutch": "nl", "swedish": "sv", "norwegian": "nb", "russian": "ru", "greek": "el", "arabic": "ar"}
WORDS_PER_ALGORITHM = 6000


def suffixes(source):
    """Every string in the algorithm's among tables."""
    tree = ast.parse(source)
    return sorted({n.args[0].value for n in ast.walk(tree)
                   if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "Among"
                   and n.args and isinstance(n.args[0], ast.Constant) and n.args[0].value})


def interface_words(i18n, language):
    path = os.path.join(i18n, language + ".yaml")
    if not language or not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        text = "\n".join(line.split(":", 1)[1] for line in f if ":" in line and not line.lstrip().startswith("#"))
    return sorted({w.lower() for w in re.findall(r"[^\W\d_]{3,}", text)})


def words_for(algorithm, source, i18n):
    ends = suffixes(source)
    roots = interface_words(i18n, LANGUAGE.get(algorithm, ""))
    words = set(roots) | set(ends)
    for root in roots:
        words.update(root + end for end in ends)
    words.update(a + b for a in ends for b in ends if len(a) >= 2)
    # Lower case, as the index stems its words (the tables' capitals are the algorithms' own marks).
    words = sorted(w for w in words if w == w.lower() and "\n" not in w and " " not in w)
    step = max(1, len(words) // WORDS_PER_ALGORITHM)  # (every step-th, so that each kind stays)
    return words[::step]


def stem_in_node(script, words):
    program = ("globalThis.self = globalThis; require(process.argv[1]);"
               "const words = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
               "process.stdout.write(JSON.stringify(words.map(w => self.podarchiveStem(w))));")
    got = subprocess.run(["node", "-e", program, script], input=json.dumps(words), capture_output=True,
                         text=True, check=True)
    return json.loads(got.stdout)


def stem_in_libstemmer(algorithm, words):
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        f.write("\n".join(words) + "\n")
        name = f.name
    try:
        got = subprocess.run(["stemwords", "-l", algorithm, "-i", name], capture_output=True, check=True)
    finally:
        os.unlink(name)
    return got.stdout.decode("utf-8").split("\n")[:len(words)]


def main():
    scripts, snowball, i18n = sys.argv[1:4]
    # (Hebrew's light stem has no libstemmer to be held to: tests/text/stemmer_test.cpp and the
    # browser test hold it to the index's.)
    algorithms = sorted(f[:-3] for f in os.listdir(scripts)
                        if f.endswith(".js") and not f.endswith(".full.js") and f != "hebrew-light.js")
    failures, checked = 0, 0
    if len(algorithms) < 25:
        print(f"FAIL: only {len(algorithms)} stemmer scripts in {scripts}")
        return 1
    for algorithm in algorithms:
        with open(os.path.join(snowball, algorithm + "_stemmer.py"), encoding="utf-8") as f:
            words = words_for(algorithm, f.read(), i18n)
        ours = stem_in_node(os.path.join(scripts, algorithm + ".js"), words)
        theirs = stem_in_libstemmer(algorithm, words)
        wrong = [(w, a, b) for w, a, b in zip(words, ours, theirs) if a != b]
        changed = sum(1 for w, b in zip(words, theirs) if w != b)
        checked += len(words)
        print(f"{algorithm}: {len(words)} words, {changed} changed by the stemmer, {len(wrong)} stemmed otherwise")
        if not changed:
            print(f"FAIL: {algorithm}: no word was changed: the words test nothing")
            failures += 1
        for w, a, b in wrong[:5]:
            print(f"FAIL: {algorithm}: {w!r}: the script gives {a!r}, libstemmer {b!r}")
        failures += bool(wrong)
    print(f"{len(algorithms)} stemmers, {checked} words, {failures} failing")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
