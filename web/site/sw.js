// The site's service worker: the page, its module and the library's WebAssembly kept in the
// browser, so that after the first visit the site opens and answers with the network gone.
// Asked for fresh first (a new build is seen at once when online), each file falls back to the
// copy kept at the last visit. The files the library builds (tables, pattern databases) are
// kept apart, by the module's worker (pkg/worker.js).
const SHELL = "tilebase-site-v1";
const FILES = [
  "./",
  "index.html",
  "app.js",
  "app.css",
  "manifest.webmanifest",
  "icon.svg",
  "pkg/tilebase.js",
  "pkg/calls.js",
  "pkg/worker.js",
  "pkg/tilebase_wasm.js",
  "pkg/tilebase_wasm_bg.wasm",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(SHELL);
      try {
        const response = await fetch(request);
        if (response.ok) {
          // The address's question (?state=...) is the page's: one copy of the page is kept.
          const key = new URL(request.url);
          key.search = "";
          await cache.put(key.href, response.clone());
        }
        return response;
      } catch (offline) {
        const kept = await cache.match(request, { ignoreSearch: true });
        if (kept) return kept;
        throw offline;
      }
    })(),
  );
});
