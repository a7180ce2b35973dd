// The forms beside the board: the selected figure (wounds, health +1 tokens, condition tokens, the scenario's own
// tokens and dials) and the position's round, devour marker, decks, activation track and options.
import * as M from "./model.js";

// --- the selected figure: wounds, tokens -----------------------------------------------------------------------
export function renderFigure(app) {
  const { h, vocab, root } = app;
  const $ = (r, sel) => r.querySelector(sel);
  const box = $(root, "#dm-t-figure");
  const id = app.figure;
  const e = id && M.figureEntry(app.S, id);
  if (!e) { box.replaceChildren(h("p", { class: "dm-t-hint" }, "Tap a figure to select it; tap a space to move it there.")); return; }
  // a counter reads and writes its container through `get` at each tap (a container emptied is dropped)
  const counter = (label, get, key) => h("span", { class: "dm-t-counter" }, `${label} ${(get(false) || {})[key] || 0} `,
    h("button", { type: "button", "aria-label": `${label} less`, on: { click: () => { M.bump(get(true), key, -1); app.changed(); } } }, "−"),
    h("button", { type: "button", "aria-label": `${label} more`, on: { click: () => { M.bump(get(true), key, 1); app.changed(); } } }, "+"));
  const inSection = (key) => (create) => {
    const sec = M.section(app.S, create), k = M.key(app.S, key);
    if (create && !sec[k]) sec[k] = {};
    return sec[k];
  };
  const rows = [h("strong", {}, `${id} on ${e.space}`), counter("wounds", () => e, "wounds"),
    counter("health +1 tokens", () => e, "health_plus_tokens")];
  const isInv = app.S.investigators && id in app.S.investigators;
  if (isInv) {
    const tokens = (create) => { if (create && !e.tokens) e.tokens = {}; return e.tokens; };
    for (const t of vocab.tokens) rows.push(counter(t, tokens, t));
    if (app.S.scenario === "expectant-terror") rows.push(counter("infested tokens", inSection("infested_tokens"), id));
    if (app.S.scenario === "fathoms-dark") {
      const has = (M.section(app.S, false)[M.key(app.S, "unbound_markers")] || {})[id] !== undefined;
      rows.push(h("button", { type: "button", on: { click: () => {
        const markers = inSection("unbound_markers")(true);
        if (has) delete markers[id]; else markers[id] = {};
        app.changed();
      } } }, has ? "Take the unbound marker off" : "Unbound marker on the Objective Point"));
    }
    if (app.S.scenario === "fevered-dreams") {
      // absent: the start level (option fevered-existence.dial-start-level); 0 is a level, never dropped
      const opt = "fevered-existence.dial-start-level";
      const start = Number((app.S.options || {})[opt] ?? (vocab.options[opt] || {}).default ?? 5);
      const dial = (delta) => {
        const levels = inSection("existence")(true);
        levels[id] = Math.max(0, Math.min(start, (levels[id] ?? start) + delta));
        app.changed();
      };
      const now = (M.section(app.S, false)[M.key(app.S, "existence")] || {})[id] ?? start;
      rows.push(h("span", { class: "dm-t-counter" }, `existence ${now} `,
        h("button", { type: "button", "aria-label": "existence less", on: { click: () => dial(-1) } }, "−"),
        h("button", { type: "button", "aria-label": "existence more", on: { click: () => dial(1) } }, "+")));
    }
  }
  rows.push(h("button", { type: "button", on: { click: () => { M.removeFigure(app.S, id); app.figure = null; app.changed(); } } }, "Remove"));
  box.replaceChildren(...rows);
}

// --- round, devour marker, decks, options ----------------------------------------------------------------------
export function renderGameForm(app) {
  const { h, vocab, root } = app;
  const $ = (r, sel) => r.querySelector(sel);
  const S = app.S;
  const box = $(root, "#dm-t-gameform");
  if (box.contains(document.activeElement)) return; // never rebuild under the player's cursor
  const num = (key, label) => h("label", {}, `${label} `, h("input", { type: "number", min: 1, value: S[key] ?? "",
    "data-key": key, on: { change: (ev) => { const v = ev.target.value; if (v === "") delete S[key]; else S[key] = Number(v); app.changed(); } } }));
  const list = (key, label, numbers) => h("label", {}, `${label} `, h("input", { value: (S[key] || []).join(", "),
    "data-key": key, placeholder: "default", on: { change: (ev) => {
      const items = ev.target.value.split(",").map((x) => x.trim()).filter(Boolean);
      if (!items.length) delete S[key]; else S[key] = numbers ? items.map((x) => (/^\d+$/.test(x) ? Number(x) : x)) : items;
      app.changed();
    } } }));
  const opts = Object.entries(vocab.options).map(([name, o]) => h("label", { class: "dm-t-option" }, `${name} `,
    h("select", { "data-option": name, on: { change: (ev) => {
      S.options = S.options || {};
      if (ev.target.value === "") delete S.options[name]; else S.options[name] = ev.target.value;
      app.changed();
    } } }, h("option", { value: "" }, `default (${o.default})`),
    ...o.choices.map((c) => h("option", { value: c, selected: (S.options || {})[name] === c }, c)))));
  box.replaceChildren(num("round", "Round"), num("devour_marker", "Devour marker (track space)"),
    list("devoured_deck", "Devoured deck (top first)", true), list("room_deck", "Room deck (top first)", true),
    list("devoured_rooms", "Devoured rooms", true), list("activation_track", "Activation track", false),
    h("details", {}, h("summary", {}, "Options (assumptions and interpretations)"), ...opts));
}

