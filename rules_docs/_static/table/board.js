// The board as SVG, drawn from the board data (solver.web.board: rooms, spaces, connections) by a small layout of
// our own — board files hold no coordinates: rooms on a grid, neighbours close together, spaces in slots inside
// each room. Figures, markers and an answer's drawing (spaces, paths, figures, placements) are drawn on top.

const NS = "http://www.w3.org/2000/svg";
const SLOT = 52, R = 17, PAD = 14, HEAD = 20, GAP = 46;
export const PORTAL_FILL = { red: "#d62728", blue: "#1f77b4", green: "#2ca02c", yellow: "#e6b800",
  purple: "#8e44ad", white: "#f4f4f4" };
export const HATCH_FILL = { open: "#9ecae1", closed: "#636363", locked: "#000000", sealed: "#8c6d31",
  broken: "#e6550d" };
const OP_MARK = { circle: "●", cross: "✚", square: "■", triangle: "▲", star: "★", hexagon: "⬢" };

function el(tag, attrs = {}, text = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  return e;
}

export function roomOf(board, space) {
  for (const [n, room] of Object.entries(board.rooms)) if (space in room.spaces) return n;
  return null;
}

// Room → {col, row}; every room in its own cell, each placed where it is nearest the rooms it connects to.
export function layoutRooms(board) {
  const rooms = Object.keys(board.rooms);
  const graph = Object.fromEntries(rooms.map((r) => [r, {}]));
  for (const [a, b] of board.connections) {
    const ra = roomOf(board, a), rb = roomOf(board, b);
    if (ra && rb && ra !== rb) {
      graph[ra][rb] = (graph[ra][rb] || 0) + 1;
      graph[rb][ra] = (graph[rb][ra] || 0) + 1;
    }
  }
  const hasStart = (r) => Object.values(board.rooms[r].spaces).some((s) => (s.features || []).includes("start"));
  const order = [];
  const seen = new Set();
  const seeds = [...rooms.filter(hasStart), ...rooms];
  for (const seed of seeds) {
    if (seen.has(seed)) continue;
    const queue = [seed];
    seen.add(seed);
    while (queue.length) {
      const r = queue.shift();
      order.push(r);
      for (const n of Object.keys(graph[r]).sort((x, y) => graph[r][y] - graph[r][x] || x - y)) {
        if (!seen.has(n)) { seen.add(n); queue.push(n); }
      }
    }
  }
  // rooms the board file places (`at: [column, row]`) stay where it says; the others are placed around them
  const cells = {}, taken = new Set();
  const fixed = new Set();
  for (const r of rooms) {
    const at = board.rooms[r].at;
    if (Array.isArray(at) && !taken.has(`${at[0]},${at[1]}`)) {
      cells[r] = { col: at[0], row: at[1] };
      taken.add(`${at[0]},${at[1]}`);
      fixed.add(r);
    }
  }
  for (const r of order) {
    if (fixed.has(r)) continue;
    let best = null;
    const placed = Object.values(cells);
    const xs = placed.map((c) => c.col), ys = placed.map((c) => c.row);
    const [x0, x1] = placed.length ? [Math.min(...xs) - 1, Math.max(...xs) + 1] : [0, 0];
    const [y0, y1] = placed.length ? [Math.min(...ys) - 1, Math.max(...ys) + 1] : [0, 0];
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        if (taken.has(`${x},${y}`)) continue;
        let cost = 0.05 * (Math.abs(x) + 1.6 * Math.abs(y)) + (x1 - x0 > 3 && (x < x0 + 1 || x > x1 - 1) ? 0.4 : 0);
        for (const [n, w] of Object.entries(graph[r])) {
          if (cells[n]) cost += w * (Math.abs(cells[n].col - x) + Math.abs(cells[n].row - y));
        }
        if (!Object.keys(graph[r]).some((n) => cells[n])) cost += 2 * Math.abs(y - y1);
        if (best === null || cost < best.cost) best = { x, y, cost };
      }
    }
    cells[r] = { col: best.x, row: best.y };
    taken.add(`${best.x},${best.y}`);
  }
  improve(cells, graph, fixed);
  const minX = Math.min(...Object.values(cells).map((c) => c.col));
  const minY = Math.min(...Object.values(cells).map((c) => c.row));
  for (const c of Object.values(cells)) { c.col -= minX; c.row -= minY; }
  return cells;
}

