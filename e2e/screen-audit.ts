/**
 * Every screen state of the product, reached the way a customer reaches it, and what is checked on each: axe (WCAG 2.2
 * AA and best practice), raw translation keys, horizontal scrolling, visible texts (to find untranslated ones against
 * English) and, optionally, whether the keyboard focus can be seen. The accessibility e2e test runs two combinations of
 * it; `npm run audit:a11y` (scripts/audit-a11y.ts) runs every language, theme and size and prints a table.
 *
 * The screens are visited in order in one browser context per combination, each starting from the state the one before
 * left: the flow's steps follow each other, and the signed-in screens come after an account is made.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PASSWORD } from './account-helpers';
import { openConsoleAt, signedInAdmin } from './admin-helpers';
import { AXE_TAGS, axeFindings, type AxeFinding } from './axe';
import { placeOrder } from './top-up-helpers';

export const LANGUAGES = ['en', 'es', 'fr', 'ar'] as const;
export const THEMES = ['light', 'dark'] as const;
export const SIZES = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;

export type AuditLanguage = (typeof LANGUAGES)[number];
export type AuditTheme = (typeof THEMES)[number];
export type AuditSize = keyof typeof SIZES;

export interface Combination {
  language: AuditLanguage;
  theme: AuditTheme;
  size: AuditSize;
}

export interface ScreenReport {
  screen: string;
  axe: AxeFinding[];
  /** Texts shaped like a translation key ("footer.about"). */
  rawKeys: string[];
  /** How far the page scrolls sideways, in CSS pixels (0: it does not). */
  overflowPx: number;
  /** Controls and texts whose words spill out of their box sideways. */
  spills: string[];
  /** Every visible text, for comparing a language with English. */
  texts: string[];
  /** Focusable elements reached by Tab whose focus cannot be seen (only when asked for). */
  focusHidden: string[];
}

interface Screen {
  name: string;
  /** Brings the page to this state, from the state the previous screen left it in. */
  reach(page: Page, origin: string, combination: Combination): Promise<void>;
}

/**
 * A Glo number (any amount) of its own for each visit: a number topped up in the last minutes is refused. Its last four
 * digits stay clear of the sandbox's outcome endings (0000–0006).
 */
const gloNumber = () => `0805${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}${1000 + Math.floor(Math.random() * 9000)}`;
const UNDETECTABLE = '07001234567';

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('#splash').waitFor({ state: 'detached', timeout: 10_000 });
  await page.locator('footer').waitFor();
  // A lazily loaded page shows the page loader until its code arrives: the scan waits for the page's own heading.
  await page.locator('main h1').first().waitFor();
}

const countryBox = (page: Page) => page.locator('[role="combobox"]').first();

async function chooseNigeria(page: Page) {
  await countryBox(page).fill('Nigeria');
  await page.locator('[role="option"]').filter({ hasText: '+234' }).first().click();
  await page.locator('#recipient-phone').waitFor();
}

async function toAmounts(page: Page, origin: string) {
  // ?reset=true: a fresh flow, whatever top-up the browser kept from the screens before.
  await open(page, `${origin}/top-up?reset=true`);
  await countryBox(page).waitFor();
  await chooseNigeria(page);
  await page.locator('#recipient-phone').fill(gloNumber());
  await page.locator('form button[type="submit"]').first().click();
  await page.getByTestId('amount-card').first().waitFor();
}

async function toReview(page: Page, origin: string) {
  await toAmounts(page, origin);
  const card = page.getByTestId('amount-card').first();
  await card.locator('button[aria-pressed]').click();
  await card.locator('button:not([aria-pressed])').click();
  await page.getByTestId('review-total').waitFor();
  await page.waitForFunction(() => /\$\d/.test(document.querySelector('[data-testid="review-total"]')?.textContent ?? ''));
}

/** The review's Confirm (by its test id; in builds without one, the second button after the total: Cancel, Confirm). */
const confirmButton = (page: Page) => page.getByTestId('review-confirm');

