// Hebrew's light stem as the build's index takes it (text::hebrew_light_stem, text/stemmer.hpp),
// for the query words the index does not hold: the final letter forms (ך ם ן ף ץ) as the letters
// they end, then up to two of the prefix letters ו ה ב כ ל מ ש taken off the front where at least
// three letters stay, so "וגרפים" finds "גרפים". Snowball has no Hebrew stemmer; the build writes
// this as search/stem.js in its place (embed_stemmers.cmake).
(function () {
  "use strict";
  self.podarchiveStem = function (word) {
    if (!/^[\u05D0-\u05EA]+$/.test(word)) return word;
    var w = word.replace(/[\u05DA\u05DD\u05DF\u05E3\u05E5]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) + 1); });
    for (var taken = 0; taken < 2 && w.length >= 4 && "\u05D5\u05D4\u05D1\u05DB\u05DC\u05DE\u05E9".indexOf(w[0]) >= 0; taken++)
      w = w.slice(1);
    return w;
  };
})();
