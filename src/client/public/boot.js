// Runs before the first paint: applies the saved theme, language and text direction so nothing flashes.
(function () {
  var root = document.documentElement;
  var theme = 'system';
  var language = 'en';
  try {
    theme = localStorage.getItem('theme') || 'system';
    language = localStorage.getItem('language') || 'en';
  } catch (e) {}
  if (['en', 'es', 'fr', 'ar'].indexOf(language) < 0) language = 'en';
  var dark = theme === 'dark' || (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  root.lang = language;
  root.dir = language === 'ar' ? 'rtl' : 'ltr';
  var labels = { en: 'Loading…', es: 'Cargando…', fr: 'Chargement…', ar: 'جارٍ التحميل…' };
  document.addEventListener('DOMContentLoaded', function () {
    var label = document.getElementById('splash-label');
    if (label) label.textContent = labels[language];
  });
})();
