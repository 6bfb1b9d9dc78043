/*
 * Atelier's service worker, served at the site root as /sw.js (spec §2: push messages).
 * A push with a page in view is handed to the page (it shows the in-app notice of spec §9);
 * with no page in view it becomes a system notification that opens its link on click.
 * Links are limited to http(s) so a push can never open a script URL.
 */
const SOURCE = 'atelier-push';

self.addEventListener('install', (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

const safeLink = (link) => {
  try {
    const url = new URL(typeof link === 'string' ? link : '/', self.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
};

self.addEventListener('push', (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  if (payload === null || typeof payload !== 'object') return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const visible = windows.filter((c) => c.visibilityState === 'visible');
      if (visible.length > 0) {
        for (const client of visible) client.postMessage({ source: SOURCE, payload });
        return;
      }
      const title = typeof payload.title === 'string' ? payload.title : 'Atelier';
      const body = typeof payload.body === 'string' ? payload.body : '';
      await self.registration.showNotification(title, { body, data: { link: safeLink(payload.link) } });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data;
  event.waitUntil(self.clients.openWindow(safeLink(data && data.link)));
});