export const SCREENS: Screen[] = [
  { name: 'home', reach: (page, origin) => open(page, `${origin}/`) },
  { name: 'about', reach: (page, origin) => open(page, `${origin}/about`) },
  { name: 'contact', reach: (page, origin) => open(page, `${origin}/contact`) },
  { name: 'terms', reach: (page, origin) => open(page, `${origin}/terms`) },
  { name: 'not-found', reach: (page, origin) => open(page, `${origin}/no-such-page`) },
  { name: 'account deleted', reach: (page, origin) => open(page, `${origin}/account-deleted`) },
  { name: 'auth: login', reach: (page, origin) => open(page, `${origin}/auth`) },
  {
    name: 'auth: register',
    reach: async (page) => {
      await page.locator('[role="tab"]').nth(1).click();
      await page.locator('[role="tabpanel"] input[type="email"]').waitFor();
    },
  },
  {
    name: 'auth: forgot password',
    reach: async (page) => {
      await page.locator('[role="tab"]').nth(0).click();
      await page.locator('[role="tabpanel"] form button[type="button"]').first().click();
      await page.locator('form input[type="email"]').waitFor();
    },
  },
  { name: 'auth: new password', reach: (page, origin) => open(page, `${origin}/auth?reset=not-a-real-token`) },
  { name: 'auth: two-factor code', reach: (page, origin) => open(page, `${origin}/auth?post-auth=google&two-factor=required`) },
  {
    name: 'auth: backup code',
    reach: async (page) => {
      await page.locator('form button[type="button"]').first().click();
      await page.locator('form input').first().waitFor();
    },
  },
  {
    name: 'flow: country list open',
    reach: async (page, origin) => {
      await open(page, `${origin}/top-up`);
      await countryBox(page).fill('a');
      await page.locator('[role="option"]').first().waitFor();
      await countryBox(page).press('ArrowDown');
    },
  },
  {
    name: 'flow: recipient',
    reach: async (page, origin) => {
      await open(page, `${origin}/top-up`);
      await chooseNigeria(page);
      await page.locator('#recipient-phone').fill(gloNumber());
    },
  },
  {
    name: 'flow: operator not found',
    reach: async (page) => {
      await page.locator('#recipient-phone').fill(UNDETECTABLE);
      await page.locator('form button[type="submit"]').first().click();
      // Told beside the number, with the operator picker under it (ADR 065: no toast).
      await page.locator('#recipient-phone-error').filter({ hasText: /\S/ }).waitFor();
    },
  },
  {
    name: 'flow: amount',
    reach: async (page, origin) => {
      await toAmounts(page, origin);
      await page.locator('#custom-amount').fill('1');
      await page.getByTestId('custom-they-get').waitFor();
    },
  },
  { name: 'flow: review', reach: (page, origin) => toReview(page, origin) },
  {
    // An MTN Nigeria number: the sandbox's running promotion labels its cards from $10 and shows on the review (ADR 069).
    name: "flow: review with the operator's offer",
    reach: async (page, origin) => {
      await open(page, `${origin}/top-up?reset=true`);
      await countryBox(page).waitFor();
      await chooseNigeria(page);
      await page
        .locator('#recipient-phone')
        .fill(`0803${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}${1000 + Math.floor(Math.random() * 9000)}`);
      await page.locator('form button[type="submit"]').first().click();
      const card = page
        .getByTestId('amount-card')
        .filter({ has: page.getByTestId('amount-promotion') })
        .first();
      await card.locator('button[aria-pressed]').click();
      await card.locator('button:not([aria-pressed])').click();
      await page.getByTestId('operator-offer').waitFor();
    },
  },
  {
    name: 'flow: sign-in gate',
    reach: async (page) => {
      await confirmButton(page).click();
      await page.waitForURL(/\/auth\?returnTo=topup/);
      await page.locator('[role="tabpanel"] input[type="email"]').waitFor();
    },
  },
  {
    name: 'profile',
    reach: async (page, origin) => {
      await createAccountInPage(page);
      await page.goto(`${origin}/profile`);
      await page.getByTestId('two-factor-section').locator('button').first().waitFor();
    },
  },
  {
    name: 'profile: two-factor password',
    reach: async (page) => {
      await page.getByTestId('two-factor-section').locator('button').first().click();
      await page.getByTestId('two-factor-section').locator('input[type="password"]').waitFor();
    },
  },
  {
    name: 'profile: account menu open',
    reach: async (page, _origin, { size }) => {
      await page.keyboard.press('Escape');
      if (size === 'phone') {
        await page.getByTestId('menu-button').click();
        await page.locator('[role="dialog"]').waitFor();
        await page.waitForFunction(() => !document.querySelector('[role="dialog"]')?.getAnimations().length);
      } else {
        await page.getByTestId('user-menu').click();
        await page.locator('[role="menuitem"]').first().waitFor();
        await page.keyboard.press('ArrowDown');
      }
    },
  },
  {
    name: 'flow: payment',
    reach: async (page, origin) => {
      await toReview(page, origin);
      await confirmButton(page).click();
      await page.locator('input[autocomplete="cc-number"]').waitFor();
    },
  },
  {
    name: 'flow: result',
    reach: async (page) => {
      await page.locator('input[autocomplete="cc-number"]').fill('4242424242424242');
      await page.locator('input[autocomplete="cc-exp"]').fill('1234');
      await page.locator('input[autocomplete="cc-csc"]').fill('123');
      await page.locator('form:has(input[autocomplete="cc-number"]) button[type="submit"]').click();
      await page.getByTestId('result-recipient').waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'profile: history',
    reach: async (page, origin) => {
      await page.goto(`${origin}/profile`);
      await page.getByTestId('order-details').filter({ visible: true }).first().waitFor();
    },
  },
  {
    name: 'profile: order details',
    reach: async (page) => {
      await page.getByTestId('order-details').filter({ visible: true }).first().click();
      await page.locator('[role="dialog"]').waitFor();
    },
  },
  {
    name: 'profile: delete account',
    reach: async (page) => {
      await page.keyboard.press('Escape');
      await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
      await page.getByTestId('your-data-section').getByRole('button').nth(1).click();
      await page.getByTestId('delete-account-dialog').waitFor();
    },
  },
  {
    name: 'profile: receipt',
    reach: async (page, origin) => {
      await open(page, `${origin}/profile`);
      await page.getByTestId('order-receipt').filter({ visible: true }).first().click();
      await page.getByTestId('receipt').waitFor();
    },
  },
  {
    name: 'profile: auto top-up form',
    reach: async (page, origin) => {
      await open(page, `${origin}/profile`);
      await page.getByTestId('auto-topup-new').click();
      await page.getByTestId('auto-topup-form').waitFor();
    },
  },
  {
    name: 'auto top-up link: not valid',
    reach: async (page, origin) => {
      await open(page, `${origin}/auto-topup?token=expired.link`);
      await page.getByTestId('auto-topup-link').waitFor();
    },
  },
];

/** The admin of one combination: its own account, its address listed in the server's ADMIN_EMAILS (auditAdminEmails). */
export const auditAdminEmail = ({ language, theme, size }: Combination) => `audit-admin-${language}-${theme}-${size}@example.com`;

/** ADMIN_EMAILS for a server the audit visits: an admin for every combination. */
export function auditAdminEmails(): string {
  const emails: string[] = [];
  for (const size of Object.keys(SIZES) as AuditSize[])
    for (const theme of THEMES) for (const language of LANGUAGES) emails.push(auditAdminEmail({ language, theme, size }));
  return emails.join(',');
}

/** What the console screens of one page need from the customer screens before them: an order and the customer. */
const consoleData = new WeakMap<Page, { orderId: string; customerId: string }>();

/**
 * The numbers of the orders whose hold lapses, one per call: audits running side by side on one server must not top up
 * one number within the recipient's wait (two random ones met one time in a thousand).
 */
let lapsedHolds = 0;

/** The customer's orders and contact message, so that the console's lists are not empty. */
async function customerLeavesTraces(page: Page) {
  // Delivered at once, and delivered after the card's hold lapsed (it waits in Needs attention).
  const delivered = await placeOrder(page, gloNumber());
  await placeOrder(page, `0805${String(lapsedHolds++ % 1000).padStart(3, '0')}0005`);
  const customerId = await page.evaluate(async () => {
    const response = await fetch('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Amaka Obi',
        email: 'amaka.obi@example.com',
        topic: 'topup',
        message: 'The top-up to my mother’s phone has not arrived yet.',
      }),
    });
    if (!response.ok) throw new Error(`contact: ${response.status}`);
    return ((await (await fetch('/api/user')).json()) as { user: { id: string } }).user.id;
  });
  consoleData.set(page, { orderId: delivered.intent.orderId, customerId });
}

