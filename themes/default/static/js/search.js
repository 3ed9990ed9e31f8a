// podarchive search: no framework, no service. Fetches search/meta.json once, then only the
// index shards of the words typed, the filters chosen and the blocks of the results shown
// (search_index.hpp describes the files). Words are matched by their stems as the build made
// them (each shard says which word has which stem); "quoted words" must be said in that order
// (checked on the episode's page: its title, chapters, notes or transcript); year:2024,
// topic:cuda and guest:"Jane Doe" filter. A hit in a transcript or a chapter links to that
// moment (#t=); the words around it are quoted from the page.
(function () {
  "use strict";
  var root = document.documentElement;
  var base = root.getAttribute("data-base") || "/";
  var files = {}, meta = null, keys = null;
  var lang = root.getAttribute("lang") || "en";
  // Words of scripts written without spaces are cut as the build's ICU cuts them (util/
  // word_breaks.hpp); a letter of these alone is a word.
  var segmenter = typeof Intl === "object" && Intl.Segmenter ? new Intl.Segmenter(lang, { granularity: "word" }) : null;
  var spaceless = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
  var letterWord = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;
  // The interface's words in the page's language (the search panel's data-words), counts in
  // the plural form the language's rules pick and its digits.
  var said = {};
  var plurals = typeof Intl === "object" && Intl.PluralRules ? new Intl.PluralRules(lang) : null;
  function say(name, fallback, n) {
    var text = said[name], form = plurals && n !== undefined ? plurals.select(n) : "other";
    if (text && typeof text === "object") text = text[form] || text.other;
    if (typeof text !== "string") text = fallback;
    return n === undefined ? text : text.replace("{count}", n.toLocaleString(lang));
  }

  function getJSON(path) {
    if (!files[path]) {
      files[path] = fetch(base + path, { credentials: "same-origin" }).then(function (r) {
        if (!r.ok) throw new Error(path + ": " + r.status);
        return r.json();
      });
    }
    return files[path];
  }
  // The stem of a query word as the index stemmed its words ("dispatch" for "dispatching"), for
  // words the index does not hold: search/stem.js, the algorithm the build used (Snowball's of
  // the site's language, made from the same sources as the build's libstemmer, or Hebrew's light
  // stem), loaded with the rest of the search.
  var stemOf = null;
  function loadStemmer(algorithm) {
    if (!algorithm) return Promise.resolve(null);
    return new Promise(function (resolve) {
      var script = document.createElement("script");
      script.src = base + "search/stem.js";
      script.onload = function () { resolve(typeof self.podarchiveStem === "function" ? self.podarchiveStem : null); };
      script.onerror = function () { resolve(null); };  // (words are then found as they are said)
      document.head.appendChild(script);
    });
  }
  function loadMeta() {
    if (!meta) meta = getJSON("search/meta.json").then(function (m) {
      keys = new Set(m.shards);
      return loadStemmer(m.stemmer).then(function (s) { stemOf = s; return m; });
    });
    return meta;
  }
  // The same folding as the index (util::search_form): NFKC, case folded, apostrophes joined,
  // words of letters, marks and digits; then runs of scripts without spaces cut into words.
  function fold(text) {
    return text.normalize("NFKC").toLowerCase().replace(/\u00df/g, "ss").replace(/\u03c2/g, "\u03c3").replace(/['\u2019]/g, "");
  }
  function words(text) {
    var out = [];
    fold(text)
      .split(/[^\p{L}\p{M}\p{N}]+/u).forEach(function (run) {
        var w = run.replace(/^\p{M}+/u, "");
        if (!w) return;
        if (!segmenter || !spaceless.test(w)) { out.push(w); return; }
        for (var it = segmenter.segment(w)[Symbol.iterator](), s = it.next(); !s.done; s = it.next())
          if (s.value.isWordLike) out.push(s.value.segment);
      });
    return out.filter(function (w) { return Array.from(w).length >= 2 || letterWord.test(w); });
  }
  function keyName(bytes) {
    var name = "";
    bytes.forEach(function (b) {
      name += (b >= 97 && b <= 122) || (b >= 48 && b <= 57) ? String.fromCharCode(b) : "_" + (b < 16 ? "0" : "") + b.toString(16);
    });
    return name;
  }
  // A shard's maps are plain objects: a word is looked up among their own keys, never the ones
  // every object inherits ("constructor", "__proto__").
  function own(map, key) { return !!map && Object.prototype.hasOwnProperty.call(map, key) && !!map[key]; }
  // A shard's file: a key that is a Windows device name gets a '-' (as the build writes it).
  function shardFile(key) { return "search/t/" + key + (/^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/.test(key) ? "-" : "") + ".json"; }
  // The shard that holds `word`: its first two bytes' (a top-level key), then while that shard
  // was split ("s"), the one of the word's next byte; where the word ends at a split shard, the
  // terms as long as its key ("<key>_.json", when "x" says there are some).
  function shardFor(word) {
    var bytes = new TextEncoder().encode(word), key = keyName(bytes.slice(0, 2));
    if (bytes.length < 2 || !keys.has(key)) return Promise.resolve(null);
    function walk(shard, at) {
      if (!shard.s) return shard;
      var next = at < bytes.length ? keyName(bytes.slice(at, at + 1)) : null;
      if (next && shard.s.indexOf(next) >= 0) {
        key += next;
        return getJSON(shardFile(key)).then(function (s) { return walk(s, at + 1); });
      }
      return shard.x ? getJSON("search/t/" + key + "_.json") : null;
    }
    return getJSON(shardFile(key)).then(function (s) { return walk(s, 2); });
  }
  // Every posting of the terms a query word stands for: doc -> {score, moments}, and whether a
  // list was cut (the word is too common to require).
  function lookup(word, prefix) {
    var stem = null;  // the word's own term (a prefix's others weigh half)
    var light = stemOf ? stemOf(word) : word;
    return Promise.all([shardFor(word), light === word ? null : shardFor(light)]).then(function (got) {
      var s = got[0], terms = new Set();
      if (got[1] && own(got[1].t, light)) terms.add(stem = light);
      if (s) {
        if (own(s.f, word)) terms.add(stem = s.f[word]);
        if (own(s.t, word)) terms.add(word);
        if (prefix) {
          Object.keys(s.t).forEach(function (t) { if (t.indexOf(word) === 0) terms.add(t); });
          Object.keys(s.f).forEach(function (f) { if (f.indexOf(word) === 0) terms.add(s.f[f]); });
        }
      }
      return Promise.all(Array.from(terms).slice(0, 40).map(function (t) {
        return shardFor(t).then(function (shard) { return { term: t, shard: shard }; });
      }));
    }).then(function (found) {
      var docs = new Map(), cut = false, count = 0, forms = [word];
      found.forEach(function (f) {
        if (!f.shard || !own(f.shard.t, f.term)) return;
        forms.push(f.term);
        if (own(f.shard.c, f.term)) cut = true, count = Math.max(count, f.shard.c[f.term]);
        // (Told by the word's shard: the term's may be another file, without the word.)
        var exact = f.term === word || f.term === stem ? 2 : 1;
        // [doc (after the first: how far from the one before), score * 4 + n, n moments, ...]
        var list = f.shard.t[f.term], doc = 0;
        for (var i = 0; i + 1 < list.length;) {
          doc += list[i];
          var d = docs.get(doc) || { score: 0, moments: [] }, n = list[i + 1] & 3;
          d.score = Math.max(d.score, (list[i + 1] >> 2) * exact);
          for (i += 2; n-- > 0; i++) if (d.moments.indexOf(list[i]) < 0) d.moments.push(list[i]);
          docs.set(doc, d);
        }
      });
      // The words whose stem is one of these terms ("compiling" for "compile"): marked where shown.
      found.forEach(function (f) {
        if (f.shard && f.shard.f) Object.keys(f.shard.f).forEach(function (w) { if (f.shard.f[w] === f.term) forms.push(w); });
      });
      return { word: word, docs: docs, cut: cut, count: Math.max(count, docs.size), forms: forms };
    });
  }
  // "Did you mean": for a word that finds nothing, the index's nearest word, as a typo is made
  // (a letter wrong, missing or extra, two swapped; two of these in a word of six letters or
  // more), the most used of the nearest. It is looked for in the shards the word's first letters
  // lead to, and those of its first two letters swapped ("rgaph").
  function distance(a, b, max) {  // (optimal string alignment; more than `max` is max + 1)
    var prev2 = null, prev = [], row, i, j;
    for (j = 0; j <= b.length; j++) prev.push(j);
    for (i = 1; i <= a.length; i++) {
      row = [i];
      var least = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1, v = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
        if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
        row.push(v);
        least = Math.min(least, v);
      }
      if (least > max) return max + 1;
      prev2 = prev, prev = row;
    }
    return prev[b.length];
  }
  function nearShards(word) {  // the shards that may hold words close to `word`
    var bytes = new TextEncoder().encode(word), key = keyName(bytes.slice(0, 2));
    if (bytes.length < 2 || !keys.has(key)) return Promise.resolve([]);
    function walk(shard, key, at, depth) {
      if (!shard.s) return [shard];
      var next = [];  // (the next byte's shard and the one after's, for a letter left out or swapped)
      [at, at + 1].forEach(function (i) {
        var b = i < bytes.length ? keyName(bytes.slice(i, i + 1)) : null;
        if (b && shard.s.indexOf(b) >= 0 && next.indexOf(b) < 0 && depth < 2) next.push(b);
      });
      return Promise.all(next.map(function (b) {
        return getJSON(shardFile(key + b)).then(function (s) { return walk(s, key + b, at + 1, depth + 1); }, function () { return []; });
      }).concat(shard.x ? [getJSON("search/t/" + key + "_.json").then(function (s) { return [s]; }, function () { return []; })] : []))
        .then(function (lists) { return [].concat.apply([], lists); });
    }
    return getJSON(shardFile(key)).then(function (s) { return walk(s, key, 2, 0); }, function () { return []; });
  }
  function suggest(word) {
    var letters = Array.from(word), max = letters.length >= 6 ? 2 : 1;
    if (letters.length < 3) return Promise.resolve(null);
    var swapped = letters[1] + letters[0] + letters.slice(2).join("");
    return Promise.all([nearShards(word), swapped === word ? [] : nearShards(swapped)]).then(function (found) {
      var best = null;
      [].concat(found[0], found[1]).forEach(function (shard) {
        // A term's use: the episodes that have it (its list's length, or how many had it when cut);
        // a word ("f") another term's. Words that are words come before stems that are not.
        function uses(term) { return own(shard.c, term) ? shard.c[term] : own(shard.t, term) ? shard.t[term].length / 3 : 1; }
        [[shard.t, false], [shard.f, true]].forEach(function (kind) {
          Object.keys(kind[0] || {}).forEach(function (w) {
            if (w === word || Math.abs(w.length - word.length) > max) return;
            var d = distance(word, w, max), u = uses(kind[1] ? shard.f[w] : w);
            if (d <= max && (!best || d < best.d || (d === best.d && u > best.u))) best = { w: w, d: d, u: u };
          });
        });
      });
      return best && best.w;
    });
  }
  // The query with each word that finds nothing replaced by its suggestion; null when none has one.
  function corrected(query, missing) {
    return Promise.all(missing.map(suggest)).then(function (found) {
      var changed = false;
      var text = query.split(/(\s+)/).map(function (token) {
        var ws = words(token), i = ws.length === 1 ? missing.indexOf(ws[0]) : -1;
        if (i < 0 || !found[i]) return token;
        changed = true;
        return token.replace(/[^"]+/, found[i]);
      }).join("");
      return changed ? text : null;
    });
  }
  // "year:2024 topic:cuda \"lemon tree\" stride" -> filters, phrases (lists of words), words.
  function parse(query) {
    var q = { filters: [], phrases: [], words: [], open: !/\s$/.test(query) };
    query.replace(/(year|topic|guest):("([^"]*)"|\S+)|"([^"]*)"?|(\S+)/gi, function (all, kind, value, quoted, phrase, word) {
      if (kind) q.filters.push({ kind: kind.toLowerCase(), value: quoted !== undefined ? quoted : value });
      else if (phrase !== undefined) { var ws = words(phrase); if (ws.length > 1) q.phrases.push(ws); else q.words = q.words.concat(ws); }
      else q.words = q.words.concat(words(word));
      return "";
    });
    return q;
  }
  // The index file of a filter's episodes, or null when meta.json knows no such year, topic or
  // guest (then nothing is fetched: the answer is none, at once).
  function filterFile(m, f) {
    if (f.kind === "year") {
      var year = f.value.replace(/\D/g, "");
      return m.years.some(function (y) { return String(y[0]) === year; }) ? "y" + year : null;
    }
    // A name as the show writes it, or its slug (meta.json has both: the build made the slugs).
    var list = f.kind === "topic" ? m.topics : m.guests, wanted = f.value.toLowerCase();
    var hit = list.filter(function (t) { return t[1] === wanted || t[0].toLowerCase() === wanted; })[0];
    return hit ? (f.kind === "topic" ? "t-" : "g-") + hit[1] : null;
  }
  function filterDocs(m, f) {
    var file = filterFile(m, f);
    if (!file) return Promise.resolve(new Set());
    return getJSON("search/f/" + file + ".json").then(function (docs) { return new Set(docs); }, function () { return new Set(); });
  }
  // Moments shared by every word of a phrase: one chapter title, or transcript paragraphs (in
  // seconds) that start within 45 s of each other (a phrase said across two paragraphs).
  function near(a, b) { return a === b || (a >= 0 && b >= 0 && Math.abs(a - b) <= 45); }
  function together(lists) {
    return lists[0].filter(function (m) {
      return lists.every(function (l) { return l.some(function (n) { return near(m, n); }); });
    });
  }
  function search(query, chosen) {
    var q = parse(query);
    q.filters = q.filters.concat(chosen || []);
    var all = q.words.concat.apply(q.words, q.phrases);
    if (!all.length && !q.filters.length) return Promise.resolve({ query: q, all: [], hits: [], meta: null });
    return loadMeta().then(function (m) {
      if (q.filters.some(function (f) { return !filterFile(m, f); })) return [[], [], [new Set()], m];
      var last = q.words.length ? q.words[q.words.length - 1] : null;
      return Promise.all([
        Promise.all(q.words.map(function (w) { return lookup(w, q.open && w === last && !q.phrases.length); })),
        Promise.all(q.phrases.map(function (p) { return Promise.all(p.map(function (w) { return lookup(w, false); })); })),
        Promise.all(q.filters.map(function (f) { return filterDocs(m, f); })), m]);
    }).then(function (got) {
      var wordHits = got[0], phraseHits = got[1], filters = got[2], m = got[3];
      var groups = wordHits.concat.apply(wordHits, phraseHits);
      var required = groups.filter(function (g) { return !g.cut; });
      if (!required.length) required = groups;
      var candidates = null;
      if (required.length) {
        candidates = Array.from(required[0].docs.keys()).filter(function (d) { return required.every(function (g) { return g.docs.has(d); }); });
      } else {
        candidates = Array.from(filters[0] || []);
      }
      candidates = candidates.filter(function (d) { return filters.every(function (f) { return f.has(d); }); });
      var hits = [];
      candidates.forEach(function (d) {
        var score = 0, moment = null, ok = true;
        groups.forEach(function (g) {
          var p = g.docs.get(d);
          if (p) score += p.score;
          if (p && moment === null && p.moments.length) moment = p.moments[0];
        });
        // A phrase: its words in one moment, likely (its page says, in verified). A word too
        // common to be listed whole may be missing from the episode's postings: the others decide.
        phraseHits.forEach(function (ph) {
          var present = ph.filter(function (g) { return g.docs.has(d); });
          if (present.length < ph.length && ph.some(function (g) { return !g.cut && !g.docs.has(d); })) { ok = false; return; }
          if (!present.length) return;
          var lists = present.map(function (g) { return g.docs.get(d).moments; });
          var shared = lists.some(function (l) { return !l.length; }) ? [] : together(lists);
          if (shared.length) { moment = shared[0]; score += 10; } else if (ok === true) { ok = "apart"; }
        });
        if (ok) hits.push({ doc: d, score: score, moment: moment, check: ok === "apart" });
      });
      // Episodes where a phrase is less likely (its words in no one moment: a title, the notes)
      // come last.
      hits.sort(function (a, b) { return a.check - b.check || b.score - a.score || a.doc - b.doc; });
      // Only words too common to be listed whole: how many have them is known, not which.
      var about = groups.length && groups.every(function (g) { return g.cut; }) && !filters.length
        ? Math.min.apply(null, groups.map(function (g) { return g.count; })) : 0;
      var forms = new Set();
      groups.forEach(function (g) { g.forms.forEach(function (w) { forms.add(w); }); });
      var result = { query: q, all: all, hits: hits, meta: m, about: about > hits.length ? about : 0, forms: forms, phraseHits: phraseHits };
      var missing = groups.filter(function (g) { return !g.docs.size && !g.cut; }).map(function (g) { return g.word; });
      if (hits.length || !missing.length) return verified(result);
      return corrected(query, missing).then(function (text) { result.suggestion = text; return verified(result); });
    });
  }
  // An episode's page, read once (the index holds no text): its title, chapter titles, notes and
  // transcript paragraphs (each with its time), as text. A phrase is checked there, word by word
  // in order, and an excerpt is cut from there.
  var pages = {};
  function page(url) {
    if (!pages[url]) {
      pages[url] = fetch(url, { credentials: "same-origin" }).then(function (r) { return r.ok ? r.text() : ""; }).then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html"), parts = [];
        function add(nodes, kind) {
          Array.prototype.forEach.call(doc.querySelectorAll(nodes), function (n, i) {
            // (a space after each block, which textContent runs together; no section heading)
            n.querySelectorAll("h2").forEach(function (h) { h.remove(); });
            n.querySelectorAll("p, li, br, div, h3, h4, h5, h6, blockquote, pre, tr, dt, dd").forEach(function (b) { b.after(" "); });
            var a = n.querySelector("a.ts[data-t]"), text = n.textContent.replace(/\s+/g, " ").trim();
            if (a && text.indexOf(a.textContent) === 0) text = text.slice(a.textContent.length).trim();  // (its time)
            if (kind !== "said" || a) parts.push({ kind: kind, t: kind === "said" ? +a.dataset.t : kind === "chapter" ? -(i + 1) : null, text: text });
          });
        }
        add("main h1", "title");
        add(".chapter-list li", "chapter");
        add(".notes, .note", "notes");
        add(".transcript-text p", "said");
        return parts;
      }, function () { return []; });
    }
    return pages[url];
  }
  // Where in `parts` every phrase of the query is said, its words in order (each word in any of
  // its forms: "graph breaks" is said in "Graph break"): the first place's part, or null. A
  // phrase may run on into the next transcript paragraph.
  function phrasePlace(parts, phrases) {
    var place = null;
    var found = phrases.every(function (groups) {
      return parts.some(function (part, i) {
        var next = part.kind === "said" && parts[i + 1] && parts[i + 1].kind === "said" ? " " + parts[i + 1].text : "";
        var ws = words(part.text + next), own = next ? words(part.text).length : ws.length;
        for (var at = 0; at < own && at + groups.length <= ws.length; at++) {  // (begun in this part)
          if (groups.every(function (g, k) { return g.forms.indexOf(ws[at + k]) >= 0; })) {
            if (!place || (place.kind !== "said" && part.kind === "said")) place = part;
            return true;
          }
        }
        return false;
      });
    });
    return found ? place : null;
  }
  // Hits of a query with phrases are checked on their pages before anything is counted: the count
  // announced is the list shown. (At most k_checked pages are read; past them, hits whose words
  // share a moment are kept unread, and the count says "up to".)
  var k_checked = 60;
  function verified(result) {
    var phrases = result.phraseHits;
    if (!phrases.length || !result.hits.length) return result;
    var m = result.meta, checked = result.hits.slice(0, k_checked);
    return Promise.all(checked.map(function (h) { return getJSON("search/d/" + Math.floor(h.doc / m.block_size) + ".json"); })).then(function (blocks) {
      return Promise.all(checked.map(function (h, i) {
        return page(base + "episodes/" + blocks[i][h.doc % m.block_size][1] + "/").then(function (parts) { return phrasePlace(parts, phrases); });
      }));
    }).then(function (places) {
      var rest = result.hits.slice(k_checked).filter(function (h) { return !h.check; });
      result.hits = checked.filter(function (h, i) {
        if (places[i] && places[i].t !== null) h.moment = places[i].t;
        return places[i];
      }).concat(rest);
      if (rest.length) result.about = result.hits.length;
      return result;
    });
  }
  // The entries of hits[from, to) from their blocks (a phrase found in no shared moment must be
  // in the title, which only the block has).
  function entries(result, from, to) {
    var m = result.meta, hits = result.hits.slice(from, to), shown = [];
    return Promise.all(hits.map(function (h) { return getJSON("search/d/" + Math.floor(h.doc / m.block_size) + ".json"); })).then(function (blocks) {
      hits.forEach(function (h, i) {
        var e = blocks[i][h.doc % m.block_size];
        shown.push({ title: e[0], url: base + "episodes/" + e[1] + "/", date: e[2], excerpt: e[3], moment: h.moment, chapters: e[4] || [] });
      });
      return Promise.all(shown.map(function (doc) { return page(doc.url).then(function (parts) { doc.parts = parts; }); }));
    }).then(function () {
      return shown;
    });
  }

  // Text with the query's words marked, built with DOM nodes (never innerHTML): every word
  // whose form the index gave one of the query's stems, a word that starts like a query word,
  // and in a script without spaces the run that holds one.
  function hitTest(result) {
    var forms = result.forms || new Set(), qs = result.all;
    var starts = qs.filter(function (q) { return q.length > 1; }).map(function (q) { return q.length > 5 ? q.slice(0, q.length - 2) : q; });
    return function (w) {
      w = fold(w);
      return forms.has(w) || starts.some(function (p) { return w.indexOf(p) === 0; }) || (spaceless.test(w) && qs.some(function (q) { return w.indexOf(q) >= 0; }));
    };
  }
  var wordRe = /[\p{L}\p{M}\p{N}'\u2019]+/gu;
  // The words of `text`, each with where it starts: a run of a script written without spaces
  // cut into its words as a query is (words()), so a hit marks the word, not its sentence.
  function tokens(text) {
    var out = [], re = new RegExp(wordRe), m;
    while ((m = re.exec(text)) !== null) {
      if (!segmenter || !spaceless.test(m[0])) { out.push({ index: m.index, word: m[0] }); continue; }
      for (var it = segmenter.segment(m[0])[Symbol.iterator](), s = it.next(); !s.done; s = it.next())
        if (s.value.isWordLike) out.push({ index: m.index + s.value.index, word: s.value.segment });
    }
    return out;
  }
  function marked(text, result) {
    var frag = document.createDocumentFragment(), hit = hitTest(result), last = 0;
    tokens(text).forEach(function (t) {
      if (!hit(t.word)) return;
      if (t.index > last) frag.appendChild(document.createTextNode(text.slice(last, t.index)));
      frag.appendChild(element("mark", null, t.word));
      last = t.index + t.word.length;
    });
    frag.appendChild(document.createTextNode(text.slice(last)));
    return frag;
  }
  // The words around the first of the query's in `text`, cut where words end, with an ellipsis
  // where the text goes on; null when none is there.
  function around(text, result) {
    var hit = hitTest(result), m = tokens(text).filter(function (t) { return hit(t.word); })[0];
    if (!m) return null;
    var from = Math.max(0, m.index - 60), to = Math.min(text.length, m.index + 200);
    var cut = text.indexOf(" ", from);
    if (from > 0 && cut >= 0 && cut < m.index) from = cut + 1;
    cut = text.lastIndexOf(" ", to);
    if (to < text.length && cut > m.index + m.word.length) to = cut;
    return (from > 0 ? "\u2026" : "") + text.slice(from, to).trim() + (to < text.length ? "\u2026" : "");
  }
  function clock(s) {
    var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, r = s % 60;
    return (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (r < 10 ? "0" : "") + r;
  }
  function element(tag, className, text) {
    var e = document.createElement(tag);
    if (className) e.className = className;
    if (text) e.textContent = text;
    return e;
  }
  var k_page = 5;  // results shown at once: each may need a block of its own
  function item(doc, result) {
    var li = document.createElement("li");
    var a = element("a");
    a.href = doc.url;
    a.dir = "auto";  // (a title in another script than the page's keeps its own order, as <bdi> does)
    a.appendChild(marked(doc.title, result));
    li.appendChild(a);
    if (doc.date) li.appendChild(element("span", "meta", " " + doc.date));
    var chapter = doc.moment !== null && doc.moment < 0 ? doc.chapters[-doc.moment - 1] : null;
    var t = chapter ? chapter[0] : doc.moment;
    if (t !== null && t !== undefined && t >= 0) {
      var p = element("p", "moment");
      var jump = element("a", "ts", "\u25b6 " + clock(t));
      jump.href = doc.url + "#t=" + t;
      p.appendChild(jump);
      // (A chapter's title as written; the transcript's words around the hit, as its page says
      // them, else where they are.)
      var said = null;
      (doc.parts || []).forEach(function (part) {
        if (!said && part.kind === "said" && part.t === t) said = around(part.text, result);
      });
      var where = chapter ? say("chapter", "Chapter:") : said ? "" : say("in_transcript", "In the transcript:").replace(/[:\uff1a]\s*$/, "");
      p.appendChild(document.createTextNode(" " + where + (chapter ? " " : "")));
      if (chapter) p.appendChild(marked(chapter[1], result));
      else if (said) p.appendChild(marked("\u201c" + said + "\u201d", result));
      li.appendChild(p);
    }
    // The show notes' words around the hit, else the episode's summary.
    var notes = null;
    (doc.parts || []).forEach(function (part) { if (!notes && part.kind === "notes") notes = around(part.text, result); });
    var excerpt = element("p");
    excerpt.dir = "auto";  // (its own direction, as the notes' paragraphs take theirs)
    excerpt.appendChild(marked(notes || doc.excerpt, result));
    li.appendChild(excerpt);
    return li;
  }
  function show(list, status, result, more) {
    list.textContent = "";
    if (more) more.hidden = true;
    var n = result.hits.length, shownCount = 0;
    function page(from) {
      return entries(result, from, from + k_page).then(function (docs) {
        docs.forEach(function (doc) { list.appendChild(item(doc, result)); });
        shownCount = Math.min(n, from + k_page);
        list.hidden = list.children.length === 0;
        var found = result.about ? say("up_to", "up to {count} found", result.about) : say("found", n === 1 ? "{count} episode found" : "{count} episodes found", n);
        status.textContent = n ? found + (n > shownCount || result.about ? say("best_shown", ", the best {count} shown", shownCount) : "") : result.all.length || result.query.filters.length ? say("none", "No episode matches.") : "";
        if (!n && result.suggestion) {  // "Did you mean {query}?", the query a link that searches it
          var parts = say("did_you_mean", "Did you mean {query}?").split("{query}"), link = element("a", "suggestion", result.suggestion);
          link.href = base + "search/?q=" + encodeURIComponent(result.suggestion);
          link.setAttribute("data-q", result.suggestion);
          status.append(" " + parts[0], link, parts.slice(1).join(""));
        }
        if (more) {
          more.hidden = shownCount >= n;
          more.onclick = function () { page(shownCount); };
        }
      });
    }
    return page(0);
  }

  // The search page's filters: a select each for year, topic and guest, from meta.json.
  function filters(form, run) {
    if (!form) return function () { return []; };
    loadMeta().then(function (m) {
      var params = new URLSearchParams(window.location.search);
      [["year", m.years.map(function (y) { return [String(y[0]), y[0] + " (" + y[1] + ")"]; })],
       ["topic", m.topics.map(function (t) { return [t[1], t[0] + " (" + t[2] + ")"]; })],
       ["guest", m.guests.map(function (g) { return [g[1], g[0] + " (" + g[2] + ")"]; })]].forEach(function (kind) {
        var select = form.querySelector("select[name=" + kind[0] + "]");
        if (!select) return;
        kind[1].forEach(function (o) { var opt = element("option", null, o[1]); opt.value = o[0]; select.appendChild(opt); });
        select.value = params.get(kind[0]) || "";
        select.closest("label").hidden = kind[1].length === 0;
        select.addEventListener("change", run);
      });
      form.hidden = false;
      run();
    });
    return function () {
      return Array.prototype.filter.call(form.querySelectorAll("select"), function (s) { return s.value; })
        .map(function (s) { return { kind: s.name, value: s.value }; });
    };
  }

  function attach(input) {
    var panel = document.getElementById(input.getAttribute("aria-controls"));
    if (!panel) return;
    try { said = JSON.parse(panel.getAttribute("data-words")) || {}; } catch (e) { said = {}; }
    var list = panel.querySelector("ol"), status = panel.querySelector("[role=status]"), more = panel.querySelector("button.more");
    var timer = null, seq = 0, chosen = function () { return []; };
    function run() {
      var mine = ++seq;
      var picked = chosen();
      search(input.value, picked).then(function (result) {
        if (mine !== seq) return;  // a newer query is on its way
        panel.hidden = input.value.trim() === "" && !picked.length;
        return show(list, status, result, more);
      }).catch(function () { status.textContent = say("unavailable", "Search is unavailable."); panel.hidden = false; });
    }
    chosen = filters(document.querySelector("form.search-filters"), run);
    status.addEventListener("click", function (e) {
      var a = e.target.closest && e.target.closest("a[data-q]");
      if (!a) return;
      e.preventDefault();
      input.value = a.getAttribute("data-q");
      run();
      input.focus();
    });
    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 120); });
    input.addEventListener("keydown", function (e) { if (e.key === "Escape") { input.value = ""; panel.hidden = true; } });
    var q = new URLSearchParams(window.location.search).get("q");
    if (q) { input.value = q; run(); }
    else if (input.value.trim()) run();  // (typed while this script was loading: site.js loads it at first use)
  }
  document.querySelectorAll("input[type=search][aria-controls]").forEach(attach);
})();
