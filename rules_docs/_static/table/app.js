// The Table page's application: a position set up by tapping, checked on every change, every question answered
// and drawn on the board; state and board files in and out; a position shared by URL; a board editor.
import { drawBoard, layout, roomOf } from "./board.js";
import * as M from "./model.js";
import { answerPanel, playForm, questionForm, ruleLinks } from "./panels.js";
import { startEditor } from "./editor.js";
import { renderFigure, renderGameForm } from "./forms.js";

const $ = (root, sel) => root.querySelector(sel);
const h = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "on") for (const [ev, fn] of Object.entries(v)) e.addEventListener(ev, fn);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  e.append(...kids.flat().filter((x) => x !== null && x !== undefined && x !== false));
  return e;
};

const SKELETON = `
<section class="dm-t-bar">
  <label>Scenario <select id="dm-t-scenario"></select></label>
  <label>Start from <select id="dm-t-start"><option value="">the scenario's set-up</option></select></label>
  <button type="button" id="dm-t-clear">Clear the board</button>
  <span class="dm-t-files">
    <label class="dm-t-button">Open state file <input type="file" id="dm-t-open-state" accept=".yaml,.yml" hidden></label>
    <label class="dm-t-button">Open board file <input type="file" id="dm-t-open-board" accept=".yaml,.yml" hidden></label>
  </span>
</section>
<p id="dm-t-status" class="dm-t-status" role="status" aria-live="polite">Loading the solver…</p>
<p id="dm-t-note" class="dm-t-hint"></p>
<details id="dm-t-setup"><summary>A new set-up with other investigators</summary><div id="dm-t-setup-form"></div></details>
<div class="dm-t-main">
  <div class="dm-t-left">
    <div class="dm-t-tools" id="dm-t-tools"></div>
    <div class="dm-t-zoom"><button type="button" id="dm-t-zoom-out" aria-label="zoom out">−</button>
      <button type="button" id="dm-t-zoom-in" aria-label="zoom in">+</button></div>
    <div class="dm-t-board"><svg id="dm-t-svg" class="dm-t-svg" role="img" aria-label="the board"></svg></div>
    <div id="dm-t-figure" class="dm-t-figure"></div>
    <details class="dm-t-legend"><summary>Legend</summary><ul>
      <li><span class="dm-t-key" style="border:3px solid #d62728"></span> spawn space,
          <span class="dm-t-key" style="border:3px solid #2ca02c"></span> start space,
          <span class="dm-t-key" style="border:3px dashed #1f77b4"></span> Dimensional Portal (its colour),
          <span class="dm-t-key" style="background:#d9c2ec"></span> Unbound space,
          <span class="dm-t-key" style="background:#f2d3b3"></span> Nest space; ● ✚ ■ ▲ ★ ⬢ Objective Points;
          a bar across a connection: a hatch (light blue open, grey closed, black locked, brown sealed, orange broken);
          dashed lines join rooms.</li>
      <li><span class="dm-t-key dm-t-round" style="background:#2c7fb8"></span> investigator,
          <span class="dm-t-key dm-t-round" style="background:#b2182b"></span> monster (initials and number);
          markers: <b style="color:#c62828">wounds</b>, <b style="color:#2e7d32">+N</b> health +1 tokens,
          <b style="color:#1f77b4">flooded</b>, <b style="color:#555">O</b> obscure, <b style="color:#b36b00">N</b> nest
          marker, <b style="color:#6a3d9a">U</b> unbound marker, <b style="color:#7a8b00">infested</b> tokens.</li>
      <li>An answer: <span class="dm-t-key dm-t-round" style="background:#ffd54a"></span> chosen spaces, orange
          arrows for paths and moves, a magenta ring round a target, a yellow tag where a marker goes.
          Tap a choice in the list to draw it.</li></ul></details>
  </div>
  <div class="dm-t-right">
    <details open id="dm-t-ask"><summary>Ask a question</summary><div id="dm-t-qform"></div><div id="dm-t-answer"></div></details>
    <details id="dm-t-play"><summary>Play events</summary><div id="dm-t-playform"></div></details>
    <details id="dm-t-game"><summary>Round, devour marker, decks, options</summary><div id="dm-t-gameform"></div></details>
    <details id="dm-t-section"><summary>The scenario's own section</summary>
      <textarea id="dm-t-section-yaml" rows="8" spellcheck="false"></textarea>
      <button type="button" id="dm-t-section-apply">Apply</button></details>
    <details id="dm-t-files"><summary>State file, board file, share</summary>
      <p><button type="button" id="dm-t-save-state">Save state.yaml</button>
         <button type="button" id="dm-t-save-board">Save board.yaml</button>
         <button type="button" id="dm-t-share">Share by URL</button></p>
      <input id="dm-t-share-url" readonly aria-label="the position's URL">
      <label for="dm-t-state-yaml">The state file (edit and apply, or paste one)</label>
      <textarea id="dm-t-state-yaml" rows="14" spellcheck="false"></textarea>
      <button type="button" id="dm-t-state-apply">Apply</button></details>
    <details id="dm-t-editor"><summary>Board editor</summary><div id="dm-t-editform"></div></details>
  </div>
</div>`;

