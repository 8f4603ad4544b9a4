/**
 * Writes the public pages' HTML at build time (ADR 016): each route of PRERENDERED_PAGES in every language and theme,
 * rendered by the server build of the client (dist/prerender, from src/client/entry-server.tsx) into the built
 * index.html, so the first paint shows the page before any JavaScript has run. The browser then hydrates it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RTL_LANGUAGES, SUPPORTED_LANGUAGES, type Language } from '../src/shared/constants';
import { PRERENDERED_PAGES, PRERENDERED_THEMES, prerenderedFile } from '../src/shared/routes';

const projectRoot = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(projectRoot, 'dist/client');
/** The splash's label, as boot.js would write it (it still does for the pages that are not pre-rendered). */
const LOADING_LABELS: Record<Language, string> = { en: 'Loading…', es: 'Cargando…', fr: 'Chargement…', ar: 'جارٍ التحميل…' };

type Render = (pathname: string, language: Language, theme: 'light' | 'dark') => Promise<string>;
const { renderPage } = (await import(pathToFileURL(path.join(projectRoot, 'dist/prerender/entry-server.js')).href)) as { renderPage: Render };
/**
 * The stylesheet goes into the pre-rendered pages themselves: the first paint then waits for no other request (the
 * pages not pre-rendered keep linking it, and it stays in /assets for them).
 */
function withInlineStylesheet(html: string): string {
  const link = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(html);
  if (!link) throw new Error('index.html no longer links its stylesheet');
  const css = readFileSync(path.join(clientDir, link[1]!), 'utf8');
  return html.replace(link[0], () => `<style data-href="${link[1]}">${css}</style>`);
}

const template = withInlineStylesheet(readFileSync(path.join(clientDir, 'index.html'), 'utf8'));

function fill(markup: string, language: Language, theme: 'light' | 'dark'): string {
  const replaced = (html: string, search: string, replacement: string) => {
    if (!html.includes(search)) throw new Error(`index.html no longer contains ${search}`);
    return html.replace(search, () => replacement);
  };
  let html = replaced(
    template,
    '<html lang="en" dir="ltr">',
    `<html lang="${language}" dir="${RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr'}"${theme === 'dark' ? ' class="dark"' : ''}>`,
  );
  html = replaced(
    html,
    '<span class="splash-label" id="splash-label">Loading…</span>',
    `<span class="splash-label" id="splash-label">${LOADING_LABELS[language]}</span>`,
  );
  return replaced(html, '<div id="root"></div>', `<div id="root" data-language="${language}" data-theme="${theme}">${markup}</div>`);
}

const started = performance.now();
let count = 0;
for (const language of SUPPORTED_LANGUAGES) {
  for (const theme of PRERENDERED_THEMES) {
    for (const page of PRERENDERED_PAGES) {
      const file = path.join(clientDir, prerenderedFile(page.name, language, theme));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, fill(await renderPage(page.path, language, theme), language, theme));
      count += 1;
    }
  }
}
console.log(
  `Pre-rendered ${count} pages (${PRERENDERED_PAGES.length} routes × ${SUPPORTED_LANGUAGES.length} languages × ${PRERENDERED_THEMES.length} themes) in ${Math.round(performance.now() - started)} ms`,
);
