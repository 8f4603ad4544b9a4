import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DISGUISE_MESSAGE_KEYS } from '../../shared/api/free-text';
import { DISGUISED_TEXTS, MIXED_SCRIPT_NAMES } from '../../shared/testing/disguised-texts';
import { signedInAdmin } from '../testing/admin-client';
import { TEST_ORIGIN } from '../testing/accounts';
import { useTestApp } from '../testing/app';

const PASSWORD = 'Lagos-to-Accra-2026';
let addressCounter = 0;
const freshAddress = () => `198.51.${Math.floor(++addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;

type Caller = 'visitor' | 'customer' | 'admin';
/** How the field is checked: a name also refuses a word mixing scripts; a username is letters, digits and ._- only. */
type Rule = 'name' | 'text' | 'username';

interface FreeTextField {
  method: 'POST' | 'PATCH' | 'PUT';
  url: string;
  caller: Caller;
  field: string;
  rule: Rule;
  /** The request's body, valid but for the free text in `field`. */
  body: (text: string) => Record<string, unknown>;
}

const ORDER = randomUUID();
const CUSTOMER = randomUUID();
const MESSAGE = randomUUID();
const RECIPIENT = randomUUID();
const REASON = 'The customer called about it';
const withReason = (reason: string) => ({ reason });

/** Every field of the API that takes free text a person writes and another reads. */
const FREE_TEXT_FIELDS: FreeTextField[] = [
  { method: 'POST', url: '/api/contact', caller: 'visitor', field: 'name', rule: 'name', body: (name) => contact({ name }) },
  {
    method: 'POST',
    url: '/api/contact',
    caller: 'visitor',
    field: 'message',
    rule: 'text',
    body: (text) => contact({ message: `${text}: my top-up has not arrived.` }),
  },
  {
    method: 'POST',
    url: '/api/topup-requests',
    caller: 'customer',
    field: 'note',
    rule: 'text',
    body: (note) => ({ countryCode: 'NG', phone: '08031234567', suggestedAmount: '10', note }),
  },
  {
    method: 'POST',
    url: '/api/auth/sign-up/email',
    caller: 'visitor',
    field: 'name',
    rule: 'name',
    body: (name) => ({ email: `kofi.${++addressCounter}@example.com`, password: PASSWORD, name }),
  },
  { method: 'POST', url: '/api/auth/update-user', caller: 'customer', field: 'name', rule: 'name', body: (name) => ({ name }) },
  { method: 'PATCH', url: '/api/user', caller: 'customer', field: 'username', rule: 'username', body: (username) => ({ username }) },
  {
    method: 'POST',
    url: '/api/recipients',
    caller: 'customer',
    field: 'name',
    rule: 'name',
    body: (name) => ({ countryCode: 'NG', phone: '8031234567', name }),
  },
  { method: 'PATCH', url: `/api/recipients/${RECIPIENT}`, caller: 'customer', field: 'name', rule: 'name', body: (name) => ({ name }) },
  {
    method: 'POST',
    url: `/api/orders/${ORDER}/delivery-report`,
    caller: 'customer',
    field: 'message',
    rule: 'text',
    body: (message) => ({ message }),
  },
  ...['check', 'release', 'refund', 'delivery-report/checking'].map((action): FreeTextField => ({
    method: 'POST',
    url: `/api/admin/orders/${ORDER}/${action}`,
    caller: 'admin',
    field: 'reason',
    rule: 'text',
    body: withReason,
  })),
  {
    method: 'POST',
    url: `/api/admin/orders/${ORDER}/delivery-report/delivered`,
    caller: 'admin',
    field: 'reason',
    rule: 'text',
    body: (reason) => ({ reason, reference: 'TX-48213' }),
  },
  {
    method: 'POST',
    url: `/api/admin/orders/${ORDER}/delivery-report/delivered`,
    caller: 'admin',
    field: 'reference',
    rule: 'text',
    body: (reference) => ({ reason: REASON, reference }),
  },
  ...['block', 'unblock', 'end-sessions'].map((action): FreeTextField => ({
    method: 'POST',
    url: `/api/admin/customers/${CUSTOMER}/${action}`,
    caller: 'admin',
    field: 'reason',
    rule: 'text',
    body: withReason,
  })),
  {
    method: 'POST',
    url: `/api/admin/customers/${CUSTOMER}/admin`,
    caller: 'admin',
    field: 'reason',
    rule: 'text',
    body: (reason) => ({ reason, isAdmin: true }),
  },
  ...['enable', 'disable'].flatMap((action): FreeTextField[] => [
    { method: 'POST', url: `/api/admin/catalogue/countries/NG/${action}`, caller: 'admin', field: 'reason', rule: 'text', body: withReason },
    {
      method: 'POST',
      url: `/api/admin/catalogue/countries/NG/operators/341/${action}`,
      caller: 'admin',
      field: 'reason',
      rule: 'text',
      body: withReason,
    },
  ]),
  { method: 'POST', url: `/api/admin/messages/${MESSAGE}/handle`, caller: 'admin', field: 'note', rule: 'text', body: (note) => ({ note }) },
  { method: 'POST', url: `/api/admin/messages/${MESSAGE}/reopen`, caller: 'admin', field: 'reason', rule: 'text', body: withReason },
  {
    method: 'PUT',
    url: '/api/admin/pricing',
    caller: 'admin',
    field: 'reason',
    rule: 'text',
    body: (reason) => ({ version: 0, airtimeFeePercent: '3', standardFee: '0.50', reason }),
  },
  {
    method: 'PUT',
    url: '/api/admin/limits',
    caller: 'admin',
    field: 'reason',
    rule: 'text',
    body: (reason) => ({ version: 0, dailySpendLimit: '500', recipientCooldownMinutes: 5, checkoutAttemptsPerMinute: 10, reason }),
  },
];

function contact(fields: Record<string, string>) {
  return { name: 'Amina Yusuf', email: 'amina@example.com', topic: 'topup', message: 'My top-up to Lagos has not arrived yet.', ...fields };
}

/** The texts a field must refuse: the invisible and direction-changing ones, and in a name the mixed-script words. */
function refusedTexts(rule: Rule) {
  return rule === 'text' ? DISGUISED_TEXTS : [...DISGUISED_TEXTS, ...MIXED_SCRIPT_NAMES];
}

describe('free text that could disguise itself', () => {
  const testApp = useTestApp();

  async function cookiesOf(caller: Caller): Promise<string> {
    if (caller === 'visitor') return '';
    if (caller === 'admin') return (await signedInAdmin(testApp)).browser.cookies;
    const browser = testApp.client();
    expect((await browser.signUp('amina@example.com', PASSWORD)).statusCode).toBe(200);
    return browser.cookies;
  }

  it.each(FREE_TEXT_FIELDS.map((route) => [`${route.method} ${route.url}`, route.field, route] as const))(
    'refuses the corpus in %s %s with a 400 naming the field',
    async (_route, _field, { method, url, caller, field, rule, body }) => {
      const cookie = await cookiesOf(caller);
      for (const [label, text] of refusedTexts(rule)) {
        const response = await testApp.app.inject({
          method,
          url,
          payload: body(text),
          headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
          remoteAddress: freshAddress(),
        });
        expect({ label, status: response.statusCode }).toEqual({ label, status: 400 });
        const answer = response.json() as { code: string; field: string; messageKey: string };
        expect({ label, code: answer.code, field: answer.field }).toEqual({ label, code: 'VALIDATION_FAILED', field });
        const keys = rule === 'username' ? ['apiErrors.usernameInvalid'] : Object.values(DISGUISE_MESSAGE_KEYS);
        expect(keys, label).toContain(answer.messageKey);
      }
    },
  );

  it('accepts names in any script, words of different scripts side by side, and joiners where writing needs them', async () => {
    const browser = testApp.client();
    expect((await browser.signUp('amina@example.com', PASSWORD)).statusCode).toBe(200);
    for (const [index, name] of ['أمينة يوسف', 'Amina أمينة', 'Иван Petrov', 'می\u200Cخواهم', 'Mum 👩\u200D👩\u200D👧'].entries()) {
      expect((await browser.post('/api/auth/update-user', { name })).statusCode, name).toBe(200);
      const added = await browser.post('/api/recipients', { countryCode: 'NG', phone: `803123456${index}`, name });
      expect(added.statusCode, name).toBe(201);
    }
  });
});
