// The site's storage policy: every visit opens the notebooks as the site ships them.
// JupyterLite keeps a student's changes to a notebook in the browser (IndexedDB), and
// that copy would hide every later version of the site. Before the app starts, this
// module forgets the browser's copies of the notebooks the site ships (their paths are
// written in by lite/build.py); a copy saved under another name stays. It also asks the
// host whether the notebook the address opens (`?path=02-stunsa.ipynb`) and the listings
// of the top folder and of that notebook's folder have changed (the browser's HTTP cache
// could otherwise serve old ones for as long as it deems them fresh); the other shipped
// notebooks are not fetched at all, so a visit costs one notebook, not all of them.
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

try {
  await Promise.all([forgetShippedCopies(), revalidate()]);
} catch (error) {
  console.warn("could not forget the stored copies of the site's notebooks", error);
}
