/* Search that names rulings: on the search page, the rules that match the query come first, each titled with the
   rule's title, its ID and its status badge, with its ruling; Sphinx's page results follow below.
   The rules are in dm-rules.js (window.DM_RULES, written by the build), so this works from file:// too.
   Ranking: BM25 over each rule's fields (title, ID words, terms and the players' words for them, how players ask
   it, section, text),
   with the title and the terms weighted up; words are lower-cased, folded and lightly stemmed. */
(function () {
  "use strict";
  var STOP = new Set(("a an the of to in on at by for with and or is are be it its this that these those can may " +
    "do does did i we you he she they my our your his her their what when where which who how if then than as " +
    "from into not no yes there here one all any each").split(" "));
  var FIELDS = { title: 3.0, id: 2.0, terms: 2.0, asked: 1.0, section: 0.6, text: 1.0 };

  function stem(w) {
    if (w.length > 5 && /ies$/.test(w)) return w.slice(0, -3) + "y";
    if (w.length > 5 && /ing$/.test(w)) return w.slice(0, -3);
    if (w.length > 4 && /ed$/.test(w)) return w.slice(0, -2);
    if (w.length > 4 && /es$/.test(w) && /(s|x|z|ch|sh)es$/.test(w)) return w.slice(0, -2);
    if (w.length > 3 && /s$/.test(w) && !/ss$/.test(w)) return w.slice(0, -1);
    return w;
  }
  function words(text) {
    var out = [];
    String(text || "").toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[’']s\b/g, "").split(/[^a-z0-9+]+/).forEach(function (w) {
        w = w.replace(/^\++|\++$/g, "");
        if (w && !STOP.has(w)) out.push(stem(w));
      });
    return out;
  }

  var index = null;
  function build() {
    if (index) return index;
    var rules = window.DM_RULES || [];
    var df = new Map(), docs = [], avg = {};
    Object.keys(FIELDS).forEach(function (f) { avg[f] = 0; });
    rules.forEach(function (r) {
      var fields = {
        title: words(r.title), id: words(r.id.replace(/[.-]/g, " ")), terms: words((r.terms || []).join(" ")),
        asked: words((r.asked || []).join(" ")),
        section: words(r.section), text: words(r.text)
      };
      var tf = {}, seen = new Set();
      Object.keys(fields).forEach(function (f) {
        avg[f] += fields[f].length;
        var m = new Map();
        fields[f].forEach(function (w) { m.set(w, (m.get(w) || 0) + 1); seen.add(w); });
        tf[f] = m;
      });
      seen.forEach(function (w) { df.set(w, (df.get(w) || 0) + 1); });
      docs.push({ rule: r, tf: tf, len: Object.fromEntries(Object.keys(fields).map(function (f) {
        return [f, fields[f].length]; })) });
    });
    Object.keys(avg).forEach(function (f) { avg[f] = avg[f] / Math.max(1, rules.length) || 1; });
    index = { docs: docs, df: df, avg: avg, n: rules.length };
    return index;
  }

  /* The rules for a query, best first: [{id, title, status, proven, url, ruling, score}]. */
  function searchRules(query, limit) {
    var ix = build(), q = Array.from(new Set(words(query))), k1 = 1.2, b = 0.6;
    if (!q.length) return [];
    var scored = [];
    ix.docs.forEach(function (d) {
      var score = 0, matched = 0;
      q.forEach(function (w) {
        var df = ix.df.get(w);
        if (!df) return;
        var idf = Math.log(1 + (ix.n - df + 0.5) / (df + 0.5)), tfw = 0;
        Object.keys(FIELDS).forEach(function (f) {
          var tf = d.tf[f].get(w) || 0;
          if (tf) tfw += FIELDS[f] * tf / (1 - b + b * d.len[f] / ix.avg[f]);
        });
        if (tfw) { matched += 1; score += idf * tfw * (k1 + 1) / (tfw + k1); }
      });
      if (score > 0) scored.push({ d: d, score: score * (0.5 + 0.5 * matched / q.length) });
    });
    scored.sort(function (x, y) { return y.score - x.score || (x.d.rule.id < y.d.rule.id ? -1 : 1); });
    return scored.slice(0, limit || 10).map(function (s) {
      var r = s.d.rule;
      return { id: r.id, title: r.title, status: r.status, proven: r.proven, url: r.url, ruling: r.ruling,
               area: r.area_title, score: Math.round(s.score * 1000) / 1000 };
    });
  }

  function badge(hit) {
    var span = document.createElement("span");
    var status = hit.proven ? "passed" : hit.status;
    span.className = "dm-badge dm-" + String(status).replace(/[^a-z0-9]+/g, "-");
    span.textContent = hit.proven ? "proven" : hit.status;
    return span;
  }

  function root() {
    var s = document.querySelector('script[src$="dm-search.js"]');
    return s ? s.src.replace(/_static\/dm-search\.js.*$/, "") : "";
  }

  function render(query) {
    var box = document.getElementById("search-results");
    if (!box || !query) return;
    var hits = searchRules(query, 8), sec = document.createElement("section");
    sec.className = "dm-rule-hits";
    var h = document.createElement("h2");
    h.textContent = hits.length ? "Rules" : "No rule matches these words";
    sec.appendChild(h);
    var ol = document.createElement("ol");
    hits.forEach(function (hit) {
      var li = document.createElement("li"), a = document.createElement("a"), code = document.createElement("code");
      a.href = root() + hit.url;
      a.className = "dm-rule-hit";
      a.textContent = hit.title;
      code.textContent = hit.id;
      li.appendChild(a);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(code);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(badge(hit));
      var p = document.createElement("p");
      p.textContent = hit.ruling + (hit.area ? " — " + hit.area : "");
      li.appendChild(p);
      ol.appendChild(li);
    });
    sec.appendChild(ol);
    var pagesTitle = document.createElement("h2");
    pagesTitle.textContent = "Pages";
    box.parentNode.insertBefore(sec, box);
    box.parentNode.insertBefore(pagesTitle, box);
  }

  window.deepmadness = window.deepmadness || {};
  window.deepmadness.searchRules = searchRules;
  document.addEventListener("DOMContentLoaded", function () {
    if (!document.getElementById("search-results")) return;
    var q = new URLSearchParams(location.search).get("q");
    render(q);
  });
})();
