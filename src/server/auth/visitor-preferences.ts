import { PREFERENCE_COOKIES, SUPPORTED_LANGUAGES, THEMES, type Language, type Theme } from '../../shared/constants';

export interface VisitorPreferences {
  language?: Language;
  theme?: Theme;
}

const isLanguage = (value: unknown): value is Language => (SUPPORTED_LANGUAGES as readonly unknown[]).includes(value);
const isTheme = (value: unknown): value is Theme => (THEMES as readonly unknown[]).includes(value);

function cookieValue(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The language and theme the visitor was reading in when they made their account: what the sign-up form sent, else the
 * browser's preference cookies (a Google sign-up has no form). Unknown values are left out, so the defaults apply.
 */
export function visitorPreferences(body: unknown, cookieHeader: string | null | undefined): VisitorPreferences {
  const sent = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const cookies = cookieHeader ?? '';
  const language = isLanguage(sent.language) ? sent.language : cookieValue(cookies, PREFERENCE_COOKIES.language);
  const theme = isTheme(sent.theme) ? sent.theme : cookieValue(cookies, PREFERENCE_COOKIES.theme);
  return { ...(isLanguage(language) ? { language } : {}), ...(isTheme(theme) ? { theme } : {}) };
}
