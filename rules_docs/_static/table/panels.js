// The question form (generated from the question registry: every question the command line answers, its
// parameters as fields) and the answer: its text beside the board, its drawing on the board, rule IDs as links.

import { figures } from "./model.js";

const esc = (t) => String(t).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
const RULE_ID = /\b[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+\b/g;

// Every catalogued rule ID in (escaped) HTML becomes a link to its rule page.
export function ruleLinks(app, html) {
  return html.replace(RULE_ID, (id) => (app.links[id] ? `<a class="dm-t-rule" href="${app.links[id]}">${id}</a>` : id));
}

function ruleList(app, ids) {
  return ids.map((id) => (app.links[id] ? `<a class="dm-t-rule" href="${app.links[id]}">${esc(id)}</a>` : esc(id))).join(", ");
}

export function questionForm(app) {
  const { h } = app;
  const box = app.$("#dm-t-qform");
  const sel = h("select", { id: "dm-t-question", "aria-label": "question" });
  const fields = h("div", { class: "dm-t-fields" });
  const help = h("p", { class: "dm-t-hint" });
  const ask = h("button", { type: "button", id: "dm-t-ask-button", class: "dm-t-primary" }, "Answer");
  const ids = h("datalist", { id: "dm-t-ids" });
  box.replaceChildren(sel, help, fields, ids, ask);
  let focused = null;

  function current() { return app.questions.find((q) => q.name === sel.value); }

  function refresh() {
    const scen = app.S.scenario;
    const wanted = app.questions.filter((q) => !q.scenarios.length || q.scenarios.includes(scen)).map((q) => q.name);
    const names = ["check", ...wanted];
    if ([...sel.options].map((o) => o.value).join() !== names.join()) {
      const keep = sel.value;
      sel.replaceChildren(...names.map((n) => h("option", { value: n }, n)));
      sel.value = names.includes(keep) ? keep : names[1] || "check";
      renderFields();
    }
    const values = figures(app.S, app.board).map((f) => f.id).concat(app.lay ? Object.keys(app.lay.spaces) : []);
    ids.replaceChildren(...[...new Set(values)].map((v) => h("option", { value: v })));
  }

  function renderFields(values = {}) {
    const q = current();
    help.textContent = q ? q.help : "Is the position legal, and is the game won or lost?";
    fields.replaceChildren(...(q ? q.params : []).map((p) => h("label", { class: "dm-t-field" },
      h("span", {}, `${p.name}${p.required ? "" : " (optional)"}`),
      h("input", { name: p.name, "data-param": p.name, list: "dm-t-ids", value: values[p.name] ?? "",
        placeholder: p.help.length < 60 ? p.help : "", title: p.help, autocomplete: "off",
        on: { focus: (ev) => { focused = ev.target; } } }))));
    focused = fields.querySelector("input");
  }
  sel.addEventListener("change", () => renderFields());

  function args() {
    const out = {};
    for (const input of fields.querySelectorAll("input")) if (input.value.trim()) out[input.name] = input.value.trim();
    return out;
  }

  ask.addEventListener("click", () => app.answerPanel.run(sel.value, args()));

  return {
    refresh,
    // an example's command line: question and words after the state file (--name value … or positionals)
    set(question, argv) {
      refresh();
      sel.value = question;
      const q = current();
      const values = {};
      const positional = q ? q.params.filter((p) => p.positional).map((p) => p.name) : [];
      for (let i = 0; i < argv.length; i++) {
        if (argv[i] === "--option") { i++; continue; }
        if (argv[i].startsWith("--")) { values[argv[i].slice(2)] = argv[i + 1]; i++; } else if (positional.length) values[positional.shift()] = argv[i];
      }
      renderFields(values);
      const opts = [];
      for (let i = 0; i < argv.length; i++) if (argv[i] === "--option") opts.push(argv[i + 1]);
      for (const o of opts) {
        const [k, v] = o.split("=");
        app.S.options = { ...(app.S.options || {}), [k]: v };
      }
      if (opts.length) app.changed();
    },
    // a question and its fields' values by name (a shared URL's)
    setArgs(question, values) {
      refresh();
      if (![...sel.options].some((o) => o.value === question)) return;
      sel.value = question;
      renderFields(values);
    },
    pick(space, figure) {
      const input = focused || fields.querySelector("input");
      if (!input) return;
      const wantsSpace = /space|square|where|room/.test(input.name) || !figure;
      input.value = wantsSpace ? space : figure;
      const next = [...fields.querySelectorAll("input")].find((i) => !i.value && i !== input);
      if (next) { focused = next; }
    },
    get question() { return sel.value; },
    args,
  };
}

// The drawing of a whole answer and of one choice, merged.
function merge(...drawings) {
  const out = { spaces: [], paths: [], figures: [], placements: [] };
  for (const d of drawings) {
    if (!d) continue;
    for (const k of Object.keys(out)) out[k].push(...(d[k] || []));
  }
  return out;
}

export function answerPanel(app) {
  const { h } = app;
  const box = app.$("#dm-t-answer");

  function show(data, question) {
    const result = data.result ? data.result.text : (data.summary || "");
    const parts = [`<p class="dm-t-result" id="dm-t-result">${ruleLinks(app, esc(result))}</p>`];
    if (data.outcome) {
      const o = data.outcome;
      parts.push(`<p class="dm-t-outcome">The game is ${o.result === "win" ? "won" : "lost"}: ${esc(o.detail)} [${ruleList(app, [o.rule])}]</p>`);
    }
    box.innerHTML = parts.join("");
    const list = h("ol", { class: "dm-t-choices" });
    const choose = (c, li) => {
      for (const x of box.querySelectorAll(".dm-t-picked")) x.classList.remove("dm-t-picked");
      if (li) li.classList.add("dm-t-picked");
      app.draw = merge(data.draw, c && c.draw);
      app.redraw();
    };
    if (data.steps && data.steps.length) {
      box.append(h("p", {}, `Each step is chosen on its own, by ${data.chooser || "the players"}:`));
      for (const step of data.steps) {
        const row = h("p", { class: "dm-t-step" }, h("span", {}, `${step.label}: `));
        for (const c of step.options) {
          const b = h("button", { type: "button", class: "dm-t-chip", on: { click: () => choose(c, b) } }, c.label);
          row.append(b);
        }
        box.append(row);
      }
    }
    (data.choices || []).forEach((c, i) => {
      const li = h("li", { tabindex: 0, class: "dm-t-choice" });
      li.innerHTML = `${esc(c.label ?? JSON.stringify(c.value))}${c.why ? ` <span class="dm-t-why">— ${ruleLinks(app, esc(c.why))}</span>` : ""}`
        + (c.rules && c.rules.length ? ` <span class="dm-t-rules">[${ruleList(app, c.rules)}]</span>` : "");
      li.addEventListener("click", (ev) => { if (!ev.target.closest("a")) choose(c, li); });
      li.addEventListener("keydown", (ev) => { if (ev.key === "Enter") choose(c, li); });
      list.append(li);
      if (i === 0) setTimeout(() => li.classList.add("dm-t-picked"));
    });
    if (list.children.length) {
      if (data.result && data.result.count > (data.choices || []).length) {
        box.append(h("p", { class: "dm-t-hint" }, `${data.result.count} options in all; the first ${data.choices.length} are listed.`));
      }
      box.append(list);
    }
    const more = [];
    if (data.events && data.events.length) {  // deepmadness play: each event, the rules it fired, what it changed
      const short = (v) => (v === null || v === undefined ? "none" : typeof v === "object" ? JSON.stringify(v) : String(v));
      more.push(`<ol class="dm-t-played">${data.events.map((ev) => `<li><strong>${esc(ev.event)}</strong>`
        + `${ev.stopped ? " <em>(stopped: a choice is needed)</em>" : ""}<ul>`
        + (ev.fired || []).map((f) => `<li>fires ${ruleList(app, [f.rule])}: ${ruleLinks(app, esc(f.what))}</li>`).join("")
        + (ev.changes || []).map((c) => `<li><code>${esc(c.entry)}</code>: ${esc(short(c.before))} → ${esc(short(c.after))}</li>`).join("")
        + "</ul></li>").join("")}</ol>`);
    }
    if (data.explanation && data.explanation.length) more.push(`<ul class="dm-t-expl">${data.explanation.map((e) => `<li>${ruleLinks(app, esc(e))}</li>`).join("")}</ul>`);
    if (data.rules && data.rules.length) more.push(`<p>Rules: ${ruleList(app, data.rules)}</p>`);
    if (data.options && Object.keys(data.options).length) {
      more.push(`<p>Options: ${Object.entries(data.options).map(([k, v]) => `${esc(k)}=${esc(v)}`).join(", ")}</p>`);
    }
    if (data.approximate_board) more.push(`<p class="dm-t-hint">Board: the shipped layout, an approximation of the printed board.</p>`);
    const tail = h("div");
    tail.innerHTML = more.join("");
    box.append(tail);
    const raw = h("details", {}, h("summary", {}, "The answer as JSON (deepmadness … --json)"),
      h("pre", { id: "dm-t-json" }, JSON.stringify(data, null, 2)));
    box.append(raw);
    choose((data.choices || [])[0], null);
  }

  function showCheck(c) {
    if (c.legal) { show(c.answer, "check"); return; }
    box.innerHTML = `<p class="dm-t-result dm-t-bad" id="dm-t-result">${ruleLinks(app, esc(c.error))}</p>`;
    app.draw = null;
    app.redraw();
  }

  return {
    show(data) {
      show(data, data.question);
      box.dataset.answered = String(Number(box.dataset.answered || 0) + 1);
    },
    fail(message) {
      box.innerHTML = `<p class="dm-t-result dm-t-bad" id="dm-t-result">${ruleLinks(app, esc(message.replace(/^deepmadness: error: /, "")))}</p>`;
      app.draw = null;
      app.redraw();
    },
    run(question, args) {
      const t0 = performance.now();
      try {
        if (question === "check") {
          showCheck(app.dm.call("check", app.stateYaml(), app.boardYaml));
        } else {
          const data = JSON.parse(app.dm.call("answer", question, app.stateYaml(), args, app.boardYaml));
          app.lastAnswer = data;
          show(data, question);
        }
      } catch (e) {
        box.innerHTML = `<p class="dm-t-result dm-t-bad" id="dm-t-result">${ruleLinks(app, esc(e.message.replace(/^deepmadness: error: /, "")))}</p>`;
        app.draw = null;
        app.redraw();
      }
      app.lastAnswerMs = performance.now() - t0;
      box.dataset.answered = String(Number(box.dataset.answered || 0) + 1);
    },
  };
}

// Play events on the position (deepmadness play): the events one a line, the choices where the rules leave one,
// a seed for chance; the answer beside the board, and the position after the events kept on the table if asked.
export function playForm(app) {
  const { h } = app;
  const box = app.$("#dm-t-playform");
  const list = app.dm.call("events");
  if (!list) { box.closest("details").hidden = true; return { set() {} }; }
  const events = h("textarea", { id: "dm-t-events", rows: 4, spellcheck: "false", "aria-label": "events, one a line",
    placeholder: "one event a line, e.g. gain-health 'Sophie Brigman'" });
  const choose = h("textarea", { id: "dm-t-choose", rows: 2, spellcheck: "false", "aria-label": "choices, one a line",
    placeholder: "where the rules leave a choice: the option to continue with, one a line (optional)" });
  const seed = h("input", { id: "dm-t-seed", type: "number", min: 0, placeholder: "seed for chance (optional)", "aria-label": "seed" });
  const argv = () => {
    const out = events.value.split("\n").map((x) => x.trim()).filter(Boolean);
    for (const c of choose.value.split("\n").map((x) => x.trim()).filter(Boolean)) out.push("--choose", c);
    if (seed.value !== "") out.push("--seed", seed.value);
    return out;
  };
  const go = (keep) => {
    try {
      const r = app.dm.call("play", app.stateYaml(), argv(), app.boardYaml);
      app.answerPanel.show(JSON.parse(r.answer));
      if (keep && r.state) {
        const S = app.dm.call("parse_yaml", r.state);
        delete S.board;
        app.load(S, app.boardYaml);
        for (const stale of app.$("#dm-t-answer").querySelectorAll(".dm-t-stale")) stale.remove();
        events.value = "";
        choose.value = "";
        app.note("The position after the events is on the table.");
      }
    } catch (e) { app.answerPanel.fail(e.message); }
  };
  box.replaceChildren(events, choose, seed,
    h("p", {}, h("button", { type: "button", id: "dm-t-play-button", class: "dm-t-primary", on: { click: () => go(false) } }, "Play"),
      " ", h("button", { type: "button", id: "dm-t-play-keep", on: { click: () => go(true) } }, "Play and keep the position after")),
    h("details", {}, h("summary", {}, "The events"), h("pre", { class: "dm-t-events" }, list)));
  return {
    // an example's command line after the state file: the events, then --choose and --seed
    set(args) {
      const ev = [], ch = [];
      let sd = "";
      for (let i = 0; i < args.length; i++) {
        if (args[i] === "--choose") ch.push(args[++i]);
        else if (args[i] === "--seed") sd = args[++i];
        else if (args[i] === "--option") i++;
        else ev.push(args[i]);
      }
      events.value = ev.join("\n");
      choose.value = ch.join("\n");
      seed.value = sd;
      box.closest("details").open = true;
    },
  };
}
