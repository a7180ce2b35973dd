// The Table page: the solver in the browser. Pyodide (copied from node_modules at build time) runs our package,
// unpacked from deepmadness.zip; every answer comes from the command line's own entry (solver.web, a bridge to
// solver.cli.main), so the browser prints exactly what `deepmadness QUESTION STATE.yaml --json` prints.
// For scripts and tests: window.deepmadness.ready (a promise) and
//   await window.deepmadness.answer(question, stateYaml, args[, boardYaml])  -> the JSON, parsed
// where args is the command line's words after the state file (["--from", "5a", ...]) or {param: value, options: {...}}.

const root = document.getElementById("dm-table");
const base = new URL(root ? root.dataset.base : "_static/table/", document.baseURI);

class CommandError extends Error {
  constructor(message, status) { super(message); this.name = "CommandError"; this.status = status; }
}

let bridge = null;

async function start() {
  const t0 = performance.now();
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
  const [py, zip] = await Promise.all([
    loadPyodide({ indexURL: new URL("pyodide/", base).href, stdout: () => {}, stderr: () => {} }),
    fetch(new URL("deepmadness.zip", base)).then((r) => {
      if (!r.ok) throw new Error(`deepmadness.zip: ${r.status}`);
      return r.arrayBuffer();
    }),
  ]);
  const t1 = performance.now();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/deepmadness" });
  py.runPython(`
import sys
sys.path.insert(0, "/home/pyodide/deepmadness")
import solver.cli, solver.web
`);
  bridge = py.globals.get("solver").web.call;
  const t2 = performance.now();
  window.deepmadness.startup_ms = t2 - t0;
  window.deepmadness.timings = { runtime_ms: t1 - t0, import_ms: t2 - t1 };
  return true;
}

// One call into the bridge: its JSON reply, or a CommandError with the command line's message.
function call(name, ...args) {
  if (!bridge) throw new Error("the solver is still loading: await window.deepmadness.ready");
  const reply = JSON.parse(bridge(name, JSON.stringify(args)));
  if ("error" in reply) throw new CommandError(reply.error, reply.status);
  return reply.ok;
}

// merged into what the site's other scripts put there (the ask box's askRules, the search's searchRules)
window.deepmadness = Object.assign(window.deepmadness || {}, {
  CommandError,
  call,
  async answer(question, stateYaml, args = [], boardYaml = null) {
    await window.deepmadness.ready;
    return JSON.parse(call("answer", question, stateYaml, args, boardYaml));
  },
  async check(stateYaml, boardYaml = null) {
    await window.deepmadness.ready;
    return call("check", stateYaml, boardYaml);
  },
});
window.deepmadness.ready = start();

if (root) {
  const failed = (e) => {
    const p = document.createElement("p");
    p.className = "dm-t-status dm-t-bad";
    p.textContent = `The solver could not start (${e && e.message ? e.message : e}). The page needs to be served over `
      + "http, not opened as a file: python3 -m http.server -d _build/html, then open http://localhost:8000/table.html.";
    root.replaceChildren(p);
  };
  window.deepmadness.ready.catch(failed);
  import(new URL("app.js", base).href).then((m) => m.startApp(root, base, window.deepmadness)).catch(failed);
}