function dataOf(page: Page) {
  const data = consoleData.get(page);
  if (!data) throw new Error('The console screens follow the customer screens, whose orders they list.');
  return data;
}

const consoleScreen = (name: string, path: (page: Page) => string): Screen => ({
  name: `console: ${name}`,
  reach: async (page, origin) => {
    await openConsoleAt(page, `${origin}${path(page)}`);
    await page.locator('#splash').waitFor({ state: 'detached', timeout: 10_000 });
  },
});

/**
 * The operations console, signed in as an admin of this combination (confirmed address, two-factor on) made from the
 * customer's browser after the customer placed their orders: the account takes the visitor's language and theme, as a
 * customer's does.
 */
export const CONSOLE_SCREENS: Screen[] = [
  {
    name: 'console: overview',
    reach: async (page, origin, combination) => {
      await customerLeavesTraces(page);
      await signedInAdmin(page, origin, auditAdminEmail(combination));
      await consoleScreen('overview', () => '/admin').reach(page, origin, combination);
    },
  },
  consoleScreen('orders', () => '/admin/orders'),
  consoleScreen('an order', (page) => `/admin/orders/${dataOf(page).orderId}`),
  {
    name: 'console: refund dialog',
    reach: async (page) => {
      await page.getByTestId('action-refund').click();
      await page.getByTestId('reason-dialog').waitFor();
    },
  },
  consoleScreen('needs attention', () => '/admin/attention'),
  consoleScreen('customers', () => '/admin/customers'),
  consoleScreen('a customer', (page) => `/admin/customers/${dataOf(page).customerId}`),
  {
    name: 'console: block dialog',
    reach: async (page) => {
      await page.getByTestId('action-block').click();
      await page.getByTestId('reason-dialog').waitFor();
    },
  },
  consoleScreen('messages', () => '/admin/messages'),
  consoleScreen('catalogue', () => '/admin/catalogue'),
  consoleScreen('pricing', () => '/admin/pricing'),
  consoleScreen('auto top-ups', () => '/admin/autotopups'),
  consoleScreen('limits', () => '/admin/limits'),
  consoleScreen('audit log', () => '/admin/audit'),
];

