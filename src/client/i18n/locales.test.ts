import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAILURE_REASON_KEYS, failureReasonKey } from '@shared/api/failure-reasons';
import { API_MESSAGE_TEXTS_EN } from '@shared/api/message-texts';
import { SUPPORTED_LANGUAGES } from '@shared/constants';
import englishPages, { withTexts } from './locales/pages/en';

const localesDir = path.join(import.meta.dirname, 'locales');
const PARTS = { core: '', pages: 'pages', admin: 'admin' } as const;

type Tree = { [key: string]: string | Tree };
const read = (part: string, language: string): Tree => JSON.parse(readFileSync(path.join(localesDir, part, `${language}.json`), 'utf8'));
/** English as the browser loads it: its pages hold the API's messages too, whose English is written in src/shared. */
const readEnglish = (part: string): Tree => (part === PARTS.pages ? englishPages : read(part, 'en'));
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
  ...['visa', 'mastercard', 'amex', 'discover', 'cashapp', 'googlepay', 'applepay', 'amazonpay'].map((p) => `footer.payments.${p}`),
  'admin.common.none',
  'admin.provider.stripe',
  'admin.customer.method.google',
  // A card as printed: its brand's name and last four digits.
  'payment.savedCards.card',
]);
/** Words that happen to be spelled the same as in English in that language. */
const SAME_WORD_IN = {
  es: new Set(['notFound.code', 'admin.common.no', 'admin.order.plan', 'topup.amount.total', 'topup.operator.groups.pin']),
  fr: new Set([
    'topup.amount.total',
    'topup.operator.groups.pin',
    'nav.transactions',
    'footer.contact',
    'nav.contact',
    'toasts.label',
    'common.notifications',
    'mobileMenu.title',
    'admin.order.email',
    'admin.customers.columns.email',
    'admin.customer.email',
    'admin.nav.catalogue',
    'admin.nav.messages',
    'admin.messages.title',
    'admin.messages.columns.message',
    'admin.messages.reader.message',
    'admin.messages.reader.fallbackTitle',
    'admin.messages.reader.email',
  ]),
  ar: new Set(),
};

describe.each(Object.entries(PARTS))('%s translations', (_part, dir) => {
  const english = flatten(readEnglish(dir));

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

describe('Failure reasons', () => {
  const english = flatten(englishPages);
  /** Every code an order is closed with by our own server; a provider's own refusal keeps the provider's words. */
  const RECORDED_CODES = [...Object.keys(FAILURE_REASON_KEYS), 'RELEASED_BY_SUPPORT'];
  /** What the failed result screen writes around the order's ids. */
  const RESULT_DETAIL_KEYS = ['topup.result.technicalOrder', 'topup.result.technicalTransaction'];

  it.each(RECORDED_CODES)('%s has a message key', (code) => {
    expect(failureReasonKey(code)).toBeDefined();
  });

  it.each(SUPPORTED_LANGUAGES.filter((language) => language !== 'en'))('are translated into %s, not left in English', (language) => {
    const translated = flatten(read(PARTS.pages, language));
    const keys = [...RECORDED_CODES.map((code) => failureReasonKey(code) ?? code), ...RESULT_DETAIL_KEYS];
    for (const key of keys) {
      expect(english[key], `English ${key}`).toBeTruthy();
      expect(translated[key], `${language} ${key}`).toBeTruthy();
      expect(translated[key], `${language} ${key} is still English`).not.toBe(english[key]);
    }
  });
});

describe('English page texts', () => {
  it('hold every message the API sends, in the words the server answers with', () => {
    const english = flatten(englishPages);
    for (const [key, text] of Object.entries(API_MESSAGE_TEXTS_EN)) expect(english[key], key).toBe(text);
  });

  it('refuse a message written a second time, or where a section of texts is', () => {
    expect(() => withTexts({ apiErrors: { internal: 'Oops' } }, { 'apiErrors.internal': 'Something went wrong' })).toThrow('written twice');
    expect(() => withTexts({ apiErrors: 'Errors' }, { 'apiErrors.internal': 'Something went wrong' })).toThrow('not a section');
    expect(withTexts({ apiErrors: { title: 'Errors' } }, { 'apiErrors.internal': 'Something went wrong' })).toEqual({
      apiErrors: { title: 'Errors', internal: 'Something went wrong' },
    });
  });
});
