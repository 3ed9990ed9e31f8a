// What a listener's browser fetches when it first shows each kind of page, before anyone
// touches it: the scripts and the images, as decoded and as gzip (GitHub Pages serves gzip), in
// Chromium at 1280 px and a device pixel ratio of 2. Prints a table for bench/README.md.
//   bench/page_bytes.sh SITEDIR PREFIX    (builds nothing: give it a built site and its base path)
// The pages: the home page, the first episode page with audio, its embed, the archive and
// the search page.
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
const require = createRequire(import.meta.url.replace('/bench/', '/tests/browser/'));
const { chromium } = require('playwright-core');

const [base] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 2 });

async function firstEpisode() {
  const page = await context.newPage();
  await page.goto(base, { waitUntil: 'load' });
  const href = await page.evaluate(() => {
    const card = Array.from(document.querySelectorAll('a.playable')).map(a => a.getAttribute('href'))[0];
    return card ? card.replace(/#play$/, '') : document.querySelector('main a[href*="/episodes/"]').getAttribute('href');
  });
  await page.close();
  return new URL(href, base).href;
}

async function measure(url) {
  const page = await context.newPage();
  const bodies = [];
  page.on('response', async r => {
    const type = r.request().resourceType();
    if (type !== 'script' && type !== 'image') return;
    try { bodies.push({ type, url: r.url(), body: await r.body() }); } catch { /* (a redirect, an aborted request) */ }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  const sum = (type, f) => bodies.filter(b => b.type === type).reduce((n, b) => n + f(b.body), 0);
  const kb = n => (n / 1024).toFixed(1);
  return {
    scripts: bodies.filter(b => b.type === 'script').length,
    js: kb(sum('script', b => b.length)), js_gzip: kb(sum('script', b => zlib.gzipSync(b, { level: 9 }).length)),
    images: bodies.filter(b => b.type === 'image').length, img: kb(sum('image', b => b.length)),
  };
}

const episode = await firstEpisode();
const pages = [['home', base], ['episode', episode], ['embed', episode + 'embed/'], ['archive', base + 'archive/'],
               ['search', base + 'search/']];
console.log('| page | scripts | JS decoded KB | JS gzip KB | images | image KB |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const [name, url] of pages) {
  const m = await measure(url);
  console.log(`| ${name} | ${m.scripts} | ${m.js} | ${m.js_gzip} | ${m.images} | ${m.img} |`);
}
await browser.close();