/** The customer product's screens, then the console's. */
export const ALL_SCREENS: Screen[] = [...SCREENS, ...CONSOLE_SCREENS];

let accounts = 0;

/** Makes an account through the API from the page, which signs the page in (as a returning customer would be). */
async function createAccountInPage(page: Page) {
  accounts += 1;
  const email = `audit-${process.pid}-${Date.now()}-${accounts}@example.com`;
  await page.evaluate(
    async ({ email, password }) => {
      const response = await fetch('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password, name: 'audit' }),
      });
      if (!response.ok) throw new Error(`sign-up: ${response.status}`);
    },
    { email, password: PASSWORD },
  );
}

/** Texts that look like the keys of the translations: "footer.about", "topup.amount.theyGet". */
const KEY_SHAPE = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/;

/** What is checked on the page as it is now. */
async function inspect(page: Page, screen: string, { focus }: { focus: boolean }): Promise<ScreenReport> {
  // Animations (dialogs, menus, toasts) end before the colours are measured.
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), null, { timeout: 3000 })
    .catch(() => undefined);
  const axe = await axeFindings(page, AXE_TAGS);
  const { texts, overflowPx, spills } = await page.evaluate(() => {
    const seen = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, [aria-hidden="true"], #splash')) continue;
      // Country names (the list, the quick choices, the popular destinations) are names, often spelled as in English.
      if (parent.closest('[role="listbox"], [role="group"], section[aria-labelledby="popular-destinations"] ul')) continue;
      // Data marked as never to be translated (an e-mail domain, a card's fingerprint among an order's risk signals).
      if (parent.closest('[translate="no"]')) continue;
      if (parent.checkVisibility && !parent.checkVisibility()) continue;
      seen.add(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) seen.add(value);
      }
    }
    const root = document.scrollingElement ?? document.documentElement;
    const spills: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('button, a, label, h1, h2, h3, p, li, td, th, dd, dt')) {
      if (!element.checkVisibility?.() || element.closest('[aria-hidden="true"], #splash, .sr-only')) continue;
      const style = getComputedStyle(element);
      if (style.overflowX !== 'visible' || style.textOverflow === 'ellipsis') continue;
      const box = element.getBoundingClientRect();
      // Words wider than the box they sit in (a box hiding its overflow, or cutting it with an ellipsis, is left out).
      const spilling = element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0 && style.display !== 'inline';
      if (spilling && box.width > 0) {
        spills.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
      }
    }
    return { texts: [...seen], overflowPx: Math.max(0, root.scrollWidth - window.innerWidth), spills };
  });
  const title = await page.title();
  const all = [...texts, title];
  return {
    screen,
    axe,
    rawKeys: all.filter((text) => KEY_SHAPE.test(text)),
    overflowPx,
    spills,
    texts: all,
    focusHidden: focus ? await hiddenFocus(page) : [],
  };
}

