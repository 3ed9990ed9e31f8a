// podarchive search: no framework, no service. Fetches search/meta.json once, then only the
// index shards for the words typed and the document blocks of the results shown.
(function () {
  "use strict";
  var root = document.documentElement;
  var base = root.getAttribute("data-base") || "/";
  var meta = null, shards = {}, blocks = {}, shardSet = null, blockSize = 50;

  function getJSON(path) {
    return fetch(base + path, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error(path + ": " + r.status);
      return r.json();
    });
  }
  function loadMeta() {
    if (!meta) meta = getJSON("search/meta.json").then(function (m) { shardSet = new Set(m.shards); blockSize = m.block_size; return m; });
    return meta;
  }
  // The same folding as the index: NFKC, lower case, letters and digits.
  function words(text) {
    return text.normalize("NFKC").toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(function (w) { return w.length >= 2; });
  }
  function shardKey(word) {
    if (/^[a-z0-9]{2}/.test(word)) return word.slice(0, 2);
    var bytes = new TextEncoder().encode(word).slice(0, 2), key = "x";
    bytes.forEach(function (b) { key += (b < 16 ? "0" : "") + b.toString(16); });
    return key;
  }
  function shard(key) {
    if (!shardSet.has(key)) return Promise.resolve({});
    if (!shards[key]) shards[key] = getJSON("search/t/" + key + ".json");
    return shards[key];
  }
  function block(n) {
    if (!blocks[n]) blocks[n] = getJSON("search/d/" + n + ".json");
    return blocks[n];
  }
  // Every query word must match (as a prefix) a word of the episode; scores add up.
  function search(query) {
    var qs = words(query);
    if (!qs.length) return Promise.resolve({ words: qs, hits: [] });
    return loadMeta().then(function () {
      return Promise.all(qs.map(function (q) { return shard(shardKey(q)); }));
    }).then(function (loaded) {
      var total = null;
      qs.forEach(function (q, i) {
        var scores = new Map();
        Object.keys(loaded[i]).forEach(function (w) {
          if (w.indexOf(q) !== 0) return;
          var exact = w === q ? 2 : 1;
          loaded[i][w].forEach(function (p) { scores.set(p[0], Math.max(scores.get(p[0]) || 0, p[1] * exact)); });
        });
        if (total === null) total = scores;
        else {
          var next = new Map();
          total.forEach(function (s, doc) { if (scores.has(doc)) next.set(doc, s + scores.get(doc)); });
          total = next;
        }
      });
      var hits = Array.from(total.entries()).sort(function (a, b) { return b[1] - a[1] || a[0] - b[0]; }).slice(0, 10);
      return Promise.all(hits.map(function (h) { return block(Math.floor(h[0] / blockSize)); })).then(function (bs) {
        return { words: qs, hits: hits.map(function (h, i) { return bs[i][h[0] % blockSize]; }) };
      });
    });
  }

  // Text with the query's words marked, built with DOM nodes (never innerHTML).
  function marked(text, qs) {
    var frag = document.createDocumentFragment();
    var re = new RegExp("(" + qs.map(function (q) { return q.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }).join("|") + ")", "giu");
    var last = 0, m;
    while ((m = re.exec(text)) !== null) {
      if (m.index > last) frag.appendChild(document.createTextNode(text.slice(last, m.index)));
      var mark = document.createElement("mark");
      mark.textContent = m[0];
      frag.appendChild(mark);
      last = m.index + m[0].length;
      if (m[0].length === 0) re.lastIndex++;
    }
    frag.appendChild(document.createTextNode(text.slice(last)));
    return frag;
  }
  function excerpt(text, qs) {
    var lower = text.toLowerCase(), at = -1;
    qs.forEach(function (q) { var i = lower.indexOf(q); if (i >= 0 && (at < 0 || i < at)) at = i; });
    if (at <= 60) return text.slice(0, 180) + (text.length > 180 ? "\u2026" : "");
    return "\u2026" + text.slice(at - 40, at + 140) + (text.length > at + 140 ? "\u2026" : "");
  }
  function show(list, status, result) {
    list.textContent = "";
    result.hits.forEach(function (doc) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = doc[1];
      a.appendChild(marked(doc[0], result.words));
      li.appendChild(a);
      if (doc[2]) {
        var date = document.createElement("span");
        date.className = "meta";
        date.textContent = " " + doc[2];
        li.appendChild(date);
      }
      var p = document.createElement("p");
      p.appendChild(marked(excerpt(doc[3], result.words), result.words));
      li.appendChild(p);
      list.appendChild(li);
    });
    status.textContent = result.words.length ? result.hits.length ? result.hits.length + (result.hits.length === 1 ? " episode found" : " episodes found") : "No episode matches." : "";
    list.hidden = result.hits.length === 0;
  }

  function attach(input) {
    var panel = document.getElementById(input.getAttribute("aria-controls"));
    if (!panel) return;
    var list = panel.querySelector("ol"), status = panel.querySelector("[role=status]");
    var timer = null, seq = 0;
    function run() {
      var mine = ++seq;
      search(input.value).then(function (result) {
        if (mine !== seq) return;  // a newer query is on its way
        panel.hidden = input.value.trim() === "";
        show(list, status, result);
      }).catch(function () { status.textContent = "Search is unavailable."; panel.hidden = false; });
    }
    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 120); });
    input.addEventListener("keydown", function (e) { if (e.key === "Escape") { input.value = ""; panel.hidden = true; } });
    var q = new URLSearchParams(window.location.search).get("q");
    if (q) { input.value = q; run(); }
  }
  document.querySelectorAll("input[type=search][aria-controls]").forEach(attach);
})();
