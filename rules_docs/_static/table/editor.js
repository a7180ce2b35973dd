// The board editor: a player enters the printed layout — rooms and spaces, connections and their hatches, spawn
// and start spaces, the Unbound and Nest spaces, Objective Points, Dimensional Portals — and saves a board file
// the command line reads (solver.web.board_to_yaml writes it; the engine's own loader checks it on every change).
import { layout, roomOf } from "./board.js";

const EDIT_TOOLS = [
  ["space", "Add a space (tap a room)"], ["connect", "Connect two spaces"], ["hatch", "Hatch (tap both spaces)"],
  ["feature", "Feature"], ["objective", "Objective Point"], ["portal", "Portal"], ["delete", "Delete a space"],
  ["room", "Move a room (tap it, then the arrows)"],
];

export function startEditor(app) {
  const { h, dm, vocab } = app;
  const box = app.$("#dm-t-editform");
  let tool = "space", first = null;
  const sel = (id, label, items) => h("select", { id, "aria-label": label }, ...items.map((v) => h("option", { value: v }, v)));
  const toggle = h("button", { type: "button", id: "dm-t-edit-toggle" }, "Edit this board");
  const fresh = h("button", { type: "button", id: "dm-t-edit-new" }, "Start an empty board");
  const roomNo = h("input", { type: "number", min: 1, id: "dm-t-room-number", "aria-label": "room number", placeholder: "room number" });
  const roomName = h("input", { id: "dm-t-room-name", "aria-label": "room name", placeholder: "name (optional)" });
  const addRoom = h("button", { type: "button", id: "dm-t-add-room" }, "Add the room");
  const feature = sel("dm-t-edit-feature", "feature", vocab.features);
  const symbol = sel("dm-t-edit-symbol", "Objective Point symbol", vocab.objective_points);
  const colour = sel("dm-t-edit-portal", "portal colour", vocab.portals);
  const name = h("input", { id: "dm-t-board-name", "aria-label": "board name", placeholder: "board name" });
  const note = h("p", { class: "dm-t-hint", id: "dm-t-edit-status" });
  const yaml = h("textarea", { id: "dm-t-board-yaml", rows: 12, spellcheck: "false", "aria-label": "the board file" });
  const apply = h("button", { type: "button", id: "dm-t-board-apply" }, "Apply the board file");
  const tools = h("div", { class: "dm-t-toolrow", role: "radiogroup", "aria-label": "editor tool" },
    ...EDIT_TOOLS.filter(([k]) => k !== "room" || vocab.room_at).map(([k, label]) => h("label", { class: "dm-t-tool" }, h("input", { type: "radio", name: "dm-t-edit-tool",
      value: k, checked: k === tool, on: { change: () => { tool = k; first = null; } } }), label)));
  const arrow = (label, dx, dy) => h("button", { type: "button", "aria-label": `move the room ${label}`,
    on: { click: () => moveRoom(dx, dy) } }, { left: "←", right: "→", up: "↑", down: "↓" }[label]);
  const arrows = vocab.room_at
    ? h("p", { class: "dm-t-arrows" }, arrow("left", -1, 0), arrow("up", 0, -1), arrow("down", 0, 1), arrow("right", 1, 0))
    : null;
  const panel = h("div", { class: "dm-t-edit-panel", hidden: true },
    h("p", {}, roomNo, roomName, addRoom), tools, arrows, h("p", {}, feature, symbol, colour), h("p", {}, name), note);
  box.replaceChildren(h("p", {}, toggle, fresh), panel, yaml, apply);

  const data = () => app.board;
  function commit(message) {
    const text = dm.call("board_to_yaml", data());
    app.boardYaml = text;
    app.S.board = "board.yaml";
    try {
      dm.call("board", text);
      app.boardError = null;
      note.textContent = message || "The board file is accepted.";
      note.className = "dm-t-hint dm-t-ok";
    } catch (e) {
      app.boardError = e.message;
      note.textContent = `Not accepted yet: ${e.message.replace(/^.*?: /, "")}`;
      note.className = "dm-t-hint dm-t-bad";
    }
    app.lay = layout(data());
    yaml.value = text;
    app.changed();
  }
  function setEditing(on, empty = false) {
    app.editing = on;
    panel.hidden = !on;
    toggle.textContent = on ? "Stop editing" : "Edit this board";
    app.$("#dm-t-tools").hidden = on;
    if (on && app.boardYaml === null && !empty) {
      app.board = dm.call("board", dm.call("shipped_board", app.S.scenario));
      app.board.approximate = false;
      commit("Editing a copy of the shipped board.");
    }
    name.value = data().name || "";
  }
  toggle.addEventListener("click", () => setEditing(!app.editing));
  fresh.addEventListener("click", () => {
    app.board = { name: "My table", approximate: false, rooms: {}, connections: [] };
    app.S.investigators = {};
    delete app.S.monsters;
    delete app.S[app.S.scenario];
    setEditing(true, true);
    commit("An empty board: add its rooms.");
  });
  name.addEventListener("change", () => { data().name = name.value; commit(); });
  addRoom.addEventListener("click", () => {
    const n = String(Number(roomNo.value));
    if (!(Number(n) >= 1)) { note.textContent = "A room number is a whole number from 1."; return; }
    if (!data().rooms[n]) data().rooms[n] = { name: roomName.value || `Room ${n}`, spaces: { [`${n}a`]: { features: ["spawn"] } } };
    roomNo.value = "";
    roomName.value = "";
    commit(`Room ${n} added with its spawn space ${n}a.`);
  });
  apply.addEventListener("click", () => app.importBoard(yaml.value));

  function nextSpace(room) {
    const have = Object.keys(data().rooms[room].spaces);
    for (const letter of "abcdefghijklmnopqrstuvwxyz") if (!have.includes(`${room}${letter}`)) return `${room}${letter}`;
    return null;
  }
  function spec(sid) { return data().rooms[roomOf(data(), sid)].spaces[sid]; }
  function connIndex(a, b) {
    return data().connections.findIndex(([x, y]) => (x === a && y === b) || (x === b && y === a));
  }

  // Moving a room writes every room's place into the board file (`at: [column, row]`), as drawn now.
  function moveRoom(dx, dy) {
    const room = app.selectedRoom;
    if (!room || !data().rooms[room]) { note.textContent = "Tap a room first (Move a room)."; return; }
    for (const [n, c] of Object.entries(app.lay.cells || {})) if (data().rooms[n]) data().rooms[n].at = [c.col, c.row];
    const me = data().rooms[room].at, to = [me[0] + dx, me[1] + dy];
    const other = Object.keys(data().rooms).find((n) => n !== room && data().rooms[n].at
      && data().rooms[n].at[0] === to[0] && data().rooms[n].at[1] === to[1]);
    if (other) data().rooms[other].at = [...me];
    data().rooms[room].at = to;
    const minC = Math.min(...Object.values(data().rooms).map((r) => r.at[0]));
    const minR = Math.min(...Object.values(data().rooms).map((r) => r.at[1]));
    for (const r of Object.values(data().rooms)) r.at = [r.at[0] - minC, r.at[1] - minR];
    commit(`Room ${room} moved${other ? `, room ${other} in its place` : ""}.`);
  }

  const editor = {
    tapRoom(room) {
      if (tool === "room") {
        app.selectedRoom = room;
        app.redraw();
        note.textContent = `Room ${room}: move it with the arrows.`;
        return;
      }
      if (tool !== "space") return;
      const sid = nextSpace(room);
      if (sid) { data().rooms[room].spaces[sid] = { features: [] }; commit(`Space ${sid} added.`); }
    },
    tap(sid) {
      const room = roomOf(data(), sid);
      const s = spec(sid);
      switch (tool) {
        case "space":
        case "room": return editor.tapRoom(room);
        case "connect":
        case "hatch": {
          if (!first) { first = sid; app.selectedSpace = sid; app.redraw(); note.textContent = `From ${sid}: tap the other space.`; return; }
          const a = first;
          first = null;
          app.selectedSpace = null;
          if (a === sid) { commit(); return; }
          const i = connIndex(a, sid);
          if (tool === "connect") {
            if (i >= 0) data().connections.splice(i, 1); else data().connections.push([a, sid, null]);
            return commit(i >= 0 ? `${a}–${sid} disconnected.` : `${a}–${sid} connected.`);
          }
          if (i < 0) { commit(`${a} and ${sid} are not connected.`); return; }
          const order = [null, ...vocab.hatches];
          const c = data().connections[i];
          c[2] = order[(order.indexOf(c[2] || null) + 1) % order.length];
          return commit(`${a}–${sid}: ${c[2] ? `${c[2]} hatch` : "no hatch"}.`);
        }
        case "feature": {
          const f = feature.value;
          const list = s.features = s.features || [];
          if (f === "spawn") {  // exactly one spawn space a room: the tapped one
            for (const other of Object.values(data().rooms[room].spaces)) other.features = (other.features || []).filter((x) => x !== "spawn");
            s.features.push("spawn");
          } else if (list.includes(f)) s.features = list.filter((x) => x !== f);
          else list.push(f);
          return commit(`${sid}: ${s.features.join(", ") || "no features"}.`);
        }
        case "objective":
        case "portal": {
          const key = tool === "objective" ? "objective_point" : "portal";
          const value = tool === "objective" ? symbol.value : colour.value;
          for (const r of Object.values(data().rooms)) for (const o of Object.values(r.spaces)) if (o[key] === value) delete o[key];
          if (s[key] === value) delete s[key]; else s[key] = value;
          return commit();
        }
        case "delete": {
          delete data().rooms[room].spaces[sid];
          data().connections = data().connections.filter(([a, b]) => a !== sid && b !== sid);
          if (!Object.keys(data().rooms[room].spaces).length) delete data().rooms[room];
          return commit(`${sid} deleted.`);
        }
        default:
      }
    },
    refresh() { yaml.value = app.boardYaml ?? ""; },
  };
  return editor;
}
