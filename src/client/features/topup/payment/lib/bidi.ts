import { RTL_LANGUAGES, type Language } from '@shared/constants';

/**
 * In a right-to-left language, keeps a left-to-right run (an amount, a card number) whole and in order inside a
 * sentence: Arabic text otherwise shows "$10.63" as "10.63$".
 */
export function keepLeftToRight(text: string, language: Language): string {
  return RTL_LANGUAGES.includes(language) ? `\u2066${text}\u2069` : text;
}
