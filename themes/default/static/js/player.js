// The episode's player (its page's and the embeddable one's). Without JavaScript the browser's
// own <audio> bar plays. This puts in its place, as tall (nothing on the page moves): a scrubber
// with what is loaded, the chapters' marks and the time played and left (the feed's duration
// until the file tells its own), the chapter being played, a large play button, skips, chapter
// steps, speed, volume and mute; it remembers the position per episode and the speed and volume
// for the listener (every episode of the site plays as last chosen), starts a finished episode again from
// its start, starts at #t= links (#t=90,
// #t=1:30, #t=90,120 for a range), copies or shares a link to the moment, answers lock-screen
// controls and keys, and stays on screen (at the window's foot) while the listener reads on.
// js/transcript.js (the transcript following along) is fetched on first
// play. No dependency, nothing from elsewhere.
(function () {
  "use strict";
  var box = document.querySelector("[data-listen=player]");
  var audio = box && box.querySelector("audio, video");  // (a video episode's picture stays, above the controls)
  var video = !!audio && audio.tagName === "VIDEO";
  var tools = box && box.querySelector(".player-tools");
  if (!audio || !tools) return;
  var key = "podarchive:" + location.pathname;
  var stopAt = null;
  // The interface's words in the page's language (the build writes them: i18n/<language>.yaml).
  var words = {};
  try { words = JSON.parse(box.getAttribute("data-words")) || {}; } catch (e) { words = {}; }
  // (The build writes every word, in English where the language's table has none.)
  function say(name, time, length) {
    var text = typeof words[name] === "string" ? words[name] : name;
    return time === undefined ? text : text.replace("{time}", time).replace("{length}", length);
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
  // The speed is the listener's, not the episode's: one for the whole site.
  var rateKey = "podarchive:rate:" + (document.documentElement.getAttribute("data-base") || "/");
  var savedRate = NaN;
  try { savedRate = remember ? parseFloat(localStorage.getItem(rateKey)) : NaN; } catch (e) {}
  // A finished episode is remembered at its start: reopened, the first Play plays it again.
  var finished = false;
  function save() {
    var t = finished ? 0 : Math.floor(audio.currentTime);
    if (remember) try {
      localStorage.setItem(key, JSON.stringify({ t: t, r: audio.playbackRate }));
      localStorage.setItem(rateKey, String(audio.playbackRate));
    } catch (e) {}
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
  // The episode's length: the file's once it is known, the feed's until then (0: unknown).
  var told = +box.getAttribute("data-duration");
  function length() { return isFinite(audio.duration) && audio.duration > 0 ? audio.duration : isTime(told) ? told : 0; }
  function seek(t, end, play) {
    if (!isTime(t)) return;
    if (length()) t = Math.min(t, length());
    audio.currentTime = t;
    stopAt = end > t ? end : null;
    paint();
    if (play) audio.play().catch(function () {});
  }
  // The time a hash asks for: {t, end}, or null.
  function fromHash(hash) {
    var m = /^#t=([\d:.]+)(?:,([\d:.]+))?$/.exec(hash);
    if (!m) return null;
    var t = seconds(m[1]), end = m[2] ? seconds(m[2]) : NaN;
    return isTime(t) ? { t: t, end: isTime(end) ? end : NaN } : null;
  }
  function el(tag, className, text) {
    var e = document.createElement(tag);
    if (className) e.className = className;
    if (text) e.textContent = text;
    return e;
  }
  // In a right-to-left page a signed number keeps its own order ("−15" before its unit, read
  // from the right): isolated, left to right.
  var rtl = document.documentElement.dir === "rtl";
  function isolated(text) { return rtl ? text.replace(/[\u2212+-]?\d[\d:.,]*/g, "\u2066$&\u2069") : text; }
  // A button; with `path`, an icon (24x24 SVG) stands for its words, which stay its name.
  function button(className, text, title, action, path, parent) {
    var b = el("button", className, path ? "" : isolated(text));
    b.type = "button";
    b.title = title;
    if (path) {
      b.setAttribute("aria-label", text);
      b.innerHTML = '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="' + path + '"/></svg>';
    }
    b.addEventListener("click", action);
    (parent || tools).appendChild(b);
    return b;
  }
  var icons = { play: "M8 5v14l11-7z", pause: "M6 5h4v14H6zm8 0h4v14h-4z", prev: "M6 6h2v12H6zm3.5 6 8.5 6V6z", next: "M16 6h2v12h-2zM6 18l8.5-6L6 6z",
    sound: "M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 7.97v8.05A4.5 4.5 0 0 0 16.5 12zM14 3.23v2.06a7 7 0 0 1 0 13.42v2.06a9 9 0 0 0 0-17.54z",
    muted: "M3 9v6h4l5 5V4L7 9H3zm13.59 3L14 9.41 15.41 8 18 10.59 20.59 8 22 9.41 19.41 12 22 14.59 20.59 16 18 13.41 15.41 16 14 14.59z",
    link: "M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7a5 5 0 0 0 0 10h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1zM8 13h8v-2H8v2zm9-6h-4v1.9h4a3.1 3.1 0 0 1 0 6.2h-4V17h4a5 5 0 0 0 0-10z",
    done: "M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z",
    fullscreen: "M7 14H5v5h5v-2H7v-3zm-2-4h2V7h3V5H5v5zm12 7h-3v2h5v-5h-2v3zM14 5v2h3v3h2V5h-5z" };
  function skip(by) { seek(Math.max(0, audio.currentTime + by), 0, false); }

  // The chapters, from the page's list: where each starts, and its title.
  var chapters = Array.prototype.slice.call(document.querySelectorAll(".chapter-list a[data-t]")).map(function (a) {
    return { t: +a.dataset.t, a: a, title: a.parentNode.textContent.slice(a.textContent.length).trim() };
  });
  function chapterAt(t) {
    var found = -1;
    chapters.forEach(function (c, i) { if (c.t <= t + 0.5) found = i; });
    return found;
  }
  function step(by) {  // to the chapter before (or this one's start, 3 s in) or after
    var i = chapterAt(audio.currentTime);
    if (by < 0 && i >= 0 && audio.currentTime - chapters[i].t > 3) by = 0;
    var c = chapters[Math.max(0, Math.min(chapters.length - 1, i + by))];
    if (c) seek(c.t, 0, false);
  }

  // The scrubber: a range input (keys, screen readers) over a track that shows what is loaded,
  // what is played and where chapters start. Time runs left to right in every language.
  var scrub = el("div", "scrub");
  var track = el("div", "track"), loaded = el("div", "loaded"), played = el("div", "played");
  var range = el("input");
  range.type = "range";
  range.min = 0;
  range.step = 1;
  range.value = 0;
  range.setAttribute("aria-label", say("position"));
  var elapsed = el("span", "elapsed", "0:00"), left = el("span", "left");
  track.appendChild(loaded);
  track.appendChild(played);
  [track, range, elapsed, left].forEach(function (e) { scrub.appendChild(e); });
  var chapterLine = box.querySelector(".player-chapter");
  var marked = 0;  // the length the chapters' marks were placed for
  function paint() {
    var len = length(), t = Math.min(audio.currentTime, len || Infinity), share = function (s) { return len ? Math.min(100, s / len * 100) + "%" : "0"; };
    range.max = Math.max(1, Math.ceil(len));
    range.value = Math.floor(t);
    range.setAttribute("aria-valuetext", say("position_text", clock(t), clock(len)));
    played.style.width = share(t);
    elapsed.textContent = clock(t);
    left.textContent = len ? "\u2212" + clock(len - t) : "";
    for (var b = audio.buffered, i = 0; i < b.length; i++) {
      if (b.start(i) <= t + 1 && b.end(i) >= t) { loaded.style.left = share(b.start(i)); loaded.style.width = share(b.end(i) - b.start(i)); }
    }
    if (len && len !== marked) {
      marked = len;
      Array.prototype.slice.call(track.querySelectorAll(".mark")).forEach(function (m) { m.remove(); });
      chapters.forEach(function (c) {
        if (c.t <= 0 || c.t >= len) return;
        var m = el("span", "mark");
        m.style.left = share(c.t);
        m.title = c.title;
        track.appendChild(m);
      });
    }
    var now = chapterAt(t);
    chapters.forEach(function (c, i) { i === now ? c.a.setAttribute("aria-current", "time") : c.a.removeAttribute("aria-current"); });
    if (chapterLine) chapterLine.textContent = now >= 0 ? chapters[now].title : "";
  }
  range.addEventListener("input", function () { seek(+range.value, 0, false); });

  tools.setAttribute("role", "group");
  tools.setAttribute("aria-label", say("controls"));
  var play = button("play", say("play"), say("play_title"), function () { audio.paused ? audio.play().catch(function () {}) : audio.pause(); }, icons.play);
  button("skip", say("back"), say("back_title"), function () { skip(-15); });
  button("skip", say("forward"), say("forward_title"), function () { skip(30); });
  if (chapters.length) {  // (the player's class "chapters" keeps their room; a narrow one wraps the pair together)
    var steps = tools.appendChild(el("span", "steps"));
    button("chapter", say("previous_chapter"), say("previous_chapter"), function () { step(-1); }, icons.prev, steps);
    button("chapter", say("next_chapter"), say("next_chapter"), function () { step(1); }, icons.next, steps);
  }
  var speedLabel = el("label");
  speedLabel.title = say("speed_title");
  speedLabel.appendChild(el("span", "visually-hidden", say("speed")));
  var speed = el("select");
  var rates = [0.75, 1, 1.25, 1.5, 1.75, 2];
  rates.forEach(function (r) {
    var o = el("option", null, r + "\u00d7");
    o.value = r;
    speed.appendChild(o);
  });
  speed.value = "1";
  speedLabel.appendChild(speed);
  tools.appendChild(speedLabel);
  // A video's picture on the whole screen (f), with the browser's own controls there.
  // (Both are asked from a press, which browsers allow: neither refuses.)
  var fullscreen = video && audio.requestFullscreen && button("fullscreen", say("fullscreen"), say("fullscreen_title"), function () {
    document.fullscreenElement ? document.exitFullscreen() : audio.requestFullscreen();
  }, icons.fullscreen);
  if (fullscreen) document.addEventListener("fullscreenchange", function () { audio.controls = document.fullscreenElement === audio; });
  // Volume and mute, by mouse and keys (m, + and -); like the speed, the listener's own, one for
  // the whole site. At the head's end, beside the titles (the tools' row has no room left); the
  // slider shows where the player is wide enough, the button and the keys everywhere.
  var volumeKey = "podarchive:volume:" + (document.documentElement.getAttribute("data-base") || "/");
  var loudness = el("div", "player-volume");
  var mute = button("mute", say("mute"), say("mute_title"), function () {
    if (audio.muted || audio.volume === 0) {
      audio.muted = false;
      if (audio.volume === 0) audio.volume = 0.5;
    } else audio.muted = true;
    heard();
  }, icons.sound, loudness);
  mute.setAttribute("aria-pressed", "false");
  var volumeLabel = el("label");
  volumeLabel.title = say("volume_title");
  volumeLabel.appendChild(el("span", "visually-hidden", say("volume")));
  var volume = el("input");
  volume.type = "range";
  volume.min = 0;
  volume.max = 100;
  volume.step = 5;
  volume.value = 100;
  volumeLabel.appendChild(volume);
  loudness.appendChild(volumeLabel);
  box.querySelector(".player-head").appendChild(loudness);
  // Shown and kept at once, not at the volumechange event (a page left at once would lose it).
  function heard() {
    var silent = audio.muted || audio.volume === 0;
    volume.value = silent ? 0 : Math.round(audio.volume * 100);
    mute.setAttribute("aria-pressed", String(audio.muted));
    mute.querySelector("path").setAttribute("d", silent ? icons.muted : icons.sound);
    if (remember) try { localStorage.setItem(volumeKey, JSON.stringify({ v: audio.volume, m: audio.muted })); } catch (e) {}
  }
  function setVolume(v) {
    audio.volume = Math.max(0, Math.min(1, v));
    audio.muted = audio.volume === 0;
    heard();
  }
  volume.addEventListener("input", function () { setVolume(volume.value / 100); });
  audio.addEventListener("volumechange", heard);
  try {
    var stored = remember ? JSON.parse(localStorage.getItem(volumeKey)) : null;
    if (stored && typeof stored.v === "number" && stored.v >= 0 && stored.v <= 1) audio.volume = stored.v;
    if (stored && stored.m === true) audio.muted = true;
  } catch (e) {}
  // A link to this moment: the episode's page (from its embedded player too).
  function momentUrl() { return (box.getAttribute("data-page") || location.href.split("#")[0]) + "#t=" + Math.floor(audio.currentTime); }
  // (In an embed's narrow frame the button is an icon, its words its name; a tick says it copied.)
  var embedded = box.hasAttribute("data-page");
  var copy = button("copy", say("copy_link"), say("copy_title"), function () {
    var url = momentUrl();
    var icon = function (path) { copy.querySelector("path").setAttribute("d", path); };
    var done = function () {
      status.textContent = say("link_copied", clock(audio.currentTime));
      if (embedded) icon(icons.done);
      else copy.textContent = say("copied", clock(audio.currentTime));
      setTimeout(function () { embedded ? icon(icons.link) : copy.textContent = say("copy_link"); }, 2500);
    };
    // Refused (an embed whose page did not allow it the clipboard): the embed says so and opens
    // the moment in a tab of its own, to copy from there; the page shows the link to select.
    var refused = function () {
      if (!embedded) { status.textContent = url; return; }
      status.textContent = copy.title = say("copy_blocked");
      window.open(url, "_blank", "noopener");
    };
    if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, refused);
    else refused();
    if (remember) history.replaceState(null, "", url);
  }, embedded ? icons.link : null);
  // The system's share sheet, where the browser has one (phones, mostly): the moment's link.
  if (navigator.share) {
    button("share", say("share"), say("share_title"), function () {
      navigator.share({ title: box.dataset.title || document.title, url: momentUrl() }).catch(function () {});
    });
  }
  var status = el("span", "visually-hidden");
  status.setAttribute("role", "status");
  tools.appendChild(status);
  function setRate(r) {
    audio.defaultPlaybackRate = r;
    audio.playbackRate = r;
    speed.value = String(r);
    save();
  }
  speed.addEventListener("change", function () { setRate(parseFloat(speed.value)); });
  // The scrubber takes the native bar's place in one step (the same height: nothing moves); a
  // video's below its picture.
  audio.parentNode.insertBefore(scrub, video ? audio.nextSibling : audio);
  audio.controls = false;
  box.classList.add("enhanced");

  // The transcript's following along is its own script, fetched when it is first needed.
  var following = false;
  function follow(moment) {
    if (following || !document.querySelector(".transcript-text a.ts[data-t]")) return;
    following = true;
    var script = el("script");
    if (moment === true) script.setAttribute("data-moment", "");  // (opened at a moment: show it)
    script.src = (document.documentElement.getAttribute("data-base") || "/") + "js/transcript.js";
    document.head.appendChild(script);
  }
  var start = fromHash(location.hash);
  var rate = savedRate >= 0.5 && savedRate <= 3 ? savedRate : saved.r;
  if (rate >= 0.5 && rate <= 3) setRate(rate);
  // (A position within two seconds of the end is an episode heard to the end: from the start.)
  // From a list's Play (#play): plays at once where the browser lets a page start sound, else the
  // Play button has the focus, one press away.
  if (location.hash === "#play") {
    history.replaceState(null, "", location.pathname + location.search);
    audio.play().catch(function () { play.focus(); });
  }
  if (start) seek(start.t, start.end, false), follow(true);
  else if (isTime(saved.t) && saved.t > 0 && !(told > 0 && saved.t >= told - 2)) audio.currentTime = saved.t;
  paint();
  var last = 0;
  audio.addEventListener("timeupdate", function () {
    if (stopAt !== null && audio.currentTime >= stopAt) {
      stopAt = null;
      audio.pause();
    }
    if (Math.abs(audio.currentTime - last) >= 5) {
      last = audio.currentTime;
      save();
    }
    paint();
  });
  ["durationchange", "progress", "seeked"].forEach(function (e) { audio.addEventListener(e, paint); });
  audio.addEventListener("ratechange", function () { speed.value = String(audio.playbackRate); });
  ["pause", "seeked"].forEach(function (e) { audio.addEventListener(e, save); });
  audio.addEventListener("ended", function () { finished = true; save(); });
  audio.addEventListener("play", function () { finished = false; });
  // One thing heard at a time: the episode's video (or any other player on the page) and this.
  document.addEventListener("play", function (e) {
    document.querySelectorAll("audio, video").forEach(function (m) { if (m !== e.target) m.pause(); });
  }, true);
  audio.addEventListener("loadedmetadata", function () { audio.playbackRate = parseFloat(speed.value); });
  ["play", "pause"].forEach(function (e) {
    audio.addEventListener(e, function () {
      var name = audio.paused ? say("play") : say("pause");
      play.setAttribute("aria-label", name);
      play.querySelector("path").setAttribute("d", audio.paused ? icons.play : icons.pause);
      box.classList.toggle("playing", !audio.paused);
    });
  });
  audio.addEventListener("play", follow);
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
    if (at) follow(true), seek(at.t, at.end, true);
  });
  document.addEventListener("keydown", function (e) {
    var tag = (e.target.tagName || "").toLowerCase(), slider = e.target === range;
    if (e.ctrlKey || e.metaKey || e.altKey || (tag === "input" && !slider) || tag === "select" || tag === "textarea" || e.target.isContentEditable) return;
    // Keys act when focus is in the player or on the page itself, never on a link elsewhere;
    // Space only in the player (elsewhere it scrolls the page, as it always does).
    var inPlayer = box.contains(e.target) || (dock && dock.contains(e.target)), onPage = e.target === document.body || e.target === document.documentElement;
    if (!inPlayer && !onPage) return;
    var k = e.key;
    if (k === " " && (!inPlayer || tag === "button")) return;  // (a button presses itself)
    if (slider && !/^[ fjklm<>+=?-]$/.test(k)) return;  // (the scrubber's own keys: arrows, Home, End)
    if (k === "k" || k === " ") play.click();
    else if (k === "j" || k === "ArrowLeft") skip(-15);
    else if (k === "l" || k === "ArrowRight") skip(30);
    else if (k === ">" || k === "<") {
      var i = rates.indexOf(parseFloat(speed.value));
      setRate(rates[Math.max(0, Math.min(rates.length - 1, (i < 0 ? 1 : i) + (k === ">" ? 1 : -1)))]);
    } else if (k === "?") help();
    else if (k === "m") mute.click();
    else if (k === "f" && fullscreen) fullscreen.click();
    else if (k === "+" || k === "=" || k === "-") {
      if (audio.muted && k !== "-") audio.muted = false;
      setVolume(Math.round(audio.volume * 20 + (k === "-" ? -1 : 1)) / 20);
    } else return;
    e.preventDefault();
  });
  // The keys, listed in a dialog the ? key opens (each control's title names its key).
  var keysHelp;
  function help() {
    if (!keysHelp) {
      keysHelp = el("dialog", "player-keys");
      keysHelp.appendChild(el("h2", null, say("keys")));
      var list = el("ul");
      ["play_title", "back_title", "forward_title", "speed_title", "mute_title", "volume_title", fullscreen && "fullscreen_title", "keys"].forEach(function (w) {
        if (w) list.appendChild(el("li", null, say(w)));
      });
      keysHelp.appendChild(list);
      var close = el("button", null, say("close"));
      close.type = "button";
      close.addEventListener("click", function () { keysHelp.close(); });
      keysHelp.appendChild(close);
      document.body.appendChild(keysHelp);
    }
    if (keysHelp.showModal && !keysHelp.open) keysHelp.showModal();
  }
  // Scrolled away (reading the transcript or the chapters), the scrubber and the controls stay on
  // screen in a bar at the window's foot; the player keeps their room, so nothing moves.
  var below = box.querySelector(".download");
  if (window.IntersectionObserver && below && remember) {
    var dock = el("div", "player-dock"), room = el("div", "player-room");
    dock.setAttribute("role", "region");
    dock.setAttribute("aria-label", box.getAttribute("data-title") || "");
    new IntersectionObserver(function (seen) {
      var away = !seen[0].isIntersecting && seen[0].boundingClientRect.top < 0;
      if (away === dock.isConnected) return;
      if (away) {
        room.style.height = tools.getBoundingClientRect().bottom - scrub.getBoundingClientRect().top + "px";
        scrub.parentNode.insertBefore(room, scrub);
        dock.appendChild(scrub);
        dock.appendChild(tools);
        document.body.appendChild(dock);
      } else {
        room.parentNode.insertBefore(scrub, room);
        room.parentNode.insertBefore(tools, room);
        room.remove();
        dock.remove();
      }
      document.documentElement.classList.toggle("docked", away);
    }).observe(below);
  }
  if ("mediaSession" in navigator && window.MediaMetadata) {
    var art = box.dataset.art ? [{ src: box.dataset.art }] : [];
    navigator.mediaSession.metadata = new MediaMetadata({ title: box.dataset.title || document.title, artist: box.dataset.show || "", artwork: art });
    var on = function (name, fn) { try { navigator.mediaSession.setActionHandler(name, fn); } catch (e) {} };
    on("play", function () { audio.play(); });
    on("pause", function () { audio.pause(); });
    on("seekbackward", function () { skip(-15); });
    on("seekforward", function () { skip(30); });
    on("seekto", function (d) { seek(d.seekTime, 0, false); });
    if (chapters.length) on("previoustrack", function () { step(-1); }), on("nexttrack", function () { step(1); });
  }
})();
