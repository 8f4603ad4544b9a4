import pages from '@/i18n/locales/pages/en.json';

type Tree = { [key: string]: string | Tree };

/** The English page text of a translation key, for tests that look for the exact words of docs/product.md. */
export function englishText(key: string): string {
  const text = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), pages as Tree);
  if (typeof text !== 'string') throw new Error(`No English text for ${key}`);
  return text;
}
