import type { Language } from '@shared/constants';
import { i18n } from '@/i18n';

type Texts = { [key: string]: string | Texts };

/**
 * The console's texts: `locales/admin/<language>.json` for the shell and part 1's pages, and one folder per later area
 * (`locales/admin/<area>/<language>.json`, each holding `{ "admin": { "<area>": … } }`), merged here so that an area
 * brings its texts without touching another's file.
 */
const FILES = import.meta.glob<Texts>(['@/i18n/locales/admin/*.json', '@/i18n/locales/admin/*/*.json'], { eager: true, import: 'default' });

function merge(into: Texts, from: Texts): Texts {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    if (typeof value === 'object' && typeof existing === 'object') merge(existing, value);
    else if (existing !== undefined) throw new Error(`The console text ${key} is written twice`);
    else into[key] = typeof value === 'object' ? merge({}, value) : value;
  }
  return into;
}

/** Every language's console texts, merged from the shell's file and each area's. */
export function adminTexts(): Record<Language, Texts> {
  const texts: Record<Language, Texts> = { en: {}, es: {}, fr: {}, ar: {} };
  for (const [file, content] of Object.entries(FILES)) {
    const language = /([a-z]{2})\.json$/.exec(file)![1] as Language;
    if (!(language in texts)) throw new Error(`${file} is not a console language`);
    merge(texts[language], content);
  }
  return texts;
}

/**
 * The console's texts come with its code, every language at once: only admins load them, so the customers' page
 * texts stay small, and a language chosen in the console applies at once without a loader of its own in the home
 * bundle (which has no room for one).
 */
export function addAdminTexts() {
  for (const [language, texts] of Object.entries(adminTexts())) i18n.addResourceBundle(language, 'translation', texts, true, true);
}
