import pages, { type TextTree } from '@/i18n/locales/pages/en';

/** The English page text of a translation key, for tests that look for the exact words of docs/product.md. */
export function englishText(key: string): string {
  const text = key.split('.').reduce<string | TextTree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), pages);
  if (typeof text !== 'string') throw new Error(`No English text for ${key}`);
  return text;
}
