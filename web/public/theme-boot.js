/* global window, document */
// The theme this device kept (src/lib/settings/theme.ts: localStorage 'theme'), put on <html> before
// the first paint. The CSP allows no inline script, hence this file; index.html loads it, blocking,
// ahead of the styles and the app. Anything unexpected (no storage, a bad value) leaves <html> alone.
(function () {
  try {
    var theme = window.localStorage.getItem('theme');
    if (theme === 'light' || theme === 'dark' || theme === 'system') document.documentElement.setAttribute('data-theme', theme);
  } catch {
    // Storage disabled or blocked: the app's own code applies the default.
  }
})();
