// The site's storage policy: every visit opens the notebooks as the site ships them.
// JupyterLite keeps a student's changes to a notebook in the browser (IndexedDB), and
// that copy would hide every later version of the site. Before the app starts, this
// module forgets the browser's copies of the notebooks the site ships (their paths are
// written in by lite/build.py); a copy saved under another name stays. It also asks the
// host whether the notebook the address opens (`?path=02-stunsa.ipynb`) and the listings
// of the top folder and of that notebook's folder have changed (the browser's HTTP cache
// could otherwise serve old ones for as long as it deems them fresh); the other shipped
// notebooks are not fetched at all, so a visit costs one notebook, not all of them.
// Last, it mends "Save Notebook As" (below).
const STORAGE = "@STORAGE@";
const SHIPPED = new Set(@SHIPPED@);

function open() {
  return new Promise((resolve) => {
    const request = indexedDB.open(STORAGE);
    // no storage yet (a first visit): create nothing, leave that to JupyterLite
    request.onupgradeneeded = () => request.transaction.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
}

async function forgetShippedCopies() {
  const db = await open();
  if (db === null) return;
  const stores = ["files", "checkpoints"].filter((name) => db.objectStoreNames.contains(name));
  if (stores.length) {
    const transaction = db.transaction(stores, "readwrite");
    for (const name of stores) {
      const store = transaction.objectStore(name);
      store.getAllKeys().onsuccess = (event) => {
        for (const key of event.target.result) if (SHIPPED.has(key)) store.delete(key);
      };
    }
    await new Promise((resolve) => { transaction.oncomplete = transaction.onerror = resolve; });
  }
  db.close();
}

function revalidate() {
  const path = new URLSearchParams(location.search).get("path");
  const opened = SHIPPED.has(path) ? [path] : [];
  const folders = new Set(["", ...opened.map((p) => p.split("/").slice(0, -1).join("/"))]);
  const urls = [...[...folders].map((f) => `api/contents/${f ? f + "/" : ""}all.json`),
                ...opened.map((p) => `files/${p}`)];
  return Promise.all(urls.map((url) => fetch(new URL(url, import.meta.url), { cache: "no-cache" })
    .then((response) => response.arrayBuffer()).catch(() => null)));
}

// JupyterLite 0.7's browser storage answers a request for a file it does not hold with an
// error that carries no HTTP status (fixed in 0.8: jupyterlite/jupyterlite#1898), and
// JupyterLab's "Save Notebook As" goes on only when the new name answers 404: it stopped
// without a word. The app (exposed as `window.jupyterapp` by the site's settings, written
// by lite/build.py) gets a contents manager whose "not found" errors answer 404.
const NOT_FOUND = /^Could not find content with path /;

function answerNotFound(app) {
  const contents = app.serviceManager.contents;
  const get = contents.get.bind(contents);
  contents.get = async (path, options) => {
    try {
      return await get(path, options);
    } catch (error) {
      if (!error.response && NOT_FOUND.test(error.message)) error.response = { status: 404 };
      throw error;
    }
  };
}

Object.defineProperty(window, "jupyterapp", {
  configurable: true,
  set(app) {
    Object.defineProperty(window, "jupyterapp", { value: app, writable: true, configurable: true });
    answerNotFound(app);
  },
});

try {
  await Promise.all([forgetShippedCopies(), revalidate()]);
} catch (error) {
  console.warn("could not forget the stored copies of the site's notebooks", error);
}
