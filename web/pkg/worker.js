// The module's Web Worker: the answers are made here, off the page's thread, so that the page
// never freezes and stopping a search is ending this worker. The files the library builds
// (tables, pattern databases) are kept in the Cache API and given back on the next start:
// checked whole first, a damaged one is deleted and built again, never answered from.
import initWasm, * as wasm from "./tilebase_wasm.js";
import { calls } from "./calls.js";

const STORE = "tilebase-files-v1";

// How the library's builds and searches go, told by the module while it works (its one thread
// is theirs, so the page cannot ask): passed on to the page.
globalThis.tilebaseBuilding = (what, done, total) =>
  postMessage({ progress: { kind: "build", what, done, total } });
globalThis.tilebaseSearching = (bound, nodes) =>
  postMessage({ progress: { kind: "search", bound, nodes } });
const api = calls(wasm);

/** Where a kept file lives in the cache: a name under this worker's folder, never fetched. */
const keyOf = (name) => new URL(`files/${name}`, self.location.href).href;

async function restore() {
  if (!self.caches) return;
  const cache = await caches.open(STORE);
  for (const request of await cache.keys()) {
    const name = new URL(request.url).pathname.split("/").pop();
    const response = await cache.match(request);
    try {
      wasm.addFile(name, new Uint8Array(await response.arrayBuffer()));
    } catch (refused) {
      // Damaged (or of an older format): forgotten, and built again when it is needed.
      await cache.delete(request);
      postMessage({ note: `${refused.message ?? refused}: built again when needed` });
    }
  }
}

/** Keeps the files built since `before` in the cache, for the next visit. */
async function keep(before) {
  if (!self.caches) return;
  const built = wasm.fileNames().filter((name) => !before.has(name));
  if (built.length === 0) return;
  const cache = await caches.open(STORE);
  for (const name of built) {
    const bytes = wasm.file(name);
    if (bytes) await cache.put(keyOf(name), new Response(bytes));
  }
}

const ready = initWasm().then(restore);
ready.then(
  () => postMessage({ id: 0, value: true }),
  (failed) => postMessage({ id: 0, error: String(failed?.message ?? failed) }),
);

self.onmessage = async ({ data }) => {
  await ready;
  const { id, name, args } = data;
  const before = new Set(wasm.fileNames());
  let answer;
  try {
    if (!Object.hasOwn(api, name)) throw new Error(`${name}: not a call of the module`);
    answer = { id, value: api[name](...args) };
  } catch (refused) {
    answer = { id, error: String(refused?.message ?? refused) };
  }
  // The files built for this answer are kept before it is given: a page closed as soon as it
  // has its answer has kept them for the next visit.
  await keep(before).catch(() => {});
  postMessage(answer);
};
