import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_MESSAGE_TEXTS_EN } from '../shared/api/message-texts';
import { isApiMessageKey } from '../shared/api/messages';
import { SUPPORTED_LANGUAGES } from '../shared/constants';

/** The browser's texts are read as files: the server never imports them. */
const localesDir = path.join(import.meta.dirname, '../client/i18n/locales');
const TRANSLATED_LANGUAGES = SUPPORTED_LANGUAGES.filter((language) => language !== 'en');

type Tree = { [key: string]: string | Tree };
const texts = (language: string): Tree[] =>
  [path.join(localesDir, `${language}.json`), path.join(localesDir, 'pages', `${language}.json`)].map((file) =>
    JSON.parse(readFileSync(file, 'utf8')),
  );
const textAt = (trees: Tree[], key: string): unknown =>
  trees
    .map((tree) =>
      key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Tree)[part] : undefined), tree),
    )
    .find((text) => text !== undefined);

/** The server's own code: what it sends, not its tests and their helpers. */
function productionSources(): Array<{ file: string; text: string }> {
  const dir = import.meta.dirname;
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.split(path.sep).includes('testing'))
    .map((file) => ({ file, text: readFileSync(path.join(dir, file), 'utf8') }));
}

/**
 * Every string literal in the server's code that names a translation key: its first part is a section of the browser's
 * texts (apiErrors, validation, phone…), so a key sent by a refusal cannot hide from the checks below.
 */
function messageKeysInServerCode(): Map<string, string> {
  const sections = new Set(texts('es').flatMap((tree) => Object.keys(tree)));
  const keys = new Map<string, string>();
  for (const { file, text } of productionSources()) {
    for (const [, key] of text.matchAll(/'([a-z][A-Za-z]*(?:\.\w+)+)'/g)) {
      if (sections.has(key!.split('.')[0]!)) keys.set(key!, file);
    }
  }
  return keys;
}

describe('message keys the server sends', () => {
  const keys = messageKeysInServerCode();

  it('are found in the code that throws them', () => {
    expect(keys.get('apiErrors.dailyLimitReached')).toBe(path.join('orders', 'limits.ts'));
    expect(keys.get('apiErrors.tooManySignInAttempts')).toBe(path.join('auth', 'sign-in-throttle.ts'));
    expect(keys.get('apiErrors.secondFactorRequired')).toBe(path.join('auth', 'guards.ts'));
    expect(keys.size).toBeGreaterThan(30);
  });

  it('are each listed in API_MESSAGE_KEYS, with an English text in src/shared and a text in every other language', () => {
    const translations = TRANSLATED_LANGUAGES.map((language) => [language, texts(language)] as const);
    const problems = [...keys].flatMap(([key, file]) => {
      if (!isApiMessageKey(key)) return [`${key} (${file}) is not in API_MESSAGE_KEYS`];
      const missing = [
        ...(API_MESSAGE_TEXTS_EN[key]?.trim() ? [] : ['en']),
        ...translations
          .filter(([, trees]) => {
            const text = textAt(trees, key);
            return typeof text !== 'string' || text.trim() === '';
          })
          .map(([language]) => language),
      ];
      return missing.length ? [`${key} (${file}) has no text in ${missing.join(', ')}`] : [];
    });
    expect(problems).toEqual([]);
  });
});