// Local search after the greedy placement: move a room to a free cell or swap two rooms while that shortens the
// connections (a connection longer than one cell counts double: it crosses other rooms).
function improve(cells, graph, fixed) {
  const rooms = Object.keys(cells).filter((r) => !fixed.has(r));
  if (!rooms.length) return;
  const all = Object.keys(cells);
  const span = (a, b) => {
    const d = Math.abs(cells[a].col - cells[b].col) + Math.abs(cells[a].row - cells[b].row);
    return d + (d > 1 ? d - 1 : 0) + (cells[a].col !== cells[b].col && cells[a].row !== cells[b].row ? 0.5 : 0);
  };
  const cost = (r) => Object.entries(graph[r]).reduce((sum, [n, w]) => sum + w * span(r, n), 0);
  const cols = Math.max(...all.map((r) => cells[r].col)), rows = Math.max(...all.map((r) => cells[r].row));
  const minC = Math.min(...all.map((r) => cells[r].col)), minR = Math.min(...all.map((r) => cells[r].row));
  for (let pass = 0; pass < 8; pass++) {
    let better = false;
    for (const a of rooms) {
      for (const b of rooms) {
        if (a >= b) continue;
        const before = cost(a) + cost(b);
        [cells[a], cells[b]] = [cells[b], cells[a]];
        if (cost(a) + cost(b) < before - 1e-9) better = true;
        else [cells[a], cells[b]] = [cells[b], cells[a]];
      }
      const taken = new Set(all.map((r) => `${cells[r].col},${cells[r].row}`));
      for (let y = minR; y <= rows; y++) {
        for (let x = minC; x <= cols; x++) {
          if (taken.has(`${x},${y}`)) continue;
          const old = cells[a], before = cost(a);
          cells[a] = { col: x, row: y };
          if (cost(a) < before - 1e-9) { better = true; taken.delete(`${old.col},${old.row}`); taken.add(`${x},${y}`); }
          else cells[a] = old;
        }
      }
    }
    if (!better) break;
  }
}

// The spaces of each room in the order (over its slots) that makes its connections shortest.
function orderSpaces(board, spaces, rooms, cols) {
  const conns = {};
  for (const [a, b] of board.connections) {
    (conns[a] = conns[a] || []).push(b);
    (conns[b] = conns[b] || []).push(a);
  }
  for (const [n, room] of Object.entries(board.rooms)) {
    const ids = Object.keys(room.spaces);
    if (ids.length < 2 || ids.length > 6) continue;
    const slots = ids.map((s) => spaces[s]);
    let best = null;
    const permute = (rest, chosen) => {
      if (!rest.length) {
        let len = 0;
        chosen.forEach((sid, i) => {
          for (const o of conns[sid] || []) {
            const j = chosen.indexOf(o);
            const q = j >= 0 ? slots[j] : spaces[o];
            if (q) len += Math.hypot(slots[i].x - q.x, slots[i].y - q.y) * (j >= 0 ? 0.5 : 1);
          }
        });
        if (!best || len < best.len - 1e-9) best = { len, order: [...chosen] };
        return;
      }
      rest.forEach((sid, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...chosen, sid]));
    };
    permute(ids, []);
    best.order.forEach((sid, i) => { spaces[sid] = slots[i]; });
  }
}

// Every space's centre and every room's box.
export function layout(board) {
  if (!Object.keys(board.rooms).length) return { rooms: {}, spaces: {}, width: 320, height: 60 };
  const cells = layoutRooms(board);
  const most = Math.max(1, ...Object.values(board.rooms).map((r) => Object.keys(r.spaces).length));
  const cols = most <= 3 ? Math.max(2, most) : Math.ceil(Math.sqrt(most));
  const rows = Math.ceil(most / cols);
  const w = cols * SLOT + 2 * PAD - (SLOT - 2 * R), h = rows * SLOT + HEAD + PAD - (SLOT - 2 * R) + PAD;
  const rooms = {}, spaces = {};
  let width = 0, height = 0;
  for (const [n, cell] of Object.entries(cells)) {
    const x = cell.col * (w + GAP) + GAP / 2, y = cell.row * (h + GAP) + GAP / 2;
    rooms[n] = { x, y, w, h };
    width = Math.max(width, x + w + GAP / 2);
    height = Math.max(height, y + h + GAP / 2);
    Object.keys(board.rooms[n].spaces).forEach((s, i) => {
      spaces[s] = { x: x + PAD + R + (i % cols) * SLOT, y: y + HEAD + PAD / 2 + R + Math.floor(i / cols) * SLOT };
    });
  }
  orderSpaces(board, spaces, rooms, cols);
  return { rooms, spaces, width, height, cells };
}

