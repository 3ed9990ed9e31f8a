// What every Snowball stemmer calls (the runtime libstemmer's C and python3-snowballstemmer's
// basestemmer.py give theirs): the word being stemmed, a cursor in it, the slice marks bra and
// ket, and the tests and edits the algorithms are written in. src/search/snowball_js.py puts it
// before each stemmer it writes. Positions count UTF-16 units, as the generated code's do; every
// letter the algorithms test is in the Basic Multilingual Plane.
function Among(s, substring_i, result, method) {
  this.s = s;
  this.substring_i = substring_i;
  this.result = result;
  this.method = method || null;  // a routine that must also succeed
}

function BaseStemmer() { this.set_current(""); }

BaseStemmer.prototype.set_current = function (value) {
  this.current = value;
  this.cursor = 0;
  this.limit = value.length;
  this.limit_backward = 0;
  this.bra = 0;
  this.ket = this.limit;
};

// Whether the character at `at` is in the grouping `s` (a bit set from `min` to `max`).
BaseStemmer.prototype.grouped = function (at, s, min, max) {
  var ch = this.current.charCodeAt(at);
  if (ch > max || ch < min) return false;
  ch -= min;
  return (s[ch >> 3] & (1 << (ch & 7))) !== 0;
};
BaseStemmer.prototype.in_grouping = function (s, min, max) {
  if (this.cursor >= this.limit || !this.grouped(this.cursor, s, min, max)) return false;
  this.cursor++;
  return true;
};
BaseStemmer.prototype.in_grouping_b = function (s, min, max) {
  if (this.cursor <= this.limit_backward || !this.grouped(this.cursor - 1, s, min, max)) return false;
  this.cursor--;
  return true;
};
BaseStemmer.prototype.out_grouping = function (s, min, max) {
  if (this.cursor >= this.limit || this.grouped(this.cursor, s, min, max)) return false;
  this.cursor++;
  return true;
};
BaseStemmer.prototype.out_grouping_b = function (s, min, max) {
  if (this.cursor <= this.limit_backward || this.grouped(this.cursor - 1, s, min, max)) return false;
  this.cursor--;
  return true;
};
// go_in: past characters of the grouping, stopping before one outside it (false at the end);
// go_out: past characters outside it, stopping before one in it.
BaseStemmer.prototype.go_in_grouping = function (s, min, max) {
  for (; this.cursor < this.limit; this.cursor++) if (!this.grouped(this.cursor, s, min, max)) return true;
  return false;
};
BaseStemmer.prototype.go_in_grouping_b = function (s, min, max) {
  for (; this.cursor > this.limit_backward; this.cursor--) if (!this.grouped(this.cursor - 1, s, min, max)) return true;
  return false;
};
BaseStemmer.prototype.go_out_grouping = function (s, min, max) {
  for (; this.cursor < this.limit; this.cursor++) if (this.grouped(this.cursor, s, min, max)) return true;
  return false;
};
BaseStemmer.prototype.go_out_grouping_b = function (s, min, max) {
  for (; this.cursor > this.limit_backward; this.cursor--) if (this.grouped(this.cursor - 1, s, min, max)) return true;
  return false;
};

BaseStemmer.prototype.eq_s = function (s) {
  if (this.limit - this.cursor < s.length || this.current.slice(this.cursor, this.cursor + s.length) !== s) return false;
  this.cursor += s.length;
  return true;
};
BaseStemmer.prototype.eq_s_b = function (s) {
  if (this.cursor - this.limit_backward < s.length || this.current.slice(this.cursor - s.length, this.cursor) !== s)
    return false;
  this.cursor -= s.length;
  return true;
};

// The entry of the table `v` (sorted, each naming the longest entry it starts with) that the
// text at the cursor starts with, going forwards (or, backward, ends with): its result, or 0.
// A binary search that remembers how much of the text both bounds matched.
BaseStemmer.prototype.find_among_dir = function (v, backward) {
  var i = 0, j = v.length, c = this.cursor, edge = backward ? this.limit_backward : this.limit;
  var common_i = 0, common_j = 0, first_key_inspected = false;
  for (;;) {
    var k = i + ((j - i) >> 1), diff = 0, common = Math.min(common_i, common_j), w = v[k];
    for (; common < w.s.length; common++) {
      if ((backward ? c - common : c + common) === edge) { diff = -1; break; }
      diff = backward ? this.current.charCodeAt(c - 1 - common) - w.s.charCodeAt(w.s.length - 1 - common)
                      : this.current.charCodeAt(c + common) - w.s.charCodeAt(common);
      if (diff !== 0) break;
    }
    if (diff < 0) { j = k; common_j = common; } else { i = k; common_i = common; }
    if (j - i <= 1) {
      if (i > 0 || j === i || first_key_inspected) break;
      first_key_inspected = true;  // once more round, so that v[0] is inspected
    }
  }
  for (;;) {
    var found = v[i];
    if (common_i >= found.s.length) {
      var after = backward ? c - found.s.length : c + found.s.length;
      this.cursor = after;
      if (!found.method) return found.result;
      var ok = this[found.method]();
      this.cursor = after;
      if (ok) return found.result;
    }
    i = found.substring_i;
    if (i < 0) return 0;
  }
};
BaseStemmer.prototype.find_among = function (v) { return this.find_among_dir(v, false); };
BaseStemmer.prototype.find_among_b = function (v) { return this.find_among_dir(v, true); };

// Replaces the text from c_bra to c_ket by `s`, moving the cursor and limit with it.
BaseStemmer.prototype.replace_s = function (c_bra, c_ket, s) {
  var adjustment = s.length - (c_ket - c_bra);
  this.current = this.current.slice(0, c_bra) + s + this.current.slice(c_ket);
  this.limit += adjustment;
  if (this.cursor >= c_ket) this.cursor += adjustment;
  else if (this.cursor > c_bra) this.cursor = c_bra;
  return adjustment;
};
BaseStemmer.prototype.slice_check = function () {
  return !(this.bra < 0 || this.bra > this.ket || this.ket > this.limit || this.limit > this.current.length);
};
BaseStemmer.prototype.slice_from = function (s) {
  if (!this.slice_check()) return false;
  this.replace_s(this.bra, this.ket, s);
  return true;
};
BaseStemmer.prototype.slice_del = function () { return this.slice_from(""); };
BaseStemmer.prototype.slice_to = function () { return this.slice_check() ? this.current.slice(this.bra, this.ket) : ""; };
BaseStemmer.prototype.insert = function (c_bra, c_ket, s) {
  var adjustment = this.replace_s(c_bra, c_ket, s);
  if (c_bra <= this.bra) this.bra += adjustment;
  if (c_bra <= this.ket) this.ket += adjustment;
};

BaseStemmer.prototype.stemWord = function (word) {
  this.set_current(word);
  this._stem();
  return this.current;
};
