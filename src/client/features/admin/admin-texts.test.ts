import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ORDER_ACTIONS, ATTENTION_REASONS, PAYMENT_PROVIDERS } from '@shared/api/admin';
import { ADMIN_ACTIONS, ADMIN_TARGET_TYPES } from '@shared/api/admin-audit';
import { ADMIN_MESSAGE_FILTERS } from '@shared/api/admin-messages';
import { CONTACT_TOPICS } from '@shared/api/contact';
import { ORDER_STATUSES } from '@shared/api/orders';
import { SUPPORTED_LANGUAGES } from '@shared/constants';
import { adminTexts } from './admin-texts';
import { CUSTOMER_ACTION_CHOICES } from './lib/actions';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const { en, es, fr, ar } = adminTexts();
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: en }, es: { translation: es }, fr: { translation: fr }, ar: { translation: ar } },
    interpolation: { escapeValue: false },
  });
});

/** Every value of the API contract the console shows has a text in every language: none reads as its code. */
const KEYS = [
  ...ORDER_STATUSES.map((status) => `admin.status.${status}`),
  // The statuses of a refund made by an admin.
  ...['refunding', 'refunded', 'refund_failed'].map((status) => `admin.status.${status}`),
  ...ATTENTION_REASONS.flatMap((reason) => [`admin.reason.${reason}`, `admin.reason.${reason}_help`]),
  ...ADMIN_ACTIONS.map((action) => `admin.audit.actions.${action}`),
  ...ADMIN_TARGET_TYPES.map((type) => `admin.audit.targets.${type}`),
  ...PAYMENT_PROVIDERS.map((provider) => `admin.provider.${provider}`),
  ...['browser', 'webhook', 'reconciler', 'checkout', 'admin'].map((source) => `admin.source.${source}`),
  ...ADMIN_ORDER_ACTIONS.flatMap((action) => ['', 'Title', 'Body', 'Done'].map((part) => `admin.action.${action}${part}`)),
  ...CUSTOMER_ACTION_CHOICES.flatMap((action) => ['', 'Title', 'Body', 'Done'].map((part) => `admin.customerAction.${action}${part}`)),
  ...ADMIN_MESSAGE_FILTERS.map((filter) => `admin.messages.filters.${filter}`),
  ...CONTACT_TOPICS.map((topic) => `admin.messages.topics.${topic}`),
  ...['unread', 'read', 'handled'].map((state) => `admin.messages.state.${state}`),
];

describe.each(SUPPORTED_LANGUAGES)('the console in %s', (language) => {
  it.each(KEYS)('has a text for %s', (key) => {
    expect(i18n.exists(key, { lng: language, fallbackLng: false })).toBe(true);
    expect(i18n.t(key, { lng: language })).not.toBe(key);
  });
});

describe('attention reasons', () => {
  it('read as words with what they mean', () => {
    const t = i18n.getFixedT('en');
    expect(t('admin.reason.capture_failed')).toBe('Capture failed');
    expect(t('admin.reason.capture_failed_help')).toBe('Delivered, but the payment could not be captured.');
    expect(i18n.getFixedT('fr')('admin.reason.long_hold')).toBe('Blocage prolongé');
  });
});

describe('every console text', () => {
  function keys(texts: object, prefix = ''): string[] {
    return Object.entries(texts).flatMap(([key, value]) =>
      typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
    );
  }
  const texts = adminTexts();
  it.each(['es', 'fr', 'ar'] as const)('is written in %s as in English, with no extra or missing key', (language) => {
    expect(keys(texts[language]).sort()).toEqual(keys(texts.en).sort());
  });
});
