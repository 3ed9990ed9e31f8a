// The listening fixture as a Japanese show in Chromium (run.sh builds it under ja/): the page
// speaks Japanese (lang, the header, the player's buttons, the search's count), and search
// cuts Japanese and Thai words as the build did, so a word inside a phrase written without
// spaces finds its episode; and, given a Hebrew site, its numbers read right to left.
// Usage: node languages.mjs JAPANESE_BASEURL [HEBREW_BASEURL]
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const base = process.argv[2];
let failures = 0;
function check(ok, what) { console.log((ok ? 'ok   ' : 'FAIL ') + what); if (!ok) failures++; }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();
const errors = [];
page.on('pageerror', e => errors.push(String(e)));

await page.goto(base, { waitUntil: 'load' });
await page.goto(await page.evaluate(() => document.querySelector('.card-title a').href), { waitUntil: 'load' });
await page.waitForSelector('.player-tools button');
const seen = await page.evaluate(() => ({
  lang: document.documentElement.lang,
  play: document.querySelector('.player-tools button').getAttribute('aria-label'),
  group: document.querySelector('.player-tools').getAttribute('aria-label'),
  search: document.querySelector('#site-search').placeholder,
  notes: document.querySelector('#notes-heading').textContent,
}));
check(seen.lang === 'ja' && seen.play === '再生' && seen.group === 'プレーヤーの操作' && seen.search === 'エピソードを検索' && seen.notes === '番組説明',
      'the episode page and its player speak Japanese: ' + JSON.stringify(seen));

async function search(q) {
  await page.fill('#site-search', '');
  await page.fill('#site-search', q);
  await page.waitForFunction(() => document.querySelector('#search-panel [role=status]').textContent !== '', null, { timeout: 5000 }).catch(() => {});
  await page.waitForTimeout(300);
  return page.evaluate(() => ({
    status: document.querySelector('#search-panel [role=status]').textContent,
    titles: Array.from(document.querySelectorAll('.search-results li > a')).map(a => a.textContent),
    marks: Array.from(document.querySelectorAll('.search-results mark')).map(m => m.textContent),
  }));
}
await page.goto(base + 'search/', { waitUntil: 'load' });
// "コンパイラ" is inside "機械学習コンパイラの仕組み" (no spaces): ICU cut the title into words
// at build time, Intl.Segmenter cuts the query the same way.
let r = await search('コンパイラ');
check(r.titles.includes('機械学習コンパイラの仕組み') && r.status === '1件のエピソードが見つかりました', 'コンパイラ finds the episode: ' + JSON.stringify(r));
r = await search('仕組み');
check(r.titles.includes('機械学習コンパイラの仕組み'), '仕組み finds it too: ' + JSON.stringify(r));
// Thai: "ง่าย" (easy) inside "ภาษาไทยง่ายนิดเดียว".
r = await search('ง่าย');
check(r.titles.includes('機械学習コンパイラの仕組み'), 'a Thai word inside a Thai phrase finds it: ' + JSON.stringify(r));
// The word is marked where it shows, not the whole phrase around it.
check(r.marks.length > 0 && r.marks.every(m => m === 'ง่าย'), 'only the Thai word is marked: ' + JSON.stringify(r.marks));
r = await search('存在しない言葉');
check(r.titles.length === 0 && r.status === '一致するエピソードはありません。', 'no match says so in Japanese: ' + JSON.stringify(r));
// The same site as a Hebrew show (the second URL): numbers, signs and sizes keep their order in
// the right-to-left page, as a Hebrew reader reads them from the right: "שנ׳ −15", "(1 MB)".
if (process.argv[3]) {
  await page.goto(process.argv[3] + 'episodes/captions-in-webvtt/', { waitUntil: 'load' });
  await page.waitForSelector('.player-tools button.skip');
  const at = await page.evaluate(() => {
    function left(el, needle) {  // where `needle` is drawn, in the text of `el`
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n; (n = walker.nextNode());) {
        const i = n.data.indexOf(needle);
        if (i < 0) continue;
        const r = document.createRange();
        r.setStart(n, i), r.setEnd(n, i + needle.length);
        return Math.round(r.getBoundingClientRect().left);
      }
      return null;
    }
    const back = document.querySelector('.player-tools button.skip'), size = document.querySelector('.download');
    return { dir: document.documentElement.dir, minus: left(back, '\u2212'), digits: left(back, '15'), unit: left(back, 'שנ'), one: left(size, '1'), mb: left(size, 'MB') };
  });
  check(at.dir === 'rtl' && at.unit < at.minus && at.minus < at.digits && at.one < at.mb,
        'Hebrew: −15 reads before its unit from the right, the size is (1 MB): ' + JSON.stringify(at));
  // Hebrew has no Snowball stemmer: prefix letters are taken off in the index and the query
  // alike. The show notes say "וגרפים" (and graphs): "גרפים" and "בגרפים" find it.
  for (const q of ['גרפים', 'בגרפים', 'וגרפים']) {
    r = await search(q);
    check(r.titles.includes('Captions in WebVTT'), 'Hebrew: ' + q + ' finds "וגרפים": ' + JSON.stringify(r));
  }
  r = await search('ספרים');
  check(r.titles.length === 0, 'Hebrew: a word nobody said finds nothing: ' + JSON.stringify(r));
}
check(errors.length === 0, 'no page errors: ' + JSON.stringify(errors));
await browser.close();
console.log(failures ? `languages: ${failures} failed` : 'languages: all passed');
process.exit(failures ? 1 : 0);
