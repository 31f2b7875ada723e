/* global self, caches, Request, Response, BUILD, SHELL */
// The app's service worker, served as /sw.js. The build (web/scripts/service-worker.ts) puts two
// constants in front of this file: BUILD, a hash of every file it lists, and SHELL, those files —
// index.html, the hashed /assets/ and the public files. It never answers /api: no user's data is kept
// here (the changes made offline wait in the page's own queue, src/lib/offline/).

const CACHE_PREFIX = 'tracker-shell-';
const CACHE = `${CACHE_PREFIX}${BUILD}`;
const SHELL_PAGE = '/index.html';
const shellPaths = new Set(SHELL);

self.addEventListener('install', (event) => {
  // A fresh copy of index.html (the HTTP cache may hold an older one); hashed files can come from it.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.all([cache.add(new Request(SHELL_PAGE, { cache: 'reload' })), cache.addAll(SHELL.filter((path) => path !== SHELL_PAGE))]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // Builds before this one: their files are gone from the server and their caches from here.
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)))),
  );
});

const fromShell = async (path) => (await caches.open(CACHE)).match(path);

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // The network first, so a deploy shows at once; offline, the shell, and the app routes on the client.
    event.respondWith(fetch(request).catch(async () => (await fromShell(SHELL_PAGE)) ?? Response.error()));
    return;
  }
  if (!shellPaths.has(url.pathname)) return;
  // Hashed files never change under their name; the public ones change with the build, and so does this cache.
  event.respondWith(fromShell(url.pathname).then((cached) => cached ?? fetch(request)));
});

// A reminder (src/lib/reminders/) carries the path of its item: a click focuses a window of the app
// and takes it there, or opens one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = typeof event.notification.data?.path === 'string' && event.notification.data.path.startsWith('/') ? event.notification.data.path : '/dashboard';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(target);
      const focused = await open.focus();
      return focused.navigate ? focused.navigate(target) : undefined;
    }),
  );
});
