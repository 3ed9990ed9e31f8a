// Copy buttons (the subscribe page's feed address, an episode's link and embed code): shown
// only where they can work (they need this script). Each says what it copied (data-done: a key
// of the words given in data-words), or how to copy by hand where the browser will not. An
// episode's "Start at" ([data-share-at]) makes its link start at the moment the player is at.
(function () {
  "use strict";
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var field = document.getElementById(button.getAttribute("data-copy"));
    var status = button.closest(".copy-feed").querySelector("[data-copy-status]");
    if (!field) return;
    var words = {};
    try { words = JSON.parse(button.getAttribute("data-words")) || {}; } catch (e) { words = {}; }
    button.hidden = false;
    button.addEventListener("click", function () {
      field.focus();
      field.select();
      var done = function () { status.textContent = words[button.getAttribute("data-done") || "done"] || ""; };
      var failed = function () { status.textContent = words.keys || ""; };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(field.value).then(done, failed);
      else failed();
    });
  });
  var at = document.querySelector("[data-share-at]");
  var audio = document.querySelector(".player audio");
  if (!at || !audio) return;
  var link = document.getElementById("share-link"), page = link.value;
  var shown = at.parentNode.querySelector("[data-share-time]");
  function update() {
    var s = Math.floor(audio.currentTime), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, r = s % 60;
    shown.textContent = (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (r < 10 ? "0" : "") + r;
    link.value = at.checked && s > 0 ? page + "#t=" + s : page;
  }
  at.parentNode.hidden = false;
  at.addEventListener("change", update);
  audio.addEventListener("timeupdate", update);
  update();
})();