/** Tabs through the first controls of the page and names those whose focus shows no outline or ring. */
async function hiddenFocus(page: Page, presses = 12): Promise<string[]> {
  const hidden: string[] = [];
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let press = 0; press < presses; press += 1) {
    await page.keyboard.press('Tab');
    const problem = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
      const ringed = style.boxShadow !== 'none' && style.boxShadow !== '';
      if (outlined || ringed) return null;
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    });
    if (problem && !hidden.includes(problem)) hidden.push(problem);
  }
  return hidden;
}

export async function newAuditContext(browser: Browser, { language, theme, size }: Combination): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: SIZES[size],
    colorScheme: theme,
    reducedMotion: 'reduce',
    // axe is injected as a script, which the app's Content-Security-Policy rightly forbids.
    bypassCSP: true,
    extraHTTPHeaders: { 'x-forwarded-for': `198.18.200.${Math.floor(Math.random() * 250) + 1}` },
  });
  // Run by tsx (`npm run audit:a11y`), functions handed to the page name their inner functions with esbuild's __name.
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  await context.addInitScript(
    ({ language, theme }) => {
      if (!window.localStorage.getItem('audited')) {
        window.localStorage.setItem('language', language);
        window.localStorage.setItem('theme', theme);
        window.localStorage.setItem('audited', '1');
      }
      // The splash waits 1.5 s from the navigation's start: the audit starts that clock 1.5 s ahead.
      const since = performance.now.bind(performance);
      performance.now = () => since() + 1500;
    },
    { language, theme },
  );
  return context;
}

/** Visits every screen in one combination of language, theme and size, in one context, and reports on each. */
export async function auditCombination(
  browser: Browser,
  origin: string,
  combination: Combination,
  { focus = false, screens = ALL_SCREENS }: { focus?: boolean; screens?: Screen[] } = {},
): Promise<ScreenReport[]> {
  const context = await newAuditContext(browser, combination);
  const page = await context.newPage();
  const reports: ScreenReport[] = [];
  try {
    for (const screen of screens) {
      try {
        await screen.reach(page, origin, combination);
      } catch (error) {
        const name = `${combination.language}-${combination.theme}-${combination.size}`;
        const picture = path.join(tmpdir(), `screen-audit-${name}-${screen.name.replace(/\W+/g, '-')}.png`);
        await page.screenshot({ path: picture }).catch(() => undefined);
        throw new Error(`${name}: could not reach "${screen.name}" (screenshot: ${picture})`, { cause: error });
      }
      reports.push(await inspect(page, screen.name, { focus }));
    }
  } finally {
    await context.close();
  }
  return reports;
}

/** Country names in English (Intl's region names): many are spelled the same in the other languages. */
const COUNTRY_NAMES = (() => {
  const names = new Set<string>();
  const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  for (const first of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')
    for (const second of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      const name = regions.of(`${first}${second}`);
      if (name) names.add(name);
    }
  return names;
})();

/**
 * The data the console shows as it is: ids and their short forms, ISO codes, the field names of an order event's
 * details, a browser's user agent, and the names and message the audit's own customer wrote.
 */
const CONSOLE_DATA =
  /^([0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}|[0-9a-f]{8}|[A-Z]{2,3}|[a-z]+([A-Z][a-z]*)+|Mozilla\/.*|audit(-[\w-]+)?|Amaka Obi|The top-up to my mother’s phone has not arrived yet\.)$/;

/** Texts that read the same in every language: names, numbers, amounts, codes, addresses. */
function languageNeutral(text: string): boolean {
  if (!/\p{L}{2}/u.test(text)) return true;
  if (COUNTRY_NAMES.has(text) || CONSOLE_DATA.test(text)) return true;
  if (/^[\p{Lu}]{3}\b/u.test(text) && /\d/.test(text)) return true;
  if (/@|^https?:|^\+\d/.test(text)) return true;
  return /GlobalTopUp|^(Visa|Mastercard|American Express|Discover|Cash App|Cash App Pay|Google Pay|Amazon Pay|Facebook|Instagram|X|WhatsApp|MTN|Glo|English|Español|Français|العربية|USD.*)$/.test(
    text,
  );
}

/** Texts a language shows that English shows too on the same screen: not translated (names and numbers aside). */
export function untranslated(report: ScreenReport, english: ScreenReport | undefined): string[] {
  if (!english) return [];
  const englishTexts = new Set(english.texts);
  return report.texts.filter((text) => englishTexts.has(text) && !languageNeutral(text));
}
