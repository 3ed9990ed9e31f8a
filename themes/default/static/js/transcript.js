// The transcript follows along (js/player.js fetches this on first play, or at once for a #t=
// link): the paragraph being said is marked (aria-current="time"), and while the listener lets
// it, the view keeps it in sight. Scrolling the page oneself stops that; "Follow along" starts
// it again. A click on a paragraph's words plays from there (through its time link, which the
// player answers). A link to a moment (a search hit) opens the transcript there.
(function () {
  "use strict";
  var opened = document.currentScript && document.currentScript.hasAttribute("data-moment");
  var box = document.querySelector("[data-listen=player]");
  var audio = box && box.querySelector("audio, video");
  var cues = Array.prototype.slice.call(document.querySelectorAll(".transcript-text a.ts[data-t]")).map(function (a) {
    return { t: +a.dataset.t, a: a, p: a.parentNode };
  });
  if (!audio || !cues.length) return;
  var words = {};
  try { words = JSON.parse(box.getAttribute("data-words")) || {}; } catch (e) { words = {}; }
  var transcript = cues[0].p.closest(".transcript-text");
  var current = null, following = true, ownScroll = 0;
  var again = document.createElement("button");
  again.type = "button";
  again.className = "follow";
  again.hidden = true;
  again.textContent = typeof words.follow === "string" ? words.follow : "Follow along";
  transcript.parentNode.insertBefore(again, transcript);
  function cueAt(t) {
    var lo = 0, hi = cues.length - 1, found = -1;  // the last cue that starts at or before t
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (cues[mid].t <= t) found = mid, lo = mid + 1;
      else hi = mid - 1;
    }
    return found < 0 ? null : cues[found].p;
  }
  function reveal(p) {
    ownScroll = Date.now();
    var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    p.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  }
  function mark(t, show) {
    var p = cueAt(t), changed = p !== current;
    if (changed) {
      if (current) current.classList.remove("now"), current.removeAttribute("aria-current");
      if (p) p.classList.add("now"), p.setAttribute("aria-current", "time");
      current = p;
    }
    var details = p && p.closest("details");
    if (!p || !details) return;
    if (show && !details.open) details.open = true;
    if (details.open && (show || (following && changed && !audio.paused))) reveal(p);
  }
  // (The player has seeked there already: the moment is the audio's time, not the hash read again.)
  function showMoment() {
    following = true;
    again.hidden = true;
    mark(audio.currentTime, true);
  }
  function leftAlone() {  // (the listener scrolls: the view is theirs until they ask again)
    if (!current || Date.now() - ownScroll < 1000 || audio.paused) return;
    following = false;
    again.hidden = false;
  }
  ["wheel", "touchmove"].forEach(function (e) { window.addEventListener(e, leftAlone, { passive: true }); });
  window.addEventListener("keydown", function (e) { if (/^(PageUp|PageDown|ArrowUp|ArrowDown|Home|End| )$/.test(e.key)) leftAlone(); });
  again.addEventListener("click", function () {
    following = true;
    again.hidden = true;
    if (current) reveal(current);
  });
  transcript.addEventListener("click", function (e) {
    if (e.target.closest("a") || !window.getSelection().isCollapsed) return;  // (a link, or words being selected)
    var p = e.target.closest("p");
    var at = p && p.querySelector("a.ts[data-t]");
    if (at) following = true, again.hidden = true, at.click();
  });
  audio.addEventListener("timeupdate", function () { mark(audio.currentTime, false); });
  window.addEventListener("hashchange", function () { if (/^#t=/.test(location.hash)) showMoment(); });
  if (opened) showMoment();
  else mark(audio.currentTime, false);
})();
