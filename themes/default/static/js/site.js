// Every page's one script before the listener does anything: it loads the search (js/search.js,
// the larger part) when the search box is first used, or at once on the search page and on a
// link that carries a query (?q=); and a panel's script (<details data-script="copy.js">) when
// the panel is first opened. Nothing from elsewhere.
(function () {
  "use strict";
  var base = document.documentElement.getAttribute("data-base") || "/";
  function loader(name) {
    var loaded = false;
    return function () {
      if (loaded) return;
      loaded = true;
      var script = document.createElement("script");
      script.src = base + "js/" + name;
      document.head.appendChild(script);
    };
  }
  document.querySelectorAll("details[data-script]").forEach(function (panel) {
    panel.addEventListener("toggle", loader(panel.getAttribute("data-script")));
  });
  var input = document.querySelector("input[type=search][aria-controls]");
  if (!input) return;
  var load = loader("search.js");
  ["focus", "pointerdown", "input", "keydown"].forEach(function (e) { input.addEventListener(e, load); });
  if (document.querySelector("form.search-filters") || /[?&]q=/.test(location.search)) load();
})();
