// The one place that talks to the Rust side. Every call returns a promise; a refused call
// rejects with the error as data, {code, params, message}, for errors.js to word.

function tauri() {
  const api = window.__TAURI__;
  if (!api) {
    throw new Error("Okey must run inside the app: the Tauri API is missing.");
  }
  return api;
}

export function invoke(command, args = {}) {
  return tauri().core.invoke(command, args);
}

// Bot moves arrive as "table" events, one per move, each with the player's whole view and
// the game it is for, `variant`: "duz" or "101".
export function onTableUpdate(handler) {
  return tauri().event.listen("table", (event) => handler(event.payload));
}

export async function appVersion() {
  const app = tauri().app;
  const [name, version] = await Promise.all([app.getName(), app.getVersion()]);
  return `${name} ${version}`;
}

// A bot move that could not be saved stops the bots; the reason comes as an error's data.
export function onTableError(handler) {
  return tauri().event.listen("table-error", (event) => handler(event.payload));
}
