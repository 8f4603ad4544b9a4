import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../constants';
import { API_MESSAGE_TEXTS_EN } from './message-texts';
import { API_MESSAGE_KEYS, MESSAGE_BY_PASSED_ON_CODE, messageForPassedOnCode } from './messages';

const TRANSLATED_LANGUAGES = SUPPORTED_LANGUAGES.filter((language) => language !== 'en');
const pagesDir = path.join(import.meta.dirname, '../../client/i18n/locales/pages');
const pageTexts = (language: string): unknown => JSON.parse(readFileSync(path.join(pagesDir, `${language}.json`), 'utf8'));

function textAt(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), tree);
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('messages the API sends', () => {
  it('every key the server can send has its English text here, in src/shared, and only here', () => {
    const missing = API_MESSAGE_KEYS.filter((key) => !API_MESSAGE_TEXTS_EN[key]?.trim());
    expect(missing).toEqual([]);
    const english = pageTexts('en');
    expect(API_MESSAGE_KEYS.filter((key) => textAt(english, key) !== undefined)).toEqual([]);
  });

  it.each(TRANSLATED_LANGUAGES)('every key the server can send has a text in %s, with the placeholders of the English', (language) => {
    const texts = pageTexts(language);
    const missing = API_MESSAGE_KEYS.filter((key) => {
      const text = textAt(texts, key);
      return typeof text !== 'string' || text.trim() === '' || placeholders(text).join() !== placeholders(API_MESSAGE_TEXTS_EN[key]).join();
    });
    expect(missing).toEqual([]);
  });

  it('the values given with a passed-on code fill every placeholder of its English text', () => {
    for (const [code, { key, params }] of Object.entries(MESSAGE_BY_PASSED_ON_CODE)) {
      expect(placeholders(API_MESSAGE_TEXTS_EN[key]), code).toEqual(Object.keys(params ?? {}).sort());
    }
  });

  it('a code that is not passed on, or names a property of every object, has no message', () => {
    expect(messageForPassedOnCode('COULD_NOT_AUTO_DETECT_OPERATOR')).toEqual({ key: 'apiErrors.operatorNotDetected' });
    expect(messageForPassedOnCode('SOMETHING_NEW')).toBeUndefined();
    expect(messageForPassedOnCode('constructor')).toBeUndefined();
    expect(messageForPassedOnCode(undefined)).toBeUndefined();
  });
});
