import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@shared/constants';

const localesDir = path.join(import.meta.dirname, 'locales');
const PARTS = { core: '', pages: 'pages' } as const;

type Tree = { [key: string]: string | Tree };
const read = (part: string, language: string): Tree => JSON.parse(readFileSync(path.join(localesDir, part, `${language}.json`), 'utf8'));
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[prefix + key, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Values that are the same in every language: names and codes, not sentences. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'brand.name',
  'language.en',
  'language.es',
  'language.fr',
  'language.ar',
  'contact.email',
  ...['visa', 'mastercard', 'amex', 'discover', 'cashapp', 'googlepay', 'amazonpay'].map((p) => `footer.payments.${p}`),
]);
/** Words that happen to be spelled the same as in English in that language. */
const SAME_WORD_IN = {
  es: new Set(['notFound.code']),
  fr: new Set(['nav.transactions', 'footer.contact', 'common.notifications', 'mobileMenu.title']),
  ar: new Set(),
};

describe.each(Object.entries(PARTS))('%s translations', (_part, dir) => {
  const english = flatten(read(dir, 'en'));

  it('exist for every supported language and nothing else', () => {
    const files = readdirSync(path.join(localesDir, dir)).filter((file) => file.endsWith('.json'));
    expect(files.map((file) => file.replace('.json', '')).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it.each(SUPPORTED_LANGUAGES.filter((language) => language !== 'en'))('%s has every key of English, and only those', (language) => {
    const translated = flatten(read(dir, language));
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(SUPPORTED_LANGUAGES.filter((language) => language !== 'en'))('%s translates every text and keeps its placeholders', (language) => {
    const translated = flatten(read(dir, language));
    for (const [key, text] of Object.entries(translated)) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english[key] ?? ''));
      const allowedSame = SAME_IN_EVERY_LANGUAGE.has(key) || SAME_WORD_IN[language as keyof typeof SAME_WORD_IN].has(key);
      if (!allowedSame) expect(text, `${language} ${key} is still English`).not.toBe(english[key]);
    }
  });
});
