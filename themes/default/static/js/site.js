// Every page's one script before the listener does anything: it loads the search (js/search.js,
// the larger part) when the search box is first used, or at once on the search page and on a
// link that carries a query (?q=). Nothing from elsewhere.
(function () {
  "use strict";
  var input = document.querySelector("input[type=search][aria-controls]");
  if (!input) return;
  var base = document.documentElement.getAttribute("data-base") || "/";
  var loaded = false;
  function load() {
    if (loaded) return;
    loaded = true;
    var script = document.createElement("script");
    script.src = base + "js/search.js";
    document.head.appendChild(script);
  }
  ["focus", "pointerdown", "input", "keydown"].forEach(function (e) { input.addEventListener(e, load); });
  if (document.querySelector("form.search-filters") || /[?&]q=/.test(location.search)) load();
})();
