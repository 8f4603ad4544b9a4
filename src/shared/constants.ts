/** Business constants of the product (docs/product.md §9). Every timing and limit the UI and server share lives here. */
export const SUPPORTED_LANGUAGES = ['en', 'es', 'fr', 'ar'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';

export const CURRENCY = 'USD';

export const DEFAULT_AIRTIME_FEE = 0.03;
export const DEFAULT_STANDARD_FEE = 0.33;

export const AMOUNT_PAGE_SIZE = 5;

export const PENDING_DATA_TTL_MS = 30 * 60 * 1000;
export const LOGOUT_REDIRECT_DELAY_MS = 100;
export const RESTORE_DELAY_MS = 300;
export const POST_AUTH_INTENT_DELAY_MS = 300;
export const POST_AUTH_TOPUP_DELAY_MS = 500;
export const PAYMENT_SUCCESS_CALLBACK_DELAY_MS = 100;
export const NAVIGATION_LOADER_DELAY_MS = 300;
export const SPLASH_DURATION_MS = 1500;
export const CONFETTI_INTERVAL_MS = 250;
export const CONFETTI_DURATION_MS = 2000;
export const DROPDOWN_CLOSE_DELAY_MS = 200;
export const PRICE_CONFIG_REFETCH_MS = 60 * 1000;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** Keys under which the browser keeps state between visits. */
export const STORAGE_KEYS = {
  language: 'language',
  theme: 'theme',
  pendingTransactionData: 'pendingTransactionData',
  pendingAuthAction: 'pendingAuthAction',
  marketingPreference: 'marketingPreference',
} as const;

/**
 * Cookies the browser keeps in step with its stored language and theme (written by the client's preferences module),
 * so the server knows a visitor's reading preferences: it makes their account in them, whichever way they sign up, and
 * answers the public pages pre-rendered in them (ADR 016).
 */
export const PREFERENCE_COOKIES = { language: 'language', theme: 'theme' } as const;
/**
 * Set by the server, readable by scripts, while the browser holds a session cookie (which scripts cannot read): a
 * page without it does not ask for the account (no session, nothing to ask).
 */
export const SESSION_HINT_COOKIE = 'globaltopup.signed_in';
