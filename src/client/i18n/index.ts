import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, RTL_LANGUAGES, SUPPORTED_LANGUAGES, type Language } from '@shared/constants';
import { rememberPreference, storedPreference } from '@/lib/storage/preferences';
import en from './locales/en.json';

/**
 * Texts come in two parts per language: `locales/<lang>.json` (header and home: everything the first screen shows)
 * and `locales/pages/<lang>.json` (the footer and the phone menu, which load after the first paint, and the other
 * pages). English core ships with the first bundle; everything else loads on demand, into the one default namespace,
 * so every key reads the same with t('section.key'). English pages add the API's messages (locales/pages/en.ts).
 */
type Bundle = Record<string, unknown>;
type Part = 'core' | 'pages';

const loaders: Record<Part, Record<Language, () => Promise<{ default: Bundle }>>> = {
  core: {
    en: async () => ({ default: en }),
    es: () => import('./locales/es.json'),
    fr: () => import('./locales/fr.json'),
    ar: () => import('./locales/ar.json'),
  },
  pages: {
    en: () => import('./locales/pages/en'),
    es: () => import('./locales/pages/es.json'),
    fr: () => import('./locales/pages/fr.json'),
    ar: () => import('./locales/pages/ar.json'),
  },
};

const loaded = new Set<string>(['en:core']);
let pagesWanted = false;

async function load(language: Language, part: Part) {
  const id = `${language}:${part}`;
  if (loaded.has(id)) return;
  const bundle = await loaders[part][language]();
  i18n.addResourceBundle(language, 'translation', bundle.default, true, true);
  loaded.add(id);
}

async function loadFor(language: Language) {
  const parts: Part[] = pagesWanted ? ['core', 'pages'] : ['core'];
  await Promise.all(parts.map((part) => load(language, part)));
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const saved = storedPreference('language');
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

/** The page's language and direction (`lang`, `dir` on `<html>`), which the right-to-left layout follows. */
export function applyToDocument(language: Language) {
  // Pre-rendering (entry-server.tsx) has no document: the page's <html> carries the language there.
  if (typeof document === 'undefined') return;
  // Written only when they change: writing either, even unchanged, makes the browser restyle the whole page (ADR 043).
  const root = document.documentElement;
  if (root.lang !== language) root.lang = language;
  if (root.dir !== directionOf(language)) root.dir = directionOf(language);
}

/** Loads the texts of the pages beyond home; called before such a page first renders. */
export async function loadPageTexts() {
  pagesWanted = true;
  await loadFor(currentLanguage());
}

/** Switches the interface language, mirrors the layout for right-to-left languages and remembers the choice. */
export async function changeLanguage(language: Language) {
  await loadFor(language);
  await i18n.changeLanguage(language);
  applyToDocument(language);
  rememberPreference('language', language);
}

/** `withPageTexts` loads the page texts along with the core ones (a pre-rendered page shows both from the start). */
export async function initI18n(language: Language = storedLanguage(), { withPageTexts = false } = {}) {
  if (withPageTexts) pagesWanted = true;
  await i18n.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    // A part of the texts arriving re-renders what reads them, so nothing keeps a key it showed while they loaded.
    react: { bindI18nStore: 'added' },
  });
  if (language !== DEFAULT_LANGUAGE) {
    await changeLanguage(language);
  } else {
    await loadFor(language);
    applyToDocument(language);
  }
  return i18n;
}

export { i18n };
