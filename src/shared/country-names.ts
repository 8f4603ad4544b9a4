import type { Language } from './constants';

const regionNames = new Map<Language, Intl.DisplayNames | null>();

/** A country's name in the interface language; English, and codes Intl does not know, keep the server's name. */
export function countryNameIn(code: string, englishName: string, language: Language): string {
  if (language === 'en' || !code) return englishName;
  if (!regionNames.has(language)) {
    try {
      regionNames.set(language, new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }));
    } catch {
      regionNames.set(language, null);
    }
  }
  try {
    return regionNames.get(language)?.of(code.toUpperCase()) ?? englishName;
  } catch {
    return englishName;
  }
}
