/* Ask on every page: a question box that answers like `deepmadness ask` — the same Python (solver.ask.ask_json),
   run in the browser by Pyodide, on the same index and the same results file. Nothing is fetched from elsewhere:
   the Pyodide runtime and the package zip are the Table page's (_static/table/pyodide/, _static/table/deepmadness.zip),
   the index, the word-piece vectors (solver/ask/vectors.bin, kept out of the zip: the Table page doesn't need them)
   and this build's scenario results are _static/dm-ask-index.json, _static/dm-ask-vectors.bin and
   _static/dm-spec-results.json.
   Pyodide loads on the first question (or when the box gets focus), not with the page.
   For scripts and tests:  await window.deepmadness.askRules(text)  -> what `deepmadness ask --json TEXT` prints. */
(function () {
  "use strict";
  var script = document.currentScript || document.querySelector('script[src$="dm-ask.js"]');
  var ROOT = script ? script.src.replace(/_static\/dm-ask\.js.*$/, "") : "";
  var loading = null;

  function get(path, how) {
    return fetch(ROOT + path).then(function (r) {
      if (!r.ok) throw new Error(path + ": " + r.status);
      return how === "bytes" ? r.arrayBuffer() : r.text();
    });
  }

  /* One Pyodide with our package, for the page; the asker is built once. */
  function load() {
    if (loading) return loading;
    loading = import(ROOT + "_static/table/pyodide/pyodide.mjs").then(function (m) {
      return Promise.all([
        m.loadPyodide({ indexURL: ROOT + "_static/table/pyodide/", stdout: function () {}, stderr: function () {} }),
        get("_static/table/deepmadness.zip", "bytes"), get("_static/dm-ask-index.json"),
        get("_static/dm-spec-results.json").catch(function () { return ""; }),
        get("_static/dm-ask-vectors.bin", "bytes")
      ]);
    }).then(function (got) {
      var py = got[0];
      py.unpackArchive(got[1], "zip", { extractDir: "/home/pyodide/deepmadness" });
      py.FS.writeFile("/home/pyodide/deepmadness/solver/ask/vectors.bin", new Uint8Array(got[4]));
      py.globals.set("dm_index_text", got[2]);
      py.globals.set("dm_results_text", got[3]);
      py.runPython([
        "import json, sys",
        "sys.path.insert(0, '/home/pyodide/deepmadness')",
        "import importlib.util, pathlib",
        "if importlib.util.find_spec('solver.features') is None:  # the feature files: the index below holds them",
        "    feats = pathlib.Path('/home/pyodide/deepmadness/solver/features')",
        "    feats.mkdir(parents=True, exist_ok=True)",
        "    (feats / '__init__.py').write_text('')",
        "import solver.ask, solver.spec",
        "if dm_results_text:",
        "    solver.spec.RESULTS_FILE.parent.mkdir(parents=True, exist_ok=True)",
        "    solver.spec.RESULTS_FILE.write_text(dm_results_text, encoding='utf-8')",
        "solver.ask._ASKER = solver.ask.Asker(index=json.loads(dm_index_text))",
        "def dm_ask(text):",
        "    return json.dumps(solver.ask.ask_json(text), ensure_ascii=False)"
      ].join("\n"));
      return py.globals.get("dm_ask");
    });
    return loading;
  }

  function askRules(text) {
    return load().then(function (ask) { return JSON.parse(ask(String(text))); });
  }

  function link(id) {
    var links = window.DM_LINKS || {};
    return links[id] ? ROOT + links[id] : null;
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function show(out, data) {
    out.textContent = "";
    var lead = el("p", "dm-ask-ruling");
    lead.textContent = data.ruling || (data.matched ? "" : "The expansion's rules don't cover this question.");
    out.appendChild(lead);
    var ol = el("ol", "dm-ask-hits");
    (data.results || []).forEach(function (hit) {
      var li = el("li"), href = link(hit.id), a = el(href ? "a" : "span", "dm-ask-title", hit.title);
      if (href) a.href = href;
      li.appendChild(a);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("code", "", hit.id));
      var statuses = (hit.scenarios || []).map(function (sc) { return sc.status; });
      if (hit.kind === "rule") {
        var st = statuses.indexOf("failed") >= 0 ? "failed" : statuses.indexOf("passed") >= 0 ? "passed"
          : statuses.length ? "not run" : "no scenario";
        li.appendChild(document.createTextNode(" "));
        li.appendChild(el("span", "dm-badge dm-" + st.replace(/ /g, "-"), st === "passed" ? "proven" : st));
      }
      if (hit.text) li.appendChild(el("div", "dm-ask-text", hit.text));
      ol.appendChild(li);
    });
    out.appendChild(ol);
    (data.suggestions || []).forEach(function (s, i) {
      if (i === 0) out.appendChild(el("p", "dm-ask-note", "Nearest topics:"));
      var href = link(s.example_id || ""), p = el("p", "dm-ask-suggest");
      var a = el(href ? "a" : "span", "", [s.area_title, s.topic_title].filter(Boolean).join(" › ") || s.example_id);
      if (href) a.href = href;
      p.appendChild(a);
      out.appendChild(p);
    });
  }

  function box() {
    var form = el("form", "dm-askbox");
    form.setAttribute("role", "search");
    var label = el("label", "dm-ask-label", "Ask a rules question");
    var row = el("div", "dm-ask-row");
    var input = el("input");
    input.type = "search";
    input.name = "question";
    input.placeholder = "can Lisbeth store the die she just put back?";
    input.maxLength = 2000;  // what `deepmadness ask` reads of a question (solver.ask.MAX_QUESTION_CHARS)
    input.setAttribute("aria-label", "Ask a rules question");
    label.htmlFor = input.id = "dm-ask-" + Math.random().toString(36).slice(2, 8);
    var button = el("button", "", "Ask");
    button.type = "submit";
    row.appendChild(input);
    row.appendChild(button);
    var out = el("div", "dm-ask-out");
    out.setAttribute("aria-live", "polite");
    form.appendChild(label);
    form.appendChild(row);
    form.appendChild(out);
    input.addEventListener("focus", function () { load().catch(function () {}); }, { once: true });
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var q = input.value.trim();
      if (!q) return;
      out.textContent = loading ? "Thinking…" : "Loading the rules engine (once per page)…";
      askRules(q).then(function (data) { show(out, data); }, function (err) {
        out.textContent = "The question box needs the site served over http (python3 -m http.server in " +
          "_build/html), not opened from disk: " + err.message;
      });
    });
    return form;
  }

  window.deepmadness = window.deepmadness || {};
  window.deepmadness.askRules = askRules;
  document.addEventListener("DOMContentLoaded", function () {
    var opts = typeof DOCUMENTATION_OPTIONS !== "undefined" ? DOCUMENTATION_OPTIONS : {};  // a const: not on window
    if (opts.BUILDER === "singlehtml") return;  // the single page is for reading and print: no engine there
    var home = document.getElementById("dm-ask-home");
    if (home) { home.appendChild(box()); return; }
    var article = document.querySelector("article[role=main]") || document.querySelector("article");
    if (!article || document.getElementById("dm-table")) return;
    var h1 = article.querySelector("h1");
    var at = h1 && h1.closest("section") === article.querySelector("section") ? h1.nextSibling : article.firstChild;
    (at ? at.parentNode : article).insertBefore(box(), at);
  });
})();
