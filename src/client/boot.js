// Runs before the first paint: applies the saved theme, language and text direction so nothing flashes. The build
// writes it into index.html (vite.config.ts); the server allows it by its hash in the CSP.
(function () {
  var root = document.documentElement;
  var theme = 'system';
  var language = 'en';
  var stored = false;
  try {
    theme = localStorage.getItem('theme') || 'system';
    language = localStorage.getItem('language') || 'en';
    stored = true;
  } catch (e) {}
  if (['en', 'es', 'fr', 'ar'].indexOf(language) < 0) language = 'en';
  var dark = theme === 'dark' || (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  root.lang = language;
  root.dir = language === 'ar' ? 'rtl' : 'ltr';
  // The server answers the next page in the saved language and theme from cookies that mirror the storage (ADR 015).
  if (stored) {
    var secure = location.protocol === 'https:' ? '; Secure' : '';
    [
      ['language', localStorage.getItem('language')],
      ['theme', localStorage.getItem('theme')],
    ].forEach(function (entry) {
      var current = (document.cookie.match(new RegExp('(?:^|; )' + entry[0] + '=([^;]*)')) || [])[1];
      if (entry[1] === null && current === undefined) return;
      if (entry[1] !== null && current === encodeURIComponent(entry[1])) return;
      var lifetime = entry[1] === null ? 'Max-Age=0' : 'Max-Age=31536000';
      document.cookie = entry[0] + '=' + encodeURIComponent(entry[1] || '') + '; Path=/; ' + lifetime + '; SameSite=Lax' + secure;
    });
  }
  // The splash lifts 1.5 s after navigation started (docs/product.md §2), the app's code loaded or not, when the page
  // under it is the pre-rendered one the app takes over as it is (main.tsx: same language and theme, no query, no
  // session mark): a slow network never keeps a page the customer can read behind it (ADR 066). Any other page is
  // the app's own render, and main.tsx lifts the splash once it is there.
  setTimeout(
    function () {
      var splash = document.getElementById('splash');
      var page = document.getElementById('root');
      if (!splash || !page || !page.firstElementChild) return;
      if (page.getAttribute('data-language') !== language) return;
      if (page.getAttribute('data-theme') !== (dark ? 'dark' : 'light')) return;
      if (location.search !== '' || /(?:^|; )globaltopup\.signed_in=/.test(document.cookie)) return;
      splash.classList.add('splash-hidden');
    },
    Math.max(0, 1500 - performance.now()),
  );
  var labels = { en: 'Loading…', es: 'Cargando…', fr: 'Chargement…', ar: 'جارٍ التحميل…' };
  document.addEventListener('DOMContentLoaded', function () {
    var label = document.getElementById('splash-label');
    if (label) label.textContent = labels[language];
  });
})();
