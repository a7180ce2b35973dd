// The position as the page holds it: the state file's own data (a plain object, the same keys as the YAML the
// command line reads), and what the board shows of it — figures and markers on spaces.

export const SECTION_FIGURES = {
  "expectant-terror": { key: "nest", id: "Nest" },
  "fathoms-dark": { key: "unbound", id: "Unbound" },
};

// The section's key names as the engine declares them now (solver.state.ScenarioSection.keys, via the bridge's
// vocabulary): the page's own names for them ("flooded") resolve to the declared one ("flooded_markers").
let SECTION_KEYS = {};
export function setSectionKeys(keys) { SECTION_KEYS = keys || {}; }
export function key(S, name) {
  const known = SECTION_KEYS[S.scenario] || [];
  return [name, `${name}_markers`, `${name}_tokens`].find((k) => known.includes(k)) || name;
}
// A file written with a former key name ("flooded") is read with today's ("flooded_markers").
export function normalise(S) {
  const sec = S && S[S.scenario];
  const known = SECTION_KEYS[S.scenario] || [];
  if (!sec || typeof sec !== "object" || !known.length) return S;
  for (const k of Object.keys(sec)) {
    const now = key(S, k);
    if (!known.includes(k) && now !== k && !(now in sec)) { sec[now] = sec[k]; delete sec[k]; }
  }
  return S;
}

export function section(S, create = true) {
  if (!S[S.scenario] && create) S[S.scenario] = {};
  return S[S.scenario] || {};
}

// Monster IDs as the loader numbers them: by type, in file order, unless an entry gives its own `id`.
export function monsterIds(S) {
  const seen = {};
  return (S.monsters || []).map((m) => {
    seen[m.type] = (seen[m.type] || 0) + 1;
    return m.id || `${m.type}#${seen[m.type]}`;
  });
}

export function spaceOfSymbol(board, symbol, key) {
  for (const room of Object.values(board.rooms)) {
    for (const [sid, spec] of Object.entries(room.spaces)) if (spec[key] === symbol) return sid;
  }
  return null;
}

function spawnSpace(board, room) {
  const r = board.rooms[String(room)];
  if (!r) return null;
  return Object.keys(r.spaces).find((s) => (r.spaces[s].features || []).includes("spawn")) || null;
}

export function figures(S, board) {
  const out = [];
  for (const [name, e] of Object.entries(S.investigators || {})) {
    if (e && e.space) out.push({ id: name, kind: "investigator", space: String(e.space), title: figureTitle(name, e) });
  }
  const ids = monsterIds(S);
  (S.monsters || []).forEach((m, i) => {
    if (m && m.space) out.push({ id: ids[i], kind: "monster", space: String(m.space), title: figureTitle(ids[i], m) });
  });
  const own = SECTION_FIGURES[S.scenario];
  const sec = section(S, false);
  if (own && sec[own.key] && sec[own.key].space && board && roomOfSpace(board, String(sec[own.key].space))) {
    out.push({ id: own.id, kind: "monster", space: String(sec[own.key].space), title: figureTitle(own.id, sec[own.key]) });
  }
  if (S.scenario === "fevered-dreams" && sec.obscure_portal && board) {
    const sid = spaceOfSymbol(board, sec.obscure_portal, "portal");
    if (sid) out.push({ id: "Obscure", kind: "monster", space: sid, title: `Obscure (on the ${sec.obscure_portal} portal)` });
  }
  return out;
}

function roomOfSpace(board, sid) {
  return Object.values(board.rooms).some((r) => sid in r.spaces);
}

function figureTitle(id, e) {
  const bits = [];
  if (e.wounds) bits.push(`${e.wounds} wound(s)`);
  if (e.health_plus_tokens) bits.push(`${e.health_plus_tokens} health +1 token(s)`);
  for (const [t, n] of Object.entries(e.tokens || {})) if (n) bits.push(`${t} ×${n}`);
  return bits.length ? `${id}: ${bits.join(", ")}` : id;
}

