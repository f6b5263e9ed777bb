// Entry module of the front-end. For now it only shows the app's version, read from Tauri
// so the page never repeats a number that the config already holds.

const versionLine = document.getElementById("version");

async function showVersion() {
  // Opened outside the app (a plain browser), there is no Tauri API and nothing to show.
  const app = window.__TAURI__?.app;
  if (!app || !versionLine) {
    return;
  }
  try {
    const [name, version] = await Promise.all([app.getName(), app.getVersion()]);
    versionLine.textContent = `${name} ${version}`;
    versionLine.hidden = false;
  } catch (error) {
    // The version line is a courtesy; the page stays useful without it.
    console.warn("could not read the app version", error);
  }
}

showVersion();
