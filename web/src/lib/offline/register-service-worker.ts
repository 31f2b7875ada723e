/**
 * Registers /sw.js (the shell offline) once the page has loaded, so it never competes with the first
 * screen. Only in a build: the dev server has no /sw.js. A browser without service workers, or one
 * that refuses it (private windows, storage blocked), goes on as a plain web page.
 */
export const registerServiceWorker = (): void => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('Service worker not registered', error));
  });
};