export function markers(S, board) {
  const out = [];
  const sec = section(S, false);
  const bySpace = {};
  for (const f of figures(S, board)) bySpace[f.id] = f.space;
  const add = (kind, space, label, title) => space && out.push({ kind, space: String(space), label: String(label), title });
  const health = (id, e) => {
    if (e.wounds) add("wound", bySpace[id], e.wounds, `${id}: ${e.wounds} wound(s)`);
    if (e.health_plus_tokens) add("plus", bySpace[id], `+${e.health_plus_tokens}`, `${id}: health +1 tokens`);
  };
  for (const [name, e] of Object.entries(S.investigators || {})) if (e) health(name, e);
  const ids = monsterIds(S);
  (S.monsters || []).forEach((m, i) => m && health(ids[i], m));
  if (S.scenario === "fevered-dreams") {
    for (const [sid, n] of Object.entries(sec[key(S, "flooded")] || {})) add("flooded", sid, n, `${n} flooded marker(s)`);
    for (const m of sec[key(S, "obscure_markers")] || []) add("obscure", m.space, "O", "obscure marker");
  }
  if (S.scenario === "expectant-terror") {
    for (const room of sec[key(S, "nest_markers")] || []) add("nest", board && spawnSpace(board, room), "N", `nest marker (room ${room})`);
    for (const [name, n] of Object.entries(sec[key(S, "infested_tokens")] || {})) {
      if (n) add("infested", bySpace[name], n, `${name}: ${n} infested token(s)`);
    }
    if (sec.nest && sec.nest.wounds) add("wound", sec.nest.space, sec.nest.wounds, `Nest: ${sec.nest.wounds} wound(s)`);
  }
  if (S.scenario === "fathoms-dark" && board) {
    for (const name of Object.keys(sec[key(S, "unbound_markers")] || {})) {
      const symbol = (sec[key(S, "objective_markers")] || {})[name];
      add("unbound", symbol && spaceOfSymbol(board, symbol, "objective_point"), "U", `unbound marker (${name})`);
    }
  }
  return out;
}

// Where a figure's entry is kept, so that taps can move it and forms change it.
export function figureEntry(S, id) {
  if (S.investigators && id in S.investigators) return S.investigators[id];
  const i = monsterIds(S).indexOf(id);
  if (i >= 0) return S.monsters[i];
  const own = SECTION_FIGURES[S.scenario];
  if (own && own.id === id) {
    const sec = section(S);
    sec[own.key] = sec[own.key] || {};
    return sec[own.key];
  }
  return null;
}

export function removeFigure(S, id) {
  if (S.investigators && id in S.investigators) {
    delete S.investigators[id];
    if (S.activation_track) S.activation_track = S.activation_track.filter((n) => n !== id);
    for (const name of ["infested_tokens", "unbound_markers", "objective_markers", "existence"]) {
      const sec = section(S, false), k = key(S, name);
      if (sec[k] && id in sec[k]) delete sec[k][id];
    }
    return true;
  }
  const i = monsterIds(S).indexOf(id);
  if (i >= 0) {
    // keep the other monsters' numbers: an entry after the removed one of the same type names its own id
    const ids = monsterIds(S);
    S.monsters.splice(i, 1);
    S.monsters.forEach((m, j) => { const old = ids[j >= i ? j + 1 : j]; if (m.type === id.split("#")[0] && j >= i) m.id = old; });
    if (!S.monsters.length) delete S.monsters;
    return true;
  }
  const own = SECTION_FIGURES[S.scenario];
  if (own && own.id === id) {
    delete section(S)[own.key];
    return true;
  }
  return false;
}

export function bump(obj, key, delta, min = 0) {
  const v = Math.max(min, (Number(obj[key]) || 0) + delta);
  if (v === 0) delete obj[key];
  else obj[key] = v;
  return v;
}

// Drop empty mappings and lists from a scenario's section, so the state file stays as short as a player's.
export function tidy(S) {
  const sec = S[S.scenario];
  if (sec && typeof sec === "object") {
    for (const [k, v] of Object.entries(sec)) {
      if (v && typeof v === "object" && !Object.keys(v).length) delete sec[k];
    }
    if (!Object.keys(sec).length) delete S[S.scenario];
  }
  for (const k of ["investigators", "options"]) if (S[k] && !Object.keys(S[k]).length) delete S[k];
  for (const e of Object.values(S.investigators || {})) {
    if (e && e.tokens && typeof e.tokens === "object" && !Object.keys(e.tokens).length) delete e.tokens;
  }
  return S;
}