const TOOLS = [
  ["move", "Move"], ["investigator", "Investigator"], ["monster", "Monster"], ["remove", "Remove"],
  ["flooded", "Flooded", "fevered-dreams"], ["obscure", "Obscure marker", "fevered-dreams"],
  ["nest-marker", "Nest marker", "expectant-terror"], ["nest", "The Nest", "expectant-terror"],
  ["unbound", "The Unbound", "fathoms-dark"], ["pick", "Pick for the question"],
];

export async function startApp(root, base, dm) {
  const get = (f) => fetch(new URL(f, base)).then((r) => r.json());
  const [examples, links] = await Promise.all([get("examples.json"), get("rule-links.json")]);
  root.innerHTML = SKELETON;
  await dm.ready;
  const vocab = dm.call("vocabulary");
  M.setSectionKeys(vocab.section_keys);
  const questions = dm.call("questions");
  const app = {
    dm, root, vocab, questions, links, examples, S: null, boardYaml: null, board: null, lay: null,
    tool: "move", figure: null, draw: null, editing: false, boardError: null,
    $: (sel) => $(root, sel), h,
  };
  window.deepmadness.app = app;

  app.stateYaml = () => dm.call("dump_yaml", M.tidy(app.S));
  app.setBoard = (text) => {
    app.boardYaml = text;
    try {
      app.board = dm.call("board", text ?? dm.call("shipped_board", app.S.scenario));
      app.boardError = null;
    } catch (e) {
      app.boardError = e.message;
      if (!app.board) app.board = { rooms: {}, connections: [] };
    }
    app.lay = layout(app.board);
  };
  app.load = (S, boardYaml = null) => {
    app.S = M.normalise(S);
    if (boardYaml !== null) S.board = "board.yaml";
    app.setBoard(boardYaml);
    app.figure = null;
    app.draw = null;
    $(root, "#dm-t-scenario").value = S.scenario;
    renderTools();
    app.changed();
  };
  app.changed = (keepAnswer = false) => {
    M.tidy(app.S);
    if (!keepAnswer) {
      app.draw = null;
      const box = $(root, "#dm-t-answer");
      if (box.firstChild && !box.querySelector(".dm-t-stale")) {
        box.prepend(h("p", { class: "dm-t-stale" }, "The position has changed since this answer: tap Answer again."));
      }
    }
    app.redraw();
    renderFigure(app);
    renderGameForm(app);
    $(root, "#dm-t-section-yaml").value = app.S[app.S.scenario] ? dm.call("dump_yaml", app.S[app.S.scenario]) : "";
    $(root, "#dm-t-state-yaml").value = app.stateYaml();
    scheduleCheck();
    app.questionForm && app.questionForm.refresh();
  };
  app.redraw = () => {
    const pos = { figures: M.figures(app.S, app.board), markers: M.markers(app.S, app.board) };
    drawBoard($(root, "#dm-t-svg"), app.board, app.lay, pos, app.draw,
      { figure: app.figure, selected: app.selectedSpace, room: app.editing ? app.selectedRoom : null });
  };
  app.status = (html, cls) => {
    const s = $(root, "#dm-t-status");
    s.className = `dm-t-status ${cls || ""}`;
    s.innerHTML = html;
  };

  // --- check on every change -------------------------------------------------------------------------------------
  let timer = null;
  function scheduleCheck() {
    clearTimeout(timer);
    timer = setTimeout(runCheck, 60);
  }
  function runCheck() {
    if (app.S.board && app.boardYaml === null) {
      app.status(`The state names the board file <code>${esc(app.S.board)}</code>: open it (Open board file).`, "dm-t-bad");
      return;
    }
    let c;
    try {
      c = dm.call("check", app.stateYaml(), app.boardYaml);
    } catch (e) {
      c = { legal: false, error: e.message };
    }
    app.lastCheck = c;
    if (!c.legal) {
      app.status(`Not a legal position: ${ruleLinks(app, esc(String(c.error).replace(/^deepmadness: error: /, "")))}`, "dm-t-bad");
    } else if (!c.outcome) {
      app.status(`Legal position: ${ruleLinks(app, esc(c.text || "the game goes on."))}`, "dm-t-ok");
    } else {
      const won = c.outcome.result === "win";
      app.status(`Legal position: the game is <strong>${won ? "won" : "lost"}</strong> — `
        + `${esc(c.outcome.detail)} ${ruleLinks(app, `[${c.outcome.rule}]`)}`, won ? "dm-t-won" : "dm-t-lost");
    }
  }

  // --- tools and taps ---------------------------------------------------------------------------------------------
  function renderTools() {
    const box = $(root, "#dm-t-tools");
    if (app.editing) return;
    const scen = app.S.scenario;
    const tools = TOOLS.filter(([, , only]) => !only || only === scen);
    if (!tools.some(([k]) => k === app.tool)) app.tool = "move";  // another scenario's marker: back to moving
    const keep = [$(root, "#dm-t-which-investigator"), $(root, "#dm-t-which-monster")].map((x) => x && x.value);
    const radios = tools.map(([k, label]) => h("label", { class: "dm-t-tool" },
      h("input", { type: "radio", name: "dm-t-tool", value: k, checked: app.tool === k,
        on: { change: () => { app.tool = k; } } }), label));
    const inv = h("select", { id: "dm-t-which-investigator", "aria-label": "investigator" },
      ...vocab.investigators.map((n) => h("option", { value: n }, n)));
    const mon = h("select", { id: "dm-t-which-monster", "aria-label": "monster type" },
      ...vocab.monsters.map((n) => h("option", { value: n }, n)));
    box.replaceChildren(h("div", { class: "dm-t-toolrow", role: "radiogroup", "aria-label": "tap a space to" },
      h("span", { class: "dm-t-hint" }, "Tap a space to:"), ...radios), h("div", { class: "dm-t-toolrow" }, inv, mon));
    if (keep[0]) inv.value = keep[0];
    if (keep[1]) mon.value = keep[1];
  }

  function tap(space, figureId) {
    if (app.editing) return app.editor.tap(space, figureId);
    const S = app.S, sec = () => M.section(S);
    const here = M.figures(S, app.board).filter((f) => f.space === space);
    switch (app.tool) {
      case "move":
        if (figureId && figureId !== app.figure) { app.figure = figureId; break; }
        if (app.figure && !figureId) {
          if (app.figure === "Obscure") {  // Obscure stands on a portal: the portal tapped is the revealed one
            const portal = app.board.rooms[roomOf(app.board, space)].spaces[space].portal;
            if (portal) sec()[M.key(S, "obscure_portal")] = portal;
            else app.note("Obscure stands on a Dimensional Portal: tap a portal's space.");
            break;
          }
          const e = M.figureEntry(S, app.figure);
          if (e) e.space = space;
          break;
        }
        if (!app.figure && here.length) { app.figure = here[0].id; break; }
        app.figure = null;
        break;
      case "investigator": {
        const name = $(root, "#dm-t-which-investigator").value;
        S.investigators = S.investigators || {};
        S.investigators[name] = { ...(S.investigators[name] || {}), space };
        if (S.scenario === "fathoms-dark") {
          const omKey = M.key(S, "objective_markers");
          const om = sec()[omKey] = sec()[omKey] || {};
          if (!om[name]) {
            const used = new Set(Object.values(om));
            const free = vocab.objective_points.find((s) => !used.has(s));
            if (free) om[name] = free;
          }
        }
        app.figure = name;
        break;
      }
      case "monster": {
        const type = $(root, "#dm-t-which-monster").value;
        S.monsters = S.monsters || [];
        S.monsters.push({ type, space });
        app.figure = M.monsterIds(S).at(-1);
        break;
      }
      case "remove": {
        const id = figureId || (here.length ? here.at(-1).id : null);
        if (id && M.removeFigure(S, id)) { if (app.figure === id) app.figure = null; break; }
        const s = sec();
        const [fk, ok, nk] = ["flooded", "obscure_markers", "nest_markers"].map((n) => M.key(S, n));
        if (S.scenario === "fevered-dreams" && s[fk] && s[fk][space]) M.bump(s[fk], space, -1);
        else if (S.scenario === "fevered-dreams" && (s[ok] || []).some((m) => m.space === space)) {
          s[ok] = s[ok].filter((m) => m.space !== space);
        } else if (S.scenario === "expectant-terror") {
          const room = Number(roomOf(app.board, space));
          s[nk] = (s[nk] || []).filter((r) => r !== room);
        }
        break;
      }
      case "flooded":
        sec()[M.key(S, "flooded")] = sec()[M.key(S, "flooded")] || {};
        M.bump(sec()[M.key(S, "flooded")], space, 1);
        break;
      case "obscure":
        sec()[M.key(S, "obscure_markers")] = [...(sec()[M.key(S, "obscure_markers")] || []), { space }];
        break;
      case "nest-marker": {
        const room = Number(roomOf(app.board, space));
        const nk = M.key(S, "nest_markers"), list = sec()[nk] || [];
        sec()[nk] = list.includes(room) ? list.filter((r) => r !== room) : [...list, room];
        break;
      }
      case "nest":
      case "unbound": {
        const key = app.tool;
        sec()[key] = { ...(sec()[key] || {}), space };
        if (key === "unbound" && !sec()[key].health) sec()[key].health = 6;
        break;
      }
      case "pick":
        app.questionForm.pick(space, figureId || (here[0] && here[0].id));
        app.selectedSpace = space;
        app.redraw();
        return;
      default:
    }
    app.changed();
  }
  $(root, "#dm-t-svg").addEventListener("click", (ev) => {
    const fig = ev.target.closest("[data-figure]");
    const sp = ev.target.closest("[data-space]");
    const room = ev.target.closest("[data-room]");
    if (sp) tap(sp.dataset.space, fig ? fig.dataset.figure : null);
    else if (room && app.editing) app.editor.tapRoom(room.dataset.room);
  });
  $(root, "#dm-t-svg").addEventListener("keydown", (ev) => {
    const sp = ev.target.closest("[data-space]");
    if (sp && (ev.key === "Enter" || ev.key === " ")) { ev.preventDefault(); tap(sp.dataset.space, null); }
  });

  // --- scenario, start, files, share -----------------------------------------------------------------------------
  const scenSel = $(root, "#dm-t-scenario");
  for (const s of vocab.scenarios) scenSel.append(h("option", { value: s }, s));
  const startSel = $(root, "#dm-t-start");
  for (const e of examples) startSel.append(h("option", { value: e.file }, `example: ${e.title || e.file}`));
  // the scenario's own set-up on its shipped board (chance drawn with a seed shown), else the bare scenario
  let party = ["Lisbeth Gibson", "Sophie Brigman"];
  app.setUp = (scenario) => {
    const seed = Math.floor(Math.random() * 10000);
    try {
      app.load(dm.call("setup", scenario, party, seed));
      app.note(`The set-up of ${scenario}, its chance drawn at random (seed ${seed}): move the figures and markers `
        + "to match your table, or start from an example.");
    } catch (e) {
      app.load({ scenario });
      app.note(`The set-up could not be made (${e.message}): the board is empty.`);
    }
  };
  app.note = (text) => { $(root, "#dm-t-note").textContent = text; };
  $(root, "#dm-t-setup-form").replaceChildren(h("p", { class: "dm-t-toolrow" },
    ...vocab.investigators.map((n) => h("label", { class: "dm-t-tool" }, h("input", { type: "checkbox", value: n,
      checked: party.includes(n), "data-investigator": n }), n))),
  h("button", { type: "button", id: "dm-t-setup-button", on: { click: () => {
    const chosen = [...root.querySelectorAll("#dm-t-setup-form input:checked")].map((x) => x.value);
    if (!chosen.length) { app.note("Choose at least one investigator."); return; }
    party = chosen;
    startSel.value = "";
    app.setUp(scenSel.value);
  } } }, "Set up"));
  scenSel.addEventListener("change", () => { startSel.value = ""; app.setUp(scenSel.value); });
  $(root, "#dm-t-clear").addEventListener("click", () => {
    startSel.value = "";
    const keep = app.boardYaml;
    app.load({ scenario: scenSel.value }, keep);
    app.note("An empty board: place the figures and markers.");
  });
  startSel.addEventListener("change", () => {
    const e = examples.find((x) => x.file === startSel.value);
    if (!e) { app.setUp(scenSel.value); return; }
    const S = dm.call("parse_yaml", e.text);
    delete S.example;
    app.load(S);
    if (e.question === "play") app.playForm.set(e.args);
    else app.questionForm.set(e.question, e.args);
    app.note(`The example ${e.file}${e.title ? `: ${e.title}` : ""}. Tap Answer.`);
  });
  const readFile = (input, fn) => input.addEventListener("change", async () => {
    const f = input.files[0];
    if (f) fn(await f.text());
    input.value = "";
  });
  app.importState = (text) => {
    try {
      const S = dm.call("parse_yaml", text);
      if (!S || typeof S !== "object" || !S.scenario) throw new Error("a state file needs 'scenario:'");
      delete S.example;
      const keep = S.board ? app.boardYaml : null;
      app.load(S, null);
      if (S.board && keep !== null) { app.setBoard(keep); app.changed(); }
    } catch (e) { app.status(`That state file can't be read: ${esc(e.message)}`, "dm-t-bad"); }
  };
  app.importBoard = (text) => {
    app.S.board = "board.yaml";
    app.setBoard(text);
    app.changed();
    if (app.boardError) app.status(`That board file is refused: ${esc(app.boardError)}`, "dm-t-bad");
  };
  readFile($(root, "#dm-t-open-state"), app.importState);
  readFile($(root, "#dm-t-open-board"), app.importBoard);
  $(root, "#dm-t-state-apply").addEventListener("click", () => app.importState($(root, "#dm-t-state-yaml").value));
  $(root, "#dm-t-section-apply").addEventListener("click", () => {
    try {
      const v = dm.call("parse_yaml", $(root, "#dm-t-section-yaml").value);
      if (v === null) delete app.S[app.S.scenario]; else app.S[app.S.scenario] = v;
      app.changed();
    } catch (e) { app.status(`The section can't be read: ${esc(e.message)}`, "dm-t-bad"); }
  });
  const save = (name, text) => {
    const a = h("a", { href: URL.createObjectURL(new Blob([text], { type: "application/yaml" })), download: name });
    document.body.append(a);
    a.click();
    a.remove();
  };
  $(root, "#dm-t-save-state").addEventListener("click", () => save("state.yaml", app.stateYaml()));
  $(root, "#dm-t-save-board").addEventListener("click", () => save("board.yaml", app.boardYaml ?? dm.call("shipped_board", app.S.scenario)));
  app.shareUrl = () => {
    let frag = `s=${dm.call("pack", app.stateYaml())}`;
    if (app.boardYaml !== null) frag += `&b=${dm.call("pack", app.boardYaml)}`;
    const q = app.questionForm.question;  // the question being asked, with its fields
    if (q && q !== "check") frag += `&q=${encodeURIComponent(q)}&a=${dm.call("pack", JSON.stringify(app.questionForm.args()))}`;
    return `${location.href.split("#")[0]}#${frag}`;
  };
  $(root, "#dm-t-share").addEventListener("click", async () => {
    const url = app.shareUrl();
    history.replaceState(null, "", url);
    $(root, "#dm-t-share-url").value = url;
    try { await navigator.clipboard.writeText(url); } catch (e) { /* the field shows it */ }
  });

  let zoom = 1;
  const setZoom = (z) => {
    zoom = Math.max(1, Math.min(3, z));
    const svg = $(root, "#dm-t-svg");
    svg.style.width = `${zoom * 100}%`;
    svg.style.minWidth = `${Math.round(480 * zoom)}px`;
  };
  $(root, "#dm-t-zoom-in").addEventListener("click", () => setZoom(zoom * 1.4));
  $(root, "#dm-t-zoom-out").addEventListener("click", () => setZoom(zoom / 1.4));

  app.questionForm = questionForm(app);
  app.answerPanel = answerPanel(app);
  app.playForm = playForm(app);
  app.editor = startEditor(app);

  // --- first position: the URL's, else the first scenario's set-up ---------------------------------------------------
  const frag = new URLSearchParams(location.hash.slice(1));
  if (frag.get("s")) {
    try {
      const S = dm.call("parse_yaml", dm.call("unpack", frag.get("s")));
      app.load(S, frag.get("b") ? dm.call("unpack", frag.get("b")) : null);
      if (frag.get("q")) app.questionForm.setArgs(frag.get("q"), frag.get("a") ? JSON.parse(dm.call("unpack", frag.get("a"))) : {});
    } catch (e) {
      app.load({ scenario: vocab.scenarios[0] });
      app.status(`The link's position can't be read: ${esc(e.message)}`, "dm-t-bad");
    }
  } else {
    app.setUp(vocab.scenarios[0]);
  }
  runCheck();
  root.dataset.ready = "true";
}

export function esc(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}
