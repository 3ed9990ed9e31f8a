// The archive's copies of the audio in Chromium, once the host's files answer 404 (run.sh makes
// the site, keeps the audio with `podarchive fetch`, serves the copies at audio.mirror_url and
// removes the host's files). Usage: node audio_copies.mjs BASEURL COPIESURL STATE
//   STATE "unnoticed": fetch has not yet found the host's files gone. The players list the
//     host's file first: the browser must fall back to the copy by itself, without JavaScript.
//   STATE "gone": fetch found them gone. The copy comes first, the download link offers it and
//     the page says the episode is served from the archive's copy.
// Either way, an episode page and its embed play from the copy, with and without JavaScript.
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const [base, copies, state] = process.argv.slice(2);
let failures = 0;
function check(ok, what) { console.log((ok ? 'ok   ' : 'FAIL ') + `[${state}] ` + what); if (!ok) failures++; }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--autoplay-policy=no-user-gesture-required'] });

// Starts the page's audio element (as a listener's press on the native control does) and
// waits until it plays: what it plays from, and whether time goes on. (The waiting is done from
// here: a page without JavaScript runs no timers.)
async function played(page) {
  await page.evaluate(() => { const audio = document.querySelector('audio'); audio.muted = true; audio.play().catch(() => {}); });
  const state = () => page.evaluate(() => { const a = document.querySelector('audio'); return { src: a.currentSrc, time: a.currentTime, error: a.error ? a.error.code : null }; });
  let now = await state();
  // (Up to 15 s: the host's 404 comes first, and a loaded machine is slow to move on to the copy.)
  for (let i = 0; i < 150 && now.time === 0; i++) await page.waitForTimeout(100), now = await state();
  const start = now.time;
  await page.waitForTimeout(500);
  const later = await state();
  return { src: later.src, moved: later.time > start, error: later.error };
}

for (const js of [false, true]) {
  const context = await browser.newContext({ javaScriptEnabled: js });
  for (const path of ['episodes/captions-in-webvtt/', 'episodes/captions-in-webvtt/embed/', 'episodes/segments-in-json/']) {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', e => errors.push(String(e)));
    await page.goto(base + path, { waitUntil: 'load' });
    const shown = await page.evaluate(() => ({
      sources: Array.from(document.querySelectorAll('audio source')).map(s => s.getAttribute('src')),
      download: document.querySelector('.download a') ? document.querySelector('.download a').getAttribute('href') : null,
      notice: document.querySelector('[data-served="copy"]') ? document.querySelector('[data-served="copy"]').textContent : null }));
    const first_is_copy = shown.sources.length === 2 && shown.sources[0].startsWith(copies) && !shown.sources[1].startsWith(copies);
    const second_is_copy = shown.sources.length === 2 && shown.sources[1].startsWith(copies) && !shown.sources[0].startsWith(copies);
    const where = `${path} (JavaScript ${js ? 'on' : 'off'})`;
    if (state === 'gone') {
      check(first_is_copy, `${where}: the copy is the first source: ${JSON.stringify(shown.sources)}`);
      check(!path.includes('embed') ? shown.download && shown.download.startsWith(copies) : true, `${where}: the download link offers the copy: ${shown.download}`);
      check(shown.notice && shown.notice.includes('copy'), `${where}: the page says it is served from the archive's copy: ${shown.notice}`);
    } else {
      check(second_is_copy, `${where}: the host's file first, the copy second: ${JSON.stringify(shown.sources)}`);
      check(!shown.notice, `${where}: no notice while fetch has not found the host's file gone`);
    }
    const result = await played(page);
    check(result.src && result.src.startsWith(copies) && result.moved, `${where}: plays from the copy: ${JSON.stringify(result)}`);
    check(errors.length === 0, `${where}: no script errors: ${JSON.stringify(errors)}`);
    await page.close();
  }
  await context.close();
}
await browser.close();
console.log(failures ? `audio copies [${state}]: ${failures} failed` : `audio copies [${state}]: all passed`);
process.exit(failures ? 1 : 0);