function initials(id) {
  const [name, num] = id.split("#");
  const words = name.split(/\s+/);
  const short = words.length > 1 ? words.map((w) => w[0]).join("") : name.slice(0, 2);
  return num ? `${short}${num}` : short;
}

// Draw the board into `svg`. `pos`: {figures: [{id, kind, space}], markers: [{kind, space, count, label}]};
// `draw`: an answer's drawing (spaces, paths, figures, placements) or null; `marks`: {selected, picked}.
export function drawBoard(svg, board, lay, pos, draw, marks = {}) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${lay.width} ${lay.height}`);
  const defs = el("defs");
  const arrow = el("marker", { id: "dm-t-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5,
    markerHeight: 5, orient: "auto-start-reverse" });
  arrow.append(el("path", { d: "M0,0 L10,5 L0,10 z", fill: "#e6550d" }));
  defs.append(arrow);
  svg.append(defs);
  const g = (cls) => { const x = el("g", { class: cls }); svg.append(x); return x; };
  // paths run under the spaces (their IDs stay readable), over the connections
  const roomsG = g("dm-t-rooms"), connG = g("dm-t-conns"), hiG = g("dm-t-hi"), pathG = g("dm-t-paths"),
    spaceG = g("dm-t-spaces"), markG = g("dm-t-markers"), figG = g("dm-t-figs"), placeG = g("dm-t-places");
  for (const [n, box] of Object.entries(lay.rooms)) {
    const room = board.rooms[n];
    const r = el("g", { class: `dm-t-room${marks.room === n ? " dm-t-room-sel" : ""}`, "data-room": n });
    r.append(el("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 8 }));
    const name = room.name && room.name !== `Room ${n}` ? `${n} ${room.name}` : `Room ${n}`;
    r.append(el("text", { x: box.x + 8, y: box.y + 14, class: "dm-t-room-label" }, name));
    roomsG.append(r);
  }
  for (const [a, b, hatch] of board.connections) {
    const p = lay.spaces[a], q = lay.spaces[b];
    if (!p || !q) continue;
    const cls = roomOf(board, a) === roomOf(board, b) ? "dm-t-conn" : "dm-t-conn dm-t-conn-out";
    connG.append(el("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: cls, "data-conn": `${a}|${b}` }));
    if (hatch) {
      const mx = (p.x + q.x) / 2, my = (p.y + q.y) / 2;
      const angle = Math.atan2(q.y - p.y, q.x - p.x) * 180 / Math.PI;
      const h = el("g", { class: "dm-t-hatch", transform: `translate(${mx},${my}) rotate(${angle})` });
      h.append(el("rect", { x: -4, y: -10, width: 8, height: 20, fill: HATCH_FILL[hatch] || "#999" }));
      h.append(el("title", {}, `${hatch} hatch between ${a} and ${b}`));
      connG.append(h);
    }
  }
  const want = new Set(draw ? draw.spaces || [] : []);
  for (const [sid, c] of Object.entries(lay.spaces)) {
    const spec = board.rooms[roomOf(board, sid)].spaces[sid];
    const f = spec.features || [];
    if (want.has(sid)) hiG.append(el("circle", { cx: c.x, cy: c.y, r: R + 7, class: "dm-t-chosen", "data-chosen": sid }));
    const s = el("g", { class: "dm-t-space" + f.map((x) => ` dm-t-f-${x}`).join(""), "data-space": sid,
      tabindex: 0, role: "button", "aria-label": `space ${sid}` });
    s.append(el("circle", { cx: c.x, cy: c.y, r: R, class: "dm-t-disc" }));
    if (f.includes("spawn")) s.append(el("circle", { cx: c.x, cy: c.y, r: R - 2, class: "dm-t-spawn" }));
    if (f.includes("start")) s.append(el("circle", { cx: c.x, cy: c.y, r: R + 3, class: "dm-t-start" }));
    if (spec.portal) {
      s.append(el("circle", { cx: c.x, cy: c.y, r: R + 3, class: "dm-t-portal", stroke: PORTAL_FILL[spec.portal] }));
    }
    if (spec.objective_point) {
      s.append(el("text", { x: c.x + R - 3, y: c.y - R + 5, class: "dm-t-op" }, OP_MARK[spec.objective_point] || "?"));
    }
    s.append(el("text", { x: c.x, y: c.y + 1, class: "dm-t-sid" }, sid));
    const tips = [...f, spec.objective_point && `Objective Point ${spec.objective_point}`,
      spec.portal && `${spec.portal} portal`].filter(Boolean);
    s.append(el("title", {}, `${sid}${tips.length ? ": " + tips.join(", ") : ""}`));
    if (marks.selected === sid) s.classList.add("dm-t-selected");
    spaceG.append(s);
  }
  // markers: small badges at the space's lower left, stacked
  const perSpace = {};
  for (const m of pos.markers || []) {
    const c = lay.spaces[m.space];
    if (!c) continue;
    const i = (perSpace[m.space] = (perSpace[m.space] || 0) + 1) - 1;
    const x = c.x - R - 2 + i * 13, y = c.y + R + 2;
    const b = el("g", { class: `dm-t-marker dm-t-m-${m.kind}` });
    b.append(el("rect", { x: x - 6, y: y - 6, width: 13, height: 13, rx: 3 }));
    b.append(el("text", { x: x + 0.5, y: y + 1 }, m.label));
    b.append(el("title", {}, m.title || m.kind));
    markG.append(b);
  }
  // figures: around the space, clockwise from the upper right
  const ringed = new Set(draw ? draw.figures || [] : []);
  const slots = [[1, -1], [1, 1], [-1, -1], [-1, 1], [0, -1.35], [0, 1.35]];
  const count = {};
  for (const fig of pos.figures || []) {
    const c = lay.spaces[fig.space];
    if (!c) continue;
    const i = (count[fig.space] = (count[fig.space] || 0) + 1) - 1;
    const [dx, dy] = slots[i % slots.length];
    const x = c.x + dx * (R - 2), y = c.y + dy * (R - 2);
    const fg = el("g", { class: `dm-t-fig dm-t-fig-${fig.kind}`, "data-figure": fig.id, "data-space": fig.space });
    if (ringed.has(fig.id)) fg.append(el("circle", { cx: x, cy: y, r: 13, class: "dm-t-target", "data-target": fig.id }));
    if (marks.figure === fig.id) fg.append(el("circle", { cx: x, cy: y, r: 12, class: "dm-t-fig-sel" }));
    fg.append(el("circle", { cx: x, cy: y, r: 9 }));
    fg.append(el("text", { x, y: y + 0.5 }, initials(fig.id)));
    fg.append(el("title", {}, fig.title || fig.id));
    figG.append(fg);
  }
  if (!draw) return;
  for (const path of draw.paths || []) {
    const pts = path.map((s) => lay.spaces[s]).filter(Boolean);
    if (pts.length < 2) continue;
    pathG.append(el("polyline", { points: pts.map((p) => `${p.x},${p.y}`).join(" "), class: "dm-t-path",
      "marker-end": "url(#dm-t-arrow)" }));
  }
  for (const p of draw.placements || []) {
    const c = p.space && lay.spaces[p.space];
    const o = p.origin && lay.spaces[p.origin];
    if (o && c) {
      placeG.append(el("line", { x1: o.x, y1: o.y, x2: c.x, y2: c.y, class: "dm-t-path dm-t-move",
        "marker-end": "url(#dm-t-arrow)" }));
    }
    if (c) {
      const pg = el("g", { class: "dm-t-placement" });
      pg.append(el("rect", { x: c.x - 8, y: c.y - R - 14, width: 16, height: 14, rx: 3 }));
      pg.append(el("text", { x: c.x, y: c.y - R - 6.5 }, (p.marker || "?").replace(/ marker.*$/, "")[0].toUpperCase()));
      pg.append(el("title", {}, `${p.marker} → ${p.space}${p.origin ? ` (from ${p.origin})` : ""}`));
      placeG.append(pg);
    } else if (o) {
      placeG.append(el("circle", { cx: o.x, cy: o.y, r: R + 4, class: "dm-t-removed" }));
    }
  }
}
