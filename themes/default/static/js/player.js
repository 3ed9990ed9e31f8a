// The episode page's player: <audio> works alone; this adds skip buttons, speed, a position and
// speed remembered per episode, #t= links (#t=90, #t=1:30, #t=90,120 for a range), a link to
// the moment, lock-screen controls and keyboard shortcuts. No dependency, nothing from elsewhere.
(function () {
  "use strict";
  var box = document.querySelector("[data-listen=player]");
  var audio = box && box.querySelector("audio");
  var tools = box && box.querySelector(".player-tools");
  if (!audio || !tools) return;
  var key = "podarchive:" + location.pathname;
  var chapters = Array.prototype.slice.call(document.querySelectorAll(".chapter-list a[data-t]"));
  var stopAt = null;
  // The interface's words in the page's language (the build writes them: i18n/<language>.yaml).
  var words = {};
  try { words = JSON.parse(box.getAttribute("data-words")) || {}; } catch (e) { words = {}; }
  function say(name, fallback, time) {
    var text = typeof words[name] === "string" ? words[name] : fallback;
    return time === undefined ? text : text.replace("{time}", time);
  }
  // A time from a link or from storage is data: only a finite time within a week (no episode is
  // longer) is used; anything else (1e999, a 309-digit #t=) is ignored, never thrown on.
  var longest = 7 * 24 * 3600;
  function isTime(t) { return typeof t === "number" && isFinite(t) && t >= 0 && t <= longest; }
  // Embedded in another site's page (data-remember="none"), nothing is stored: the listener
  // did not ask this site to remember anything.
  var remember = box.getAttribute("data-remember") !== "none";
  var saved = {};
  try { saved = remember ? JSON.parse(localStorage.getItem(key)) : {}; } catch (e) { saved = null; }
  if (!saved || typeof saved !== "object" || (saved.t !== undefined && !isTime(saved.t)) ||
      (saved.r !== undefined && !(typeof saved.r === "number" && saved.r >= 0.5 && saved.r <= 3))) {
    if (saved !== null && remember) try { localStorage.removeItem(key); } catch (e) {}  // (bad state is dropped, once)
    saved = {};
  }
  function save() {
    if (remember) try { localStorage.setItem(key, JSON.stringify({ t: Math.floor(audio.currentTime), r: audio.playbackRate })); } catch (e) {}
  }
  // "90", "1:30", "1:02:03" -> seconds, or NaN.
  function seconds(text) {
    if (!/^\d+(:\d\d){0,2}(\.\d+)?$/.test(text)) return NaN;
    return text.split(":").reduce(function (sum, part) { return sum * 60 + parseFloat(part); }, 0);
  }
  function clock(s) {
    s = Math.floor(s);
    var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, r = s % 60;
    return (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (r < 10 ? "0" : "") + r;
  }
  function seek(t, end, play) {
    if (!isTime(t)) return;
    if (isFinite(audio.duration)) t = Math.min(t, audio.duration);
    audio.currentTime = t;
    stopAt = end > t ? end : null;
    if (play) audio.play().catch(function () {});
  }
  // The time a hash asks for: {t, end}, or null.
  function fromHash(hash) {
    var m = /^#t=([\d:.]+)(?:,([\d:.]+))?$/.exec(hash);
    if (!m) return null;
    var t = seconds(m[1]), end = m[2] ? seconds(m[2]) : NaN;
    return isTime(t) ? { t: t, end: isTime(end) ? end : NaN } : null;
  }
  function button(text, title, action) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.title = title;
    b.addEventListener("click", action);
    tools.appendChild(b);
    return b;
  }
  function skip(by) { seek(Math.max(0, audio.currentTime + by), 0, false); }
  tools.setAttribute("role", "group");
  tools.setAttribute("aria-label", say("controls", "Player controls"));
  var play = button(say("play", "Play"), say("play_title", "Play or pause (k)"), function () { audio.paused ? audio.play().catch(function () {}) : audio.pause(); });
  button(say("back", "\u221215 s"), say("back_title", "Back 15 seconds (j)"), function () { skip(-15); });
  button(say("forward", "+30 s"), say("forward_title", "Forward 30 seconds (l)"), function () { skip(30); });
  var speedLabel = document.createElement("label");
  speedLabel.title = say("speed_title", "Speed (< and >)");
  var speedName = document.createElement("span");
  speedName.className = "visually-hidden";
  speedName.textContent = say("speed", "Speed");
  speedLabel.appendChild(speedName);
  var speed = document.createElement("select");
  [0.75, 1, 1.25, 1.5, 1.75, 2].forEach(function (r) {
    var o = document.createElement("option");
    o.value = r;
    o.textContent = r + "\u00d7";
    speed.appendChild(o);
  });
  speed.value = "1";
  speedLabel.appendChild(speed);
  tools.appendChild(speedLabel);
  var copy = button(say("copy_link", "Copy link"), say("copy_title", "Copy a link to this moment"), function () {
    // (the episode's page, from its embedded player too)
    var url = (box.getAttribute("data-page") || location.href.split("#")[0]) + "#t=" + Math.floor(audio.currentTime);
    var done = function () {
      status.textContent = say("link_copied", "Link to {time} copied", clock(audio.currentTime));
      copy.textContent = say("copied", "Copied {time}", clock(audio.currentTime));
      setTimeout(function () { copy.textContent = say("copy_link", "Copy link"); }, 2500);
    };
    if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, function () { status.textContent = url; });
    else status.textContent = url;
    if (remember) history.replaceState(null, "", url);
  });
  copy.className = "copy";
  // The system's share sheet, where the browser has one (phones, mostly): the moment's link.
  if (navigator.share) {
    button(say("share", "Share"), say("share_title", "Share this moment"), function () {
      var url = (box.getAttribute("data-page") || location.href.split("#")[0]) + "#t=" + Math.floor(audio.currentTime);
      navigator.share({ title: box.dataset.title || document.title, url: url }).catch(function () {});
    }).className = "share";
  }
  var status = document.createElement("span");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  tools.appendChild(status);
  function setRate(r) {
    audio.defaultPlaybackRate = r;
    audio.playbackRate = r;
    speed.value = String(r);
    save();
  }
  speed.addEventListener("change", function () { setRate(parseFloat(speed.value)); });
  // The transcript follows along: the paragraph being said is marked (aria-current="time"), and
  // while the listener lets it, the view keeps it in sight. Scrolling the page oneself stops
  // that; "Follow along" starts it again. A click on a paragraph's words plays from there.
  var cues = Array.prototype.slice.call(document.querySelectorAll(".transcript-text a.ts[data-t]")).map(function (a) {
    return { t: +a.dataset.t, p: a.parentNode };
  });
  var transcript = cues.length ? cues[0].p.closest(".transcript-text") : null;
  var current = null, following = true, ownScroll = 0;
  var follow = document.createElement("button");
  follow.type = "button";
  follow.className = "follow";
  follow.hidden = true;
  follow.textContent = say("follow", "Follow along");
  if (transcript) transcript.parentNode.insertBefore(follow, transcript);
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
  // A link to a moment (a search hit) shows it in the transcript too: opened, there, marked.
  function showMoment(t) { following = true; follow.hidden = true; mark(t, true); }
  function leftAlone() {  // (the listener scrolls: the view is theirs until they ask again)
    if (!current || Date.now() - ownScroll < 1000 || audio.paused) return;
    following = false;
    follow.hidden = false;
  }
  ["wheel", "touchmove"].forEach(function (e) { window.addEventListener(e, leftAlone, { passive: true }); });
  window.addEventListener("keydown", function (e) { if (/^(PageUp|PageDown|ArrowUp|ArrowDown|Home|End| )$/.test(e.key)) leftAlone(); });
  follow.addEventListener("click", function () {
    following = true;
    follow.hidden = true;
    if (current) reveal(current);
  });
  if (transcript) transcript.addEventListener("click", function (e) {
    if (e.target.closest("a") || !window.getSelection().isCollapsed) return;  // (a link, or words being selected)
    var p = e.target.closest("p");
    var at = p && p.querySelector("a.ts[data-t]");
    if (at) seek(+at.dataset.t, 0, true), following = true, follow.hidden = true;
  });
  var start = fromHash(location.hash);
  if (start) showMoment(start.t);
  if (saved.r >= 0.5 && saved.r <= 3) setRate(saved.r);
  if (start) seek(start.t, start.end, false);
  else if (isTime(saved.t) && saved.t > 0) audio.currentTime = saved.t;
  var last = 0;
  audio.addEventListener("timeupdate", function () {
    if (cues.length) mark(audio.currentTime, false);
    if (stopAt !== null && audio.currentTime >= stopAt) {
      stopAt = null;
      audio.pause();
    }
    if (Math.abs(audio.currentTime - last) >= 5) {
      last = audio.currentTime;
      save();
    }
    var now = null;
    chapters.forEach(function (a) { if (+a.dataset.t <= audio.currentTime) now = a; });
    chapters.forEach(function (a) { a === now ? a.setAttribute("aria-current", "time") : a.removeAttribute("aria-current"); });
  });
  audio.addEventListener("ratechange", function () { speed.value = String(audio.playbackRate); });
  ["pause", "seeked"].forEach(function (e) { audio.addEventListener(e, save); });
  audio.addEventListener("loadedmetadata", function () { audio.playbackRate = parseFloat(speed.value); });
  ["play", "pause"].forEach(function (e) {
    audio.addEventListener(e, function () {
      play.textContent = audio.paused ? say("play", "Play") : say("pause", "Pause");
    });
  });
  // Time links anywhere on the page (chapters, transcript, moments) seek instead of jumping.
  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("a[href^='#t=']");
    if (!a) return;
    var at = fromHash(a.getAttribute("href"));
    if (!at) return;
    e.preventDefault();
    history.replaceState(null, "", a.getAttribute("href"));
    seek(at.t, at.end, true);
  });
  window.addEventListener("hashchange", function () {
    var at = fromHash(location.hash);
    if (at) seek(at.t, at.end, true), showMoment(at.t);
  });
  document.addEventListener("keydown", function (e) {
    var tag = (e.target.tagName || "").toLowerCase();
    if (e.ctrlKey || e.metaKey || e.altKey || tag === "input" || tag === "select" || tag === "textarea" || e.target.isContentEditable) return;
    // Keys act when focus is in the player or on the page itself, never on a link elsewhere;
    // Space only in the player (elsewhere it scrolls the page, as it always does).
    var inPlayer = box.contains(e.target), onPage = e.target === document.body || e.target === document.documentElement;
    if (!inPlayer && !onPage) return;
    var k = e.key;
    if (k === " " && (!inPlayer || tag === "button" || tag === "audio")) return;  // (a button presses itself; the audio bar plays)
    if (k === "k" || k === " ") play.click();
    else if (k === "j" || k === "ArrowLeft") skip(-15);
    else if (k === "l" || k === "ArrowRight") skip(30);
    else if (k === ">" || k === "<") {
      var rates = [0.75, 1, 1.25, 1.5, 1.75, 2], i = rates.indexOf(parseFloat(speed.value));
      setRate(rates[Math.max(0, Math.min(rates.length - 1, (i < 0 ? 1 : i) + (k === ">" ? 1 : -1)))]);
    } else return;
    e.preventDefault();
  });
  if ("mediaSession" in navigator && window.MediaMetadata) {
    var art = box.dataset.art ? [{ src: box.dataset.art }] : [];
    navigator.mediaSession.metadata = new MediaMetadata({ title: box.dataset.title || document.title, artist: box.dataset.show || "", artwork: art });
    var on = function (name, fn) { try { navigator.mediaSession.setActionHandler(name, fn); } catch (e) {} };
    on("play", function () { audio.play(); });
    on("pause", function () { audio.pause(); });
    on("seekbackward", function () { skip(-15); });
    on("seekforward", function () { skip(30); });
    on("seekto", function (d) { seek(d.seekTime, 0, false); });
  }
})();
